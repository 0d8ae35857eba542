"""Gopher (``games/gopher.yaml``) against a brute-force reference written here from Ludii's
rules alone (``Gopher.lud``: a hexagon of side 6; the first stone anywhere; then a stone on
an empty cell touching exactly one enemy stone and no own stone; the player who cannot
place loses): perft from the start and from random positions, and random games side by
side, ply by ply, on the Python engine and on the native kernels.

The reference knows the cells by their centres on the drawing of the board (rows of a
hexagon of hexagons, each row shifted half a cell) and finds a cell's neighbours as the
cells one cell-width away: nothing of the engine's board tables or of its expressions."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import pytest

from framework import load_game
from framework.native import support_of

from .brute_games import play_side_by_side, random_positions, ref_perft, same_perft
from .conftest import ROOT

GAME = load_game(ROOT / "games" / "gopher.yaml")
SIDE = 6
SPAN = 2 * SIDE - 1
ROWS = "abcdefghijk"


def _centres() -> dict[str, tuple[float, float]]:
    """Row r (a at the bottom) holds the cells whose column c is within SIDE - 1 of r: a
    hexagon; a row sits half a cell to the right of the one below it."""
    found = {}
    for r in range(1, SPAN + 1):
        for c in range(1, SPAN + 1):
            if abs(c - r) <= SIDE - 1:
                found[f"{ROWS[r - 1]}{c}"] = (c - (r - 1) / 2, (r - 1) * math.sqrt(3) / 2)
    return found


CENTRES = _centres()
NEIGHBOURS = {a: frozenset(b for b, (x, y) in CENTRES.items()
                           if b != a and abs(math.dist((x, y), CENTRES[a]) - 1) < 1e-9)
              for a in CENTRES}


@dataclass(frozen=True)
class S:
    stones: tuple[tuple[str, str], ...]   # (cell, owner), sorted
    to_move: str

    @property
    def board(self) -> dict[str, str]:
        return dict(self.stones)


class Gopher:
    players = ("red", "blue")

    def start(self) -> S:
        return S((), "red")

    def from_position(self, p: dict[str, Any]) -> S:
        return S(tuple(sorted((c, e["owner"]) for c, e in p["cells"].items())),
                 p["to_move"])

    def _placements(self, s: S) -> list[str]:
        board = s.board
        if not board:
            return list(CENTRES)
        found = []
        for cell in CENTRES:
            if cell in board:
                continue
            owners = [board[n] for n in NEIGHBOURS[cell] if n in board]
            mine = owners.count(s.to_move)
            if mine == 0 and len(owners) - mine == 1:
                found.append(cell)
        return found

    def legal(self, s: S) -> list[str]:
        return [] if self.winners(s) is not None else self._placements(s)

    def play(self, s: S, notation: str) -> S:
        other = "blue" if s.to_move == "red" else "red"
        return S(tuple(sorted((*s.stones, (notation, s.to_move)))), other)

    def to_move(self, s: S) -> str:
        return s.to_move

    def winners(self, s: S) -> frozenset[str] | None:
        if self._placements(s):
            return None
        return frozenset({"blue" if s.to_move == "red" else "red"})

    def turn_key(self, s: S) -> Any:
        return len(s.stones)


REF = Gopher()


def test_the_reference_board_is_the_hexagon_of_91_cells() -> None:
    assert len(CENTRES) == 91 and sorted(CENTRES) == sorted(GAME.board.names)
    assert sorted(len(n) for n in NEIGHBOURS.values())[:6] == [3] * 6   # the corners


def test_perft_from_the_start_matches_the_reference() -> None:
    same_perft(GAME, REF, GAME.new_initial_state(), 3)


def test_perft_from_random_positions_matches_the_reference() -> None:
    for state in random_positions(GAME, 4, seed=5):
        same_perft(GAME, REF, state, 2)


def test_random_games_agree_with_the_reference() -> None:
    outcomes: list[frozenset[str]] = []
    assert play_side_by_side(GAME, REF, 20, seed=1, outcomes=outcomes) > 20 * 10
    assert len(outcomes) == 20 and all(len(w) == 1 for w in outcomes)   # never a draw


def test_the_native_backend_plays_it() -> None:
    assert support_of(GAME) is None


@pytest.mark.slow
def test_a_hundred_random_games_agree_with_the_reference() -> None:
    outcomes: list[frozenset[str]] = []
    assert play_side_by_side(GAME, REF, 100, seed=2, outcomes=outcomes) > 100 * 10
    assert {"red", "blue"} == {next(iter(w)) for w in outcomes}


def test_native_perft_and_random_games_agree_with_the_reference() -> None:
    from framework.native import NativeGame
    native = NativeGame(GAME)
    start = REF.start()
    for depth in (1, 2, 3):
        assert native.perft(native.initial(), depth) == ref_perft(REF, start, depth)
    rng = random.Random(4)
    for state in random_positions(GAME, 6, seed=rng.randrange(1000)):
        assert native.perft(native.encode(state), 2) == \
            ref_perft(REF, REF.from_position(state.to_json()), 2)
