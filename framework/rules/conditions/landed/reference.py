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
        if p.zone is not None:
            spec, graph = self.game.spec, self.board.graph
            mine = zone_cell_names(spec, p.zone, mover, graph)
            if p.of == "opponents":
                theirs = set().union(*(zone_cell_names(spec, p.zone, q, graph)
                                       for q in self.game.players if q != mover))
                if cell not in theirs or cell in mine:
                    return False
            elif cell not in mine:
                return False
        return p.piece is None or (cell in s.cells and s.cells[cell]["piece"] == p.piece)
