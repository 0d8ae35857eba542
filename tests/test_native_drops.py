"""Shogi's drops in the native kernels, on a small game of its own
(tests/data/native/mini-drops.yaml): a captured piece goes into its captor's hand as its
``captured_as`` kind, and ``place`` drops it within a ``zone`` and never on a line that
holds one of the mover's pieces of the kind (``once_per_line``). The engine is the oracle:
perft counts, hands and boards after the same moves, and ``check``'s differential."""

from __future__ import annotations

import pytest

from framework import load_game
from framework.engine.slots import hand_slot_name
from framework.engine.state import State
from framework.perft import perft

from .conftest import DATA

pytest.importorskip("numba")

from framework.check.native_diff import compare_with_native
from framework.native import NativeGame, support_of

GAME = load_game(DATA / "native" / "mini-drops.yaml")


@pytest.fixture(scope="module")
def native() -> NativeGame:
    assert support_of(GAME) is None
    return NativeGame(GAME)


def test_native_perft_equals_the_engines(native: NativeGame) -> None:
    start = GAME.new_initial_state()
    counts = [native.perft(native.initial(), depth) for depth in range(1, 5)]
    assert counts == [perft(start.clone(), depth) for depth in range(1, 5)]
    assert counts[3] > counts[2] > 0


@pytest.mark.slow
def test_native_perft_equals_the_engines_deeper(native: NativeGame) -> None:
    assert native.perft(native.initial(), 6) == perft(GAME.new_initial_state(), 6)


def held(state: State, player: str, kind: str) -> int:
    return state.vars[GAME.slots.index[hand_slot_name(player, kind)]]


def test_a_capture_fills_the_captors_hand_and_a_drop_empties_it(native: NativeGame) -> None:
    """White's soldier on b4 taken by the black pawn from b3: black holds a pawn (a
    soldier comes back as a pawn) and drops it where the engine lets it; the boards and
    the hands agree with the engine's after every move."""
    state = GAME.new_initial_state()
    st = native.initial()
    for notation in ["b2b3", "d4d3", "b3b4", "e5e4"]:
        action = state.parse_action(notation)
        st = native.play(st, native.move_of(action, state))
        state.apply(action)
        assert native.snapshot(st) == native.python_snapshot(state), notation
    assert held(state, "black", "pawn") == 1 and held(state, "white", "pawn") == 0
    listed = {native.action_of(state, m).notation for m in native.legal(st)}
    assert listed == {a.notation for a in state.legal_actions()}
    drops = {n for n in listed if n.startswith("P*")}
    assert drops
    # Not on black's last row (row 5 is out of the zone), nor on the b file (black's
    # pawn stands on b4).
    assert not any(d.endswith("5") or d[2] == "b" for d in drops)
    drop = state.parse_action(sorted(drops)[0])
    st = native.play(st, native.move_of(drop, state))
    state.apply(drop)
    assert native.snapshot(st) == native.python_snapshot(state)
    assert held(state, "black", "pawn") == 0


def test_checks_differential_passes() -> None:
    outcome = compare_with_native(GAME, examples=40, random_seed=3)
    assert outcome.status == "passed", outcome.failure and outcome.failure.message
    assert outcome.moves > 0
