"""Konane (``games/konane.yaml``) against a brute-force reference written here from the
file's description alone: the opening removals, then jumps held to one line that may stop
after any hop; perft 1-4 from the start and from random positions, perft by whole turns,
and random games side by side."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pytest

from framework import load_game
from framework.engine.turns import divide_turns, perft_turns

from .brute_games import play_side_by_side, random_positions, ref_turns, same_perft
from .conftest import ROOT

GAME = load_game(ROOT / "games" / "konane.yaml")
COLUMNS = "abcdef"
WAYS = ((0, 1), (1, 0), (0, -1), (-1, 0))
OPENING = {"a1", "c3", "d4", "f6"}


def _name(x: int, y: int) -> str:
    return f"{COLUMNS[x]}{y + 1}"


def _xy(name: str) -> tuple[int, int]:
    return COLUMNS.index(name[0]), int(name[1:]) - 1


@dataclass(frozen=True)
class S:
    cells: dict[str, str]
    to_move: str
    round: int
    chain: str | None = None       # the stone in the middle of a chain
    came_from: str | None = None   # where its last jump started
    over: frozenset[str] | None = None   # the winners, once the game is over


class Konane:
    players = ("black", "white")

    def start(self) -> S:
        cells = {_name(x, y): "black" if (x + y) % 2 == 0 else "white"
                 for x in range(6) for y in range(6)}
        return self._settle(S(cells, "black", 1))

    def from_position(self, p: dict[str, Any]) -> S:
        return self._settle(S({c: e["owner"] for c, e in p["cells"].items()}, p["to_move"],
                              p.get("fullmove", 1), p.get("chain"), p.get("hopped_from")))

    def _jumps(self, s: S, at: str, ways: Any) -> list[str]:
        x, y = _xy(at)
        found = []
        for dx, dy in ways:
            ox, oy, lx, ly = x + dx, y + dy, x + 2 * dx, y + 2 * dy
            if 0 <= lx < 6 and 0 <= ly < 6 and s.cells.get(_name(ox, oy)) not in \
                    (None, s.to_move) and _name(lx, ly) not in s.cells:
                found.append(f"{at}x{_name(lx, ly)}")
        return found

    def _moves(self, s: S) -> list[str]:
        if s.round == 1:
            mine = [c for c, o in s.cells.items() if o == s.to_move]
            if len(s.cells) == 36:
                return [f"x{c}" for c in mine if c in OPENING]
            return [f"x{c}" for c in mine if any(
                (n := _near(c, dx, dy)) is not None and n not in s.cells for dx, dy in WAYS)]
        if s.chain is not None:
            (fx, fy), (cx, cy) = _xy(s.came_from or ""), _xy(s.chain)
            way = ((cx - fx) // 2, (cy - fy) // 2)
            return [*self._jumps(s, s.chain, [way]), "stop"]
        return [j for c, o in s.cells.items() if o == s.to_move
                for j in self._jumps(s, c, WAYS)]

    def legal(self, s: S) -> list[str]:
        return [] if s.over is not None else self._moves(s)

    def _settle(self, s: S) -> S:
        """At the start of a turn: the player who cannot move loses."""
        if s.chain is None and not self._moves(s):
            return replace(s, over=frozenset(p for p in self.players if p != s.to_move))
        return s

    def _end_turn(self, s: S) -> S:
        other = "white" if s.to_move == "black" else "black"
        return self._settle(S(s.cells, other, s.round + (other == "black")))

    def play(self, s: S, m: str) -> S:
        if m == "stop":
            return self._end_turn(s)
        cells = dict(s.cells)
        if m.startswith("x"):
            del cells[m[1:]]
            return self._end_turn(replace(s, cells=cells))
        src, land = m.split("x")
        (sx, sy), (lx, ly) = _xy(src), _xy(land)
        del cells[_name((sx + lx) // 2, (sy + ly) // 2)]
        cells[land] = cells.pop(src)
        after = replace(s, cells=cells, chain=land, came_from=src)
        way = ((lx - sx) // 2, (ly - sy) // 2)
        if self._jumps(after, land, [way]):
            return after
        return self._end_turn(after)

    def to_move(self, s: S) -> str:
        return s.to_move

    def winners(self, s: S) -> frozenset[str] | None:
        return s.over

    def turn_key(self, s: S) -> Any:
        return (s.to_move, s.round)


def _near(cell: str, dx: int, dy: int) -> str | None:
    x, y = _xy(cell)
    return _name(x + dx, y + dy) if 0 <= x + dx < 6 and 0 <= y + dy < 6 else None


REF = Konane()


def test_perft_from_the_start_matches_the_reference() -> None:
    same_perft(GAME, REF, GAME.new_initial_state(), 4)


def test_perft_from_random_positions_matches_the_reference() -> None:
    for state in random_positions(GAME, 3, seed=5):
        same_perft(GAME, REF, state, 3)


def test_perft_by_turns_matches_the_reference_and_divide() -> None:
    state = GAME.new_initial_state()
    for depth in (1, 2, 3):
        expected = ref_turns(REF, REF.start(), depth)
        assert perft_turns(state, depth) == expected
        assert sum(n for _, n in divide_turns(state, depth)) == expected


def test_random_games_agree_with_the_reference() -> None:
    assert play_side_by_side(GAME, REF, 8, seed=1) > 8 * 10


@pytest.mark.slow
def test_many_random_games_and_deep_perft_agree_with_the_reference() -> None:
    assert play_side_by_side(GAME, REF, 300, seed=2) > 300 * 10
    for state in random_positions(GAME, 20, seed=3):
        same_perft(GAME, REF, state, 4)
    state = GAME.new_initial_state()
    for depth in (4, 5):
        assert perft_turns(state, depth) == ref_turns(REF, REF.start(), depth)
