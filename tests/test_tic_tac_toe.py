"""Tic-tac-toe as data, checked against the published figures and, move for move, against
OpenSpiel's C++ ``tic_tac_toe`` (no one here wrote it).

OpenSpiel numbers its cells 0..8 row by row from the top left, crosses first: action
``3·r + c`` is our cell of column ``c`` (a..c) and rank ``3 − r``.
"""

from __future__ import annotations

import random
from collections import Counter

import pyspiel
import pytest

from framework import load_game
from framework.engine.state import State
from framework.perft import perft

from .conftest import ROOT

GAME = load_game(ROOT / "games" / "tic-tac-toe.yaml")


def cell_of(action: int) -> str:
    return f"{'abc'[action % 3]}{3 - action // 3}"


def walk_ours(state: State, depth: int, by_depth: Counter[int], finished: Counter[int]) -> None:
    by_depth[depth] += 1
    if state.is_terminal():
        finished[depth] += 1
        return
    for action in state.legal_actions():
        state.push(action)
        walk_ours(state, depth + 1, by_depth, finished)
        state.pop()


def walk_openspiel(state: pyspiel.State, depth: int, by_depth: Counter[int],
                   finished: Counter[int]) -> None:
    by_depth[depth] += 1
    if state.is_terminal():
        finished[depth] += 1
        return
    for action in state.legal_actions():
        child = state.child(action)
        walk_openspiel(child, depth + 1, by_depth, finished)


@pytest.mark.slow  # both whole trees, walked in Python: perft 9 below stays by default
def test_the_whole_game_tree_has_the_published_size_in_both_engines() -> None:
    ours: Counter[int] = Counter()
    our_ends: Counter[int] = Counter()
    walk_ours(GAME.new_initial_state(), 0, ours, our_ends)
    # The published figures: 549,946 positions in the game tree (the empty board counted),
    # of which 255,168 finished games.
    assert sum(ours.values()) == 549_946
    assert sum(our_ends.values()) == 255_168
    theirs: Counter[int] = Counter()
    their_ends: Counter[int] = Counter()
    walk_openspiel(pyspiel.load_game("tic_tac_toe").new_initial_state(), 0, theirs,
                   their_ends)
    assert ours == theirs and our_ends == their_ends


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5, 9])
def test_perft_from_the_start_equals_openspiel(depth: int) -> None:
    def openspiel_perft(state: pyspiel.State, d: int) -> int:
        if state.is_terminal():
            return 0
        if d == 1:
            return len(state.legal_actions())
        return sum(openspiel_perft(state.child(a), d - 1) for a in state.legal_actions())

    expected = openspiel_perft(pyspiel.load_game("tic_tac_toe").new_initial_state(), depth)
    assert perft(GAME.new_initial_state(), depth) == expected
    if depth == 9:
        assert expected == 127_872  # games that last all nine plies


def test_thousands_of_random_games_agree_with_openspiel_at_every_ply() -> None:
    rng = random.Random(2026)
    spiel = pyspiel.load_game("tic_tac_toe")
    outcomes: Counter[tuple[float, ...]] = Counter()
    for _ in range(3000):
        ours, theirs = GAME.new_initial_state(), spiel.new_initial_state()
        while True:
            assert ours.is_terminal() == theirs.is_terminal()
            assert ours.returns() == pytest.approx(theirs.returns())
            if theirs.is_terminal():
                break
            assert ours.current_player == theirs.current_player()
            legal = {a.notation for a in ours.legal_actions()}
            assert legal == {cell_of(a) for a in theirs.legal_actions()}
            action = rng.choice(theirs.legal_actions())
            theirs.apply_action(action)
            ours.apply(cell_of(action))
        outcomes[tuple(theirs.returns())] += 1
    # Wins for each side and draws were all played.
    assert set(outcomes) == {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)}
