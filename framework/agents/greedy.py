"""``greedy``: the complete turn whose resulting position evaluates best (one ply).

The evaluation is the game file's ``evaluation:`` block (see ``framework.agents.evaluation``);
a turn that wins at once is always taken, one that loses at once never unless forced. Ties
are broken by the agent's seeded random generator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.agents.base import Agent
from framework.agents.evaluation import Evaluator
from framework.agents.turns import legal_turns

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State


class GreedyAgent(Agent):
    """Plays the turn with the best evaluation one turn ahead."""

    keyword = "greedy"
    summary = "the whole turn whose result evaluates best (one ply)"

    def __init__(self, game: CompiledGame, seed: int | None = None, spec: str = "") -> None:
        super().__init__(game, seed, spec)
        self.evaluate = Evaluator(game)

    def decide(self, state: State) -> list[Action]:
        seat = state.current_player
        turns = legal_turns(state)
        self.rng.shuffle(turns)
        best = max(turns, key=lambda t: self.evaluate(t.after, t.after.seat_of_side.index(seat)))
        value = self.evaluate(best.after, best.after.seat_of_side.index(seat))
        self.info = f"{len(turns)} turns, value {value:+.2f}"
        return list(best.actions)
