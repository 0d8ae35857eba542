"""Shogi (games/shogi.yaml, no Python of its own) against the published perft counts and
OpenSpiel's C++ ``shogi``, move for move: the legal moves (drops and promotions spelled as
OpenSpiel spells them), the player to move, the terminal flag and the returns."""

from __future__ import annotations

import random
from typing import Any

import pytest

from framework import load_game
from framework.engine.state import State
from framework.engine.turns import perft_turns, turns_with_states
from tests.conftest import DATA, ROOT

GAME = load_game(ROOT / "games" / "shogi.yaml")
PUBLISHED = {int(d): int(n) for d, n in (
    line.split("\t") for line in (DATA / "shogi-perft.tsv").read_text().splitlines()
    if line and not line.startswith("#"))}
LETTERS = {"P": "pawn", "L": "lance", "N": "knight", "S": "silver", "G": "gold", "B": "bishop",
           "R": "rook", "K": "king"}
PROMOTED = {"pawn": "tokin", "lance": "promoted_lance", "knight": "promoted_knight",
            "silver": "promoted_silver", "bishop": "horse", "rook": "dragon"}


def square(cell: str) -> str:
    """OpenSpiel's name of our cell: file a..i is 9..1, row 1..9 is rank i..a."""
    return f"{9 - (ord(cell[0]) - ord('a'))}{chr(ord('i') - (int(cell[1:]) - 1))}"


def from_sfen(sfen: str) -> State:
    """Our state of an SFEN position (board, side, hands; the move number is not kept)."""
    board, side, hands, _ = sfen.split()
    cells: dict[str, Any] = {}
    for r, row in enumerate(board.split("/")):
        x, promoted = 0, False
        for c in row:
            if c.isdigit():
                x += int(c)
            elif c == "+":
                promoted = True
            else:
                kind = LETTERS[c.upper()]
                cells[f"{chr(ord('a') + x)}{9 - r}"] = {
                    "owner": "black" if c.isupper() else "white",
                    "piece": PROMOTED[kind] if promoted else kind}
                x, promoted = x + 1, False
    data: dict[str, Any] = {"game": "Shogi", "to_move": "black" if side == "b" else "white",
                            "cells": cells}
    for player in ("black", "white"):
        for kind in PROMOTED:
            data[f"hand.{player}.{kind}"] = 0
        data[f"hand.{player}.gold"] = 0
    count = 0
    for c in "" if hands == "-" else hands:
        if c.isdigit():
            count = count * 10 + int(c)
            continue
        key = f"hand.{'black' if c.isupper() else 'white'}.{LETTERS[c.upper()]}"
        data[key] += count or 1
        count = 0
    return GAME.state_from_json(data)


def spelled_turns(state: State) -> dict[str, State]:
    """Every whole turn, spelled as OpenSpiel writes the move, with the state it leads to:
    a drop ``P*5e``, a move ``7g7f``, and ``+`` when the moving piece ends promoted (by the
    player's choice or by force)."""
    names = GAME.board.names
    found: dict[str, State] = {}
    for turn, after in turns_with_states(state):
        first = turn.actions[0]
        if first.src < 0:
            text = first.notation[:2] + square(names[first.at])
        else:
            before = state.kind_of(first.src)
            text = square(names[first.src]) + square(names[first.dst])
            if after.kind_of(first.dst) != before:
                text += "+"
        assert text not in found, text
        found[text] = after
    return found


def play_side_by_side(seed: int, max_plies: int | None = None,
                      start: str | None = None) -> int:
    """One random game in both, compared at every ply; returns the plies played."""
    pyspiel = pytest.importorskip("pyspiel")
    rng = random.Random(seed)
    game = pyspiel.load_game("shogi")
    theirs = game.new_initial_state(start) if start else game.new_initial_state()
    ours = from_sfen(start) if start else GAME.new_initial_state()
    ply = 0
    while True:
        where = f"seed {seed}, ply {ply}: {theirs}"
        assert ours.is_terminal() == theirs.is_terminal(), where
        assert ours.returns() == theirs.returns(), where
        if theirs.is_terminal() or (max_plies is not None and ply >= max_plies):
            return ply
        assert ours.current_player == theirs.current_player(), where
        mine = spelled_turns(ours)
        named = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
        assert sorted(mine) == sorted(named), where
        move = rng.choice(sorted(named))
        theirs.apply_action(named[move])
        ours = mine[move]
        ply += 1


@pytest.mark.parametrize("depth", [1, 2, *(pytest.param(d, marks=pytest.mark.slow)
                                           for d in (3, 4))])
