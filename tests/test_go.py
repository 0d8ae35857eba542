"""Go (games/go.yaml) side by side with OpenSpiel's C++ ``go``: perft from the start, and
random games with the same legal sets, player to move, terminal flag and returns at every
ply, on 9 × 9 and 19 × 19; the units it is made of (groups, captures, suicide, ko, passes,
positional superko, area scoring) on their own.

OpenSpiel names the columns of a Go board skipping the letter i (a b … h j k …), as Go
players do, and so does the game file (the grid's ``column_letters``): the notations agree."""

from __future__ import annotations

import pyspiel
import pytest

from framework import load_game, load_game_text
from framework.moves.groups import Links

from .conftest import ROOT
from .spiel import openspiel_perft, play_side_by_side

FILE = ROOT / "games" / "go.yaml"
COLUMNS = "abcdefghjklmnopqrst"


def notation(text: str) -> str:
    """OpenSpiel's ``B d4`` / ``W PASS`` as our ``d4`` / ``pass``."""
    move = text.split()[1]
    if move == "PASS":
        return "pass"
    return move.lower()


@pytest.fixture(scope="module")
def go9():  # type: ignore[no-untyped-def]
    return load_game(FILE, {"size": 9})


@pytest.fixture(scope="module")
def go19():  # type: ignore[no-untyped-def]
    return load_game(FILE, {"size": 19})


def test_the_start_is_openspiels(go9) -> None:  # type: ignore[no-untyped-def]
    spiel = pyspiel.load_game("go", {"board_size": 9})
    theirs = spiel.new_initial_state()
    ours = go9.new_initial_state()
    assert {a.notation for a in ours.legal_actions()} == \
        {notation(theirs.action_to_string(a)) for a in theirs.legal_actions()}
    assert spiel.max_game_length() == go9.spec.max_plies == 162
    assert len(go9.codec) == spiel.num_distinct_actions() == 82


def test_perft_2_matches_openspiel(go9) -> None:  # type: ignore[no-untyped-def]
    from framework.perft import perft

    spiel = pyspiel.load_game("go", {"board_size": 9}).new_initial_state()
    assert perft(go9.new_initial_state(), 2) == openspiel_perft(spiel, 2) == 6643


@pytest.mark.slow
def test_perft_3_matches_openspiel(go9) -> None:  # type: ignore[no-untyped-def]
    from framework.perft import perft

    spiel = pyspiel.load_game("go", {"board_size": 9}).new_initial_state()
    assert perft(go9.new_initial_state(), 3) == openspiel_perft(spiel, 3) == 531522


def test_a_few_random_9x9_games_agree_with_openspiel(go9) -> None:  # type: ignore[no-untyped-def]
    outcomes, plies = play_side_by_side(go9, "go", 4, 7, notation, {"board_size": 9})
    assert sum(outcomes.values()) == 4 and plies > 0


@pytest.mark.slow
def test_many_random_9x9_games_agree_with_openspiel(go9) -> None:  # type: ignore[no-untyped-def]
    outcomes, _ = play_side_by_side(go9, "go", 300, 1, notation, {"board_size": 9})
    # Seed 1 reaches a positional superko (a draw) as well as wins of both colours.
    assert set(outcomes) == {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)}


@pytest.mark.slow
def test_random_19x19_games_agree_with_openspiel(go19) -> None:  # type: ignore[no-untyped-def]
    outcomes, _ = play_side_by_side(go19, "go", 12, 3, notation, {"board_size": 19})
    assert sum(outcomes.values()) == 12


# The units on their own --------------------------------------------------------------------

