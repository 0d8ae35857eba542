"""Dots and Boxes as data (an ``edges`` board, ``complete_faces``, ``completes_face``,
``again``, ``majority`` of a counter), against OpenSpiel's ``dots_and_boxes`` (2 × 2
boxes).

How the actions map: OpenSpiel writes a line ``P1(h,r,c)`` (horizontal, from dot column c
to c + 1 on dot row r, row 0 the top) or ``P1(v,r,c)`` (vertical, on dot column c from dot
row r down to r + 1); we name a line by its two dots, west or south first, rows numbered
from the bottom: ``h,0,0`` is our ``a3b3``, ``v,0,0`` our ``a2a3``.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pyspiel
import pytest

from framework import load_game
from framework.engine.turns import perft_turns
from framework.errors import SpecError
from framework.perft import perft

from .conftest import ROOT, compiled_native
from .spiel import openspiel_perft

GAME = load_game(ROOT / "games" / "dots-and-boxes.yaml")
LETTERS = "abc"
DOT_ROWS = 3


def ours(text: str) -> str:
    """OpenSpiel's line in our notation."""
    found = re.fullmatch(r"P\d\((h|v),(\d+),(\d+)\)", text)
    assert found, text
    kind, r, c = found.group(1), int(found.group(2)), int(found.group(3))
    row = DOT_ROWS - r  # our dot row (1 at the bottom) of OpenSpiel's dot row r
    if kind == "h":
        return f"{LETTERS[c]}{row}{LETTERS[c + 1]}{row}"
    return f"{LETTERS[c]}{row - 1}{LETTERS[c]}{row}"


def play_side_by_side(games: int, seed: int) -> tuple[dict[tuple[float, ...], int], int]:
    rng = random.Random(seed)
    spiel = pyspiel.load_game("dots_and_boxes")
    outcomes: dict[tuple[float, ...], int] = {}
    plies = 0
    for _ in range(games):
        mine, theirs = GAME.new_initial_state(), spiel.new_initial_state()
        while True:
            assert mine.is_terminal() == theirs.is_terminal(), str(theirs)
            assert mine.returns() == pytest.approx(theirs.returns()), str(theirs)
            if theirs.is_terminal():
                break
            assert mine.current_player == theirs.current_player(), str(theirs)
            named = {ours(theirs.action_to_string(a)): a for a in theirs.legal_actions()}
            assert {a.notation for a in mine.legal_actions()} == set(named), str(theirs)
            move = rng.choice(sorted(named))
            theirs.apply_action(named[move])
            mine.apply(move)
            plies += 1
        key = tuple(theirs.returns())
        outcomes[key] = outcomes.get(key, 0) + 1
    return outcomes, plies


def test_the_notation_maps_openspiels_lines_one_to_one() -> None:
    state = pyspiel.load_game("dots_and_boxes").new_initial_state()
    mapped = {ours(state.action_to_string(a)) for a in state.legal_actions()}
    assert mapped == set(GAME.board.names) and len(mapped) == 12
    assert ours("P1(h,0,0)") == "a3b3" and ours("P1(v,1,2)") == "c1c2"


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_matches_openspiel(depth: int) -> None:
    spiel = pyspiel.load_game("dots_and_boxes").new_initial_state()
    assert perft(GAME.new_initial_state(), depth) == openspiel_perft(spiel, depth)


def test_random_games_agree_with_openspiel_at_every_ply() -> None:
    outcomes, plies = play_side_by_side(20, 4)
    assert sum(outcomes.values()) == 20 and plies == 20 * 12


@pytest.mark.slow
def test_many_random_games_agree_with_openspiel() -> None:
    outcomes, _plies = play_side_by_side(400, 31)
    assert {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)} <= set(outcomes)


@pytest.mark.slow
@pytest.mark.parametrize("depth", [5, 6, 7])
def test_deep_perft_matches_openspiel(depth: int) -> None:
    spiel = pyspiel.load_game("dots_and_boxes").new_initial_state()
    assert perft(GAME.new_initial_state(), depth) == openspiel_perft(spiel, depth)


