"""Bao Ki Arabu (Zanzibar 1) as data (``sow`` with per-player tracks and ``relay``, the
capture of the two holes across by ``collect`` with ``reach`` and ``landing: false``),
against an independent reference written here from the .lud (Ludii's sites numbered
0..31 row by row from South's outer row, its four tracks spelt as in the file)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from framework import load_game

from .conftest import ROOT

GAME = load_game(ROOT / "games" / "bao-ki-arabu.yaml")
FILES = "abcdefgh"
RELAYS = 100
ROUNDS = 300


def name(site: int) -> str:
    return f"{FILES[site % 8]}{site // 8 + 1}"


def ludii_track(start: int, legs: str) -> list[int]:
    """A mancalaBoard track as the .lud spells one: a start, then E/W (to the row's end)
    and N1/S1 (one row up or down)."""
    sites, at = [start], start
    for leg in legs.split(","):
        if leg in ("E", "W"):
            step = 1 if leg == "E" else -1
            while 0 <= at % 8 + step < 8:
                at += step
                sites.append(at)
        else:
            at += 8 if leg == "N1" else -8
            sites.append(at)
    return sites


#: Per player (0 = South, Ludii's P1), the anticlockwise and the clockwise track.
TRACKS = {0: {"+": ludii_track(0, "E,N1,W"), "-": ludii_track(7, "W,N1,E")},
          1: {"+": ludii_track(16, "E,N1,W"), "-": ludii_track(24, "E,S1,W")}}
HOME = {0: set(range(16)), 1: set(range(16, 32))}
INNER = {0: set(range(8, 16)), 1: set(range(16, 24))}


class Bao:
    def __init__(self) -> None:
        self.count = [3] * 32
        self.hand = [0, 0]
        self.player = 0
        self.plies = 0
        self.relays = 0

    def legal(self) -> list[str]:
        if self.over():
            return []
        return [name(s) + d for s in sorted(HOME[self.player]) if self.count[s]
                for d in "+-"]

    def play(self, move: str) -> None:
        site = next(s for s in HOME[self.player] if name(s) == move[:-1])
        track = TRACKS[self.player][move[-1]]
        relays = 0
        while True:
            seeds, self.count[site] = self.count[site], 0
            at = track.index(site)
            for _ in range(seeds):
                at = (at + 1) % len(track)
                self.count[track[at]] += 1
            site = track[at]
            if self.count[site] > 1 and relays < RELAYS:
                relays += 1
                self.relays += 1
                continue
            break
        if self.count[site] == 1 and site in INNER[self.player]:
            ahead = 8 if self.player == 0 else -8  # Ludii's OppositePit, OppositeOuterPit
            for across in (site + ahead, site + 2 * ahead):
                self.hand[self.player] += self.count[across]
                self.count[across] = 0
        self.player = 1 - self.player
        self.plies += 1

    def emptied(self) -> bool:
        return sum(self.count[s] for s in HOME[self.player]) == 0

    def over(self) -> bool:
        return self.emptied() or self.plies >= 2 * ROUNDS

    def returns(self) -> list[float]:
        if not self.over():
            return [0.0, 0.0]
        if not self.emptied():
            return [0.0, 0.0]  # the move cap: a draw
        owned = [self.hand[p] + sum(self.count[s] for s in HOME[p]) for p in (0, 1)]
        if owned[0] == owned[1]:
            return [0.0, 0.0]
        return [1.0, -1.0] if owned[0] > owned[1] else [-1.0, 1.0]


def position(state: Any) -> tuple[list[int], list[int]]:
    data = state.to_json()
    return [data[f"seed.{name(s)}"] for s in range(32)], [data["seed.S"], data["seed.N"]]


def play_side_by_side(games: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    seen = {"plies": 0, "relays": 0, "captures": 0, "ended": 0}
    for _ in range(games):
        ours, theirs = GAME.new_initial_state(), Bao()
        while True:
            assert position(ours) == (theirs.count, theirs.hand)
            assert ours.is_terminal() == theirs.over()
            assert ours.returns() == pytest.approx(theirs.returns())
            if theirs.over():
                seen["ended"] += theirs.emptied()
                seen["relays"] += theirs.relays
                break
            assert ours.current_player == theirs.player
            legal = theirs.legal()
            assert sorted(a.notation for a in ours.legal_actions()) == sorted(legal)
            move = rng.choice(legal)
            before = sum(theirs.hand)
            theirs.play(move)
            ours.apply(move)
            seen["plies"] += 1
            seen["captures"] += sum(theirs.hand) > before
    return seen


def test_the_tracks_are_the_files() -> None:
    assert [name(s) for s in TRACKS[0]["+"]][:9] == ["a1", "b1", "c1", "d1", "e1", "f1",
                                                     "g1", "h1", "h2"]
    assert [name(s) for s in TRACKS[1]["-"]][7:9] == ["h4", "h3"]


def test_random_games_agree_with_the_reference_at_every_ply() -> None:
    seen = play_side_by_side(4, 1)
    assert seen["captures"] > 10 and seen["plies"] > 40 and seen["relays"] > 40


@pytest.mark.slow
def test_many_random_games_agree_with_the_reference() -> None:
    seen = play_side_by_side(100, 7)
    assert seen["ended"] > 50


def test_a_relay_goes_on_from_an_occupied_hole() -> None:
    data: dict[str, object] = {"to_move": "south", "seed.S": 0, "seed.N": 0}
    data.update({f"seed.{name(s)}": 0 for s in range(32)})
    data.update({"seed.a1": 1, "seed.g2": 2, "seed.e2": 1, "seed.c3": 2, "seed.c4": 3,
                 "seed.a3": 1})
    state = GAME.state_from_json(data)
    state.apply("g2+")  # f2 e2; e2 held one: both sown on into d2, c2; c2 was empty
    after = state.to_json()
    assert (after["seed.e2"], after["seed.d2"], after["seed.c2"]) == (0, 1, 1)
    assert (after["seed.c3"], after["seed.c4"], after["seed.S"]) == (0, 0, 5)