def _board(go, rows: list[str]) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Black and white masks from rows of x/o/. (the top row first)."""
    board = go.board
    black = white = 0
    for r, row in enumerate(reversed(rows)):
        for c, ch in enumerate(row):
            cell = board.cell(f"{COLUMNS[c]}{r + 1}")
            black |= (ch == "x") << cell
            white |= (ch == "o") << cell
    return black, white


def test_groups_liberties_and_breathing_on_a_small_board() -> None:
    go = load_game(FILE, {"size": 5})
    board = go.board
    links = Links.of(board)
    loop = Links(board.neighbour_masks)
    loop.shifts = None  # the loop over cells, as a board with many offsets has it
    black, white = _board(go, [".....",
                               ".....",
                               "xx...",
                               "ox...",
                               ".ox.."])
    empty = board.all_mask & ~(black | white)
    a3 = board.cell("a3")
    assert len(links.shifts or ()) == 4  # a grid's four link offsets
    a1 = 1 << board.cell("a1")
    for way in (links, loop):
        group = way.group_of(a3, black)
        assert group == (1 << a3) | (1 << board.cell("b3")) | (1 << board.cell("b2"))
        assert way.liberties(group, empty) == sum(1 << board.cell(c) for c in
                                                  ("a4", "b4", "c3", "c2"))
        # For Black, a1 has no empty neighbour but takes a2 and b1 (a1 is the last liberty
        # of each): legal. For White, a1 joins a2 and b1 and fills their last liberty.
        assert way.breathing(empty, black, [white], empty) & a1
        assert not way.breathing(empty, white, [black], empty) & a1
        assert way.breathing(empty, white, [black], empty) == empty & ~a1
        assert sorted(r.bit_count() for r in way.regions(empty)) == [1, 18]


def test_superko_is_read_from_the_history_that_copies_share(go9) -> None:  # type: ignore[no-untyped-def]
    # The ko shape twice, in two corners: Black takes at a1, White at j9, Black passes (a
    # pass repeats nothing, and opens the ko), and each side retakes. The history of boards
    # lives with the state (a clone shares it); a position read from JSON starts its own.
    state = go9.state_from_json({"to_move": "black", "cells": {
        "a1": "white", "a3": "white", "b2": "white", "b1": "black", "c1": "black",
        "j9": "black", "j7": "black", "h8": "black", "h9": "white", "g9": "white"}})
    for move in ("a2", "j8", "pass", "a1"):  # each side takes a ko, then retakes the other
        state.apply(move)
        assert not state.is_terminal()
    copy = state.clone()
    again = go9.state_from_json(state.to_json())
    for played in (state, copy):
        played.apply("j9")  # Black retakes j8: the board the game began from, again
        assert played.is_terminal() and played.returns() == [0.0, 0.0]
    again.apply("j9")
    assert not again.is_terminal()  # its history began after that board


@pytest.mark.parametrize("overrides", [True, False])
def test_superko_on_the_last_move_is_a_draw_over_the_score(overrides: bool) -> None:
    # OpenSpiel's Go: a superko is a draw even on the 162nd action, which also ends the
    # game by its length (White would win on the score: 5 + 7.5 against 5).
    text = FILE.read_text(encoding="utf-8")
    if not overrides:
        text = text.replace("overrides: true", "overrides: false", 1)
    game = load_game_text(text, parameters={"size": 9})
    state = game.state_from_json({"to_move": "white", "fullmove": 79, "cells": {
        "a1": "white", "a3": "white", "b2": "white", "b1": "black", "c1": "black",
        "j9": "black", "j7": "black", "h8": "black", "h9": "white", "g9": "white"}})
    for move in ("j8", "a2", "pass", "j9"):
        state.apply(move)
        assert not state.is_terminal()
    state.apply("a1")  # the 162nd action brings back the board the game began from
    assert state.is_terminal()
    assert state.returns() == ([0.0, 0.0] if overrides else [-1.0, 1.0])


def test_a_pass_brings_back_the_board_and_repeats_nothing(go9) -> None:  # type: ignore[no-untyped-def]
    state = go9.new_initial_state()
    for move in ("e5", "pass", "d4", "pass"):
        state.apply(move)
        assert not state.is_terminal()


def test_a_pass_clears_the_ko_and_two_passes_score_the_game(go9) -> None:  # type: ignore[no-untyped-def]
    state = go9.state_from_json({"to_move": "black", "cells": {
        "a1": "white", "a3": "white", "b2": "white", "b1": "black", "c1": "black"}})
    state.apply("a2")  # takes a1: White may not retake at once
    assert state.to_json()["ko"] == "a1"
    assert "a1" not in {a.notation for a in state.legal_actions()}
    state.apply("pass")
    assert "ko" not in state.to_json()
    state.apply("pass")
    # Black: a2 b1 c1 and the point a1 they alone surround, 4; White: 2 + 7.5.
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    assert go9.result.scores(state) == [4, 9.5]


def test_the_ply_limit_ends_and_scores_the_game(go9) -> None:  # type: ignore[no-untyped-def]
    state = go9.state_from_json({"to_move": "black", "fullmove": 81,
                                 "cells": {"e5": "black"}})
    state.apply("d4")
    assert not state.is_terminal()
    state.apply("pass")  # the 162nd action: over, and scored
    # Black's two stones border every empty point: 81 against White's komi.
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert go9.result.scores(state) == [81, 7.5]
