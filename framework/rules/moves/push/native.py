"""The native kernel piece of ``push``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import PrimitivePiece, _step_table

#: The fields of one move in the piece's table: how it goes (0: none, 1: in line, 2:
#: sideways), how many pieces move, their cells (3 at most here), the direction, and the
#: cell the front piece goes to (in line) or the cells the pieces go to (sideways).
FIELDS = 6 + 3


class PushPiece(PrimitivePiece):
    """``push``: the moves of each source are listed once, by their number among the
    moves from that cell (a move's target field holds that number, as several moves
    share a source and a target: ``Push.native_action`` reads it back). A move is legal
    when every cell of its line holds one of the mover's pieces (of the kind), and the
    cell ahead is empty or starts a shorter enemy line with an empty cell or the edge
    beyond (in line), or every cell beside is empty (sideways)."""

    KNOWN = frozenset({"piece", "directions", "longest", "push", "broadside", "kind",
                       "notation", "resets_halfmove_clock"})
    PLACES = False

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        from framework.kernel.unsupported import Unsupported

        game = option.game
        board = game.board
        if option.longest > 3:
            raise Unsupported("push with longest over 3 (its native table holds lines of "
                              "3 pieces at most)")
        self.size = board.size
        self.nd = len(board.directions)
        self.step = _step_table(self, board)
        per_source = option.native_moves
        self.width = max(1, max(len(moves) for moves in per_source))
        rows: list[int] = []
        for moves in per_source:
            for k in range(self.width):
                row = [0] * FIELDS
                if k < len(moves):
                    cells, d, in_line = option.how[moves[k]]
                    row[0] = 1 if in_line else 2
                    row[1] = len(cells)
                    row[2:5] = [*cells, -1, -1, -1][:3]
                    row[5] = d
                    ends = [board.step[cells[-1]][d]] if in_line else \
                        [board.step[c][d] for c in cells]
                    row[6:9] = [*ends, -1, -1, -1][:3]
                rows += row
        self.moves = self.table("MOVES", rows, "int64")
        self.opposite = self.table("OPP", list(board.opposite) or [0], "int64")
        self.pushes = bool(option.params.push)
        self.resets = option.resets_clock
        self.sources = ("own" if option.piece < 0 else
                        f"(own & {self.m.get(f'KINDS + {option.piece}')})")

    def functions(self) -> list[str]:
        step, nd, w = self.step, self.nd, self.width
        legal = [
            f"r = (s * {w} + k) * {FIELDS}", f"how = {self.moves}[r]", "if how == 0:",
            "    return False", f"n = {self.moves}[r + 1]", "for i in range(n):",
            f"    if not (mine >> U64({self.moves}[r + 2 + i])) & ONE:", "        return False",
            "if how == 2:", "    for i in range(n):",
            f"        if not (empty >> U64({self.moves}[r + 6 + i])) & ONE:",
            "            return False", "    return True",
            f"t = {self.moves}[r + 6]", "if (empty >> U64(t)) & ONE:", "    return True",
            *(["return False"] if not self.pushes else [
                "if not (enemy >> U64(t)) & ONE:", "    return False",
                f"d = {self.moves}[r + 5]", "m = 0", "at = t",
                "while at >= 0 and (enemy >> U64(at)) & ONE:", "    m += 1",
                f"    at = {step}[at * {nd} + d]",
                "return m < n and (at < 0 or ((empty >> U64(at)) & ONE) != ZERO)"])]
        return [self.function("legal", "enemy, empty, mine, s, k", legal),
                *super().functions()]

    def _loop(self, body: list[str], after: list[str]) -> list[str]:
        return [f"mine = {self.sources}", "b = mine", "while b:", "    s = low(b)",
                "    b &= b - ONE", f"    for k in range({self.width}):",
                f"        if {self.prefix}legal(enemy, empty, mine, s, k):",
                *("            " + line for line in body), *after]

    def gen(self) -> list[str]:
        return [*self._loop(
            [f"buf[n] = {self.code} | ((s + 1) << {self.m.src_shift}) | k", "n += 1"],
            ["return n"])]

    def count(self) -> list[str]:
        return ["n = 0", *self._loop(["n += 1"], ["return n"])]

    def has(self) -> list[str]:
        return self._loop(["return True"], ["return False"])

    def apply(self) -> list[str]:
        step, nd, moves = self.step, self.nd, self.moves
        return [
            f"r = (src * {self.width} + dst) * {FIELDS}", f"how = {moves}[r]",
            f"n = {moves}[r + 1]", f"d = {moves}[r + 5]", f"target = {moves}[r + 6]",
            "if how == 2:", "    for i in range(n):",
            f"        move_piece(st, {moves}[r + 2 + i], {moves}[r + 6 + i])",
            "else:", "    own, enemy, empty = masks(st, side)",
            "    last = np.int64(-1)", "    at = target",
            "    while at >= 0 and not (empty >> U64(at)) & ONE:", "        last = at",
            f"        at = {step}[at * {nd} + d]",
            f"    back = {self.opposite}[d]", f"    front = {moves}[r + 2 + n - 1]",
            "    if last >= 0 and at < 0:", "        capture(st, last, side)",
            f"        last = {step}[last * {nd} + back]",
            "    while last >= 0 and last != front:",
            f"        move_piece(st, last, {step}[last * {nd} + d])",
            f"        last = {step}[last * {nd} + back]",
            "    for i in range(n - 1, -1, -1):", f"        c = {moves}[r + 2 + i]",
            f"        move_piece(st, c, {step}[c * {nd} + d])",
            "dst = target", *self.landing(self.resets)]
