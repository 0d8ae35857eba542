"""English draughts (games/checkers.yaml) against the published perft counts, pydraughts
and OpenSpiel's ``checkers``.

How the turns line up:

- **Perft** counts whole turns (``perft_turns``): a multi-jump is several actions of ours (one
  per jump, the turn's ``chain`` slot holding the jumping piece) and one move, as the
  published counts and pydraughts count it.
- **pydraughts** plays a whole multi-jump as one move (``steps_move``: the squares it
  passes through); our turn ``a1xc3 c3xe5`` is the path a1, c3, e5. Its numbering has the
  first player (black) on squares 1-12 at the top; ours has black on rows 1-3 at the
  bottom, so a square maps to our cell turned half way round the board.
- **OpenSpiel** plays one jump per action, exactly as we do: its ``a1c3`` is our ``a1xc3``,
  its ``a3b4`` our ``a3-b4``, and during a chain both keep the same player to move. So
  legal-move sets, the player to move, terminal flags and returns agree at every action.
  Its player 0 (``o``, on rows 1-3, moving first) is our black.

Documented differences (pinned by the tests below): none in play. OpenSpiel calls its
first player "White"; we call it black, as the English rules do (black moves first). Its
draw rule — 40 actions in a row without a capture — is ours too (``halfmove_clock``, 40
turns: a turn without a capture is one action); the real rule is a draw by agreement or by
a 40-moves-each claim, which no engine plays.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from framework import load_game
from framework.engine.state import State
from framework.engine.turns import perft_turns, turns_with_states

ROOT = Path(__file__).resolve().parent.parent
GAME = load_game(ROOT / "games" / "checkers.yaml")
PUBLISHED = [7, 49, 302, 1469, 7361, 36768]  # English draughts perft 1-6 from the start


@pytest.mark.parametrize("depth", range(1, 7))
def test_published_perft_by_whole_turns(depth: int) -> None:
    assert perft_turns(GAME.new_initial_state(), depth) == PUBLISHED[depth - 1]


def test_a_multi_jump_is_several_actions_and_one_turn() -> None:
    state = GAME.state_from_json({"to_move": "black", "cells": {
        "a1": "black", "b2": "white", "d4": "white", "f6": "white", "h8": "white"}})
    turns = [t.notation for t, _ in turns_with_states(state)]
    assert turns == ["a1xc3 c3xe5 e5xg7"]
    state.apply("a1xc3")
    assert state.current_player == 0 and state.to_json()["chain"] == "c3"
    assert [a.notation for a in state.legal_actions()] == ["c3xe5"]


def test_a_man_crowned_by_a_jump_ends_the_turn() -> None:
    # b6xd8 crowns the man; as a king it could jump d8xf6 at once, but the turn is over.
    state = GAME.state_from_json({"to_move": "black", "cells": {
        "b6": "black", "c7": "white", "e7": "white", "a1": "white"}})
    state.apply("b6xd8")
    assert state.to_move == 1
    assert state.to_json()["cells"]["d8"] == {"owner": "black", "piece": "king"}


def test_forty_turns_without_a_capture_draw() -> None:
    state = GAME.state_from_json({"to_move": "black", "halfmove": 39, "cells": {
        "a1": {"owner": "black", "piece": "king"}, "h8": {"owner": "white", "piece": "king"}}})
    state.apply("a1-b2")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_fen_round_trips_at_the_start_of_every_turn() -> None:
    assert GAME.new_initial_state().to_fen() == "wwww/wwww/wwww/4/4/bbbb/bbbb/bbbb b 0 1"
    rng = random.Random(7)
    state = GAME.new_initial_state()
    kings = 0
    while not state.is_terminal():
        if "chain" not in state.to_json():  # a FEN is a position at the start of a turn
            assert GAME.state_from_fen(state.to_fen()) == state
            kings += state.to_fen().count("B") + state.to_fen().count("W")
        state.apply(rng.choice(state.legal_actions()))
    assert kings  # kings were written and read back too


# pydraughts ----------------------------------------------------------------------------
@pytest.fixture
def draughts() -> Any:
    return pytest.importorskip("draughts")


def _cell(square: int) -> str:
    """Our cell of a pydraughts square (standard numbering, turned half way round)."""
    row_from_top, k = divmod(square - 1, 4)
    col = 2 * k + 1 if row_from_top % 2 == 0 else 2 * k
    return f"{'abcdefgh'[7 - col]}{row_from_top + 1}"


def _their_turns(board: Any) -> set[tuple[str, ...]]:
    return {tuple(_cell(s) for s in m.steps_move) for m in board.legal_moves()}


def _our_turns(state: State) -> dict[tuple[str, ...], State]:
    found = {}
    for turn, child in turns_with_states(state):
        cells = [turn.actions[0].notation[:2]] + [a.notation[-2:] for a in turn.actions]
        found[tuple(cells)] = child
    return found


@pytest.mark.parametrize("depth", range(1, 4))
def test_pydraughts_counts_the_same(draughts: Any, depth: int) -> None:
    def perft(board: Any, d: int) -> int:
        moves = board.legal_moves()
        if d == 1:
            return len(moves)
        total = 0
        for move in moves:
            board.push(move)
            total += perft(board, d - 1)
            board.pop()
        return total
    assert perft(draughts.Board(variant="english"), depth) == PUBLISHED[depth - 1]


def _side_by_side_with_pydraughts(draughts: Any, games: int, seed: int) -> int:
    rng = random.Random(seed)
    turns_compared = 0
    for _ in range(games):
        board = draughts.Board(variant="english")
        state = GAME.new_initial_state()
        while not state.is_terminal():
            ours = _our_turns(state)
            assert set(ours) == _their_turns(board), state.to_json()
            path = rng.choice(sorted(ours))
            move = next(m for m in board.legal_moves()
                        if tuple(_cell(s) for s in m.steps_move) == path)
            board.push(move)
            state = ours[path]
            turns_compared += 1
        if state.winners:  # a win: the loser has no move in pydraughts either
            assert board.legal_moves() == []
    return turns_compared


def test_random_games_side_by_side_with_pydraughts(draughts: Any) -> None:
    assert _side_by_side_with_pydraughts(draughts, games=8, seed=1) > 8 * 20


@pytest.mark.slow
def test_many_random_games_side_by_side_with_pydraughts(draughts: Any) -> None:
    _side_by_side_with_pydraughts(draughts, games=100, seed=2)


@pytest.mark.slow
@pytest.mark.parametrize("depth", [4, 5])
def test_pydraughts_counts_the_same_deeper(draughts: Any, depth: int) -> None:
    board = draughts.Board(variant="english")

    def perft(d: int) -> int:
        moves = board.legal_moves()
        if d == 1:
            return len(moves)
        total = 0
        for move in moves:
            board.push(move)
            total += perft(d - 1)
            board.pop()
        return total
    assert perft(depth) == PUBLISHED[depth - 1]


# OpenSpiel -----------------------------------------------------------------------------
@pytest.fixture
def pyspiel() -> Any:
    return pytest.importorskip("pyspiel")


def _plain(notation: str) -> str:
    """Our notation as OpenSpiel writes it: a3-b4 → a3b4, a1xc3 → a1c3."""
    return notation.replace("-", "").replace("x", "")


def _side_by_side_with_openspiel(pyspiel: Any, games: int, seed: int
                                 ) -> tuple[int, set[tuple[float, ...]]]:
    game = pyspiel.load_game("checkers")
    rng = random.Random(seed)
    actions = 0
    outcomes: set[tuple[float, ...]] = set()
    for _ in range(games):
        theirs = game.new_initial_state()
        mine = GAME.new_initial_state()
        while True:
            assert theirs.is_terminal() == mine.is_terminal(), (theirs, mine.to_json())
            assert theirs.returns() == mine.returns()
            if theirs.is_terminal():
                break
            assert theirs.current_player() == mine.current_player
            legal = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
            ours = {_plain(a.notation): a for a in mine.legal_actions()}
            assert set(legal) == set(ours), (theirs, mine.to_json())
            chosen = rng.choice(sorted(legal))
            theirs.apply_action(legal[chosen])
            mine.apply_unchecked(ours[chosen])
            actions += 1
        assert theirs.returns() == mine.returns()
        outcomes.add(tuple(mine.returns()))
    return actions, outcomes


def test_random_games_side_by_side_with_openspiel(pyspiel: Any) -> None:
    actions, outcomes = _side_by_side_with_openspiel(pyspiel, games=300, seed=3)
    assert actions > 300 * 30
    # Wins for each side and draws by the 40-turn rule all came up, and agreed.
    assert outcomes == {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)}


@pytest.mark.slow
def test_thousands_of_random_games_side_by_side_with_openspiel(pyspiel: Any) -> None:
    _side_by_side_with_openspiel(pyspiel, games=3000, seed=4)


def test_the_english_rulebook_says_men() -> None:
    from framework.plugins import counted, untranslated

    assert [counted(untranslated, "man", n) for n in (1, 12)] == ["man", "men"]
    text = (ROOT / "docs" / "rulebooks" / "en" / "checkers.md").read_text(encoding="utf-8")
    assert "Each player starts with 12 men." in text and "mans" not in text
