"""Mangala (Turkey) and Alitev (the coverage sample) as data: ``sow`` round both rows and
``collect`` with a ``chain`` back along the track, against an independent reference
written here from Ludii's ``sow`` with ``backtracking:True`` (Sow.java: the landing hole
taken while it holds one or three, then each hole before it on the track, stopping at
the first that does not or at the hole sown from)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from framework import load_game

from .conftest import ROOT

ROUNDS = 300


class Backtracking:
    """A two-row board of ``n`` holes a side, Ludii's sites 0..2n-1 (South's row first,
    the track 0..n-1 then 2n-1 down to n), hands for the captures."""

    def __init__(self, n: int, seeds: int) -> None:
        self.n = n
        self.track = list(range(n)) + list(range(2 * n - 1, n - 1, -1))
        self.count = [seeds] * (2 * n)
        self.hand = [0, 0]
        self.player = 0
        self.plies = 0

    def name(self, site: int) -> str:
        return f"{'abcdefgh'[site % self.n]}{site // self.n + 1}"

    def row(self, player: int) -> range:
        return range(player * self.n, (player + 1) * self.n)

    def legal(self) -> list[str]:
        return [self.name(s) for s in self.row(self.player) if self.count[s]]

    def play(self, move: str | None) -> None:
        if move is not None:
            start = next(s for s in self.row(self.player) if self.name(s) == move)
            seeds, self.count[start] = self.count[start], 0
            i = self.track.index(start)
            for _ in range(seeds):
                i = (i + 1) % len(self.track)
                self.count[self.track[i]] += 1
            to = self.track[i]
            while self.count[to] in (1, 3):
                self.hand[self.player] += self.count[to]
                self.count[to] = 0
                i = (i - 1) % len(self.track)
                to = self.track[i]
                if to == start:
                    break
        self.player = 1 - self.player
        self.plies += 1

    def over(self) -> bool:
        return sum(self.count) == 0 or self.plies >= 2 * ROUNDS

    def returns(self) -> list[float]:
        if sum(self.count) or not self.over():
            return [0.0, 0.0]
        a, b = self.hand
        return [0.0, 0.0] if a == b else [1.0, -1.0] if a > b else [-1.0, 1.0]


def compare(path: str, n: int, seeds: int, games: int, seed: int) -> dict[str, int]:
    game = load_game(ROOT / "games" / path)
    rng = random.Random(seed)
    seen = {"chains": 0, "ended": 0, "passes": 0}
    for _ in range(games):
        ours, theirs = game.new_initial_state(), Backtracking(n, seeds)
        while True:
            data: dict[str, Any] = ours.to_json()
            assert [data[f"seed.{theirs.name(s)}"] for s in range(2 * n)] == theirs.count
            assert [data["seed.S"], data["seed.N"]] == theirs.hand
            assert ours.is_terminal() == theirs.over()
            assert ours.returns() == pytest.approx(theirs.returns())
            if theirs.over():
                seen["ended"] += sum(theirs.count) == 0
                break
            assert ours.current_player == theirs.player
            legal = theirs.legal()
            actions = ours.legal_actions()
            if not legal:  # Ludii's forced pass
                assert len(actions) == 1 and actions[0].kind == "pass"
                seen["passes"] += 1
                theirs.play(None)
                ours.apply(actions[0])
                continue
            assert sorted(a.notation for a in actions) == sorted(legal)
            move = rng.choice(legal)
            before = sum(theirs.hand)
            theirs.play(move)
            ours.apply(move)
            seen["chains"] += sum(theirs.hand) - before > 3
    return seen


@pytest.mark.parametrize(("path", "n", "seeds"), [("mangala-turkey.yaml", 7, 5),
                                                  ("alitev.yaml", 6, 3)])
def test_random_games_agree_with_ludiis_backtracking(path: str, n: int, seeds: int) -> None:
    seen = compare(path, n, seeds, 8, 3)
    assert seen["chains"] > 0 and seen["ended"] > 0


@pytest.mark.slow
@pytest.mark.parametrize(("path", "n", "seeds"), [("mangala-turkey.yaml", 7, 5),
                                                  ("alitev.yaml", 6, 3)])
def test_many_random_games_agree_with_ludiis_backtracking(path: str, n: int,
                                                          seeds: int) -> None:
    seen = compare(path, n, seeds, 150, 11)
    assert seen["chains"] > 20 and seen["passes"] > 0
