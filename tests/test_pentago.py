"""Pentago (games/pentago.yaml) side by side with OpenSpiel's C++ ``pentago``, by whole
turns: one OpenSpiel action is our placement then our rotation (``a1s`` is ``a6 nw-``).
Perft by turns from the start, and random games with the same legal turns, player to move,
terminal flag, returns and board at every turn; the ``rotate`` move on its own.

OpenSpiel numbers the rows from the top (its a1 is our a6) and writes a rotation with one
letter: s/t turn the top-left quadrant anticlockwise/clockwise, u/v the top-right one,
w/x the bottom-right, y/z the bottom-left (read off the boards it prints after each). The
mapping is here, not in the game file."""

from __future__ import annotations

import random
from collections import Counter

import pyspiel
import pytest

from framework import load_game, load_game_text
from framework.engine.turns import legal_turns, perft_turns

from .conftest import ROOT

FILE = ROOT / "games" / "pentago.yaml"
ROTATIONS = {"s": "nw-", "t": "nw+", "u": "ne-", "v": "ne+", "w": "se-", "x": "se+",
             "y": "sw-", "z": "sw+"}


def turn_of(text: str) -> str:
    """OpenSpiel's ``a1s`` as our turn ``a6 nw-``."""
    return f"{text[0]}{7 - int(text[1])} {ROTATIONS[text[2]]}"


def spiel_board(state: pyspiel.State) -> dict[str, str]:
    """The marbles of OpenSpiel's drawing (rows 1..6 from the top) on our cell names."""
    rows = str(state).splitlines()[2:8]
    found = {}
    for k, row in enumerate(rows):
        marks = row[4:4 + 11].split(" ")
        for col, mark in enumerate(marks):
            if mark in "@O":
                found[f"{'abcdef'[col]}{6 - k}"] = {"@": "white", "O": "black"}[mark]
    return found


def our_board(state) -> dict[str, str]:  # type: ignore[no-untyped-def]
    game = state.game
    return {game.board.names[c]: game.players[side] for side, mask in enumerate(state.owner)
            for c in range(game.board.size) if mask >> c & 1}


@pytest.fixture(scope="module")
def pentago():  # type: ignore[no-untyped-def]
    return load_game(FILE)


def play_side_by_side(game, games: int, seed: int) -> Counter[tuple[float, ...]]:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    spiel = pyspiel.load_game("pentago")
    outcomes: Counter[tuple[float, ...]] = Counter()
    for _ in range(games):
        ours, theirs = game.new_initial_state(), spiel.new_initial_state()
        while True:
            assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
            assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
            assert our_board(ours) == spiel_board(theirs), str(theirs)
            if theirs.is_terminal():
                break
            assert ours.current_player == theirs.current_player()
            named = {turn_of(theirs.action_to_string(a)): a for a in theirs.legal_actions()}
            assert {t.notation for t in legal_turns(ours)} == set(named), str(theirs)
            move = rng.choice(sorted(named))
            theirs.apply_action(named[move])
            for part in move.split():
                ours.apply(part)
        outcomes[tuple(theirs.returns())] += 1
    return outcomes


def test_the_marks_are_read_as_openspiel_draws_them(pentago) -> None:  # type: ignore[no-untyped-def]
    spiel = pyspiel.load_game("pentago").new_initial_state()
    spiel.apply_action(0)  # a1s: black's marble in the top-left corner, turned anticlockwise
    assert spiel_board(spiel) == {"a4": "black"}
    spiel.apply_action(5 * 8 + 3)  # f1v: white's in the top-right corner, turned clockwise
    assert spiel_board(spiel) == {"a4": "black", "f4": "white"}


def test_perft_1_by_turns_matches_openspiel(pentago) -> None:  # type: ignore[no-untyped-def]
    start = pyspiel.load_game("pentago").new_initial_state()
    assert perft_turns(pentago.new_initial_state(), 1) == len(start.legal_actions()) == 288


@pytest.mark.slow
def test_perft_2_by_turns_matches_openspiel(pentago) -> None:  # type: ignore[no-untyped-def]
    start = pyspiel.load_game("pentago").new_initial_state()
    assert perft_turns(pentago.new_initial_state(), 2) == \
        sum(len(start.child(a).legal_actions()) for a in start.legal_actions()) == 80640


