"""Every bundled game as a PettingZoo AEC environment, and a Gymnasium single-agent env."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from framework import load_game

from .conftest import GAME_FILES

np = pytest.importorskip("numpy")
api = pytest.importorskip("pettingzoo.test")
checker = pytest.importorskip("gymnasium.utils.env_checker")
interop = pytest.importorskip("framework.interop.pettingzoo")

ROOT = Path(__file__).resolve().parent.parent
IDS = [p.stem for p in GAME_FILES]


@pytest.mark.parametrize("path", GAME_FILES, ids=IDS)
def test_pettingzoo_api_test_passes(path: Path) -> None:
    with warnings.catch_warnings():
        # PettingZoo's classic board games share these: a Dict observation holding the
        # action mask, which api_test merely remarks on.
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        api.api_test(interop.env(path), num_cycles=60, verbose_progress=False)


@pytest.mark.parametrize("path", GAME_FILES, ids=IDS)
def test_observations_have_fixed_shapes_and_honest_masks(path: Path) -> None:
    game = load_game(path)
    env = interop.env(game)
    env.reset(seed=1)
    shape = game.observer.shape
    for agent in env.agent_iter(max_iter=400):
        observation, _, termination, truncation, _ = env.last()
        assert observation["observation"].shape == shape
        assert observation["observation"].dtype == np.float32
        mask = observation["action_mask"]
        assert mask.shape == (game.codec.num_distinct_actions,)
        state = env.unwrapped.board_state
        if termination or truncation:
            assert not mask.any()
            env.step(None)
            continue
        assert list(np.flatnonzero(mask)) == game.codec.legal_indices(state)
        env.step(int(env.action_space(agent).sample(mask)))
    if env.unwrapped.board_state.is_terminal():
        returns = env.unwrapped.board_state.returns()
        assert [env.unwrapped._cumulative_rewards.get(a, returns[i]) for i, a in
                enumerate(env.possible_agents)] == returns


def test_rewards_follow_the_seats_after_a_pie_rule() -> None:
    env = interop.env(ROOT / "games" / "adaptoid.yaml")
    env.reset()
    codec = env.unwrapped.game.codec
    for notation in ("white@D2", "black@D6", "white"):  # the second seat takes white
        env.step(next(i for i, a in enumerate(codec.actions) if a.notation == notation))
    assert env.agent_selection == "player_1"  # white moves first, played by seat 1
    rewards: dict[str, float] = {}
    for agent in env.agent_iter(max_iter=2000):
        observation, reward, termination, truncation, _ = env.last()
        rewards[agent] = reward
        env.step(None if termination or truncation else
                 int(np.flatnonzero(observation["action_mask"])[0]))
    state = env.unwrapped.board_state
    assert state.is_terminal()
    assert [rewards["player_0"], rewards["player_1"]] == state.returns()


def test_the_gymnasium_env_passes_gymnasiums_checker() -> None:
    env = interop.gym_env(ROOT / "games" / "ataxx.yaml", opponent="greedy")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", ".*maximum value is infinity")
        checker.check_env(env, skip_render_check=True)


def test_a_random_baseline_against_our_greedy_agent() -> None:
    env = interop.gym_env(ROOT / "games" / "assimilation.yaml", opponent="greedy", seat=1)
    scores = []
    for episode in range(3):
        observation, info = env.reset(seed=episode)
        assert env.state.current_player == 1  # the opponent has opened
        done = False
        while not done:
            assert observation.shape == env.game.observer.shape
            action = env.action_space.sample(info["action_mask"])
            observation, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        assert terminated and reward == env.state.returns()[1]
        scores.append(reward)
    assert all(s in (-1.0, 0.0, 1.0) for s in scores)


def test_an_illegal_action_ends_the_episode_with_a_penalty() -> None:
    env = interop.gym_env(ROOT / "games" / "ataxx.yaml", illegal_reward=-2.0)
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-2.0, True, True)
