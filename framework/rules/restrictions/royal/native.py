"""The native kernel piece of ``royal``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.attacks import AttackPiece, _sign
from framework.kernel.pieces import Piece
from framework.moves.attacks import attacks_of


class RoyalPiece(Piece):
    """``royal``: a move is kept when, right after it, no royal piece of the mover is
    attacked (a side without one is not restricted).

    ``free(st, side)`` gives the cells whose plain moves (a piece from its cell to its
    target, capturing there) need no trial: when no royal piece is attacked, every cell
    but the royal pieces' own and their pinned pieces' — the first own piece along a line
    from a royal piece, when the royal piece is attacked once that piece is gone. When every
    attack of the game runs along a line or ignores other pieces, a plain move of any other
    piece uncovers none; when one does not (a slide over a screen, an attack tested as a
    candidate move: a horse's leg), ``free`` is not used and every move is tried. A choice
    folded into the move (a promotion) is not checked again: a piece changing kind moves
    nothing, so it uncovers no attack."""

    KNOWN = frozenset({"piece", "phases"})
    #: It judges each move alone, on a copy (``allowed``), not the whole list of moves.
    TRIAL = True
    #: It gives ``free`` (a restriction without one has every move tried).
    FREE = True
    WIDE = True

    def __init__(self, rule: Any, index: int, moves: Any = None, skippable: bool = False
                 ) -> None:
        super().__init__(f"x{index}_", rule.keyword, rule.params, rule.game)
        self.kind = rule.kind
        self.helpers = (AttackPiece.of(rule.game),)
        # An attack that is not along a line nor free of other pieces (a slide over a
        # screen) may be made by a piece moving onto a line: then every move is tried.
        self.FREE = attacks_of(rule.game).by_lines
        board = rule.game.board
        self.size, self.nd = board.size, len(board.directions)
        rays = [[(sum(1 << c for c in cells), cells) for cells in
                 (board.ray_cells(c, d) for d in range(self.nd))] for c in range(self.size)]
        self.rays = self.table("RAYS", [rays[c][d][0] for c in range(self.size)
                                        for d in range(self.nd)])
        self.first = self.table("FIRST", [rays[c][d][1][0] if rays[c][d][1] else -1
                                          for c in range(self.size) for d in range(self.nd)],
                                "int64")
        self.sign = self.table("SIGN", [_sign(c, rays[c][d][1]) for c in range(self.size)
                                        for d in range(self.nd)], "int64")
        self.step = self.table("STEP", [board.step[c][d] for c in range(self.size)
                                        for d in range(self.nd)], "int64")

    def functions(self) -> list[str]:
        nd, m = self.nd, self.m
        royal = f"{m.get('side')} & {m.get(f'KINDS + {self.kind}')}"
        return [self.function("allowed", "st, side", [
            f"b = {royal}", "while b:",
            "    if a_attacked(st, low(b), side):", "        return False",
            "    b &= b - ONE", "return True"]),
            self.function("free", "st, side", [
                f"royal = {royal}", "if not royal:",
                "    return ALL", "own, enemy, empty = masks(st, side)",
                "occ = ALL & ~empty", "free = ALL & ~royal", "b = royal", "while b:",
                "    c = low(b)", "    b &= b - ONE",
                "    if a_attacked_in(st, c, side, occ):", f"        return {m.zero}",
                f"    for d in range({nd}):",
                f"        ray = {m.row(self.rays, f'c * {nd} + d')}",
                "        if not (ray & enemy):", "            continue",
                "        hit = ray & occ", "        if not hit:", "            continue",
                f"        sign = {self.sign}[c * {nd} + d]", "        if sign > 0:",
                "            f = low(hit)", "        elif sign < 0:", "            f = high(hit)",
                "        else:", f"            f = {self.first}[c * {nd} + d]",
                f"            while not {m.test('hit', 'f')}:",
                f"                f = {self.step}[f * {nd} + d]",
                f"        bit = {m.bit('f')}",
                "        if own & bit and a_attacked_in(st, c, side, occ & ~bit):",
                "            free &= ~bit", "return free"])]
