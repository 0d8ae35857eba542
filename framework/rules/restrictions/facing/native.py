"""The native kernel piece of ``facing``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import Piece


class FacingPiece(Piece):
    """``facing``: a move is kept when, right after it, no piece of one of the two kinds
    sees a piece of the other kind of another player along one of the rule's directions
    (walked on the step table), only empty cells between."""

    KNOWN = frozenset({"pieces", "directions", "phases"})
    #: It judges each move alone, on a copy (``allowed``).
    TRIAL = True
    WIDE = True

    def __init__(self, rule: Any, index: int, moves: Any = None, skippable: bool = False
                 ) -> None:
        super().__init__(f"x{index}_", rule.keyword, rule.params, rule.game)
        board = rule.game.board
        self.first, self.second = rule.first, rule.second
        self.nd = len(board.directions)
        self.dirs = self.table("DIRS", list(rule.directions), "int64")
        self.count = len(rule.directions)
        self.step = self.table("STEP", [board.step[c][d] for c in range(board.size)
                                        for d in range(self.nd)], "int64")

    def functions(self) -> list[str]:
        m, nd = self.m, self.nd
        return [self.function("allowed", "st, side", [
            f"gaps = {m.get('GAPS')}", "occ = gaps", "for s in range(S):",
            f"    occ |= {m.get('s')}",
            f"a = {m.get(f'KINDS + {self.first}')} & occ & ~gaps",
            f"b = {m.get(f'KINDS + {self.second}')} & occ & ~gaps",
            "x = a | b", "while x:", "    c = low(x)", f"    x &= ~({m.bit('c')})",
            f"    want = {m.zero}", f"    if {m.test('a', 'c')}:", "        want |= b",
            f"    if {m.test('b', 'c')}:", "        want |= a",
            f"    mine = {m.zero}", "    for s in range(S):",
            f"        if {m.test(m.get('s'), 'c')}:", f"            mine = {m.get('s')}",
            f"    for j in range({self.count}):", f"        d = {self.dirs}[j]",
            f"        at = {self.step}[c * {nd} + d]",
            f"        while at >= 0 and at != c and not {m.test('occ', 'at')}:",
            f"            at = {self.step}[at * {nd} + d]",
            f"        if at >= 0 and at != c and {m.test('want', 'at')} and "
            f"not {m.test('mine', 'at')}:",
            "            return False",
            "return True"])]
