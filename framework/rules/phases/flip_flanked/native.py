"""The native kernel piece of ``flip_flanked``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import Piece, _step_table


class FlipFlankedPiece(Piece):
    """``flip_flanked``: every run of enemy pieces outflanked from the landing cell, along
    the phase's directions, changes sides (walked on the board's step table)."""

    KNOWN = frozenset({"directions"})

    HANDLED = frozenset({"if_"})

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params)
        board = phase.game.board
        self.nd = len(board.directions)
        self.step = _step_table(self, board)
        self.dirs = self.table("DIRS", phase.directions, "int64")
        self.count = len(phase.directions)

    def functions(self) -> list[str]:
        step, nd = self.step, self.nd
        return [self.function("run", "st, side", [
            "landed = np.int64(st[LANDED]) - 1", "if landed < 0:", "    return",
            "own = st[side]", "enemy = ZERO", "for s in range(S):", "    if s != side:",
            "        enemy |= st[s]", "taken = ZERO", f"for i in range({self.count}):",
            f"    d = {self.dirs}[i]", f"    at = {step}[landed * {nd} + d]", "    run = ZERO",
            "    while at >= 0 and (enemy >> U64(at)) & ONE:", "        run |= ONE << U64(at)",
            f"        at = {step}[at * {nd} + d]",
            "    if run and at >= 0 and (own >> U64(at)) & ONE:", "        taken |= run",
            "if taken:", "    for s in range(S):", "        st[s] &= ~taken",
            "    st[side] |= taken"])]
