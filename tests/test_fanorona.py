"""Fanorona (``games/fanorona.yaml``, the standard 9×5 game) against a brute-force
reference written here from the published rules alone: the board of points with its
diagonals through every other point, capture by approach and by withdrawal of the whole
enemy line, the player's choice when a move could do both, compulsory capture, the chain of
captures by one piece (never onto a point it has stood on this turn, never twice in a row
in the same direction, stopping when the player likes), the win by taking every enemy
piece, the draw after 150 rounds: perft from the start and from random positions, and
random games side by side, ply by ply, on the Python engine and natively.

The reference works on (column, row) pairs; nothing of the engine's steps, tests or
consequences."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from framework import load_game
from framework.native import support_of

from .brute_games import play_side_by_side, random_positions, ref_perft, same_perft
from .conftest import ROOT

GAME = load_game(ROOT / "games" / "fanorona.yaml")
COLUMNS = "abcdefghi"
WIDTH, HEIGHT = 9, 5
ROUNDS = 150
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _name(cell: tuple[int, int]) -> str:
    return f"{COLUMNS[cell[0]]}{cell[1] + 1}"


def _cell(name: str) -> tuple[int, int]:
    return COLUMNS.index(name[0]), int(name[1:]) - 1


def _other(player: str) -> str:
    return "black" if player == "white" else "white"


def _on(cell: tuple[int, int]) -> bool:
    return 0 <= cell[0] < WIDTH and 0 <= cell[1] < HEIGHT


def _lines(cell: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The directions of the lines through a point: the diagonals pass through the points
    whose coordinates add up to an even number (the corners among them)."""
    return ORTHOGONAL + (DIAGONAL if (cell[0] + cell[1]) % 2 == 0 else ())


@dataclass(frozen=True)
class S:
    pieces: frozenset[tuple[tuple[int, int], str]]
    to_move: str
    round: int
    #: In the middle of a chain of captures: the capturing piece's point, the points it
    #: stood on this turn, the direction of its last move.
    chain: tuple[tuple[int, int], frozenset[tuple[int, int]], tuple[int, int]] | None = None

    @property
    def board(self) -> dict[tuple[int, int], str]:
        return dict(self.pieces)


