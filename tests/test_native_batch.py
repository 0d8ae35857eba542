"""``NativeBatch`` (framework/native/batch.py): Connect Four stepped many games at once in
the kernels, against the Python engine game by game — the legal-action masks after every
step, the rewards of finished games, and the games started again at once."""

from __future__ import annotations

from typing import Any

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


def test_a_game_scored_by_margins_is_refused_by_the_batch() -> None:
    """A batch rewards 1 and -1: Othello's disc difference would be lost without a word."""
    game = load_game(ROOT / "games" / "othello.yaml", {"scoring": "margin"})
    with pytest.raises(BoardspecError, match="returns are margins"):
        NativeBatch(game, 2)


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


def test_the_last_position_of_a_finished_game_is_kept_and_random_actions_are_legal() -> None:
    """``final_obs`` holds a finished game's last position (its observation is already the
    new start's); ``random_actions`` draws legal actions, the same for the same generator."""
    game = load_game(ROOT / "games" / "connect-four.yaml")
    batch = NativeBatch(game, 8)
    batch.reset()
    states = [game.new_initial_state() for _ in range(8)]
    rng, again = np.random.default_rng(5), np.random.default_rng(5)
    ended = 0
    for _ in range(120):
        actions = batch.random_actions(rng).copy()
        assert batch.legal[np.arange(8), actions].all()
        assert (batch.random_actions(again) == actions).all()
        obs, _, done, _ = batch.step(actions)
        for i in range(8):
            states[i].apply(game.codec.action(int(actions[i])))
            if states[i].is_terminal():
                assert done[i]
                assert batch.final_obs[i].tolist() == [
                    [states[i].owner[s] >> c & 1 for c in range(42)] for s in range(2)]
                assert not obs[i].any()
                states[i] = game.new_initial_state()
                ended += 1
    assert ended >= 8
    with pytest.raises(ValueError, match="read-only"):
        obs[0, 0, 0] = 1  # step writes only what changed: what it hands out stays its own


def test_with_illegal_lose_an_illegal_action_loses_that_game_only() -> None:
    game = load_game(ROOT / "games" / "connect-four.yaml")
    batch = NativeBatch(game, 3, illegal="lose")
    batch.reset()
    batch.step(np.array([3, 3, 3]))
    legal = batch.legal.copy()
    obs, rewards, done, _ = batch.step(np.array([4, 9, -1]))  # 9, -1: no action at all
    assert rewards.tolist() == [0.0, -1.0, -1.0] and done.tolist() == [False, True, True]
    assert obs[0].sum() == 2 and not obs[1:].any()  # the losers start again
    assert batch.final_obs[1].sum() == 1 and legal[1].all()
    with pytest.raises(BoardspecError, match="expected 'raise'"):
        NativeBatch(game, 3, illegal="ignore")  # type: ignore[arg-type]


def test_a_vector_env_of_1024_othello_games_passes_gymnasiums_checks() -> None:
    """Gymnasium's own checker functions, those that apply to a vector env (its
    ``check_env`` takes a single ``Env`` only): the spaces, reset's return, seeding and
    options. Its two step checks test ``truncated is False`` and ``if terminated``, which
    only a single env's flags can answer, so they are written again below for arrays, with
    its ``data_equivalence`` and ``data_shares_objects``, on sampled actions
    (``illegal="lose"``: a sampled action is mostly illegal). Then random legal steps:
    the spaces hold, passes are played, and eight of the games are replayed in the engine
    to the end."""
    pytest.importorskip("gymnasium")
    from gymnasium.utils import env_checker, passive_env_checker

    from framework.interop.gym_vector import NativeVectorEnv

    game = load_game(ROOT / "games" / "othello.yaml")
    env = NativeVectorEnv(game, 1024, illegal="lose")
    env_checker.check_action_space(env.action_space)
    env_checker.check_observation_space(env.observation_space)
    env_checker.check_space_limit(env.observation_space, "observation")
    env_checker.check_seed_deprecation(env)
    env_checker.check_reset_return_info_deprecation(env)
    env_checker.check_reset_return_type(env)
    env_checker.check_reset_seed_determinism(env)
    env_checker.check_reset_options(env)
    passive_env_checker.env_reset_passive_checker(env)
    _check_vector_step_determinism(env)
    _check_vector_data_not_reused(env)

    strict = NativeVectorEnv(game, 1024)
    obs, info = strict.reset(seed=0)
    with pytest.raises(BoardspecError, match="is not legal there"):
        strict.step(np.full(1024, 0))  # a1 is legal in no game at the start
    states = [game.new_initial_state() for _ in range(8)]
    rng = np.random.default_rng(2)
    passes = ended = 0
    pass_index = game.codec.actions.index(next(a for a in game.codec.actions
                                               if a.kind == "pass"))
    for _ in range(70):
        assert strict.observation_space.contains(obs)
        assert (info["to_move"][:8] == [s.to_move for s in states]).all()
        actions = strict.batch.random_actions(rng).copy()
        passes += int((actions == pass_index).sum())
        obs, rewards, terminated, _, info = strict.step(actions)
        for i, state in enumerate(states):
            mover = state.to_move
            state.apply(game.codec.action(int(actions[i])))
            if not state.is_terminal():
                assert info["action_mask"][i].tolist() == [bool(x) for x in
                                                           game.codec.mask(state)]
                assert obs[i].tolist() == [[state.owner[s] >> c & 1 for c in range(64)]
                                           for s in range(2)]
            else:
                assert terminated[i] and info["_final_obs"][i]
                assert rewards[i] == state.returns()[mover]
                ended += 1
                states[i] = game.new_initial_state()
    assert ended >= 8 and passes > 0 and terminated.dtype == np.bool_


