"""The reference twin of ``rotate``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefTurnOrder


class RefRotate(RefTurnOrder):
    """In the order of ``players:``, round and round; a round begins with the first."""

    def after(self, s: RefState) -> tuple[str, bool]:
        players = self.game.players
        following = players[(players.index(s.to_move) + 1) % len(players)]
        return following, following == players[0]

    def before(self, player: str, fullmove: int) -> str:
        players = self.game.players
        return players[players.index(player) - 1]
