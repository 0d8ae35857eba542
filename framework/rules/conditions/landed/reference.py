"""The reference twin of ``landed``: the position's ``landed`` slot, by cell name."""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefCondition
from framework.spec.zones import zone_cell_names


class RefLanded(RefCondition):
    def holds(self, s: RefState, mover: str) -> bool:
        cell = s.vars.get("landed")
        if cell is None:
            return False
        p = self.params
        if p.zone is not None and cell not in zone_cell_names(self.game.spec, p.zone, mover,
                                                               self.board.graph):
            return False
        return p.piece is None or (cell in s.cells and s.cells[cell]["piece"] == p.piece)
