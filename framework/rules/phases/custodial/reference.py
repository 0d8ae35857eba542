"""The reference twin of ``custodial``: each direction walked by cell names on the board's
labelled links, the pieces read from the position's dictionary."""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefPhase
from framework.spec.zones import zone_cell_names


class RefCustodial(RefPhase):
    decides = False

    def run(self, s: RefState) -> None:
        landed = s.vars["landed"]
        if landed is None:
            return
        p = self.params
        hostile = zone_cell_names(self.game.spec, p.hostile, s.to_move, self.board.graph) \
            if p.hostile else frozenset()
        taken: set[str] = set()
        for direction in p.directions or self.board.directions:
            line: list[str] = []
            cell = self.board.step(landed, direction)
            while cell is not None and self._enemy(s, cell) and (
                    p.max_length is None or len(line) < p.max_length):
                line.append(cell)
                cell = self.board.step(cell, direction)
            if cell is None or len(line) < p.min_length:
                continue
            mine = cell in s.cells and s.cells[cell]["owner"] == s.to_move
            if mine or (cell in hostile and s.empty(cell)):
                taken.update(line)
        for cell in taken:
            del s.cells[cell]
        if p.counter and taken:
            s.counters[s.to_move][p.counter] += len(taken)

    def _enemy(self, s: RefState, cell: str) -> bool:
        piece = s.cells.get(cell)
        return piece is not None and piece["owner"] != s.to_move and (
            self.params.piece is None or piece["piece"] == self.params.piece)
