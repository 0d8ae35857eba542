"""``NativeBatch`` (framework/native/batch.py): Connect Four stepped many games at once in
the kernels, against the Python engine game by game — the legal-action masks after every
step, the rewards of finished games, and the games started again at once."""

from __future__ import annotations

import numpy as np
import pytest

from framework import load_game
from framework.errors import BoardspecError

from .conftest import ROOT

pytest.importorskip("numba")
from framework.native.batch import NativeBatch


def test_a_batch_of_connect_four_steps_as_the_engine_plays_each_game() -> None:
    game = load_game(ROOT / "games" / "connect-four.yaml")
    batch = NativeBatch(game, 6)
    codec = game.codec
    obs, legal = batch.reset()
    states = [game.new_initial_state() for _ in range(6)]
    assert obs.shape == (6, 2, 42) and not obs.any() and legal.all()
    rng = np.random.default_rng(3)
    finished = 0
    for _ in range(80):
        actions = np.argmax(legal * rng.random(legal.shape), axis=1)
        movers = batch.to_move()
        obs, rewards, done, legal = batch.step(actions)
        for i, state in enumerate(states):
            mover = state.to_move
            assert mover == movers[i]
            state.apply(codec.action(int(actions[i])))
            if state.is_terminal():
                assert done[i] and rewards[i] == state.returns()[mover]
                finished += 1
                states[i] = state = game.new_initial_state()
            else:
                assert not done[i] and rewards[i] == 0.0
            assert legal[i].tolist() == [bool(x) for x in codec.mask(state)]
            assert obs[i].tolist() == [[state.owner[s] >> c & 1 for c in range(42)]
                                       for s in range(2)]
    assert finished >= 6
    legal[0] = False  # an action the mask refuses: nothing is played
    with pytest.raises(BoardspecError, match="game 0 of the batch: action 3 is not legal"):
        batch.step(np.full(6, 3))


def test_the_gymnasium_vector_env_keeps_to_its_spaces() -> None:
    pytest.importorskip("gymnasium")
    from framework.interop.gym_vector import NativeVectorEnv

    env = NativeVectorEnv(load_game(ROOT / "games" / "connect-four.yaml"), 16)
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs) and info["action_mask"].shape == (16, 7)
    assert env.action_space.shape == (16,)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(30):
        mask = info["action_mask"]
        actions = np.argmax(mask * rng.random(mask.shape), axis=1)
        assert env.action_space.contains(actions)
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert env.observation_space.contains(obs) and not truncated.any()
        assert set(rewards[terminated].tolist()) <= {-1.0, 0.0, 1.0}
        assert not rewards[~terminated].any()
        ended += int(terminated.sum())
    assert ended > 0


def test_a_game_with_counters_or_piles_is_refused_by_the_batch() -> None:
    """Its observations (the cells each side holds) would leave the boxes or seeds out."""
    for name in ("dots-and-boxes", "kalah"):
        with pytest.raises(BoardspecError, match="keeps counters or piles"):
            NativeBatch(load_game(ROOT / "games" / f"{name}.yaml"), 2)


def test_a_game_whose_native_move_is_a_whole_turn_is_refused_by_the_batch() -> None:
    """Pentago's twist and Nine Men's Morris's removal are choices folded into the native
    move: their actions are no native move of their own, so the batch says so (it raised a
    KeyError before)."""
    for name in ("pentago", "nine-mens-morris"):
        with pytest.raises(BoardspecError, match=r"needs one native move per action .*a "
                                                 r"choice folded into a native move"):
            NativeBatch(load_game(ROOT / "games" / f"{name}.yaml"), 2)