def test_the_boxes_are_faces_of_four_lines() -> None:
    board = GAME.board
    named = [sorted(board.names[c] for c in range(board.size) if face >> c & 1)
             for face in board.faces]
    assert named == [["a1a2", "a1b1", "a2b2", "b1b2"], ["b1b2", "b1c1", "b2c2", "c1c2"],
                     ["a2a3", "a2b2", "a3b3", "b2b3"], ["b2b3", "b2c2", "b3c3", "c2c3"]]


def test_closing_a_box_scores_it_and_the_mover_draws_again() -> None:
    state = GAME.state_from_json({"to_move": "blue", "cells": {
        "a1b1": "red", "a1a2": "red", "a2b2": "blue",
        "b2c2": "red", "c1c2": "blue", "b1c1": "red"}})
    state.apply("c2c3")  # closes nothing: the turn passes
    assert state.to_json()["to_move"] == "red"
    state.apply("b1b2")  # the line between the two lower boxes closes both
    position = state.to_json()
    assert position["counters"]["red"]["boxes"] == 2 and position["to_move"] == "red"


def test_the_game_ends_with_the_last_line_and_most_boxes_wins() -> None:
    lines = list(GAME.board.names)
    state = GAME.state_from_json({"to_move": "red", "cells": {
        n: "blue" for n in lines if n != "b2b3"},
        "counters": {"red": {"boxes": 0}, "blue": {"boxes": 2}}})
    state.apply("b2b3")  # the two upper boxes: 2 against 2
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_face_rules_need_a_board_with_faces(tmp_path: Path) -> None:
    text = (ROOT / "games" / "dots-and-boxes.yaml").read_text(encoding="utf-8")
    path = tmp_path / "boxes.yaml"
    path.write_text(text.replace("{type: edges, rows: 2, columns: 2}",
                                 "{type: grid, rows: 3, columns: 4}"), encoding="utf-8")
    with pytest.raises(SpecError, match="board of type edges"):
        load_game(path)


# The native kernels (framework/native): counters in the compact state, the face pieces,
# again. tests/test_native.py compares them with the engine as it does every game the
# backend plays; here OpenSpiel is the oracle beside it. One compile for the module.
@pytest.fixture(scope="module")
def native() -> Any:
    return compiled_native(GAME)


def test_native_perft_matches_openspiel_and_the_engine(native: Any) -> None:
    spiel = pyspiel.load_game("dots_and_boxes").new_initial_state()
    st = native.encode(GAME.new_initial_state())
    for depth in range(1, 6):
        assert native.perft(st, depth) == openspiel_perft(spiel, depth) == perft(
            GAME.new_initial_state(), depth), depth


@pytest.mark.slow  # perft_turns compiles on its first use: seconds
def test_native_perft_by_turns_keeps_a_players_boxes_in_one_turn(native: Any) -> None:
    """A box keeps the turn with its player (again): counted in whole turns, the player's
    lines until the turn passes are one turn, as the engine counts them."""
    rng = random.Random(7)
    differed = 0
    for _ in range(12):
        state = GAME.new_initial_state()
        for _ in range(rng.randrange(3, 8)):
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        st = native.encode(state)
        for depth in (1, 2, 3):
            turns = native.perft_turns(st, depth)
            assert turns == perft_turns(state, depth), (state.to_json(), depth)
            differed += turns != native.perft(st, depth)
    assert differed  # some positions had a box to close: turns of several lines


def test_native_random_games_agree_with_openspiel_and_the_engine(native: Any) -> None:
    """Random games of the kernels, played move by move in the engine and in OpenSpiel:
    the same legal lines, player to move and boxes at every ply, the same returns."""
    spiel = pyspiel.load_game("dots_and_boxes")
    boxes = GAME.counters.index("boxes")
    outcomes = set()
    for seed in range(30):
        state, theirs = GAME.new_initial_state(), spiel.new_initial_state()
        st = native.encode(state)
        _, moves = native.random_game(st.copy(), seed)
        assert len(moves) == 12
        for move in moves:
            named = {ours(theirs.action_to_string(a)): a for a in theirs.legal_actions()}
            legal = native.legal(st)
            assert sorted(native.action_of(state, m).notation for m in legal) == sorted(
                named) == sorted(a.notation for a in state.legal_actions())
            action = native.action_of(state, move)
            theirs.apply_action(named[action.notation])
            state.apply(action)
            st = native.play(st, move)
            assert native.snapshot(st) == native.python_snapshot(state)
            if not theirs.is_terminal():
                assert int(st[native.layout["TO_MOVE"]]) == theirs.current_player()
        assert theirs.is_terminal() and state.is_terminal()
        assert state.returns() == pytest.approx(theirs.returns())
        assert native.counters_of(st) == tuple((c[boxes],) for c in state.counters)
        outcomes.add(tuple(theirs.returns()))
    assert {(1.0, -1.0), (-1.0, 1.0)} <= outcomes


