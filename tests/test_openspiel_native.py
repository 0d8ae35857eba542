"""OpenSpiel states backed by the native kernels (framework/interop/openspiel_native.py):
played side by side with OpenSpiel's own C++ games and with our Python-backed states, move
for move; OpenSpiel's random simulation test; undo, clones, serialisation and pickles; and
the games refused with their reason."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

import pytest

from framework import load_game
from framework.errors import BoardspecError

from .conftest import ROOT

pytest.importorskip("numba")
pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("framework.interop.openspiel")


def _notations() -> dict[str, tuple[str, Callable[[int], str]]]:
    """Per game, OpenSpiel's name and its action integer in our notation (the mappings
    of the games' own OpenSpiel tests)."""
    from .test_connect_four import column_of
    from .test_othello import notation_of

    return {"connect-four": ("connect_four", column_of), "othello": ("othello", notation_of)}


@pytest.mark.parametrize("stem", ["connect-four", "othello"])
def test_native_states_play_as_openspiels_own_game(stem: str) -> None:
    """Legal sets (in our notation), the player to move, the terminal flag and the returns
    at every ply of random games, against OpenSpiel's C++ game; and against our
    Python-backed states: the same legal indices, observation tensors and strings."""
    spiel_name, notation_of = _notations()[stem]
    native = openspiel.load(ROOT / "games" / f"{stem}.yaml", native=True)
    python = openspiel.load(ROOT / "games" / f"{stem}.yaml")
    theirs = pyspiel.load_game(spiel_name)
    assert native.get_type().short_name == f"boardspec_{stem.replace('-', '_')}_native"
    rng = random.Random(4)
    ended = []
    for _ in range(12):
        a, b, c = native.new_initial_state(), python.new_initial_state(), \
            theirs.new_initial_state()
        while True:
            assert a.is_terminal() == b.is_terminal() == c.is_terminal()
            assert a.returns() == b.returns() == c.returns()
            if c.is_terminal():
                break
            assert a.current_player() == b.current_player() == c.current_player()
            assert a.legal_actions() == b.legal_actions()
            named = {notation_of(x): x for x in c.legal_actions()}
            ours = {a.action_to_string(x): x for x in a.legal_actions()}
            assert set(ours) == set(named), str(c)
            player = a.current_player()
            assert a.observation_tensor(player) == b.observation_tensor(player)
            assert str(a) == str(b)
            move = rng.choice(a.legal_actions())
            a.apply_action(move)
            b.apply_action(move)
            c.apply_action(named[a.action_to_string(move)])
        ended.append(tuple(c.returns()))
    assert len(set(ended)) > 1  # wins for both sides, or a draw, were met


@pytest.mark.parametrize(("stem", "parameters"), [
    ("dots-and-boxes", None), ("kalah", None), ("hex", {"size": 5, "swap": True}),
    ("clobber", None)])
def test_native_states_agree_with_python_states(stem: str,
                                                parameters: dict[str, object] | None) -> None:
    """Games with counters (boxes), piles (seeds), another turn, a pie rule and passes:
    at every ply of random games the native-backed state answers as the Python-backed one
    (which the games' own tests hold against OpenSpiel's C++ games)."""
    native = openspiel.load(ROOT / "games" / f"{stem}.yaml", native=True,
                            parameters=parameters)
    python = openspiel.load(ROOT / "games" / f"{stem}.yaml", parameters=parameters)
    rng = random.Random(7)
    for _ in range(6):
        a, b = native.new_initial_state(), python.new_initial_state()
        while not b.is_terminal():
            assert not a.is_terminal() and a.current_player() == b.current_player()
            assert a.legal_actions() == b.legal_actions()
            move = rng.choice(b.legal_actions())
            a.apply_action(move)
            b.apply_action(move)
        assert a.is_terminal() and a.returns() == b.returns()
        assert a.board_state.to_json() == b.board_state.to_json()  # two games: not ==


def test_openspiels_random_simulation_test_passes_on_native_states() -> None:
    for stem in ("connect-four", "othello", "tic-tac-toe", "breakthrough"):
        game = openspiel.load(ROOT / "games" / f"{stem}.yaml", native=True)
        pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_undo_clone_serialise_and_pickle_native_states() -> None:
    game = openspiel.load(ROOT / "games" / "connect-four.yaml", native=True)
    state = game.new_initial_state()
    for move in (3, 3, 4, 2):
        state.apply_action(move)
    before = state.clone()
    state.apply_action(5)
    assert before.history() == [3, 3, 4, 2] and before.legal_actions() == list(range(7))
    state.undo_action(0, 5)
    assert state.board_state == before.board_state and str(state) == str(before)
    assert state.legal_actions() == before.legal_actions()
    for player in (0, 1):
        assert state.observation_tensor(player) == before.observation_tensor(player)
    again = game.deserialize_state(before.serialize())
    assert again.board_state == before.board_state and again.history() == before.history()
    copy = pickle.loads(pickle.dumps(before))
    assert copy.history() == before.history() and copy.legal_actions() == [0, 1, 2, 3, 4,
                                                                            5, 6]
    copy.apply_action(6)
    assert str(copy) != str(before)
    with pytest.raises(Exception, match="is not legal here"):
        full = game.new_initial_state()
        for _ in range(6):
            full.apply_action(0)
        full.apply_action(0)  # the a-file is full


@pytest.mark.parametrize(("stem", "reason"), [
    ("backgammon", "chance|cannot play"),
    ("phantom-tic-tac-toe", "view"),
    ("pentago", "one native move per action"),
    ("nine-mens-morris", "one native move per action"),
])
def test_a_game_whose_states_cannot_be_native_is_refused_with_its_reason(
        stem: str, reason: str) -> None:
    from framework.interop.openspiel_native import native_tables

    with pytest.raises(BoardspecError, match=reason):
        native_tables(load_game(ROOT / "games" / f"{stem}.yaml"))


def test_a_game_scored_by_margins_is_refused() -> None:
    from framework.interop.openspiel_native import native_tables

    game = load_game(ROOT / "games" / "othello.yaml", {"scoring": "margin"})
    with pytest.raises(BoardspecError, match="margins"):
        native_tables(game)


def test_the_terminal_player_is_pyspiels() -> None:
    from framework.interop.openspiel_native import TERMINAL

    assert TERMINAL == int(pyspiel.PlayerId.TERMINAL) == openspiel.TERMINAL
