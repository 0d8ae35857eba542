"""Abalone (``games/abalone.yaml``, the standard start) against a brute-force reference
written here from the published rules alone: lines of one to three marbles moving one cell
in line (onto an empty cell, or pushing fewer enemy marbles in a row with an empty cell or
the edge beyond them: sumito; a marble pushed off is out) or sideways (two or three, every
marble onto an empty cell); the win by pushing off six marbles; the draw after 200
rounds: the 44 opening moves, perft from the start and from random positions, and random
games side by side, ply by ply; natively too.

The reference works on the (row, number) pairs of the board's own notation (A1..I9, a
cell existing when its number is within four of its row's), and lists every line of
marbles once, with no engine code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from framework import load_game
from framework.native import support_of

from .brute_games import play_side_by_side, random_positions, ref_perft, same_perft
from .conftest import ROOT

GAME = load_game(ROOT / "games" / "abalone.yaml")
ROWS = "ABCDEFGHI"
#: The six ways to the next cell, as (row, number) changes: along a row, along a number's
#: diagonal, and along the third line of the hexagon.
WAYS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1))
ROUNDS = 200
Cell = tuple[int, int]


def _on(cell: Cell) -> bool:
    r, n = cell
    return 1 <= r <= 9 and 1 <= n <= 9 and abs(n - r) <= 4


def _name(cell: Cell) -> str:
    return f"{ROWS[cell[0] - 1]}{cell[1]}"


def _cell(name: str) -> Cell:
    return ROWS.index(name[0]) + 1, int(name[1:])


def _plus(cell: Cell, way: Cell, k: int = 1) -> Cell:
    return cell[0] + k * way[0], cell[1] + k * way[1]


def _other(player: str) -> str:
    return "white" if player == "black" else "black"


@dataclass(frozen=True)
class S:
    marbles: frozenset[tuple[Cell, str]]
    to_move: str
    round: int

    @property
    def board(self) -> dict[Cell, str]:
        return dict(self.marbles)


class Abalone:
    players: tuple[str, ...] = ("black", "white")

    def start(self) -> S:
        marbles = {}
        for n in range(1, 6):
            marbles[(1, n)] = "black"
            marbles[(9, n + 4)] = "white"
        for n in range(1, 7):
            marbles[(2, n)] = "black"
            marbles[(8, n + 3)] = "white"
        for n in (3, 4, 5):
            marbles[(3, n)] = "black"
            marbles[(7, n + 2)] = "white"
        return S(frozenset(marbles.items()), "black", 1)

    def from_position(self, p: dict[str, Any]) -> S:
        return S(frozenset((_cell(c), e["owner"]) for c, e in p["cells"].items()),
                 p["to_move"], p["fullmove"])

    def _lines(self, s: S) -> list[list[Cell]]:
        """Every line of one to three of the mover's marbles, each once, its cells listed
        from the lowest (row, number)."""
        board = s.board
        mine = sorted(c for c, o in board.items() if o == s.to_move)
        found = [[c] for c in mine]
        for c in mine:
            for way in ((0, 1), (1, 0), (1, 1)):   # each axis once, upwards
                line = [c]
                while len(line) < 3 and board.get(_plus(line[-1], way)) == s.to_move:
                    line.append(_plus(line[-1], way))
                    found.append(list(line))
        return found

    def _moves(self, s: S) -> dict[str, tuple[list[Cell], Cell]]:
        board = s.board
        moves: dict[str, tuple[list[Cell], Cell]] = {}
        for line in self._lines(s):
            axis = (line[1][0] - line[0][0], line[1][1] - line[0][1]) if len(line) > 1 \
                else None
            for way in WAYS:
                if axis is None or way in (axis, (-axis[0], -axis[1])):
                    ordered = line if axis is None or way == axis else line[::-1]
                    front = _plus(ordered[-1], way)
                    if not _on(front) or board.get(front) == s.to_move:
                        continue
                    if front in board:   # sumito: fewer enemy marbles, then space or edge
                        k = 0
                        while board.get(_plus(front, way, k)) == _other(s.to_move):
                            k += 1
                        beyond = _plus(front, way, k)
                        if k >= len(line) or (_on(beyond) and beyond in board):
                            continue
                    moves[_name(ordered[0]) + _name(front)] = (ordered, way)
                else:   # broadside
                    moved = [_plus(c, way) for c in line]
                    if all(_on(m) and m not in board for m in moved):
                        moves[_name(line[0]) + _name(line[-1]) + _name(moved[0])] = (line,
                                                                                  way)
        return moves

    def winners(self, s: S) -> frozenset[str] | None:
        marbles = list(s.board.values())
        for side in self.players:
            if marbles.count(side) <= 8:
                return frozenset({_other(side)})
        if s.round > ROUNDS:
            return frozenset()
        if not self._moves(s):
            return frozenset({_other(s.to_move)})
        return None

    def legal(self, s: S) -> list[str]:
        return [] if self.winners(s) is not None else list(self._moves(s))

    def play(self, s: S, notation: str) -> S:
        line, way = self._moves(s)[notation]
        board = s.board
        ahead = _plus(line[-1], way)
        if len(notation) == 4 and ahead in board:   # the pushed marbles, farthest first
            row = []
            while ahead in board:
                row.append(ahead)
                ahead = _plus(ahead, way)
            for c in reversed(row):
                owner = board.pop(c)
                if _on(_plus(c, way)):
                    board[_plus(c, way)] = owner
        moving = [(c, board.pop(c)) for c in line]
        for c, owner in moving:
            board[_plus(c, way)] = owner
        nxt = _other(s.to_move)
        return S(frozenset(board.items()), nxt, s.round + (1 if nxt == "black" else 0))

    def to_move(self, s: S) -> str:
        return s.to_move

    def turn_key(self, s: S) -> Any:
        return (s.to_move, s.round)


REF = Abalone()


def test_the_44_opening_moves() -> None:
    ours = sorted(a.notation for a in GAME.new_initial_state().legal_actions())
    assert len(ours) == 44 and ours == sorted(REF.legal(REF.start()))


def test_perft_from_the_start_matches_the_reference() -> None:
    same_perft(GAME, REF, GAME.new_initial_state(), 2)
    assert ref_perft(REF, REF.start(), 2) == 44 * 44


def test_perft_from_random_positions_matches_the_reference() -> None:
    for state in random_positions(GAME, 4, seed=5):
        same_perft(GAME, REF, state, 2)


def test_a_push_off_the_board_captures() -> None:
    """Three black marbles push two white ones on the edge: the outer one leaves."""
    black = ["E5", "E6", "E7", "A1", "A2", "A3", "A4", "A5", "B1"]
    white = ["E8", "E9", "I5", "I6", "I7", "I8", "I9", "H4", "H5", "H6", "H7"]
    position = {"game": "Abalone", "to_move": "black", "halfmove": 0, "fullmove": 1,
                "gaps": [], "cells": {c: {"owner": o, "piece": "marble"} for o, cells in (
                    ("black", black), ("white", white)) for c in cells}}
    state = GAME.state_from_json(position)
    assert "E5E8" in {a.notation for a in state.legal_actions()}
    state.apply("E5E8")
    after = state.to_json()["cells"]
    assert {c for c, e in after.items() if e["owner"] == "white"} == {"E9", *white[2:]}
    assert {c for c, e in after.items() if e["owner"] == "black"} == \
        {"E6", "E7", "E8", *black[3:]}
    assert REF.play(REF.from_position(position), "E5E8") == \
        REF.from_position(state.to_json())


def test_random_games_agree_with_the_reference() -> None:
    assert play_side_by_side(GAME, REF, 3, seed=1, plies=60) == 3 * 60


def test_the_native_backend_plays_it() -> None:
    assert support_of(GAME) is None
    from framework.native import NativeGame

    native = NativeGame(GAME)
    assert native.perft(native.initial(), 3) == ref_perft(REF, REF.start(), 3) == 98912
    for state in random_positions(GAME, 4, seed=9):
        assert native.perft(native.encode(state), 2) == \
            ref_perft(REF, REF.from_position(state.to_json()), 2)


@pytest.mark.slow
def test_a_hundred_random_games_agree_with_the_reference() -> None:
    outcomes: list[frozenset[str]] = []
    assert play_side_by_side(GAME, REF, 100, seed=2, outcomes=outcomes) > 100 * 20


@pytest.mark.slow
def test_perft_to_depth_three_matches_the_reference() -> None:
    same_perft(GAME, REF, GAME.new_initial_state(), 3)
