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
        directions = p.directions or self.board.directions
        for direction in directions:
            line: list[str] = []
            cell = self.board.step(landed, direction)
            while cell is not None and self._enemy(s, cell) and (
                    p.max_length is None or len(line) < p.max_length):
                line.append(cell)
                cell = self.board.step(cell, direction)
            if cell is None or len(line) < p.min_length:
                continue
            if self._closes(s, cell, hostile):
                taken.update(line)
        if p.royal:  # a royal piece next to the landing cell, walled in on every side
            for direction in directions:
                near = self.board.step(landed, direction)
                piece = s.cells.get(near) if near is not None else None
                if near is None or piece is None or piece["owner"] == s.to_move or \
                        piece["piece"] != p.royal:
                    continue
                around = [self.board.step(near, d) for d in directions]
                if all(c is not None and self._closes(s, c, hostile) for c in around):
                    taken.add(near)
        for cell in taken:
            del s.cells[cell]
        if p.counter and taken:
            s.counters[s.to_move][p.counter] += len(taken)

    def _closes(self, s: RefState, cell: str, hostile: frozenset[str]) -> bool:
        """A piece of the mover's, or an empty hostile cell."""
        mine = cell in s.cells and s.cells[cell]["owner"] == s.to_move
        return mine or (cell in hostile and s.empty(cell))

    def _enemy(self, s: RefState, cell: str) -> bool:
        piece = s.cells.get(cell)
        return piece is not None and piece["owner"] != s.to_move and (
            self.params.piece is None or piece["piece"] == self.params.piece) and (
            piece["piece"] != self.params.royal)