def test_a_position_with_boxes_encodes_and_plays_on(native: Any) -> None:
    """The example's position: b1b2 closes both lower boxes, so red scores 2 and draws
    again, natively as in the engine."""
    state = GAME.state_from_json({"to_move": "red", "cells": {
        "a1b1": "red", "a1a2": "red", "a2b2": "blue", "b1c1": "red", "c1c2": "blue",
        "b2c2": "blue"}, "counters": {"red": {"boxes": 1}, "blue": {"boxes": 3}}})
    st = native.encode(state)
    assert native.counters_of(st) == ((1,), (3,))
    move = native.move_of(state.parse_action("b1b2"), state)
    st = native.play(st, move)
    state.apply("b1b2")
    assert native.snapshot(st) == native.python_snapshot(state)
    assert native.counters_of(st) == ((3,), (3,)) and int(st[native.layout["TO_MOVE"]]) == 0


def test_mcts_with_native_playouts_plays_dots_and_boxes(native: Any) -> None:
    from framework.agents.registry import make_agent

    agent = make_agent("mcts:30i:native", GAME, seed=2)
    assert agent.native is not None  # type: ignore[attr-defined]
    state = GAME.new_initial_state()
    while not state.is_terminal():
        chosen = agent.decide(state)[0]
        assert chosen in state.legal_actions()
        state.apply(chosen)
    assert sum(c[0] for c in state.counters) == 4  # every box scored once


def test_a_wrong_counter_is_named_in_checks_report() -> None:
    """``boardspec check``'s words when the kernels' counters differ from the engine's."""
    pytest.importorskip("numba")
    from framework.check.native_diff import snapshot_difference
    from framework.native.assemble import plan_of

    class Native:
        plan = plan_of(GAME)
        piles: list[Any] = []  # no kind kept in piles

    same = ((0, 0), (0,), 0, 0, 1, 0, None, -1, (0,))  # the again slot: not set
    found = snapshot_difference(GAME, Native(), (*same, ((2,), (0,)), (), (), ()),  # type: ignore[arg-type]
                                (*same, ((1,), (0,)), (), (), ()))
    assert found == "red's boxes: kernels 2, engine 1"


@pytest.mark.slow
def test_native_dots_and_boxes_over_64_lines() -> None:
    """6 × 6 boxes: 84 lines, masks of two words (the face pieces' wide spelling), against
    the engine: perft, and random games replayed with the boxes compared at every ply."""
    pytest.importorskip("numba")
    from framework.game import load_game_text
    from framework.native import NativeGame

    from .test_native import check_perft, replay

    text = (ROOT / "games" / "dots-and-boxes.yaml").read_text(encoding="utf-8")
    game = load_game_text(text.replace("{type: edges, rows: 2, columns: 2}",
                                       "{type: edges, rows: 6, columns: 6}").replace(
                                           "max_plies: 12", "max_plies: 84"))
    assert game.board.size == 84
    native = NativeGame(game)
    assert native.plan.masks.width == 2
    check_perft(native, game.new_initial_state(), 3)
    for seed in range(6):
        assert replay(native, seed) == 84


def test_validate_says_the_native_backend_plays_it_and_majority_refuses_what_it_does_not_know(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from framework.native import support_of
    from framework.native.support import native_line
    from framework.rules.results.majority.native import MajorityPiece

    assert native_line(GAME).startswith("native backend: yes")
    monkeypatch.setattr(MajorityPiece, "KNOWN", MajorityPiece.KNOWN - {"counter"})
    found = support_of(GAME)
    assert found is not None and "majority with counter: 'boxes'" in found
