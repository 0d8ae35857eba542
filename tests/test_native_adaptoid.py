"""The Adaptoid family in the native kernels: attributes (legs and pincers, a word per cell),
supplies derived from the board (pieces and each attribute), ``walk`` with its attack,
``build`` (a ``place`` next to one's own and a ``grow`` per attribute, within the caps),
``sweep``'s starvation, the goals checked after the move and after the starvation, and a
turn of two deciding phases played one action after the other (the ``PHASE`` word).

The oracle is the Python engine (no outside program plays Adaptoid): perft from the start
and from positions inside turns, and the kernels' random games replayed through ``State``
with the whole state compared after every action (``tests/test_native.py`` does the same
for every game of the default run). ``games/adaptoid.yaml`` begins with the pie rule, a
setup its players decide, which the kernels play too (the slow run adds the publisher's
fixed start and Super-Adaptoid's rings).
"""

from __future__ import annotations

import random

import pytest

from framework import load_game
from framework.engine.state import State
from framework.native import support_of
from framework.native.backend import NativeGame
from framework.perft import perft

from .conftest import ROOT

GAME = load_game(ROOT / "games" / "adaptoid.yaml")
NATIVE = NativeGame(GAME)


def positions_inside_turns(count: int, seed: int) -> list[State]:
    """Positions of random games, unfinished, in either deciding phase of the turn."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = GAME.new_initial_state()
        for _ in range(rng.randrange(2, 80)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal() and NATIVE.at_turn_start(state):  # past the setup
            found.append(state)
    return found


def test_perft_from_the_start_and_inside_turns_is_the_engines() -> None:
    phases = set()
    for state in positions_inside_turns(12, seed=4):
        phases.add(state.phase)
        st = NATIVE.encode(state)
        assert [NATIVE.perft(st, d) for d in (1, 2, 3)] == \
            [perft(state, d) for d in (1, 2, 3)], state.to_json()
    assert phases == {0, 1}  # the move and the build both decided some


def test_the_kernels_random_games_replay_through_the_engine() -> None:
    ended = set()
    for seed in range(40):
        state = GAME.new_initial_state()
        st = NATIVE.encode(state)
        _, moves = NATIVE.random_game(st, seed)
        for ply, move in enumerate(moves):
            assert sorted(NATIVE.action_of(state, m).notation for m in NATIVE.legal(st)) == \
                sorted(a.notation for a in state.legal_actions()), (seed, ply)
            action = NATIVE.action_of(state, move)
            assert NATIVE.move_of(action, state) == move
            state.apply(action)
            st = NATIVE.play(st, move)
            assert NATIVE.snapshot(st) == NATIVE.python_snapshot(state), (seed, ply)
        assert state.is_terminal()
        ended.add("captures" if max(c[0] for c in state.counters) >= 5 else "no pieces")
    assert ended == {"captures", "no pieces"}  # both goals ended some


def test_the_kernels_evaluation_is_the_mcts_agents_in_either_phase() -> None:
    """No plies: the native value of a position is ``Evaluator.squashed_all``, whose
    mobility counts the moves of the turn's first phase even in the middle of a turn."""
    import numpy as np

    from framework.agents.evaluation import Evaluator

    evaluator = Evaluator(GAME)
    assert evaluator.mobility and evaluator.pieces_and_mobility
    weights = np.array(evaluator.piece_weights)
    out = np.zeros(2)
    phases = set()
    for state in positions_inside_turns(12, seed=9):
        phases.add(state.phase)
        NATIVE.kernels.rollout_values(NATIVE.encode(state), 1, 0, 0, weights,
                                      evaluator.mobility, evaluator.scale, out)
        assert out.tolist() == pytest.approx(evaluator.squashed_all(state), abs=1e-12)
    assert phases == {0, 1}


def test_the_supplies_come_from_the_board() -> None:
    """Twelve white adaptoids on the board: no create; twelve legs on them: no grow of a
    leg; six limbs on one: none more on it (``max_attributes_total``)."""
    cells = ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "B5", "C1", "C2", "C3"]
    position = {"to_move": "white", "phase": "build",
                "cells": {c: {"owner": "white", "legs": 1} for c in cells}}
    position["cells"]["G7"] = "black"  # type: ignore[index]
    position["cells"]["A1"] = {"owner": "white", "legs": 1, "pincers": 5}  # type: ignore[index]
    state = State.from_json(GAME, position)
    st = NATIVE.encode(state)
    found = sorted(NATIVE.action_of(state, m).notation for m in NATIVE.legal(st))
    assert found == sorted(a.notation for a in state.legal_actions())
    assert not any(n.startswith("+") or n.endswith("+leg") for n in found)
    assert "A1+pincer" not in found and "A2+pincer" in found


def test_the_pie_rule_setup_is_played_by_the_kernels() -> None:
    """``games/adaptoid.yaml`` begins with a setup its players decide: one places a piece
    of each side, the other chooses a side. The kernels play it (the ``SETUP`` words, the
    seat of the first side), so perft from the very start counts those actions."""
    game, native = GAME, NATIVE
    assert support_of(game) is None
    start = game.new_initial_state()
    st = native.encode(start)
    assert [native.perft(st, d) for d in range(1, 6)] == [perft(start, d) for d in range(1, 6)]
    assert native.perft(st, 3) == 37 * 36 * 2  # white anywhere, black anywhere else, a side
    for seed in range(30):
        state = game.new_initial_state()
        st = native.encode(state)
        _, moves = native.random_game(st, seed)
        seats = set()
        for move in moves:
            state.apply(native.action_of(state, move))
            st = native.play(st, move)
            assert native.snapshot(st) == native.python_snapshot(state), seed
            seats.add(tuple(state.seat_of_side))
        assert state.is_terminal() and len(seats) <= 2
    assert not native.at_turn_start(game.new_initial_state())  # seats may still change


@pytest.mark.slow
def test_every_file_and_many_games() -> None:
    """The publisher's fixed start, Super-Adaptoid's rings (3 to 6 neighbours), and 300
    random games of each file."""
    for name in ("super-adaptoid", "adaptoid-nestorgames", "adaptoid"):
        game = load_game(ROOT / "games" / f"{name}.yaml")
        native = NativeGame(game)
        start = game.new_initial_state()
        assert [native.perft(native.encode(start), d) for d in range(1, 6)] == \
            [perft(start, d) for d in range(1, 6)]
        for seed in range(300):
            state = game.new_initial_state()
            st = native.encode(state)
            _, moves = native.random_game(st, 1000 + seed)
            for move in moves:
                state.apply(native.action_of(state, move))
                st = native.play(st, move)
                assert native.snapshot(st) == native.python_snapshot(state), (name, seed)
            assert state.is_terminal()
