"""The reference twin of ``fill_zone``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefGoal, RefVerdict
from framework.spec.zones import zone_cell_names


class RefFillZone(RefGoal):
    """A player wins when each cell of its zone holds one of its pieces (of the kind, when
    named) — or, with ``filled_by: any_with_own``, holds some piece, one at least its own."""

    def verdict(self, s: RefState) -> RefVerdict:
        winners = set()
        for player in self.game.players:
            cells = zone_cell_names(self.game.spec, self.params.zone, player, self.board.graph)
            if not cells:
                continue
            mine = [c for c in cells if c in s.pieces_of(player, self.params.piece)]
            if not mine:
                continue
            if len(mine) == len(cells):
                winners.add(player)
            elif self.params.filled_by == "any_with_own" and \
                    all(c in s.cells for c in cells):
                winners.add(player)
        return winners or None
