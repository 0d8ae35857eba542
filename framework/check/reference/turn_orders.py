"""Reference turn orders: who plays after whom, by player name, from the rules as
``framework/turn_orders`` documents them."""

from __future__ import annotations

from framework.check.reference.position import RefState
from framework.check.reference.rules import RefTurnOrder, reference


@reference("turn_orders", "rotate")
class RefRotate(RefTurnOrder):
    """In the order of ``players:``, round and round; a round begins with the first."""

    def after(self, s: RefState) -> tuple[str, bool]:
        players = self.game.players
        following = players[(players.index(s.to_move) + 1) % len(players)]
        return following, following == players[0]

    def before(self, player: str, fullmove: int) -> str:
        players = self.game.players
        return players[players.index(player) - 1]


@reference("turn_orders", "snake")
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
