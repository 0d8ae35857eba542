"""The native kernel piece of ``sweep``: every enemy piece (of the kind) with fewer empty
neighbours than the sum of the attributes is found, then all are removed at once, the
mover scoring one each (``Sweep.run``)."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import Piece
from framework.kernel.slots import attribute_field


class SweepPiece(Piece):
    """``sweep``: the starved enemy pieces are removed."""

    KNOWN = frozenset({"piece", "attributes", "score"})
    HANDLED = frozenset({"if_"})
    WIDE = True

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params, phase.game)
        game = phase.game
        self.kind = phase.kind
        self.summed = [attribute_field(game, a) for a in phase.params.attributes]
        c = len(game.counters)
        self.score = f"COUNTERS + side * {c} + {phase.score}" if phase.score >= 0 else ""
        self.near = self.table("NEAR", game.board.neighbour_masks)

    def functions(self) -> list[str]:
        m = self.m
        need = " + ".join(f"np.int64(st[{f} + c])" for f in self.summed)
        kind = f" & {m.get(f'KINDS + {self.kind}')}" if self.kind >= 0 else ""
        lines = ["own, enemy, empty = masks(st, side)", f"b = enemy{kind}",
                 f"doomed = {m.zero}", "while b:", "    c = low(b)", "    b &= b - ONE",
                 f"    need = {need}",
                 f"    if need > 0 and np.int64(count({m.row(self.near, 'c')} & empty)) < need:",
                 f"        doomed |= {m.bit('c')}", "n = np.int64(count(doomed))",
                 "while doomed:", "    remove(st, low(doomed))", "    doomed &= doomed - ONE"]
        if self.score:
            lines.append(f"st[{self.score}] += U64(n)")
        return [self.function("run", "st, side", lines)]
