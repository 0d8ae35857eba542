"""The reference twin of ``reach_zone``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefGoal, RefVerdict
from framework.spec.zones import zone_cell_names


class RefReachZone(RefGoal):
    """A player with a piece (of the kind, when named) on a cell of its zone wins."""

    def verdict(self, s: RefState) -> RefVerdict:
        winners = set()
        for player in self.game.players:
            cells = zone_cell_names(self.game.spec, self.params.zone, player, self.board.graph)
            if any(c in cells for c in s.pieces_of(player, self.params.piece)):
                winners.add(player)
        return winners or None
