"""The reference twin of ``outcome``: its verdict, once the reference flow found its
``if:`` holding for the player who just moved."""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefGoal, RefVerdict


class RefOutcome(RefGoal):
    def verdict(self, s: RefState) -> RefVerdict:
        winner = self.params.winner
        if winner == "score":
            return "score"
        if winner == "draw":
            return set()
        if winner == "mover":
            return {s.last_mover}
        if winner == "opponents":
            return {p for p in self.game.players if p != s.last_mover}
        return {winner}
