"""Amazons as data (per-kind ``moves``, ``slide``, a shot: ``slide`` from the landed cell
with ``effect: place``), against OpenSpiel's ``amazons``.

How the turns map: OpenSpiel splits a turn into three actions (choose an amazon, its
destination, the arrow's cell); ours has two, the move ``d1d7`` (phase ``move``) and the
shot ``/d9`` (phase ``shoot``). At every one of our plies the legal sets are compared:
our moves with OpenSpiel's (amazon, destination) pairs, our shots with its arrow cells.
OpenSpiel's cell ``r * 10 + c`` counts rows from the top: it is our file ``c``, rank
``10 - r``; its first player (X) is white.
"""

from __future__ import annotations

import random
from collections import Counter

import pyspiel
import pytest

from framework import load_game
from framework.engine.turns import perft_turns

from .conftest import ROOT

GAME = load_game(ROOT / "games" / "amazons.yaml")
SPIEL = pyspiel.load_game("amazons")


def cell(action: int) -> str:
    return f"{'abcdefghij'[action % 10]}{10 - action // 10}"


def spiel_moves(state: pyspiel.State) -> dict[str, tuple[int, int]]:
    """OpenSpiel's (amazon, destination) pairs of the player to move, in our notation."""
    found = {}
    for src in state.legal_actions():
        chosen = state.child(src)
        for dst in chosen.legal_actions():
            found[cell(src) + cell(dst)] = (src, dst)
    return found


def spiel_turns(state: pyspiel.State, turns: int) -> int:
    """Whole turns (amazon, destination, arrow) to a depth, as ``perft_turns`` counts."""
    if state.is_terminal():
        return 0
    total = 0
    for src, dst in spiel_moves(state).values():
        moved = state.child(src)
        moved.apply_action(dst)
        if turns == 1:
            total += len(moved.legal_actions())
            continue
        for arrow in moved.legal_actions():
            total += spiel_turns(moved.child(arrow), turns - 1)
    return total


def test_first_turn_counts_agree_with_openspiel_and_the_published_2176() -> None:
    assert perft_turns(GAME.new_initial_state(), 1) == 2176
    assert spiel_turns(SPIEL.new_initial_state(), 1) == 2176


@pytest.mark.slow
def test_two_turns_agree_with_openspiel() -> None:
    ours = perft_turns(GAME.new_initial_state(), 2)
    assert ours == spiel_turns(SPIEL.new_initial_state(), 2) == 4307152


def play_side_by_side(games: int, seed: int) -> Counter[tuple[float, ...]]:
    rng = random.Random(seed)
    outcomes: Counter[tuple[float, ...]] = Counter()
    for _ in range(games):
        ours, theirs = GAME.new_initial_state(), SPIEL.new_initial_state()
        while True:
            assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
            assert ours.returns() == pytest.approx(theirs.returns())
            if theirs.is_terminal():
                break
            assert ours.current_player == theirs.current_player()
            moves = spiel_moves(theirs)
            assert {a.notation for a in ours.legal_actions()} == set(moves), str(theirs)
            move = rng.choice(sorted(moves))
            ours.apply(move)
            for action in moves[move]:
                theirs.apply_action(action)
            assert not ours.is_terminal() and ours.current_player == theirs.current_player()
            shots = {"/" + cell(a): a for a in theirs.legal_actions()}
            assert {a.notation for a in ours.legal_actions()} == set(shots), str(theirs)
            shot = rng.choice(sorted(shots))
            ours.apply(shot)
            theirs.apply_action(shots[shot])
        outcomes[tuple(theirs.returns())] += 1
    return outcomes


def test_random_games_agree_with_openspiel_at_every_ply() -> None:
    outcomes = play_side_by_side(150, 3)
    assert outcomes[(1.0, -1.0)] > 0 and outcomes[(-1.0, 1.0)] > 0


@pytest.mark.slow
def test_many_random_games_agree_with_openspiel() -> None:
    play_side_by_side(1000, 33)
