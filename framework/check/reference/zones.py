"""Reference goals about zones, read from the ``zones:`` block's items on the graph."""

from __future__ import annotations

from framework.check.reference.position import RefState
from framework.check.reference.rules import RefGoal, RefVerdict, reference
from framework.spec.zones import zone_cell_names


@reference("goals", "reach_zone")
class RefReachZone(RefGoal):
    """A player with a piece (of the kind, when named) on a cell of its zone wins."""

    def verdict(self, s: RefState) -> RefVerdict:
        winners = set()
        for player in self.game.players:
            cells = zone_cell_names(self.game.spec, self.params.zone, player, self.board.graph)
            if any(c in cells for c in s.pieces_of(player, self.params.piece)):
                winners.add(player)
        return winners or None
