"""Gomoku as data (``place`` anywhere, the ``line`` goal with five), checked move for move
against OpenSpiel's C++ ``gomoku`` (no one here wrote it).

OpenSpiel 2.0.2's ``gomoku`` (size 15, connect 5) is the free-style game our file plays:
black (its player 0) first, five *or more* in a row win (its win test counts up to five
stones through the last one placed, so an overline wins too), and a full board with no row
ends the game as a draw. Its action ``15·r + c`` (written ``"r,c"``) is the point of row
``r`` counted from the top and column ``c`` from the left: our cell of file ``c`` (a..o)
and rank ``15 − r``, so both engines draw the same picture.
"""

from __future__ import annotations

import random
import time
from collections import Counter

import pyspiel
import pytest

from framework import load_game, load_game_text
from framework.engine.action import Action
from framework.perft import perft

from .conftest import ROOT

PATH = ROOT / "games" / "gomoku.yaml"
GAME = load_game(PATH)
SIZE = 15
FILES = "abcdefghijklmno"


def cell_of(action: int) -> str:
    row, col = divmod(action, SIZE)
    return f"{FILES[col]}{SIZE - row}"


def action_of(cell: str) -> int:
    return (SIZE - int(cell[1:])) * SIZE + FILES.index(cell[0])


#: OpenSpiel's number of each of our actions, and back.
TO_SPIEL = {action: action_of(action.notation)
            for action in GAME.phases[0].action_space()}
FROM_SPIEL = {n: a for a, n in TO_SPIEL.items()}
SPIEL_NUMBER = {a.notation: n for a, n in TO_SPIEL.items()}


def test_the_notation_mapping_is_a_bijection_that_keeps_the_picture() -> None:
    assert sorted(TO_SPIEL.values()) == list(range(SIZE * SIZE))
    assert pyspiel.load_game("gomoku").num_distinct_actions() == len(GAME.codec) == 225
    spiel = pyspiel.load_game("gomoku").new_initial_state()
    for action in (0, 14, 112, 210):
        assert spiel.action_to_string(action) == f"{action // SIZE},{action % SIZE}"
    assert cell_of(0) == "a15" and cell_of(224) == "o1" and cell_of(112) == "h8"
    # The same stones, the same picture: OpenSpiel's board text, top row first.
    ours = GAME.new_initial_state()
    for action in (0, 16, 224, 30):
        spiel.apply_action(action)
        ours.apply(FROM_SPIEL[action])
    rows = str(spiel).split("\n")[1:]
    for r, row in enumerate(rows):
        for c, mark in enumerate(row):
            owner = ours.to_json()["cells"].get(f"{FILES[c]}{SIZE - r}", {}).get("owner")
            assert {"b": "black", "w": "white", ".": None}[mark] == owner


def spiel_perft(state: pyspiel.State, depth: int) -> int:
    if state.is_terminal():
        return 0
    if depth == 1:
        return len(state.legal_actions())
    return sum(spiel_perft(state.child(a), depth - 1) for a in state.legal_actions())


def falling_factorial(depth: int) -> int:
    """No row can be made before the ninth ply: 225 · 224 · … leaves."""
    leaves = 1
    for i in range(depth):
        leaves *= 225 - i
    return leaves


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_from_the_start_agrees_with_openspiel(depth: int) -> None:
    assert perft(GAME.new_initial_state(), depth) == falling_factorial(depth)
    spiel = pyspiel.load_game("gomoku").new_initial_state()
    assert spiel_perft(spiel, depth) == falling_factorial(depth)


@pytest.mark.slow
def test_perft_4_from_the_start_agrees_with_openspiel() -> None:
    assert perft(GAME.new_initial_state(), 4) == falling_factorial(4) == 2_495_102_400
    spiel = pyspiel.load_game("gomoku").new_initial_state()
    assert spiel_perft(spiel, 4) == falling_factorial(4)


def test_perft_near_the_end_of_a_game_agrees_with_openspiel() -> None:
    """Where rows are made: perft 2 from positions a few plies before random games end."""
    rng = random.Random(9)
    spiel_game = pyspiel.load_game("gomoku")
    for _ in range(3):
        moves = []
        theirs = spiel_game.new_initial_state()
        while not theirs.is_terminal():
            moves.append(rng.choice(theirs.legal_actions()))
            theirs.apply_action(moves[-1])
        theirs = spiel_game.new_initial_state()
        ours = GAME.new_initial_state()
        for action in moves[:-4]:
            theirs.apply_action(action)
            ours.apply_unchecked(FROM_SPIEL[action])
        assert perft(ours, 2) == spiel_perft(theirs, 2)


def legal_in_spiel_numbers(actions: list[Action]) -> list[int]:
    return sorted([SPIEL_NUMBER[a.notation] for a in actions])