def test_published_perft_from_the_start(depth: int) -> None:
    assert perft_turns(GAME.new_initial_state(), depth) == PUBLISHED[depth]


@pytest.mark.slow
def test_openspiel_counts_the_published_perft() -> None:
    # To depth 5, the depth OpenSpiel reaches within a minute; ours is compared with the
    # same counts to depth 4 above, and at depth 5 first move by first move below (some
    # 17 minutes of CPU for the Python engine in all; the native backend does not play
    # shogi yet).
    pyspiel = pytest.importorskip("pyspiel")
    from tests.spiel import openspiel_perft

    start = pyspiel.load_game("shogi").new_initial_state()
    assert [openspiel_perft(start, d) for d in range(1, 6)] == [PUBLISHED[d] for d in range(1, 6)]


@pytest.mark.slow
def test_perft_3_move_by_move_equals_openspiels() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from tests.spiel import openspiel_perft

    theirs = pyspiel.load_game("shogi").new_initial_state()
    named = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
    ours = spelled_turns(GAME.new_initial_state())
    assert sorted(ours) == sorted(named)
    for move, after in ours.items():
        assert perft_turns(after, 2) == openspiel_perft(theirs.child(named[move]), 2), move


FIRST_MOVES = sorted(spelled_turns(GAME.new_initial_state()))


@pytest.mark.slow
@pytest.mark.parametrize("move", FIRST_MOVES)
def test_perft_5_by_first_move_equals_openspiels(move: str) -> None:
    """Depth 5, the depth OpenSpiel reaches within a minute, by the 30 first moves: our
    perft 4 after each equals OpenSpiel's after the same move (about 35 s of CPU each for
    the Python engine, so xdist spreads them; their sum, OpenSpiel's depth 5, is the
    published 19,861,490 above)."""
    pyspiel = pytest.importorskip("pyspiel")
    from tests.spiel import openspiel_perft

    theirs = pyspiel.load_game("shogi").new_initial_state()
    named = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
    after = spelled_turns(GAME.new_initial_state())[move]
    assert perft_turns(after, 4) == openspiel_perft(theirs.child(named[move]), 4), move


def test_the_native_backend_plays_shogi() -> None:
    from framework.native import support_of

    assert support_of(GAME) is None


def test_random_games_agree_with_openspiel() -> None:
    assert sum(play_side_by_side(seed, 30) for seed in range(2)) == 60


@pytest.mark.slow
def test_many_random_games_agree_with_openspiel() -> None:
    assert sum(play_side_by_side(seed) for seed in range(200)) > 50_000


def play_moves(start: str, moves: list[str]) -> tuple[Any, State]:
    """Play OpenSpiel moves from an SFEN start in both, comparing at every ply."""
    pyspiel = pytest.importorskip("pyspiel")
    theirs = pyspiel.load_game("shogi").new_initial_state(start)
    ours = from_sfen(start)
    for move in [*moves, None]:
        assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
        assert ours.returns() == theirs.returns(), str(theirs)
        if theirs.is_terminal():
            break
        named = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
        mine = spelled_turns(ours)
        assert sorted(mine) == sorted(named), str(theirs)
        if move is None:
            break
        theirs.apply_action(named[move])
        ours = mine[move]
    return theirs, ours


# Positions for one rule each, compared with OpenSpiel in full (every legal move).
MATE_BY_PAWN = "8k/9/6NG1/9/9/9/9/9/4K4 b GP 1"   # P*1b would mate: not legal; G*1b is
RULES = [
    MATE_BY_PAWN,
    "4k4/9/9/9/9/9/4P4/9/4K4 b P 1",              # no second pawn on file 5
    "k8/4P4/9/4P4/9/9/9/9/4K4 b NL 1",            # a pawn must promote on rank a; drops
    "4k4/1N7/L8/9/9/9/6+r2/9/4K4 w 2p 1",         # a dragon, and white drops pawns
    "4k4/9/4B4/9/9/9/9/9/4K4 b - 1",              # a bishop leaving the camp may promote
]


@pytest.mark.parametrize("start", RULES)
def test_rule_positions_agree_with_openspiel(start: str) -> None:
    play_moves(start, [])


def test_a_pawn_drop_may_not_mate_but_a_gold_drop_may() -> None:
    theirs, ours = play_moves(MATE_BY_PAWN, [])
    assert "P*1b" not in spelled_turns(ours) and "G*1b" in spelled_turns(ours)
    theirs, ours = play_moves(MATE_BY_PAWN, ["G*1b"])
    assert ours.is_terminal() and ours.returns() == [1.0, -1.0] == theirs.returns()


