"""The reference twin of ``snake``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefTurnOrder


class RefSnake(RefTurnOrder):
    """Odd rounds in the order of ``players:``, even rounds in the reverse order; the last
    player of a round opens the next one."""

    def _order(self, fullmove: int) -> list[str]:
        players = list(self.game.players)
        return players if fullmove % 2 == 1 else players[::-1]

    def after(self, s: RefState) -> tuple[str, bool]:
        order = self._order(s.fullmove)
        if s.to_move == order[-1]:
            return s.to_move, True
        return order[order.index(s.to_move) + 1], False

    def before(self, player: str, fullmove: int) -> str:
        order = self._order(fullmove)
        return player if player == order[0] else order[order.index(player) - 1]
