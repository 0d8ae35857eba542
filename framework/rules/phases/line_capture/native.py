"""The native kernel piece of ``line_capture``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.engine.slots import DEPARTED
from framework.kernel.pieces import Piece, _step_table
from framework.kernel.slots import slot_field


class LineCapturePiece(Piece):
    """``line_capture``: from the move's departed and landed cells, the direction between
    them (``WAY``, by source and target: -1 when not straight); then, ahead of the landing
    cell or behind the starting one, every enemy piece in a row is captured (walked on the
    board's step table)."""

    KNOWN = frozenset({"side"})
    HANDLED = frozenset({"if_"})
    SLOTS = (DEPARTED.name,)

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params, phase.game)
        board = phase.game.board
        size = board.size
        self.nd = len(board.directions)
        self.step = _step_table(self, board)
        self.way = self.table("WAY", [phase._way(a, b) if a != b else -1
                                      for a in range(size) for b in range(size)], "int64")
        self.opposite = self.table("OPP", list(board.opposite) or [0], "int64")
        self.size = size
        self.ahead = phase.ahead
        self.departed = slot_field(phase.game, DEPARTED.name)

    def functions(self) -> list[str]:
        step, nd, m = self.step, self.nd, self.m
        start = [f"d = {self.way}[src * {self.size} + dst]", "if d < 0:", "    return"]
        if self.ahead:
            start.append(f"at = {step}[dst * {nd} + d]")
        else:
            start += [f"d = {self.opposite}[d]", f"at = {step}[src * {nd} + d]"]
        return [self.function("run", "st, side", [
            f"src = np.int64(st[{self.departed}]) - 1", "dst = np.int64(st[LANDED]) - 1",
            "if src < 0 or dst < 0:", "    return", *start,
            "own, enemy, empty = masks(st, side)",
            f"while at >= 0 and {m.test('enemy', 'at')}:", "    capture(st, at, side)",
            f"    at = {step}[at * {nd} + d]"])]
