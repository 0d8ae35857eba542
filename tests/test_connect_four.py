"""Connect Four as data (``place`` with gravity, the ``line`` goal), checked against the
published perft figures and, move for move, against OpenSpiel's C++ ``connect_four``.

OpenSpiel's action ``c`` drops into column ``c`` (0 = a); ours names the column by its
letter (``d``). Its first player (``x``) is our red.
"""

from __future__ import annotations

import random
from collections import Counter

import pyspiel
import pytest

from framework import load_game
from framework.perft import perft

from .conftest import ROOT

GAME = load_game(ROOT / "games" / "connect-four.yaml")
#: Perft from the empty board (the published figures: 7^d while no game can have ended).
PUBLISHED = {1: 7, 2: 49, 3: 343, 4: 2401, 5: 16807, 6: 117649, 7: 823536}


def column_of(action: int) -> str:
    return 'abcdefg'[action]


def openspiel_perft(state: pyspiel.State, depth: int) -> int:
    if state.is_terminal():
        return 0
    if depth == 1:
        return len(state.legal_actions())
    return sum(openspiel_perft(state.child(a), depth - 1) for a in state.legal_actions())


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_perft_matches_the_published_figures_and_openspiel(depth: int) -> None:
    assert perft(GAME.new_initial_state(), depth) == PUBLISHED[depth]
    spiel = pyspiel.load_game("connect_four").new_initial_state()
    assert openspiel_perft(spiel, depth) == PUBLISHED[depth]


@pytest.mark.slow
@pytest.mark.parametrize("depth", [6, 7])
def test_deep_perft_matches_the_published_figures_and_openspiel(depth: int) -> None:
    assert perft(GAME.new_initial_state(), depth) == PUBLISHED[depth]
    spiel = pyspiel.load_game("connect_four").new_initial_state()
    assert openspiel_perft(spiel, depth) == PUBLISHED[depth]


def play_side_by_side(games: int, seed: int) -> Counter[tuple[float, ...]]:
    rng = random.Random(seed)
    spiel = pyspiel.load_game("connect_four")
    outcomes: Counter[tuple[float, ...]] = Counter()
    for _ in range(games):
        ours, theirs = GAME.new_initial_state(), spiel.new_initial_state()
        while True:
            assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
            assert ours.returns() == pytest.approx(theirs.returns())
            if theirs.is_terminal():
                break
            assert ours.current_player == theirs.current_player()
            legal = {a.notation for a in ours.legal_actions()}
            assert legal == {column_of(a) for a in theirs.legal_actions()}, str(theirs)
            action = rng.choice(theirs.legal_actions())
            theirs.apply_action(action)
            ours.apply(column_of(action))
        outcomes[tuple(theirs.returns())] += 1
    return outcomes


def test_random_games_agree_with_openspiel_at_every_ply() -> None:
    outcomes = play_side_by_side(3000, 4)
    assert outcomes[(1.0, -1.0)] > 0 and outcomes[(-1.0, 1.0)] > 0


@pytest.mark.slow
def test_many_random_games_agree_with_openspiel_including_draws() -> None:
    outcomes = play_side_by_side(20000, 44)
    assert outcomes[(0.0, 0.0)] > 0  # a full board with no row: both engines call it a draw


GRAVITY = """
name: Gravity test
players: [white, black]
board: {board}
pieces: {{stone: {{symbols: {{white: w, black: b}}}}}}
turn: [{{name: drop, type: moves, options: [{{type: place, {option}}}]}}]
"""


@pytest.mark.parametrize(("option", "message"), [
    ("gravity: down", "unknown direction 'down'"),
    ("gravity: s, where: adjacent_to_own", "gravity goes with where: anywhere"),
])
def test_bad_gravity_is_refused(option: str, message: str) -> None:
    from framework import SpecError, load_game_text

    with pytest.raises(SpecError, match=message):
        load_game_text(GRAVITY.format(board="{type: grid, rows: 3, columns: 3}",
                                      option=option))


