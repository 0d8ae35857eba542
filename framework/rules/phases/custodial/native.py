"""The native kernel piece of ``custodial``: each direction walked on the board's step
table from the landing cell; the lines closed are cleared from every mask."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import Piece, _step_table


class CustodialPiece(Piece):
    KNOWN = frozenset({"directions", "min_length", "max_length", "hostile", "piece", "royal"})
    HANDLED = frozenset({"if_"})

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params)
        board = phase.game.board
        self.nd = len(board.directions)
        self.step = _step_table(self, board)
        self.dirs = self.table("DIRS", phase.directions, "int64")
        self.hostile = self.table("HOSTILE", phase.hostile)
        self.phase = phase

    def functions(self) -> list[str]:
        phase, step, nd = self.phase, self.step, self.nd
        kind = f" & st[KINDS + {phase.kind}]" if phase.kind >= 0 else ""
        return [self.function("run", "st, side", [
            "landed = np.int64(st[LANDED]) - 1", "if landed < 0:", "    return",
            "own, enemy, empty = masks(st, side)", f"enemy = enemy{kind}",
            *([f"royal = enemy & st[KINDS + {phase.royal}]", "enemy &= ~royal"]
              if phase.royal >= 0 and phase.kind < 0 else []),
            f"closing = own | ({self.hostile}[side] & empty)", "taken = ZERO",
            f"for i in range({len(phase.directions)}):", f"    d = {self.dirs}[i]",
            f"    at = {step}[landed * {nd} + d]", "    line = ZERO", "    n = 0",
            f"    while at >= 0 and (enemy >> U64(at)) & ONE and n < {phase.longest}:",
            "        line |= ONE << U64(at)", "        n += 1",
            f"        at = {step}[at * {nd} + d]",
            f"    if n >= {phase.params.min_length} and at >= 0 and "
            "(closing >> U64(at)) & ONE:", "        taken |= line",
            *self._royal(), "if taken:", "    for i in range(S + K):",
            "        st[i] &= ~taken"])]

    def _royal(self) -> list[str]:
        """A royal piece next to the landing cell, walled in on every side, is taken."""
        phase, step, nd = self.phase, self.step, self.nd
        if phase.royal < 0:
            return []
        return [f"for i in range({len(phase.directions)}):", f"    d = {self.dirs}[i]",
                f"    at = {step}[landed * {nd} + d]",
                "    if at < 0 or not (royal >> U64(at)) & ONE:", "        continue",
                "    walled = True", f"    for j in range({len(phase.directions)}):",
                f"        nb = {step}[at * {nd} + {self.dirs}[j]]",
                "        if nb < 0 or not (closing >> U64(nb)) & ONE:",
                "            walled = False", "            break",
                "    if walled:", "        taken |= ONE << U64(at)"]
