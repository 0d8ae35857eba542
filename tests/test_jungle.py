"""Jungle (``games/jungle.yaml``, Dou Shou Qi) against a brute-force reference written here
from the standard rules alone — ranks (the rat takes the elephant, the elephant never the
rat), the lakes only the rat swims (taking only water to water or land to land), the lion's
and tiger's jumps across a lake with no rat on the way, the traps, the dens, the draw after
150 rounds: perft from the start and from random positions, and random games side by side,
ply by ply, on the Python engine and natively.

The reference works on (column, row) pairs and the rules' own tables; nothing of the
engine's tests of a candidate move."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from framework import load_game
from framework.native import support_of

from .brute_games import play_side_by_side, random_positions, ref_perft, same_perft
from .conftest import ROOT

GAME = load_game(ROOT / "games" / "jungle.yaml")
COLUMNS = "abcdefg"
RANK = {"rat": 1, "cat": 2, "dog": 3, "wolf": 4, "leopard": 5, "tiger": 6, "lion": 7,
        "elephant": 8}
WATER = {(x, y) for x in (1, 2, 4, 5) for y in (3, 4, 5)}   # b4..c6 and e4..f6
DEN = {"red": (3, 0), "blue": (3, 8)}
TRAPS = {"red": {(2, 0), (4, 0), (3, 1)}, "blue": {(2, 8), (4, 8), (3, 7)}}
STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0))
ROUNDS = 150


def _name(cell: tuple[int, int]) -> str:
    return f"{COLUMNS[cell[0]]}{cell[1] + 1}"


def _cell(name: str) -> tuple[int, int]:
    return COLUMNS.index(name[0]), int(name[1:]) - 1


def _other(player: str) -> str:
    return "blue" if player == "red" else "red"


@dataclass(frozen=True)
class S:
    pieces: tuple[tuple[tuple[int, int], str, str], ...]   # (cell, owner, kind), sorted
    to_move: str
    round: int

    @property
    def board(self) -> dict[tuple[int, int], tuple[str, str]]:
        return {c: (o, k) for c, o, k in self.pieces}


class Jungle:
    players = ("red", "blue")

    def start(self) -> S:
        red = {(0, 0): "tiger", (6, 0): "lion", (1, 1): "cat", (5, 1): "dog",
               (0, 2): "elephant", (2, 2): "wolf", (4, 2): "leopard", (6, 2): "rat"}
        pieces = [(c, "red", k) for c, k in red.items()]
        pieces += [((6 - x, 8 - y), "blue", k) for (x, y), k in red.items()]
        return S(tuple(sorted(pieces)), "red", 1)

    def from_position(self, p: dict[str, Any]) -> S:
        return S(tuple(sorted((_cell(c), e["owner"], e["piece"])
                              for c, e in p["cells"].items())), p["to_move"], p["fullmove"])

    def _takes(self, s: S, kind: str, src: tuple[int, int], dst: tuple[int, int]) -> bool:
        owner, victim = s.board[dst]
        if owner == s.to_move:
            return False
        if kind == "rat" and (src in WATER) != (dst in WATER):
            return False   # never across the shore
        if dst in TRAPS[s.to_move]:
            return True
        if kind == "rat" and victim == "elephant":
            return True
        if kind == "elephant" and victim == "rat":
            return False
        return RANK[victim] <= RANK[kind]

    def _moves(self, s: S) -> list[str]:
        board, found = s.board, []
        for src, (owner, kind) in board.items():
            if owner != s.to_move:
                continue
            for dx, dy in STEPS:
                dst = (src[0] + dx, src[1] + dy)
                if not (0 <= dst[0] < 7 and 0 <= dst[1] < 9) or dst == DEN[s.to_move]:
                    continue
                if dst in WATER and kind != "rat":
                    if kind not in ("lion", "tiger"):
                        continue
                    over = []   # the jump: straight across the lake
                    while dst in WATER:
                        over.append(dst)
                        dst = (dst[0] + dx, dst[1] + dy)
                    if any(c in board for c in over):
                        continue
                if dst not in board or self._takes(s, kind, src, dst):
                    found.append(_name(src) + _name(dst))
        return found

    def winners(self, s: S) -> frozenset[str] | None:
        board = s.board
        last = _other(s.to_move)
        for cell, (owner, _) in board.items():
            if cell == DEN[_other(owner)]:
                return frozenset({owner})
        for side in self.players:
            if not any(o == side for o, _ in board.values()):
                return frozenset({_other(side)})
        if s.round > ROUNDS:   # 150 rounds played out: a draw
            return frozenset()
        if not self._moves(s):
            return frozenset({last})
        return None

    def legal(self, s: S) -> list[str]:
        return [] if self.winners(s) is not None else self._moves(s)

    def play(self, s: S, notation: str) -> S:
        src, dst = _cell(notation[:2]), _cell(notation[2:])
        board = s.board
        board[dst] = board.pop(src)
        nxt = _other(s.to_move)
        return S(tuple(sorted((c, o, k) for c, (o, k) in board.items())), nxt,
                 s.round + (1 if nxt == "red" else 0))

    def to_move(self, s: S) -> str:
        return s.to_move

    def turn_key(self, s: S) -> Any:
        return (s.to_move, s.round)


REF = Jungle()


def test_perft_from_the_start_matches_the_reference() -> None:
    same_perft(GAME, REF, GAME.new_initial_state(), 3)


def test_perft_from_random_positions_matches_the_reference() -> None:
    for state in random_positions(GAME, 5, seed=5):
        same_perft(GAME, REF, state, 2)


def test_random_games_agree_with_the_reference() -> None:
    assert play_side_by_side(GAME, REF, 4, seed=1) > 4 * 20


def test_the_native_backend_plays_it() -> None:
    assert support_of(GAME) is None
    from framework.native import NativeGame

    native = NativeGame(GAME)
    assert native.perft(native.initial(), 3) == ref_perft(REF, REF.start(), 3)
    for state in random_positions(GAME, 4, seed=9):
        assert native.perft(native.encode(state), 2) == \
            ref_perft(REF, REF.from_position(state.to_json()), 2)


@pytest.mark.slow
def test_a_hundred_random_games_agree_with_the_reference() -> None:
    outcomes: list[frozenset[str]] = []
    assert play_side_by_side(GAME, REF, 100, seed=2, outcomes=outcomes) > 100 * 20
    assert {"red", "blue"} <= {next(iter(w)) for w in outcomes if w}