def test_gravity_sideways_on_a_hex_board_agrees_with_the_reference() -> None:
    from framework import load_game_text
    from framework.check.reference import ReferenceGame

    game = load_game_text(GRAVITY.format(board="{type: hexhex, side: 3}", option="gravity: w"))
    reference = ReferenceGame(game.spec)
    rng = random.Random(5)
    for _ in range(40):
        ours, theirs = game.new_initial_state(), reference.initial()
        while not ours.is_terminal():
            legal = sorted(a.notation for a in ours.legal_actions())
            assert legal == sorted(reference.legal(theirs))
            # Only a row's east end is an entry: C5 (row C of side 3 runs C1..C5).
            assert all(ours.game.board.step[ours.game.board.cell(n)][
                ours.game.board.direction("e")] < 0 for n in legal)
            move = rng.choice(legal)
            ours.apply(move)
            theirs = reference.play(theirs, move)
            assert ours.to_json()["cells"] == reference.to_json(theirs)["cells"]


def test_the_action_space_is_the_seven_columns_like_openspiel() -> None:
    assert len(GAME.codec) == pyspiel.load_game("connect_four").num_distinct_actions() == 7


def test_a_gap_stops_the_fall() -> None:
    """Found by ``boardspec check`` with a large budget: the engine let a piece fall into a
    blocked cell (a gap of the position), where the reference stopped above it."""
    game = load_game(ROOT / "games" / "connect-four.yaml")
    state = game.state_from_json({"to_move": "red", "cells": {}, "gaps": ["a1"]})
    state.apply("a")
    assert state.to_json()["cells"] == {"a2": {"owner": "red", "piece": "disc"}}


def test_a_drop_is_written_by_its_column_and_never_by_a_cell_it_did_not_reach() -> None:
    state = GAME.new_initial_state()
    for column in "dd":
        state.apply(column)
    assert state.to_json()["cells"] == {"d1": {"owner": "red", "piece": "disc"},
                                        "d2": {"owner": "yellow", "piece": "disc"}}
    assert "d6" not in {a.notation for a in state.legal_actions()}


def test_a_line_name_without_gravity_is_refused() -> None:
    from framework import load_game_text
    from framework.errors import SpecError

    text = (ROOT / "games" / "connect-four.yaml").read_text().replace("gravity: s, ", "")
    with pytest.raises(SpecError, match=r"\{line\} names the line a piece is dropped into"):
        load_game_text(text, "no-gravity.yaml")


@pytest.mark.parametrize(("exactly", "moves", "winner"), [
    (False, "a a b b d d c", {0}),           # the disc in the middle makes the four
    (True, "a a b b d d e e c", None),       # with exactly: a row of five is no four
])
def test_the_native_line_looks_through_the_disc_just_dropped(
        exactly: bool, moves: str, winner: set[int] | None) -> None:
    """The native ``line`` looks only at the rows through the disc just dropped (Connect
    Four has many rows beside the few through a cell: docs/native.md): a four completed in
    its middle wins, and with ``exactly: true`` a five made so does not, as the engine
    says, the states compared after every action."""
    pytest.importorskip("numba")
    from framework.game import load_game_text
    from framework.native import NativeGame

    text = (ROOT / "games" / "connect-four.yaml").read_text()
    if exactly:
        text = text.replace("{type: line, length: 4}", "{type: line, length: 4, exactly: true}")
    native = NativeGame(load_game_text(text, "connect-four.yaml"))
    assert native.plan.goals[0].incremental  # type: ignore[attr-defined]
    state = native.game.new_initial_state()
    st = native.encode(state)
    for notation in moves.split():
        move = next(m for m in native.legal(st)
                    if native.action_of(state, m).notation == notation)
        state.apply(notation)
        st = native.play(st, move)
        assert native.snapshot(st) == native.python_snapshot(state), notation
    assert state.winners == winner
