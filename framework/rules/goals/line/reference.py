"""The reference twin of ``line``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefGoal, RefVerdict


class RefLine(RefGoal):
    """A player with ``length`` pieces in a row wins: from every piece, every counted
    direction, the row is walked on the graph to its far end (``exactly``: its whole
    length, measured only from the row's first cell)."""

    def verdict(self, s: RefState) -> RefVerdict:
        p = self.params
        board = self.game.board
        names = p.directions if p.directions is not None else board.directions
        opposite = {name: board.opposite(name) for name in board.directions}
        winners = set()
        for player in self.game.players:
            mine = set(s.pieces_of(player, p.piece))
            for cell in mine:
                for name in [*names, *(opposite[n] for n in names)]:
                    run, at = 1, board.step(cell, name)
                    while at in mine and at != cell:  # a ring of own pieces: once round
                        run, at = run + 1, board.step(at, name)
                    if at != cell and board.step(cell, opposite[name]) in mine:
                        continue  # not the first cell of its row this way
                    if run == p.length or (run > p.length and not p.exactly):
                        winners.add(player)
        return winners or None