def test_a_captured_dragon_goes_to_the_hand_as_a_rook() -> None:
    _, ours = play_moves("4k4/9/9/9/9/9/9/4+r4/4K4 b - 1", ["5i5h"])
    assert ours.to_json()["hand.black.rook"] == 1
    assert "R*5e" in spelled_turns(ours.child(ours.legal_actions()[0]))


def test_perpetual_check_loses_at_the_fourth_repetition() -> None:
    # Black's rook checks from 5e and 4e while the white king goes between 5a and 4a: the
    # position after 5e comes back a fourth time at the 13th move, black has given check
    # at each of its 7 moves, and loses.
    moves = ["6e5e", "5a4a", "5e4e", "4a5a", "4e5e", "5a4a", "5e4e", "4a5a", "4e5e",
             "5a4a", "5e4e", "4a5a", "4e5e"]
    theirs, ours = play_moves("4k4/9/9/9/3R5/9/9/9/4K4 b - 1", moves)
    assert ours.is_terminal() and ours.returns() == [-1.0, 1.0] == theirs.returns()


def test_fourfold_repetition_without_checks_is_a_draw() -> None:
    moves = ["5i4i", "5a4a", "4i5i", "4a5a"] * 3
    theirs, ours = play_moves("4k4/9/9/9/9/9/9/9/4K4 b - 1", moves)
    assert ours.is_terminal() and ours.returns() == [0.0, 0.0] == theirs.returns()


# The native kernels (framework/native) against the engine ----------------------------
@pytest.fixture(scope="module")
def native() -> Any:
    """Shogi's kernels (a board of 81 cells: masks of two words; about 50 s of CPU to
    compile cold, so the tests that use them are slow)."""
    pytest.importorskip("numba")
    from framework.native import NativeGame, support_of

    assert support_of(GAME) is None
    return NativeGame(GAME)


@pytest.mark.slow
def test_native_perft_is_the_published(native: Any) -> None:
    """The royal restriction, drops out of the hands (not a pawn that mates), captures
    into them and the promotions folded into the move (a native move is a whole turn)
    count the published perft to depth 5."""
    assert [native.perft(native.initial(), d) for d in range(1, 6)] == \
        [PUBLISHED[d] for d in range(1, 6)]


def native_turns(native: Any, state: State) -> dict[str, int]:
    """The native moves of ``state``, spelled as ``spelled_turns`` spells the engine's."""
    names = GAME.board.names
    found = {}
    for move in native.legal(native.encode(state)):
        actions = native.turn_of(state, move)
        after = state.clone()
        for action in actions:
            after.apply(action)
        first = actions[0]
        if first.src < 0:
            text = first.notation[:2] + square(names[first.at])
        else:
            text = square(names[first.src]) + square(names[first.dst])
            if after.kind_of(first.dst) != state.kind_of(first.src):
                text += "+"
        found[text] = move
    return found


def replay_natively(native: Any, start: str, moves: list[str]) -> State:
    """The moves from an SFEN start, natively and in the engine (which the tests above
    hold against OpenSpiel): the same legal turns, states and ending at every ply."""
    ours = from_sfen(start)
    st = native.encode(ours)
    for move in moves:
        mine = native_turns(native, ours)
        assert sorted(mine) == sorted(spelled_turns(ours))
        st = native.play(st, mine[move])
        ours = spelled_turns(ours)[move]
        assert native.snapshot(st) == native.python_snapshot(ours), move
    return ours


@pytest.mark.slow
@pytest.mark.parametrize("start", RULES)
def test_native_rule_positions_agree_with_the_engine(native: Any, start: str) -> None:
    ours = from_sfen(start)
    assert sorted(native_turns(native, ours)) == sorted(spelled_turns(ours))


@pytest.mark.slow
def test_native_perpetual_check_and_fourfold_repetition(native: Any) -> None:
    checks = ["6e5e", "5a4a", "5e4e", "4a5a", "4e5e", "5a4a", "5e4e", "4a5a", "4e5e",
              "5a4a", "5e4e", "4a5a", "4e5e"]
    end = replay_natively(native, "4k4/9/9/9/3R5/9/9/9/4K4 b - 1", checks)
    assert end.returns() == [-1.0, 1.0]
    quiet = ["5i4i", "5a4a", "4i5i", "4a5a"] * 3
    end = replay_natively(native, "4k4/9/9/9/9/9/9/9/4K4 b - 1", quiet)
    assert end.is_terminal() and end.returns() == [0.0, 0.0]
