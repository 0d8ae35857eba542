"""Which engine searches and steps a game by default (issue: automatic choice): ``mcts``
and ``alphabeta`` search in the game's native kernels where those play it, and in Python
elsewhere, saying once why; ``:python`` in a spec, ``$BOARDSPEC_ENGINE=python`` and the
commands' ``--engine python`` keep the Python engine; OpenSpiel states are the kernels'
where they can be. (The rest of the tests run with ``BOARDSPEC_ENGINE=python``: see
``python_engine`` in conftest.py.)"""

from __future__ import annotations

import os
import subprocess
import sys
import warnings

import pytest

from framework import load_game
from framework.agents import base as agent_base
from framework.agents import make_agent
from framework.agents.alphabeta import AlphaBetaAgent
from framework.agents.base import ENGINE_VARIABLE, NativeFallback, default_engine
from framework.agents.mcts import MctsAgent
from framework.errors import BoardspecError

from .conftest import ROOT

#: A game the kernels do not play (its turns go in snake order).
SNAKE = ROOT / "tests" / "data" / "native" / "snake-tic-tac-toe.yaml"

pytest.importorskip("numba")


@pytest.fixture
def auto(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default a user has: no ``$BOARDSPEC_ENGINE``."""
    monkeypatch.delenv(ENGINE_VARIABLE, raising=False)


def untold(name: str) -> None:
    agent_base.TOLD.difference_update([t for t in agent_base.TOLD if t[0] == name])


def quietly_made(spec: str, stem: str) -> tuple[MctsAgent | AlphaBetaAgent, list[str]]:
    """The agent of ``spec`` for a bundled game, and the notes it gave while being made."""
    game = load_game(stem)
    untold(game.name)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        agent = make_agent(spec, game, seed=1)
    assert isinstance(agent, MctsAgent | AlphaBetaAgent)
    return agent, [str(w.message) for w in caught if issubclass(w.category, NativeFallback)]


@pytest.mark.parametrize(("spec", "stem", "said"), [
    ("mcts:40i", "connect-four", "native tree"), ("alphabeta:d2", "breakthrough", "native")])
def test_agents_search_in_the_kernels_by_default(auto: None, spec: str, stem: str,
                                                 said: str) -> None:
    agent, notes = quietly_made(spec, stem)
    searcher = agent.native_tree if isinstance(agent, MctsAgent) else agent.native
    assert searcher is not None and notes == []
    state = agent.game.new_initial_state()
    assert agent.act(state)[0] in state.legal_actions()
    assert agent.info.startswith(said)


@pytest.mark.parametrize("spec", ["mcts:40i:python", "alphabeta:d2:python"])
def test_python_in_the_spec_keeps_the_engine_and_says_nothing(auto: None, spec: str) -> None:
    agent, notes = quietly_made(spec, "connect-four")
    assert agent.native is None and notes == []
    if isinstance(agent, MctsAgent):
        assert agent.native_tree is None


def test_the_engine_variable_keeps_the_engine_unless_a_spec_asks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENGINE_VARIABLE, "python")
    agent, notes = quietly_made("mcts:40i", "connect-four")
    assert isinstance(agent, MctsAgent) and agent.native_tree is None and notes == []
    asked, _ = quietly_made("mcts:40i:native", "connect-four")
    assert isinstance(asked, MctsAgent) and asked.native_tree is not None


def test_a_bad_engine_variable_is_refused_naming_what_was_expected(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENGINE_VARIABLE, "fast")
    with pytest.raises(BoardspecError, match=r"'fast'; expected one of auto, python"):
        default_engine()


def test_a_game_the_kernels_cannot_play_is_searched_in_python_saying_why_once(
        auto: None) -> None:
    agent, notes = quietly_made("mcts:8i", str(SNAKE))
    assert isinstance(agent, MctsAgent) and agent.native is None
    assert len(notes) == 1 and "snake" in notes[0] and "in Python" in notes[0]
    with warnings.catch_warnings(record=True) as caught:  # the same game again: told already
        warnings.simplefilter("always")
        make_agent("mcts:8i", agent.game, seed=2)
    assert not [w for w in caught if issubclass(w.category, NativeFallback)]
    state = agent.game.new_initial_state()
    assert agent.act(state)[0] in state.legal_actions()


def test_without_numba_the_default_says_so_once_and_plays(
        auto: None, monkeypatch: pytest.MonkeyPatch) -> None:
    import framework.native

    monkeypatch.setattr(framework.native, "available", lambda: False)
    agent, notes = quietly_made("mcts:8i", "tic-tac-toe")
    assert isinstance(agent, MctsAgent) and agent.native is None and agent.native_tree is None
    assert len(notes) == 1 and "needs numba" in notes[0]
    state = agent.game.new_initial_state()
    assert agent.act(state)[0] in state.legal_actions()


def boardspec(*args: str, engine: str | None) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != ENGINE_VARIABLE}
    if engine is not None:
        environment[ENGINE_VARIABLE] = engine
    return subprocess.run([sys.executable, "-m", "framework", *args], capture_output=True,
                          text=True, cwd=ROOT, env=environment, timeout=600)


def test_the_command_line_says_why_not_as_one_note() -> None:
    """A terminal game on a game the kernels cannot play: one line saying why, not a
    Python warning with its file and source line."""
    run = boardspec("play", str(SNAKE), "--white", "mcts:5i", "--black", "mcts:5i",
                    "--max-plies", "4", "--seed", "1", "--quiet", engine=None)
    assert run.returncode == 0, run.stderr
    notes = [line for line in run.stderr.splitlines() if line.strip()]
    assert len(notes) == 1 and notes[0].startswith("note: mcts native playouts:"), run.stderr
    assert "snake" in notes[0]


def test_engine_python_on_the_command_line_keeps_the_engine() -> None:
    """``--engine python`` wins over ``$BOARDSPEC_ENGINE``: no note, as the engine was
    asked for."""
    run = boardspec("play", str(SNAKE), "--white", "mcts:5i", "--black", "mcts:5i",
                    "--max-plies", "4", "--seed", "1", "--quiet", "--engine", "python",
                    engine="auto")
    assert run.returncode == 0 and run.stderr.strip() == "", run.stderr


def test_a_bad_engine_option_is_refused_before_any_game() -> None:
    run = boardspec("match", "tic-tac-toe", "--agents", "random,random", "--games", "2",
                    "--engine", "gpu", engine=None)
    assert run.returncode == 2
    assert "--engine" in run.stderr and "expected one of auto, python" in run.stderr
    assert "gpu" in run.stderr and run.stdout == ""


def test_openspiel_states_are_the_kernels_where_they_can_be(auto: None) -> None:
    pytest.importorskip("pyspiel")
    from framework.interop import openspiel

    game = openspiel.load(ROOT / "games" / "connect-four.yaml", "boardspec_c4_auto")
    assert game.native_tables is not None
    assert game.get_type().short_name == "boardspec_c4_auto"
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1 and not state.is_terminal()
    untold("backgammon")
    with pytest.warns(NativeFallback, match="OpenSpiel states in the Python engine"):
        chancy = openspiel.load(ROOT / "games" / "backgammon.yaml", "boardspec_bg_auto")
    assert chancy.native_tables is None
    chancy.new_initial_state()


def test_openspiel_states_are_the_engines_under_python(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pyspiel")
    from framework.interop import openspiel

    monkeypatch.setenv(ENGINE_VARIABLE, "python")
    game = openspiel.load(ROOT / "games" / "connect-four.yaml", "boardspec_c4_python")
    assert game.native_tables is None
    forced = openspiel.load(ROOT / "games" / "connect-four.yaml", "boardspec_c4_forced",
                            native=True)
    assert forced.native_tables is not None