def play_side_by_side(rng: random.Random, spiel_game: pyspiel.Game) -> tuple[float, ...]:
    """One random game in both engines, compared at every ply; its returns."""
    ours, theirs = GAME.new_initial_state(), spiel_game.new_initial_state()
    while True:
        assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
        assert ours.returns() == theirs.returns(), str(theirs)
        if theirs.is_terminal():
            return tuple(theirs.returns())
        assert ours.current_player == theirs.current_player()
        legal = theirs.legal_actions()
        assert legal_in_spiel_numbers(ours.legal_actions()) == legal, str(theirs)
        action = rng.choice(legal)
        theirs.apply_action(action)
        ours.apply_unchecked(FROM_SPIEL[action])


def play_for(seconds: float, seed: int, at_most: int) -> Counter[tuple[float, ...]]:
    rng = random.Random(seed)
    spiel_game = pyspiel.load_game("gomoku")
    outcomes: Counter[tuple[float, ...]] = Counter()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and sum(outcomes.values()) < at_most:
        outcomes[play_side_by_side(rng, spiel_game)] += 1
    return outcomes


def test_random_games_agree_with_openspiel_at_every_ply() -> None:
    # As many games as fit in about 15 seconds (a few hundred on a busy CI machine).
    outcomes = play_for(15.0, 7, 5000)
    assert sum(outcomes.values()) >= 50
    assert outcomes[(1.0, -1.0)] > 0 and outcomes[(-1.0, 1.0)] > 0


@pytest.mark.slow
def test_thousands_of_random_games_agree_with_openspiel() -> None:
    outcomes = play_for(3600.0, 77, 5000)
    assert sum(outcomes.values()) == 5000


#: A full board with no five: the cells of file ``c`` and rank ``r`` (from 0) where
#: ``(r + 2c) mod 4 < 2`` are black — runs of at most two along every line, and 113 black
#: stones against 112 white ones, as a full game has.
def drawn_board() -> tuple[list[str], list[str]]:
    black, white = [], []
    for name in GAME.board.names:
        r, c = int(name[1:]) - 1, FILES.index(name[0])
        (black if (r + 2 * c) % 4 < 2 else white).append(name)
    return black, white


def test_a_full_board_without_five_is_a_draw_in_both_engines() -> None:
    black, white = drawn_board()
    assert (len(black), len(white)) == (113, 112)
    ours, theirs = GAME.new_initial_state(), pyspiel.load_game("gomoku").new_initial_state()
    for i in range(225):
        cell = (black if i % 2 == 0 else white)[i // 2]
        assert not ours.is_terminal() and not theirs.is_terminal()
        ours.apply(cell)
        theirs.apply_action(action_of(cell))
    assert ours.is_terminal() and theirs.is_terminal()
    assert ours.returns() == theirs.returns() == [0.0, 0.0]


def overline(game_text: str | None = None) -> tuple[list[float], list[float]]:
    """Black fills the gap of a1 b1 _ d1 e1 f1: six in a row. The returns of both engines."""
    game = GAME if game_text is None else load_game_text(game_text)
    ours, theirs = game.new_initial_state(), pyspiel.load_game("gomoku").new_initial_state()
    for black, white in [("a1", "a5"), ("b1", "b5"), ("d1", "d5"), ("e1", "e6"),
                         ("f1", "f6"), ("c1", None)]:
        for cell in (black, white):
            if cell:
                assert not ours.is_terminal() and not theirs.is_terminal()
                ours.apply(cell)
                theirs.apply_action(action_of(cell))
    assert ours.is_terminal() == theirs.is_terminal() or game_text is not None
    return ours.returns(), theirs.returns()


def test_an_overline_wins_in_both_engines_free_style() -> None:
    ours, theirs = overline()
    assert ours == theirs == [1.0, -1.0]


def test_standard_gomoku_is_one_keyword_away_and_differs_from_openspiel_there() -> None:
    """``exactly: true`` (standard Gomoku: an overline does not win). OpenSpiel has no such
    option: there the six win; here the game goes on."""
    text = PATH.read_text(encoding="utf-8").replace("{type: line, length: 5}",
                                                    "{type: line, length: 5, exactly: true}")
    assert "exactly: true" in text
    ours, theirs = overline(text)
    assert theirs == [1.0, -1.0]
    assert ours == [0.0, 0.0]


def test_rows_and_diagonals_win_in_both_engines() -> None:
    spiel_game = pyspiel.load_game("gomoku")
    for line in (["c3", "d4", "e5", "f6", "g7"], ["o11", "n12", "m13", "l14", "k15"],
                 ["h1", "h2", "h3", "h4", "h5"], ["k9", "l9", "m9", "n9", "o9"]):
        ours, theirs = GAME.new_initial_state(), spiel_game.new_initial_state()
        others = [c for c in ("a1", "a3", "a5", "a7", "a9", "a11") if c not in line]
        for black, white in zip(line, others[:5], strict=True):
            for cell in (black, white):
                if not ours.is_terminal():
                    ours.apply(cell)
                    theirs.apply_action(action_of(cell))
        assert ours.is_terminal() and theirs.is_terminal(), line
        assert ours.returns() == theirs.returns() == [1.0, -1.0]
