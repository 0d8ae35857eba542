"""The native kernel piece of ``custodial``: each direction walked on the board's step
table from the landing cell; the lines closed are cleared from every mask."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import Piece, _step_table


class CustodialPiece(Piece):
    KNOWN = frozenset({"directions", "min_length", "max_length", "hostile", "piece", "royal"})
    HANDLED = frozenset({"if_"})
    WIDE = True

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params, phase.game)
        board = phase.game.board
        self.nd = len(board.directions)
        self.step = _step_table(self, board)
        self.dirs = self.table("DIRS", phase.directions, "int64")
        self.hostile = self.table("HOSTILE", phase.hostile)
        self.phase = phase

    def functions(self) -> list[str]:
        phase, step, nd, m = self.phase, self.step, self.nd, self.m
        kind = f" & {m.get(f'KINDS + {phase.kind}')}" if phase.kind >= 0 else ""
        return [self.function("run", "st, side", [
            "landed = np.int64(st[LANDED]) - 1", "if landed < 0:", "    return",
            "own, enemy, empty = masks(st, side)", f"enemy = enemy{kind}",
            *([f"royal = enemy & {m.get(f'KINDS + {phase.royal}')}", "enemy &= ~royal"]
              if phase.royal >= 0 and phase.kind < 0 else []),
            f"closing = own | ({m.row(self.hostile, 'side')} & empty)", f"taken = {m.zero}",
            f"for i in range({len(phase.directions)}):", f"    d = {self.dirs}[i]",
            f"    at = {step}[landed * {nd} + d]", f"    line = {m.zero}", "    n = 0",
            f"    while at >= 0 and {m.test('enemy', 'at')} and n < {phase.longest}:",
            f"        line |= {m.bit('at')}", "        n += 1",
            f"        at = {step}[at * {nd} + d]",
            f"    if n >= {phase.params.min_length} and at >= 0 and "
            f"{m.test('closing', 'at')}:", "        taken |= line",
            *self._royal(), "if taken:", "    for i in range(S + K):",
            f"        {m.update('i', '&', '~taken')}"])]

    def _royal(self) -> list[str]:
        """A royal piece next to the landing cell, walled in on every side, is taken."""
        phase, step, nd, m = self.phase, self.step, self.nd, self.m
        if phase.royal < 0:
            return []
        return [f"for i in range({len(phase.directions)}):", f"    d = {self.dirs}[i]",
                f"    at = {step}[landed * {nd} + d]",
                f"    if at < 0 or not {m.test('royal', 'at')}:", "        continue",
                "    walled = True", f"    for j in range({len(phase.directions)}):",
                f"        nb = {step}[at * {nd} + {self.dirs}[j]]",
                f"        if nb < 0 or not {m.test('closing', 'nb')}:",
                "            walled = False", "            break",
                "    if walled:", f"        taken |= {m.bit('at')}"]
