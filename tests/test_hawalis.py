"""Hawalis (the coverage sample) as data: ``sow`` along each player's own track from a
pile of two or more (``at_least``), or from a single seed in a phase of its own when the
first had nothing (Ludii's ``priority``), the hole across taken by ``collect``; against an
independent reference written here from the .lud (Ludii's sites 0..27 row by row from
South's outer row, its two tracks spelt as in the file)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from framework import load_game

from .conftest import ROOT

GAME = load_game(ROOT / "games" / "hawalis.yaml")
ROUNDS = 300
#: "0,E,N1,W" (P1) and "14,E,N1,W" (P2) on a board of 4 rows of 7.
TRACKS = {0: [*range(7), *range(13, 6, -1)], 1: [*range(14, 21), *range(27, 20, -1)]}
INNER = {0: set(range(7, 14)), 1: set(range(14, 21))}


def name(site: int) -> str:
    return f"{'abcdefg'[site % 7]}{site // 7 + 1}"


class Hawalis:
    def __init__(self) -> None:
        self.count = [2] * 28
        self.hand = [0, 0]
        self.player = 0
        self.plies = 0

    def legal(self) -> list[str]:
        if self.over():
            return []
        mine = TRACKS[self.player]
        more = [s for s in mine if self.count[s] > 1]
        return [name(s) for s in more or [s for s in mine if self.count[s] == 1]]

    def play(self, move: str) -> None:
        track = TRACKS[self.player]
        site = next(s for s in track if name(s) == move)
        seeds, self.count[site] = self.count[site], 0
        i = track.index(site)
        for _ in range(seeds):
            i = (i + 1) % len(track)
            self.count[track[i]] += 1
        to = track[i]
        if self.count[to] == 1 and to in INNER[self.player]:
            across = to + 7 if self.player == 0 else to - 7  # the .lud's OppositePit
            self.hand[self.player] += self.count[across]
            self.count[across] = 0
        self.player = 1 - self.player
        self.plies += 1

    def emptied(self) -> bool:
        return sum(self.count[s] for s in TRACKS[self.player]) == 0

    def over(self) -> bool:
        return self.emptied() or self.plies >= 2 * ROUNDS

    def returns(self) -> list[float]:
        if not self.emptied():
            return [0.0, 0.0]
        owned = [self.hand[p] + sum(self.count[s] for s in TRACKS[p]) for p in (0, 1)]
        return [0.0, 0.0] if owned[0] == owned[1] else \
            [1.0, -1.0] if owned[0] > owned[1] else [-1.0, 1.0]


def compare(games: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    seen = {"singles": 0, "ended": 0, "captures": 0}
    for _ in range(games):
        ours, theirs = GAME.new_initial_state(), Hawalis()
        while True:
            data: dict[str, Any] = ours.to_json()
            assert [data[f"seed.{name(s)}"] for s in range(28)] == theirs.count
            assert [data["seed.S"], data["seed.N"]] == theirs.hand
            assert ours.is_terminal() == theirs.over()
            assert ours.returns() == pytest.approx(theirs.returns())
            if theirs.over():
                seen["ended"] += theirs.emptied()
                break
            assert ours.current_player == theirs.player
            legal = theirs.legal()
            assert sorted(a.notation for a in ours.legal_actions()) == sorted(legal)
            move = rng.choice(legal)
            site = next(s for s in TRACKS[theirs.player] if name(s) == move)
            seen["singles"] += theirs.count[site] == 1
            before = sum(theirs.hand)
            theirs.play(move)
            ours.apply(move)
            seen["captures"] += sum(theirs.hand) > before
    return seen


def test_random_games_agree_with_the_reference_at_every_ply() -> None:
    seen = compare(6, 1)
    assert seen["singles"] > 5 and seen["captures"] > 5 and seen["ended"] > 0


@pytest.mark.slow
def test_many_random_games_agree_with_the_reference() -> None:
    seen = compare(150, 5)
    assert seen["ended"] > 100
