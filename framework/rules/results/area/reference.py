"""The reference twin of ``area``: every empty cell's region grown cell by cell over the
board's links, and the owners of the pieces it touches read from the position."""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefResult


class RefArea(RefResult):
    def winners(self, s: RefState) -> set[str]:
        totals = self.scores(s)
        best = max(totals.values())
        leaders = {p for p, t in totals.items() if t == best}
        return leaders if len(leaders) == 1 or self.params.equal == "shared" else set()

    def scores(self, s: RefState) -> dict[str, float]:
        players = self.game.players
        totals = {p: len(s.pieces_of(p)) + self.params.komi.get(p, 0.0) for p in players}
        counted: set[str] = set()
        for cell in self.board.cells:
            if cell in counted or not s.empty(cell):
                continue
            region, todo, touching = {cell}, [cell], set()
            while todo:
                for n in self.board.neighbours(todo.pop()):
                    if n in s.cells:
                        touching.add(s.cells[n]["owner"])
                    elif s.empty(n) and n not in region:
                        region.add(n)
                        todo.append(n)
            counted |= region
            if len(touching) == 1:
                totals[touching.pop()] += len(region)
        return totals
