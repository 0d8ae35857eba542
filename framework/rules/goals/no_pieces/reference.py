"""The reference twin of ``no_pieces``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefGoal, RefVerdict


class RefNoPieces(RefGoal):
    """A side without pieces ends the game: scored, or the last side with pieces wins
    (when none has, all do, and the tie-break settles it)."""

    def verdict(self, s: RefState) -> RefVerdict:
        piece = self.params.piece
        without = {p for p in self.game.players if not s.pieces_of(p, piece)}
        if not without:
            return None
        if self.params.then == "score":
            return "score"
        left = {p for p in self.game.players if p not in without}
        if len(left) > 1:
            return None  # more than two players: the others play on
        return left or set(self.game.players)
