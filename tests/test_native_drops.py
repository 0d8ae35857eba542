"""Shogi's drops and promotions in the native kernels, on a small game of their own
(tests/data/native/mini-drops.yaml): a captured piece goes into its captor's hand as its
``captured_as`` kind, ``place`` drops it within a ``zone``, never on a line that holds
one of the mover's pieces of the kind (``once_per_line``) and never where it mates at once
(``mates: false``), a promotion that must happen
runs before those that may, and the three "may promote" phases fold into the move as one
choice (a native move is a whole turn); each player's run of checks is counted
(``count_checks``); a king entering the camp wins on points there and in hand (``material``)
or draws. The engine is the oracle: perft by turns, hands
and boards after the same turns, and ``check``'s differential."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from framework import load_game
from framework.engine.slots import hand_slot_name
from framework.engine.state import State
from framework.engine.turns import perft_turns

from .conftest import DATA

pytest.importorskip("numba")

from framework.check.native_diff import compare_with_native
from framework.native import NativeGame, support_of

GAME = load_game(DATA / "native" / "mini-drops.yaml")
Array = np.ndarray[Any, Any]


@pytest.fixture(scope="module")
def native() -> NativeGame:
    assert support_of(GAME) is None
    return NativeGame(GAME)


def test_native_perft_equals_the_engines_by_turns(native: NativeGame) -> None:
    start = GAME.new_initial_state()
    counts = [native.perft(native.initial(), depth) for depth in range(1, 5)]
    assert counts == [perft_turns(start.clone(), depth) for depth in range(1, 5)]
    assert counts[3] > counts[2] > 0


#: White's king in the corner, its escapes covered: a black pawn dropped on a4 (kept by the
#: soldier on a3, the rook on b1 holding b4, White's soldier on b5 unable to take it) mates.
MATE_IN_HAND = {
    "game": "Mini drops", "to_move": "black",
    "cells": {"e1": {"owner": "black", "piece": "king"}, "b1": {"owner": "black", "piece": "rook"},
              "a3": {"owner": "black", "piece": "soldier"},
              "a5": {"owner": "white", "piece": "king"},
              "b5": {"owner": "white", "piece": "soldier"}},
    "hand.black.pawn": 1}


def test_a_pawn_drop_that_mates_is_left_out(native: NativeGame, tmp_path: Path) -> None:
    """The one mating drop is not a move, natively as in the engine; the same game
    without ``mates: false`` has it (a mate: White has no reply)."""
    state = GAME.state_from_json(MATE_IN_HAND)
    listed = {" ".join(a.notation for a in native.turn_of(state, m))
              for m in native.legal(native.encode(state))}
    engine = {a.notation for a in state.legal_actions()}
    assert "P*a4" not in engine and {n.split()[0] for n in listed} == engine
    assert "P*a3" not in engine and "P*c4" in engine
    text = (DATA / "native" / "mini-drops.yaml").read_text()
    assert text.count("mates: false,") == 1
    free = tmp_path / "free-drops.yaml"
    free.write_text(text.replace("mates: false,", ""))
    other = load_game(free)
    mated = other.state_from_json({**MATE_IN_HAND, "game": other.name})
    mated.apply("P*a4")
    assert mated.winners == {0}


@pytest.mark.slow
def test_native_perft_equals_the_engines_deeper(native: NativeGame) -> None:
    assert native.perft(native.initial(), 5) == perft_turns(GAME.new_initial_state(), 5)


def played(native: NativeGame, turns: list[str], state: State | None = None,
           st: Array | None = None) -> tuple[State, Array]:
    """The engine's state and the native one after ``turns`` (each its actions' notations,
    space-separated), checked equal after every turn."""
    state = GAME.new_initial_state() if state is None else state.clone()
    st = native.initial() if st is None else st
    for turn in turns:
        actions, before = [], state.clone()
        for notation in turn.split():
            actions.append(state.parse_action(notation))
            state.apply(actions[-1])
        st = native.play(st, native.move_of_turn(actions, before))
        assert native.snapshot(st) == native.python_snapshot(state), turn
    return state, st


def held(state: State, player: str, kind: str) -> int:
    return state.vars[GAME.slots.index[hand_slot_name(player, kind)]]


def test_a_capture_fills_the_captors_hand_and_a_drop_empties_it(native: NativeGame) -> None:
    """White's soldier on b4 taken by the black pawn from b3: black holds a pawn (a
    soldier comes back as a pawn) and drops it where the engine lets it; the boards and
    the hands agree with the engine's after every move."""
    state, st = played(native, ["b2b3", "d4d3", "b3b4 pawn", "e5e4"])
    assert held(state, "black", "pawn") == 1 and held(state, "white", "pawn") == 0
    listed = {native.action_of(state, m).notation for m in native.legal(st)}
    assert listed == {a.notation for a in state.legal_actions()}
    drops = {n for n in listed if n.startswith("P*")}
    assert drops
    # Not on black's last row (row 5 is out of the zone), nor on the b file (black's
    # pawn stands on b4).
    assert not any(d.endswith("5") or d[2] == "b" for d in drops)
    state, st = played(native, [sorted(drops)[0]], state, st)
    assert held(state, "black", "pawn") == 0


