"""Reference goals about zones, read from the ``zones:`` block's items on the graph."""

from __future__ import annotations

from framework.check.reference.position import RefState
from framework.check.reference.rules import RefGoal, RefVerdict, reference
from framework.spec.zones import per_player, zone_cells


@reference("goals", "reach_zone")
class RefReachZone(RefGoal):
    """A player with a piece (of the kind, when named) on a cell of its zone wins."""

    def verdict(self, s: RefState) -> RefVerdict:
        spec = self.game.spec
        zones = per_player(spec.zones[self.params.zone], tuple(self.game.players))
        winners = set()
        for player, items in zones.items():
            cells = {c for _, c in zone_cells(items, self.board.graph) if c is not None}
            if any(c in cells for c in s.pieces_of(player, self.params.piece)):
                winners.add(player)
        return winners or None
