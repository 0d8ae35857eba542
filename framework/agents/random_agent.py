"""``random``: a uniformly random legal action at each decision (the baseline)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.agents.base import Agent

if TYPE_CHECKING:
    from framework.engine.action import Action
    from framework.engine.state import State


class RandomAgent(Agent):
    """Plays a uniformly random legal action."""

    keyword = "random"
    summary = "a uniformly random legal action"

    def decide(self, state: State) -> list[Action]:
        return [self.rng.choice(state.legal_actions())]
