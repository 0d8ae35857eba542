"""Go (games/go.yaml) side by side with OpenSpiel's C++ ``go``: perft from the start, and
random games with the same legal sets, player to move, terminal flag and returns at every
ply, on 9 × 9 and 19 × 19; the units it is made of (groups, captures, suicide, ko, passes,
positional superko, area scoring) on their own.

OpenSpiel names the columns of a Go board skipping the letter i (a b … h j k …), as Go
players do; our grid names them a b … h i …: the mapping is here, not in the game file."""

from __future__ import annotations

import pyspiel
import pytest

from framework import load_game, load_game_text
from framework.engine.slots import board_from_text, board_key, board_text
from framework.moves.groups import Links

from .conftest import ROOT
from .spiel import openspiel_perft, play_side_by_side

FILE = ROOT / "games" / "go.yaml"
SPIEL_COLUMNS = "abcdefghjklmnopqrst"
OUR_COLUMNS = "abcdefghijklmnopqrs"


def notation(text: str) -> str:
    """OpenSpiel's ``B d4`` / ``W PASS`` as our ``d4`` / ``pass``."""
    move = text.split()[1]
    if move == "PASS":
        return "pass"
    return OUR_COLUMNS[SPIEL_COLUMNS.index(move[0].lower())] + move[1:]


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
            cell = board.cell(f"{OUR_COLUMNS[c]}{r + 1}")
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


def test_a_board_key_is_written_and_read_back() -> None:
    key = board_key([0b101, 0b010], 3)
    assert board_text(key, 2, 3) == "010"
    assert board_from_text("010", 2, 3) == key
    with pytest.raises(ValueError, match="3 characters"):
        board_from_text("0102", 2, 3)


def test_the_boards_seen_survive_json_fen_and_a_copy(go9) -> None:  # type: ignore[no-untyped-def]
    state = go9.new_initial_state()
    for move in ("e5", "d4", "pass"):
        state.apply(move)
    data = state.to_json()
    assert len(data["seen"]) == 2 and data["passes"] == 1
    again = go9.state_from_json(data)
    assert again.to_json() == data and again.clone().to_json() == data


def test_the_boards_seen_survive_a_fen() -> None:
    # go.yaml writes no FEN (the boards seen outgrow its 1,000 characters): a 3 x 3 board
    # with one does, its boards after the clocks.
    text = FILE.read_text().replace("notation:\n", "notation:\n  fen: {clocks: true}\n", 1)
    small = load_game_text(text, parameters={"size": 3})
    state = small.new_initial_state()
    for move in ("b2", "a1", "pass"):
        state.apply(move)
    fen = state.to_fen()
    assert fen.endswith("passes=1 seen=....0....,1...0....")
    assert small.state_from_fen(fen).to_json() == state.to_json()


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
