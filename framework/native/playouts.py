"""Playouts by a game's native kernels, for agents (``mcts:…:native``).

The MCTS agent judges a leaf by a random rollout of a few plies and the game's evaluation
(``framework.agents.evaluation``); here the same rollout and the same evaluation terms
(weighted pieces, mobility) run in native code, and ``rollouts`` of them are averaged per
leaf: a value with less noise for the same time.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

import numpy as np

from framework.errors import BoardspecError

if TYPE_CHECKING:
    from framework.agents.evaluation import Evaluator
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.native.assemble import Plan

#: Rollouts averaged per leaf.
ROLLOUTS = 8


class NativePlayouts:
    """Leaf values from random rollouts played in native code."""

    def __init__(self, game: CompiledGame, evaluator: Evaluator, plies: int,
                 rollouts: int = ROLLOUTS) -> None:
        from framework.native import available

        if not available():
            raise BoardspecError("native playouts need numba: pip install 'boardspec[fast]' "
                                 "(or pip install -e '.[fast]' in a clone)")
        from framework.native.assemble import plan_of
        from framework.native.backend import NativeGame

        if game.margins:  # a rollout's end is scored as a win or a loss (side masks)
            raise BoardspecError("native playouts score a finished game as a win or a loss, "
                                 "not by the margins this game's returns are")
        why = _uncomputed(evaluator, plan_of(game))  # before any module is made or loaded
        if why:
            raise BoardspecError(f"native playouts {why}")
        self.native = NativeGame(game)
        self.native.compile()
        self.weights = np.array(evaluator.piece_weights, np.float64)
        self.mobility = float(evaluator.mobility)
        self.scale = float(evaluator.scale)
        self.plies = plies
        self.rollouts = rollouts
        self.values = np.zeros(len(game.players), np.float64)

    def warm(self, state: State) -> None:
        """Load (or compile) the rollouts' kernel now, by one rollout from ``state`` with
        a generator of its own: numba loads a function on its first call, which would
        otherwise fall inside the first decision's time budget."""
        if state.winners is None and self.native.at_turn_start(state):
            self.returns(state, Random(0))

    def returns(self, state: State, rng: Random) -> list[float]:
        """Per seat, the mean value of ``rollouts`` random rollouts from ``state``."""
        if not self.native.at_turn_start(state):
            # Inside a turn (a choice folded into the native move still to make): the
            # rest of the turn is chosen at random here, as the rollout would.
            state = state.clone()
            while state.winners is None and not self.native.at_turn_start(state):
                state.apply_unchecked(rng.choice(state.legal_actions()))
        if state.winners is not None:
            return state.returns()
        self.native.kernels.rollout_values(
            self.native.encode(state), self.rollouts, rng.getrandbits(62), self.plies,
            self.weights, self.mobility, self.scale, self.values)
        rewards = [0.0] * len(state.seat_of_side)
        for side, seat in enumerate(state.seat_of_side):
            rewards[seat] = float(self.values[side])
        return rewards


def _uncomputed(evaluator: Evaluator, plan: Plan) -> str:
    """Why the kernels' evaluation is not ``evaluator``'s ("" when it is): they weigh
    pieces, mobility (not in a game with chance, where the engine's probe counts chance's
    outcomes) and the distance terms the game's kernels measure, with the same weights."""
    if any(evaluator.attribute_weights) or any(evaluator.counter_weights):
        return "evaluate pieces, mobility and a race's distance only"
    if evaluator.mobility and plan.chance is not None:
        return "count no mobility in a game with chance"
    if plan.distances != [(p.name, w) for p, w in evaluator.distances]:
        return "measure a distance only where the phase's kernel piece does"
    return ""