def test_a_move_into_the_camp_is_one_native_move_per_kind(native: NativeGame) -> None:
    """The rook entering the camp: two native moves, one a dragon, one a rook, each the
    engine's whole turn and read back to the same move; a move outside the camp, one."""
    state, st = played(native, ["a1a2", "d4d3"])
    turns = {" ".join(a.notation for a in native.turn_of(state, m)): m for m in native.legal(st)}
    assert {"a2a4 dragon", "a2a4 rook", "a2a5 dragon", "a2a5 rook", "a2a3"} <= set(turns)
    assert not {"a2a4", "a2a3 dragon"} & set(turns)
    for m in turns.values():
        assert native.move_of_turn(native.turn_of(state, m), state) == m
    after = state.clone()
    for action in native.turn_of(state, turns["a2a4 dragon"]):
        after.apply(action)
    assert native.snapshot(native.play(st, turns["a2a4 dragon"])) == \
        native.python_snapshot(after)


def test_runs_of_checks_are_counted_as_the_engine_counts_them(native: NativeGame) -> None:
    """Random games, turn by turn, until a player has given check twice in a row: the
    kernels' ``checks.<player>`` fields equal the engine's slots all along."""
    import random

    from framework.rules.phases.count_checks import checks_slot_name

    runs = [GAME.slots.index[checks_slot_name(p)] for p in GAME.players]
    rng = random.Random(7)
    longest = 0
    for _ in range(200):
        state, st = GAME.new_initial_state(), native.initial()
        while state.winners is None and longest < 2 and state.fullmove < 60:
            move = rng.choice(native.legal(st))
            for action in native.turn_of(state, move):
                state.apply(action)
            st = native.play(st, move)
            assert native.snapshot(st) == native.python_snapshot(state)
            longest = max(longest, *(state.vars[r] for r in runs))
        if longest >= 2:
            break
    assert longest >= 2


def test_an_entering_king_ends_the_game_as_in_the_engine(native: NativeGame) -> None:
    """Random games until one ends with the winner's king in its camp (the material goal:
    points on the camp and in hand) and one drawn with both kings in their camps: the
    kernels' state, the winners included, equals the engine's after every turn."""
    import random

    king, camp = GAME.piece_kinds.index("king"), GAME.zones["camp"]
    seen: set[str] = set()
    rng = random.Random(11)
    for _ in range(400):
        state, st = GAME.new_initial_state(), native.initial()
        while state.winners is None and state.fullmove < 100:
            move = rng.choice(native.legal(st))
            for action in native.turn_of(state, move):
                state.apply(action)
            st = native.play(st, move)
            assert native.snapshot(st) == native.python_snapshot(state)
        in_camp = [bool(state.owner[s] & state.kinds[king] & camp[s]) for s in range(2)]
        entered = GAME.goals[0]  # the mover's king in the camp, with the points
        if state.winners == {state.last_mover} and all(
                c.holds(state, state.last_mover) for c in entered.conditions):
            seen.add("won")
        if state.winners == frozenset() and all(in_camp):
            seen.add("drawn")
        if seen == {"won", "drawn"}:
            break
    assert seen == {"won", "drawn"}


def test_checks_differential_passes() -> None:
    outcome = compare_with_native(GAME, examples=40, random_seed=3)
    assert outcome.status == "passed", outcome.failure and outcome.failure.message
    assert outcome.moves > 0
