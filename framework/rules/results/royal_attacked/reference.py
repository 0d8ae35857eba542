"""The reference twin of ``royal_attacked``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.attacks import royal_attacked
from framework.reference.position import RefState
from framework.reference.rules import RefResult


class RefRoyalAttacked(RefResult):
    """The player to move loses if its royal piece is attacked; otherwise a draw."""

    def winners(self, s: RefState) -> set[str]:
        if royal_attacked(self.game, s, self.params.piece, s.to_move):
            return {p for p in self.game.players if p != s.to_move}
        return set()