def _check_vector_step_determinism(env: Any) -> None:
    """gymnasium.utils.env_checker.check_step_determinism, for a vector env's arrays."""
    from gymnasium.utils.env_checker import data_equivalence

    env.action_space.seed(123)
    action = env.action_space.sample()
    env.reset(seed=123)
    first = env.step(action)
    env.reset(seed=123)
    second = env.step(action)
    for one, other in zip(first, second, strict=True):
        assert data_equivalence(one, other, exact=True)
    assert first[2].any() and not first[3].any()  # sampled actions lost games; none cut


def _check_vector_data_not_reused(env: Any) -> None:
    """gymnasium.utils.env_checker.check_returned_data_not_reused, for a vector env."""
    from itertools import combinations

    from gymnasium.utils.passive_env_checker import data_shares_objects

    env.action_space.seed(123)
    calls = [env.reset(seed=123)]
    for _ in range(2):
        obs, _, _, _, info = env.step(env.action_space.sample())
        calls.append((obs, info))
    calls.append(env.reset(seed=123))
    for (obs_1, info_1), (obs_2, info_2) in combinations(calls, 2):
        assert not data_shares_objects(obs_1, obs_2)
        assert not data_shares_objects(info_1, info_2)


def test_the_pettingzoo_style_batch_gives_every_agent_its_view_and_rewards() -> None:
    """Each agent's observation puts its own side first, its mask is empty where it does
    not move, and the rewards of a finished game are the engine's returns, seat by seat,
    against the engine playing each game."""
    pytest.importorskip("gymnasium")
    from framework.interop.pettingzoo_batch import NativeAgentBatch

    game = load_game(ROOT / "games" / "connect-four.yaml")
    env = NativeAgentBatch(game, 8)
    env.reset(seed=3)
    assert env.possible_agents == ["player_0", "player_1"]
    states = [game.new_initial_state() for _ in range(8)]
    rng = np.random.default_rng(8)
    ended = 0
    for _ in range(90):
        assert env.agent_selection.tolist() == [s.current_player for s in states]
        for seat, agent in enumerate(env.possible_agents):
            seen = env.observe(agent)
            assert env.observation_space(agent).contains(seen["observation"][0])
            for i, state in enumerate(states):
                own = [state.owner[seat] >> c & 1 for c in range(42)]
                assert seen["observation"][i, 0].tolist() == own
                expected = game.codec.mask(state) if state.current_player == seat else [0] * 7
                assert seen["action_mask"][i].tolist() == list(expected)
        actions = env.batch.random_actions(rng).copy()
        env.step(actions)
        for i, state in enumerate(states):
            state.apply(game.codec.action(int(actions[i])))
            returns = state.returns()
            for seat, agent in enumerate(env.possible_agents):
                assert env.rewards[agent][i] == returns[seat]
                assert env.terminations[agent][i] == state.is_terminal()
            if state.is_terminal():
                ended += 1
                states[i] = game.new_initial_state()
    assert ended >= 8