class Fanorona:
    players: tuple[str, ...] = ("white", "black")

    def start(self) -> S:
        pieces = {}
        for x in range(WIDTH):
            for y in (0, 1):
                pieces[(x, y)] = "white"
            for y in (3, 4):
                pieces[(x, y)] = "black"
        for x, owner in enumerate("BWBW.BWBW"):
            if owner != ".":
                pieces[(x, 2)] = "white" if owner == "W" else "black"
        return S(frozenset(pieces.items()), "white", 1)

    def from_position(self, p: dict[str, Any]) -> S:
        pieces = frozenset((_cell(c), e["owner"]) for c, e in p["cells"].items())
        chain = None
        if p.get("chain"):
            at = _cell(p["chain"])
            before = _cell(p["hopped_from"])
            chain = (at, frozenset(_cell(c) for c in p["visited"]),
                     (at[0] - before[0], at[1] - before[1]))
        return S(pieces, p["to_move"], p["fullmove"], chain)

    def _captures(self, s: S, src: tuple[int, int], d: tuple[int, int],
                  how: str) -> list[tuple[int, int]]:
        """The enemy pieces a move from ``src`` along ``d`` takes by approach (``A``) or
        withdrawal (``W``): the enemy line from the point beyond the landing point, or from
        the point behind the start, the way away from the moving piece."""
        board = s.board
        if how == "A":
            way = d
            at = (src[0] + 2 * d[0], src[1] + 2 * d[1])
        else:
            way = (-d[0], -d[1])
            at = (src[0] - d[0], src[1] - d[1])
        taken = []
        while _on(at) and board.get(at) == _other(s.to_move):
            taken.append(at)
            at = (at[0] + way[0], at[1] + way[1])
        return taken

    def _moves(self, s: S, only: tuple[int, int] | None = None) -> tuple[list[str], list[str]]:
        """The capturing moves and the others (paika) of the player to move."""
        board = s.board
        captures, paika = [], []
        for src, owner in board.items():
            if owner != s.to_move or (only is not None and src != only):
                continue
            for d in _lines(src):
                dst = (src[0] + d[0], src[1] + d[1])
                if not _on(dst) or dst in board:
                    continue
                if s.chain is not None and (dst in s.chain[1] or d == s.chain[2]):
                    continue
                took = False
                for how in "AW":
                    if self._captures(s, src, d, how):
                        captures.append(_name(src) + _name(dst) + how)
                        took = True
                if not took:
                    paika.append(_name(src) + _name(dst))
        return captures, paika

    def legal(self, s: S) -> list[str]:
        if self.winners(s) is not None:
            return []
        if s.chain is not None:
            return self._moves(s, s.chain[0])[0] + ["stop"]
        captures, paika = self._moves(s)
        return captures or paika

    def winners(self, s: S) -> frozenset[str] | None:
        board = s.board
        for side in self.players:
            if side not in board.values():
                return frozenset({_other(side)})
        if s.chain is not None:
            return None
        if s.round > ROUNDS:
            return frozenset()
        if not any(self._moves(s)):
            return frozenset({_other(s.to_move)})
        return None

    def _next_turn(self, s: S, board: dict[tuple[int, int], str]) -> S:
        nxt = _other(s.to_move)
        return S(frozenset(board.items()), nxt, s.round + (1 if nxt == "white" else 0))

    def play(self, s: S, notation: str) -> S:
        if notation == "stop":
            return self._next_turn(s, s.board)
        src, dst = _cell(notation[:2]), _cell(notation[2:4])
        d = (dst[0] - src[0], dst[1] - src[1])
        board = s.board
        if len(notation) == 5:
            for cell in self._captures(s, src, d, notation[4]):
                del board[cell]
        board[dst] = board.pop(src)
        if len(notation) == 4:
            return self._next_turn(s, board)
        stood = (s.chain[1] if s.chain is not None else frozenset({src})) | {dst}
        after = S(frozenset(board.items()), s.to_move, s.round, (dst, stood, d))
        if self._moves(after, dst)[0]:
            return after
        return self._next_turn(s, board)

    def to_move(self, s: S) -> str:
        return s.to_move

    def turn_key(self, s: S) -> Any:
        return (s.to_move, s.round)


REF = Fanorona()


def test_the_opening_moves() -> None:
    """White's five opening moves: into the centre point, each capturing; d3 either way."""
    assert sorted(a.notation for a in GAME.new_initial_state().legal_actions()) == \
        sorted(REF.legal(REF.start())) == ["d2e3A", "d3e3A", "d3e3W", "e2e3A", "f2e3A"]


def test_perft_from_the_start_matches_the_reference() -> None:
    same_perft(GAME, REF, GAME.new_initial_state(), 4)


def test_perft_from_random_positions_matches_the_reference() -> None:
    for state in random_positions(GAME, 6, seed=5):
        same_perft(GAME, REF, state, 2)


def test_random_games_agree_with_the_reference() -> None:
    assert play_side_by_side(GAME, REF, 3, seed=1) > 3 * 20


def test_the_native_backend_plays_it() -> None:
    assert support_of(GAME) is None
    from framework.native import NativeGame

    native = NativeGame(GAME)
    assert native.perft(native.initial(), 4) == ref_perft(REF, REF.start(), 4)
    for state in random_positions(GAME, 4, seed=9):
        assert native.perft(native.encode(state), 3) == \
            ref_perft(REF, REF.from_position(state.to_json()), 3)


@pytest.mark.slow
def test_a_hundred_random_games_agree_with_the_reference() -> None:
    outcomes: list[frozenset[str]] = []
    assert play_side_by_side(GAME, REF, 100, seed=2, outcomes=outcomes) > 100 * 20
    assert {"white", "black"} <= {next(iter(w)) for w in outcomes if w}