def test_a_few_random_games_agree_with_openspiel(pentago) -> None:  # type: ignore[no-untyped-def]
    assert sum(play_side_by_side(pentago, 2, 2).values()) == 2


@pytest.mark.slow
def test_many_random_games_agree_with_openspiel(pentago) -> None:  # type: ignore[no-untyped-def]
    outcomes = play_side_by_side(pentago, 250, 9)
    assert outcomes[(1.0, -1.0)] and outcomes[(-1.0, 1.0)] and outcomes[(0.0, 0.0)]


@pytest.mark.slow
def test_native_kernels_count_openspiels_perft_3() -> None:
    from framework.native.backend import NativeGame

    from .spiel import openspiel_perft

    native = NativeGame(load_game(FILE))  # a placement and its rotation: one native move
    start = pyspiel.load_game("pentago").new_initial_state()
    assert native.perft(native.initial(), 3) == openspiel_perft(start, 3) == 21934080


def test_validate_says_the_native_backend_plays_pentago() -> None:
    from framework.native.assemble import support_of

    assert support_of(load_game(FILE)) is None
    # The rotation is a choice folded into the placement before it: never a first move.
    first = GRID.replace("options: [{type: place, piece: stone}]",
                         "options: [{type: rotate, zones: [low]}]")
    assert "rotate in the turn's first phase" in (support_of(load_game_text(first)) or "")


GRID = """
name: Twister
players: [red, blue]
board: {type: grid, rows: 4, columns: 4}
zones:
  low: [a1, b1, a2, b2]
  ring: [a1, b1, c1]
pieces: {stone: {}}
turn:
  - name: place
    type: moves
    options: [{type: place, piece: stone}]
  - name: twist
    type: moves
    options: [{type: rotate, zones: [low], turns: [clockwise]}]
goals: [{type: line, length: 4}]
result: {type: draw}
max_plies: 32
"""


def test_a_quarter_turn_moves_every_piece_round_the_square() -> None:
    game = load_game_text(GRID)
    state = game.new_initial_state()
    state.apply("a2")  # the top-left of the 2×2 square
    assert [a.notation for a in state.legal_actions()] == ["low+"]
    state.apply("low+")
    assert our_board(state) == {"b2": "red"}  # clockwise: top-left to top-right
    state.apply("a1")
    state.apply("low+")
    assert our_board(state) == {"b1": "red", "a2": "blue"}


def test_a_region_that_is_no_square_is_refused() -> None:
    from framework.errors import BoardspecError

    with pytest.raises(BoardspecError, match="not a full square"):
        load_game_text(GRID.replace("zones: [low]", "zones: [ring]"))


def test_a_rotation_takes_a_then_that_needs_no_landed_piece() -> None:
    from framework.check.reference import ReferenceGame
    from framework.errors import BoardspecError
    from framework.perft import perft

    from .test_composition import reference_perft

    # The mover places and twists again while they have at most one stone: each player's
    # first turn is two placements and two twists.
    again = GRID.replace("options: [{type: rotate, zones: [low], turns: [clockwise]}]",
                         "options: [{type: rotate, zones: [low], turns: [clockwise], then: "
                         "[{type: again, if: {type: count, of: mover, at_most: 1}}]}]")
    game = load_game_text(again)
    state = game.new_initial_state()
    for move in ("a2", "low+", "d4"):
        state.apply(move)
        assert state.to_json()["to_move"] == "red"
    state.apply("low+")
    assert state.to_json()["to_move"] == "blue"
    assert our_board(state) == {"b1": "red", "d4": "red"}
    ref = ReferenceGame(game.spec)  # the reference twin plays the same rule
    start, theirs = game.new_initial_state(), ref.initial()
    assert [perft(start, d) for d in (1, 2, 3, 4)] == \
        [reference_perft(ref, theirs, d) for d in (1, 2, 3, 4)] == [16, 16, 240, 240]
    # A consequence that acts around a landed piece cannot follow a rotation.
    custodial = again.replace("{type: again, if: {type: count, of: mover, at_most: 1}}",
                              "{type: convert_adjacent}")
    with pytest.raises(BoardspecError, match="'rotate' lands no piece"):
        load_game_text(custodial)
