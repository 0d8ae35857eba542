"""The history stack: ``push`` plays and remembers, ``pop`` takes back exactly."""

from __future__ import annotations

import random

import pytest

from framework import load_game

from .conftest import GAME_FILES


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: p.stem)
def test_pop_takes_back_every_push_exactly(path) -> None:  # type: ignore[no-untyped-def]
    game = load_game(path)
    rng = random.Random(path.stem)
    state = game.new_initial_state()
    seen = [state.clone()]
    played = []
    while not state.is_terminal() and len(played) < 60:
        action = rng.choice(state.legal_actions())
        state.push(action)
        played.append(action)
        seen.append(state.clone())
    assert state.history() == played
    while played:
        assert state == seen[len(played)]
        assert state.pop() == played.pop()
    assert state == seen[0] and state.to_json() == seen[0].to_json()
    with pytest.raises(IndexError):
        state.pop()


def test_an_illegal_push_changes_nothing_and_notation_works(ataxx) -> None:  # type: ignore[no-untyped-def]
    state = ataxx.new_initial_state()
    before = state.clone()
    with pytest.raises(ValueError):
        state.push("d4")
    assert state == before and state.history() == []
    state.push("b6")
    assert [a.notation for a in state.history()] == ["b6"]


def test_repetitions_count_earlier_visits_whatever_the_clocks(ataxx) -> None:  # type: ignore[no-untyped-def]
    state = ataxx.state_from_fen("x5o/7/7/7/7/7/o5x x 0 1")
    assert state.repetitions() == 0
    for notation in ["a7c7", "g7e7", "c7a7", "e7g7"]:  # jumps there and back
        state.push(notation)
    assert state.halfmove == 4 and state.repetitions() == 1
    for notation in ["a7c7", "g7e7", "c7a7", "e7g7"]:
        state.push(notation)
    assert state.repetitions() == 2
    state.push("b6")
    assert state.repetitions() == 0
