"""The researchers' tools find boardspec games by name (issue 32): OpenSpiel on import of the
adapter (with the game's parameters as OpenSpiel parameters), Gymnasium by id, PettingZoo
by name; PettingZoo's global ``state()``; OpenSpiel's ``undo_action``; bounded spaces."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pyspiel
import pytest

from framework import load_game
from framework.bundled import named_games
from framework.interop import openspiel
from framework.interop.pettingzoo import env

from .conftest import GAME_FILES, ROOT


def fresh_python(code: str) -> subprocess.CompletedProcess[str]:
    """``code`` in a new interpreter, started outside the checkout."""
    return subprocess.run([sys.executable, "-W", "error::UserWarning", "-c",
                           textwrap.dedent(code)], capture_output=True, text=True,
                          cwd=ROOT.parent, check=False)


def test_every_bundled_game_is_an_openspiel_game_on_import() -> None:
    names = set(pyspiel.registered_names())
    assert {openspiel.default_name(stem) for stem in named_games()} <= names


def test_hex_takes_its_parameters_in_openspiel() -> None:
    game = pyspiel.load_game("boardspec_hex", {"size": 7})
    assert game.num_distinct_actions() == 50 and game.max_game_length() == 50
    assert game.get_parameters() == {"size": 7, "swap": True}
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(random.Random(len(state.history())).choice(state.legal_actions()))
    assert sorted(state.returns()) == [-1.0, 1.0]
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'board_size'"):
        pyspiel.load_game("boardspec_hex", {"board_size": 7})
    # The same cells and counts as OpenSpiel's own hex at that size.
    theirs = pyspiel.load_game("hex", {"board_size": 7, "swap": True})
    assert game.num_distinct_actions() == theirs.num_distinct_actions()


def test_an_openspiel_example_script_names_a_boardspec_game(tmp_path: object) -> None:
    # The shape of OpenSpiel's examples/example.py: absl flags, load_game(FLAGS.game).
    run = fresh_python("""
        import random, sys
        from absl import app, flags
        import pyspiel
        import framework.interop.openspiel  # registers every bundled game

        flags.DEFINE_string("game", "tic_tac_toe", "Name of the game")
        FLAGS = flags.FLAGS

        def main(_):
            game = pyspiel.load_game(FLAGS.game)
            state = game.new_initial_state()
            rng = random.Random(0)
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
            print(game.get_type().long_name, len(state.history()), state.returns())

        app.run(main, argv=[sys.argv[0], "--game=boardspec_chess"])
        """)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Chess (boardspec) ")


@pytest.mark.slow
def test_openspiels_own_example_script_plays_boardspec_chess() -> None:
    """OpenSpiel's examples/example.py as installed, unmodified: a random game of
    boardspec_chess to its end, once the adapter is imported."""
    run = fresh_python("""
        import runpy
        import sys
        import framework.interop.openspiel
        sys.argv = ["example.py", "--game_string=boardspec_chess"]
        runpy.run_module("open_spiel.python.examples.example", run_name="__main__")
        """)
    assert run.returncode == 0, run.stderr
    assert "Utility for player 0 is" in run.stdout and "randomly sampled action" in run.stdout


def test_gymnasium_makes_an_env_by_id_in_a_fresh_interpreter() -> None:
    run = fresh_python("""
        import gymnasium
        from gymnasium.utils.env_checker import check_env

        env = gymnasium.make("framework.interop.gym_ids:boardspec/connect-four-v0")
        check_env(env.unwrapped)
        assert env.spec.max_episode_steps == 42, env.spec
        hex7 = gymnasium.make("boardspec/hex-v0", size=7, opponent="greedy")  # registered
        observation, info = hex7.reset(seed=0)
        assert observation.shape[1:] == (7, 7) and info["action_mask"].shape == (50,)
        print("ok")
        """)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().endswith("\nok")  # check_env renders in each mode too


def test_a_file_found_by_no_name_is_registered_by_a_call(tmp_path: Path) -> None:
    import gymnasium

    from framework.interop.gym_ids import register_file

    game = tmp_path / "my-tic-tac-toe.yaml"
    game.write_text((ROOT / "games" / "tic-tac-toe.yaml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    found = register_file(game)
    assert found == "boardspec/my-tic-tac-toe-v0"
    made = gymnasium.make(found, opponent="greedy")
    assert made.spec is not None and made.spec.max_episode_steps == 9
    observation, info = made.reset(seed=0)
    assert observation.shape[1:] == (3, 3) and info["action_mask"].sum() == 9
    (tmp_path / "list.yaml").write_text("[1, 2]\n", encoding="utf-8")
    with pytest.raises(ValueError, match="a game file is a YAML mapping"):
        register_file(tmp_path / "list.yaml")


def test_the_start_up_hook_registers_the_ids_when_gymnasium_is_imported() -> None:
    """What the wheel's boardspec-gymnasium.pth runs at start-up (an editable install has
    no such file; tests/test_wheel.py runs it from the wheel): importing the hook imports
    no Gymnasium; importing Gymnasium then registers every id; the switch turns it off."""
    run = fresh_python("""
        import sys
        import framework.interop.gym_hook
        assert "gymnasium" not in sys.modules and "framework.game" not in sys.modules
        import gymnasium
        env = gymnasium.make("boardspec/tic-tac-toe-v0")
        assert env.spec.max_episode_steps == 9, env.spec
        assert "boardspec/hex-v0" in gymnasium.registry
        print("ok")
        """)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"
    import os

    off = subprocess.run([sys.executable, "-c", "import framework.interop.gym_hook, "
                          "gymnasium; print(sum(k.startswith('boardspec/') for k in "
                          "gymnasium.registry))"], capture_output=True, text=True,
                         cwd=ROOT.parent, check=False,
                         env={**os.environ, "BOARDSPEC_GYMNASIUM_IDS": "0"})
    assert off.stdout.strip() == "0", off.stderr


@pytest.mark.parametrize("name", ["ataxx", "adaptoid", "chess"])
def test_pettingzoo_state_is_the_global_observation(name: str) -> None:
    aec = env(name)
    aec.reset(seed=1)
    rng = random.Random(1)
    for _ in range(6):
        global_view = aec.state()
        assert global_view.shape == aec.state_space.shape
        assert aec.state_space.contains(global_view)
        _, _, termination, truncation, _ = aec.last()
        if termination or truncation:
            break
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(rng.choice(np.flatnonzero(mask).tolist()))


def test_pettingzoo_takes_a_bundled_name_and_parameters() -> None:
    aec = env("hex", size=5)
    aec.reset(seed=0)
    assert aec.unwrapped.board_state.game.board.size == 25


@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
def test_observation_spaces_are_bounded(path: object) -> None:
    from framework.interop.pettingzoo import _spaces

    planes = _spaces(load_game(path))[0]  # type: ignore[arg-type]
    assert np.isfinite(planes.high).all() and np.isfinite(planes.low).all()


def undo_games(path: object, games: int, seed: int) -> int:
    """Random games through pyspiel where every action is applied, undone and compared
    with the state before it, then applied again. Returns the plies checked."""
    game = openspiel.load(path)  # type: ignore[arg-type]
    rng = random.Random(seed)
    checked = 0
    for _ in range(games):
        state = game.new_initial_state()
        plies = 0
        while not state.is_terminal():
            before = state.board_state.clone()
            player, action = state.current_player(), rng.choice(state.legal_actions())
            state.apply_action(action)
            copy = state.clone()
            state.undo_action(player, action)
            assert state.board_state == before
            assert state.board_state.to_json() == before.to_json()
            state.apply_action(action)
            assert state.board_state == copy.board_state
            checked += 1
            plies += 1
        # Undo the whole game back to the start, through a clone as well.
        clone = state.clone()
        for _ in range(plies):
            clone.undo_action(0, 0)
        assert clone.board_state == game.new_initial_state().board_state
        with pytest.raises(IndexError, match="initial state"):
            clone.undo_action(0, 0)
    return checked


@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
def test_undo_action_restores_the_exact_state(path: object) -> None:
    assert undo_games(path, games=3, seed=7) > 0


@pytest.mark.slow
@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
def test_undo_action_over_a_thousand_games(path: object) -> None:
    assert undo_games(path, games=1000, seed=32) > 1000


def test_the_side_to_move_sees_its_own_planes_first() -> None:
    game = load_game("ataxx")
    observer = game.observer
    state = game.new_initial_state()
    state.apply(state.legal_actions()[0].notation)  # o to move
    absolute = observer.tensor(state, 1)
    relative = observer.relative_tensor(state, 1, "to_move")
    area = observer.area
    black, white = (observer.plane_names.index(f"piece:stone:{s}") for s in game.players)
    assert relative[black * area:(black + 1) * area] == absolute[white * area:(white + 1) * area]
    assert relative[white * area:(white + 1) * area] == absolute[black * area:(black + 1) * area]
    to_move = observer.plane_names.index(f"to_move:{game.players[0]}")
    assert set(relative[to_move * area:(to_move + 1) * area]) == {1.0}  # "me" moves
    with pytest.raises(ValueError, match="perspective 'mine'"):
        observer.relative_tensor(state, 1, "mine")


def test_history_planes_stack_past_positions_and_count_repetitions() -> None:
    aec = env("chess", history=3)
    aec.reset(seed=0)
    planes = load_game("chess").observer.shape[0]
    space = aec.observation_space("player_0")["observation"]
    assert space.shape == (planes * 3 + 1, 8, 8)
    first = aec.observe("player_0")["observation"]
    assert not first[planes:3 * planes].any() and not first[-1].any()
    codec = aec.unwrapped.game.codec
    for move in ("g1f3", "g8f6", "f3g1", "f6g8"):
        state = aec.unwrapped.board_state
        action = next(a for a in state.legal_actions() if a.notation == move)
        aec.step(codec.index(action))
    seen = aec.observe("player_0")["observation"]
    assert space.contains(seen)
    assert (seen[-1] == 1).all()  # the start again: seen once before, the clocks aside
    assert (seen[:planes][:12] == first[:planes][:12]).all()  # the same pieces as at first
