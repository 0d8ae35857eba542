"""Issue 48: the native batches of a game with hidden information (``view:``) observe what
each side sees, never a hidden piece it has not found. Every batch observation of every
bundled hidden-information game is checked against the per-player view of the Python
state (``framework.engine.view.observed``), the games played in step by random actions."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from framework import State, load_game
from framework.engine.view import observed
from tests.conftest import GAME_FILES

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

HIDDEN = [p for p in GAME_FILES if load_game(p).view is not None]
GAMES = 4
STEPS = 150


def planes(state: State, seat: int) -> Any:
    """The cells each side holds as seat ``seat`` sees them: (sides, cells) of 0 and 1."""
    seen = observed(state, seat)
    return np.array([[mask >> c & 1 for c in range(state.game.board.size)]
                     for mask in seen.owner], np.int8)


def test_every_hidden_information_game_is_checked() -> None:
    assert {p.stem for p in HIDDEN} >= {"phantom-tic-tac-toe", "dark-hex"}


@pytest.mark.parametrize("path", HIDDEN, ids=[p.stem for p in HIDDEN])
def test_batch_observations_are_each_sides_view_of_the_python_state(path: Any) -> None:
    from framework.interop.gym_vector import NativeVectorEnv
    from framework.interop.pettingzoo_batch import NativeAgentBatch

    game = load_game(path)
    env = NativeVectorEnv(game, GAMES)
    agents = NativeAgentBatch(game, GAMES)
    obs, info = env.reset(seed=0)
    agents.reset(seed=0)
    states = [State.initial(game) for _ in range(GAMES)]
    rng = np.random.default_rng(7)
    hidden_seen = 0
    for _ in range(STEPS):
        for i, state in enumerate(states):
            mover = state.current_player
            assert info["to_move"][i] == state.to_move
            assert (obs[i] == planes(state, mover)).all()
            for agent, side in agents.side_of.items():
                seat = state.seat_of_side[side]
                mine = agents.observe(agent)["observation"][i]
                assert (mine == planes(state, seat)[agents._order[agent]]).all()
            hidden_seen += sum(m.bit_count() for m in state.owner) > \
                sum(m.bit_count() for m in observed(state, mover).owner)
        actions = env.batch.random_actions(rng).copy()
        obs, _rewards, done, _truncated, info = env.step(actions)
        agents.step(actions)
        for i, state in enumerate(states):
            mover = state.current_player
            state.apply(game.codec.action(int(actions[i])).notation)
            if done[i]:
                assert state.is_terminal()
                assert (info["final_obs"][i] == planes(state, mover)).all()
                states[i] = State.initial(game)
            else:
                assert not state.is_terminal()
    assert hidden_seen  # the games did hide pieces from the mover (the test can fail)

