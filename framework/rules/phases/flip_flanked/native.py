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
    WIDE = True

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params, phase.game)
        board = phase.game.board
        self.nd = len(board.directions)
        self.step = _step_table(self, board)
        self.dirs = self.table("DIRS", phase.directions, "int64")
        self.count = len(phase.directions)

    def functions(self) -> list[str]:
        step, nd, m = self.step, self.nd, self.m
        return [self.function("run", "st, side", [
            "landed = np.int64(st[LANDED]) - 1", "if landed < 0:", "    return",
            f"own = {m.get('side')}", f"enemy = {m.zero}", "for s in range(S):",
            "    if s != side:", f"        enemy |= {m.get('s')}", f"taken = {m.zero}",
            f"for i in range({self.count}):", f"    d = {self.dirs}[i]",
            f"    at = {step}[landed * {nd} + d]", f"    run = {m.zero}",
            f"    while at >= 0 and {m.test('enemy', 'at')}:", f"        run |= {m.bit('at')}",
            f"        at = {step}[at * {nd} + d]",
            f"    if run and at >= 0 and {m.test('own', 'at')}:", "        taken |= run",
            "if taken:", "    for s in range(S):", f"        {m.update('s', '&', '~taken')}",
            f"    {m.update('side', '|', 'taken')}"])]
