"""The reference twin of ``repetition``: the history the reference interpreter keeps (every
position at the start of a turn, as a snapshot of cell names and values) searched for the
position just reached."""

from __future__ import annotations

from typing import Any

from framework.reference.position import RefState
from framework.reference.rules import RefGoal, RefVerdict


class RefRepetition(RefGoal):
    #: The reference interpreter keeps ``s.history`` for a game with this goal.
    keeps_history = True

    def __init__(self, params: Any, game: Any) -> None:
        super().__init__(params, game)
        self.stands = bool(params.overrides)  # the draw outranks a win of the same move

    def verdict(self, s: RefState) -> RefVerdict:
        p = self.params
        if not s.history:
            return None
        history = s.history
        if p.since == "clock_reset":  # the positions since the clock was last at 0
            history = history[-1 - s.halfmove:]
        here = history[-1]
        if p.same == "placement":
            seen = sum(1 for old in history if old[0] == here[0])
        else:
            seen = sum(1 for old in history if old == here)
        if seen < p.times:
            return None
        if p.perpetual_check is not None:  # a player checking on and on loses
            for player in self.game.players:
                if s.vars[f"checks.{player}"] >= p.perpetual_check:
                    return set(self.game.players) - {player}
        if p.winner == "score":
            return "score"
        if p.winner == "draw":
            return set()
        if p.winner == "mover":
            return {s.last_mover}
        return set(self.game.players) - {s.last_mover}
