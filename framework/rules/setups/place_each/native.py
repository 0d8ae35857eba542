"""The native kernel piece of ``place_each``: the seat that places puts one piece of the
kind for the next side that has none on the board, on an empty cell (``PlaceEach``). A
move names the side (+ 1, in the source's bits) and the cell."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import SETUP_OPTION, Piece


class PlaceEachPiece(Piece):
    """``place_each``: a piece of each side, one placement at a time."""

    KNOWN = frozenset({"name", "by", "piece"})
    WIDE = True

    def __init__(self, setup: Any, index: int) -> None:
        super().__init__(f"s{index}_", setup.keyword, setup.params, setup.game)
        self.setup = setup
        self.kind = setup.kind
        self.code = self.m.code(SETUP_OPTION)

    def functions(self) -> list[str]:
        m = self.m
        kind = m.get(f"KINDS + {self.kind}")
        side = ["for s in range(S):", f"    if not ({m.get('s')} & {kind}):", "        return s",
                "return -1"]
        gen = [f"s = {self.prefix}side(st)", "if s < 0:", "    return n",
               "own, enemy, empty = masks(st, s)", "t = empty", "while t:",
               f"    buf[n] = {self.code} | ((s + 1) << {m.src_shift}) | low(t)", "    n += 1",
               "    t &= t - ONE", "return n"]
        count = [f"s = {self.prefix}side(st)", "if s < 0:", "    return 0",
                 "own, enemy, empty = masks(st, s)", "return np.int64(count(empty))"]
        apply = [f"s = ((mv >> {m.src_shift}) & {m.cell_mask}) - 1",
                 f"place(st, mv & {m.cell_mask}, s, {self.kind})"]
        return [self.function("side", "st", side), self.function("gen", "st, buf, n", gen),
                self.function("count", "st", count), self.function("apply", "st, mv", apply),
                self.function("finished", "st", [f"return {self.prefix}side(st) < 0"])]

    def action_of(self, state: Any, move: int) -> Any:
        side = ((move >> self.m.src_shift) & self.m.cell_mask) - 1
        return self.setup.placements[side][move & self.m.cell_mask]

    def move_of(self, action: Any) -> int:
        return self.code | (action.side + 1) << self.m.src_shift | action.at
