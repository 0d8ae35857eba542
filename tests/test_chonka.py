"""Chonka (the coverage sample) as data: ``sow`` round both rows through the mover's own
store with ``relay``, the capture of the landing hole and the hole across by two
``collect`` consequences, against an independent reference written here from the .lud
(Ludii's sites: 0 the left store, 1..7 the bottom row, 8..14 the top row, 15 the right
store; its two tracks spelt as in the file)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from framework import load_game

from .conftest import ROOT

GAME = load_game(ROOT / "games" / "chonka.yaml")
RELAYS = 100
ROUNDS = 300
#: "1,E,ENE,WNW,W" (P1: through the right store, 15) and "1,E,N,W,WSW" (P2: the left, 0).
TRACKS = {0: [*range(1, 8), 15, *range(14, 7, -1)], 1: [*range(1, 8), *range(14, 7, -1), 0]}
STORE = {0: 15, 1: 0}
ROW = {0: range(1, 8), 1: range(8, 15)}


def name(site: int) -> str:
    if site in (0, 15):
        return "N" if site == 0 else "S"
    return f"{'abcdefg'[(site - 1) % 7]}{1 if site < 8 else 2}"


class Chonka:
    def __init__(self) -> None:
        self.count = [0] + [7] * 14 + [0]
        self.player = 0
        self.plies = 0
        self.relays = 0
        self.winner: int | None = None

    def legal(self) -> list[str]:
        return [name(s) for s in ROW[self.player] if self.count[s]]

    def play(self, move: str | None) -> None:
        me = self.player
        if move is not None:
            site = next(s for s in ROW[me] if name(s) == move)
            track, relays = TRACKS[me], 0
            while True:
                seeds, self.count[site] = self.count[site], 0
                i = track.index(site)
                for _ in range(seeds):
                    i = (i + 1) % len(track)
                    self.count[track[i]] += 1
                site = track[i]
                if site == STORE[me]:
                    break
                if self.count[site] > 1:
                    if relays == RELAYS:
                        break
                    relays += 1
                    self.relays += 1
                    continue
                across = site + 7 if site < 8 else site - 7  # the .lud's OppositePit
                self.count[STORE[me]] += self.count[across] + self.count[site]
                self.count[across] = self.count[site] = 0
                break
            if self.count[STORE[me]] >= 49:
                self.winner = me
        self.player = 1 - me
        self.plies += 1

    def over(self) -> bool:
        return self.winner is not None or self.plies >= 2 * ROUNDS

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]


def compare(games: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    seen = {"relays": 0, "won": 0, "passes": 0}
    for _ in range(games):
        ours, theirs = GAME.new_initial_state(), Chonka()
        while True:
            data: dict[str, Any] = ours.to_json()
            assert [data[f"seed.{name(s)}"] for s in range(16)] == theirs.count
            assert ours.is_terminal() == theirs.over()
            assert ours.returns() == pytest.approx(theirs.returns())
            if theirs.over():
                seen["won"] += theirs.winner is not None
                seen["relays"] += theirs.relays
                break
            assert ours.current_player == theirs.player
            legal, actions = theirs.legal(), ours.legal_actions()
            if not legal:  # Ludii's forced pass
                assert [a.kind for a in actions] == ["pass"]
                seen["passes"] += 1
                theirs.play(None)
                ours.apply(actions[0])
                continue
            assert sorted(a.notation for a in actions) == sorted(legal)
            move = rng.choice(legal)
            theirs.play(move)
            ours.apply(move)
    return seen


def test_random_games_agree_with_the_reference_at_every_ply() -> None:
    seen = compare(6, 2)
    assert seen["relays"] > 20 and seen["won"] > 0


@pytest.mark.slow
def test_many_random_games_agree_with_the_reference() -> None:
    seen = compare(150, 9)
    assert seen["won"] > 100
