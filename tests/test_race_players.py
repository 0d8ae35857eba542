"""``race`` for three and four players (issue 53): every other player's checkers are enemies,
a lone one is hit to its own owner's bar and two or more close a point, in the engine, the
reference twin and the native kernel piece alike; the ``conserved`` invariant counts the
bar and the borne-off checkers with the board, so ``check`` catches a checker lost.

The file is ``tests/data/race-n.yaml``: five checkers each once around a ring of 24 points,
each player starting a third or a quarter of the ring after the one before. The oracles are
counts written here (the checkers each player has, a position's plays worked out by hand)
and the reference twin, which finds plays on named cells from the rule text.
"""

from __future__ import annotations

import random

import pytest

from framework import load_game
from framework.check.properties import reference_agrees
from framework.check.reference import ReferenceGame
from framework.check.runner import check_invariant, declared_invariants
from framework.check.trail import Subject, Trail
from framework.engine.state import State
from framework.game import Game
from framework.native import support_of
from framework.native.backend import NativeGame
from framework.rules.phases.race import Race

from .conftest import ROOT
from .test_native import replay

FILE = ROOT / "tests" / "data" / "race-n.yaml"
CHECKERS = 5


def ring(players: str) -> Game:
    return load_game(FILE, {"players": players})


def checkers(state: State) -> list[int]:
    """Per player, the checkers on the points (read from the position JSON), on the bar
    and borne off."""
    data = state.to_json()
    held = dict.fromkeys(state.game.players, 0)
    for entry in data["cells"].values():
        held[entry["owner"]] += entry["count"]
    return [held[p] + data["counters"][p]["bar"] + data["counters"][p]["borne_off"]
            for p in state.game.players]


def random_step(state: State, rng: random.Random) -> None:
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply(rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0])
    else:
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", ["3", "4"])
def test_no_checker_is_lost_or_made_in_random_games(players: str) -> None:
    """On today's main 20 of 20 such games lost a checker, most within the first turns."""
    game = ring(players)
    hits = won = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            bar = sum(state.to_json()["counters"][p]["bar"] for p in game.players)
            random_step(state, rng)
            assert checkers(state) == [CHECKERS] * len(game.players), (seed, state.to_json())
            hits += sum(state.to_json()["counters"][p]["bar"] for p in game.players) > bar
        won += bool(state.winners)  # someone bore off all five (else: out of rolls)
    assert hits > 8 and won > 4  # hits happened, and whole races were run


def test_a_lone_checker_of_any_player_is_hit_to_its_owners_bar() -> None:
    """Red (track p1 → p24) with 1 and 2 to play, green alone on p2, blue two on p3,
    yellow alone on p13: the plays counted by hand, and the hits going to green's and
    yellow's bars."""
    game = ring("4")
    cells = {"p1": ("red", 1), "p10": ("red", 4), "p2": ("green", 1), "p3": ("blue", 2),
             "p13": ("yellow", 1)}
    state = game.state_from_json({
        "to_move": "red", "phase": "move", "die_1": 1, "die_2": 2, "rolls": 2,
        "opened": True, "cells": {c: {"owner": o, "piece": "checker", "count": n}
                                  for c, (o, n) in cells.items()}})
    assert sorted(a.notation for a in state.legal_actions()) == sorted([
        "p1-p2,p2-p4", "p1-p2,p10-p12",  # p1-p3 never: blue's two close p3
        "p10-p11,p10-p12", "p10-p11,p11-p13",
        "p10-p12,p1-p2", "p10-p12,p10-p11", "p10-p12,p12-p13"])
    after = state.child(state.parse_action("p1-p2,p2-p4")).to_json()
    assert after["counters"]["green"]["bar"] == 1 and "p2" not in after["cells"]
    assert after["cells"]["p4"]["owner"] == "red"
    assert after["cells"]["p3"] == {"owner": "blue", "piece": "checker", "count": 2}
    after = state.child(state.parse_action("p10-p11,p11-p13")).to_json()
    assert after["counters"]["yellow"]["bar"] == 1
    assert after["cells"]["p13"] == {"owner": "red", "piece": "checker", "count": 1}


@pytest.mark.parametrize("players", ["3", "4"])
def test_the_engine_agrees_with_the_reference_twin(players: str) -> None:
    """Every state of the first turns of a few random games (where the hits begin):
    the same plays, and the same position after each."""
    game = ring(players)
    agree = reference_agrees(ReferenceGame(game.spec))
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        for _ in range(16):
            trail = Trail("random", state.to_json())
            assert agree(game, Subject(state, None, trail)) is None, (seed, state.to_json())
            random_step(state, rng)


@pytest.mark.parametrize("players", ["3", "4"])
def test_the_native_kernels_play_as_the_engine(players: str) -> None:
    game = ring(players)
    assert support_of(game) is None
    native = NativeGame(game)
    assert sum(replay(native, seed) for seed in range(4)) > 4 * 100


def _planted_two_player_race(monkeypatch: pytest.MonkeyPatch) -> None:
    """Today's main's race: the only enemy is side ``1 - side``."""
    def enemies(state: State, side: int) -> int:
        return state.owner[1 - side]

    def holder(state: State, cell: int) -> int:
        enemy = 1 - state.to_move
        return enemy if state.owner[enemy] >> cell & 1 else -1
    monkeypatch.setattr(Race, "_enemies", staticmethod(enemies))
    monkeypatch.setattr(Race, "_holder", staticmethod(holder))


@pytest.mark.parametrize("players", ["3", "4"])
def test_check_catches_the_lost_checker_of_the_two_player_race(
        players: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = ring(players)
    invariant, = declared_invariants(game)
    assert check_invariant(game, invariant, 10, 0).status == "passed"
    _planted_two_player_race(monkeypatch)
    outcome = check_invariant(game, invariant, 30, 0)
    assert outcome.status == "failed" and outcome.failure is not None
    assert "on the board + bar + borne_off went from 5 to" in outcome.failure.message
    # The shortest play found replays to the loss.
    trail = outcome.failure.trail
    state = game.new_initial_state()
    for notation in trail.actions:
        state.apply(notation)
    assert min(checkers(state)) < CHECKERS or max(checkers(state)) > CHECKERS
