"""Tablut (games/tablut.yaml) against an independent brute-force reference written here:
the rules of the file's description coded from scratch on (column, row) pairs, perft 1–3
from the start and from random positions, and the edge cases one by one."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from framework import load_game
from framework.engine.state import State
from framework.perft import perft

from .conftest import ROOT

GAME = load_game(ROOT / "games" / "tablut.yaml")
SIZE = 9
THRONE = (4, 4)  # e5
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))
Cell = tuple[int, int]


@dataclass
class Position:
    """A Tablut position for the reference: side → kind by cell."""

    pieces: dict[Cell, tuple[str, str]]  # cell → (side, kind)
    to_move: str
    round: int
    over: bool = False

    def copy(self) -> Position:
        return Position(dict(self.pieces), self.to_move, self.round, self.over)


def on_board(c: Cell) -> bool:
    return 0 <= c[0] < SIZE and 0 <= c[1] < SIZE


def name(c: Cell) -> str:
    return f"{'abcdefghi'[c[0]]}{c[1] + 1}"


def cell(text: str) -> Cell:
    return "abcdefghi".index(text[0]), int(text[1:]) - 1


def reference_moves(p: Position) -> list[tuple[Cell, Cell]]:
    if p.over:
        return []
    found = []
    for src, (side, kind) in p.pieces.items():
        if side != p.to_move:
            continue
        for dx, dy in DIRECTIONS:
            at = (src[0] + dx, src[1] + dy)
            while on_board(at) and at not in p.pieces:
                if at != THRONE or kind == "king":  # others only cross the throne
                    found.append((src, at))
                at = (at[0] + dx, at[1] + dy)
    return found


def hostile_or_own(p: Position, c: Cell, side: str) -> bool:
    if c in p.pieces:
        return p.pieces[c][0] == side
    return c == THRONE  # the empty throne


def reference_play(p: Position, move: tuple[Cell, Cell]) -> Position:
    src, dst = move
    q = p.copy()
    side = q.to_move
    q.pieces[dst] = q.pieces.pop(src)
    taken = []
    for dx, dy in DIRECTIONS:
        next_to = (dst[0] + dx, dst[1] + dy)
        if next_to not in q.pieces or q.pieces[next_to][0] == side:
            continue
        if q.pieces[next_to][1] == "soldier":
            beyond = (next_to[0] + dx, next_to[1] + dy)
            if on_board(beyond) and hostile_or_own(q, beyond, side):
                taken.append(next_to)
        else:  # the king: four sides, the empty throne counting as one
            around = [(next_to[0] + ex, next_to[1] + ey) for ex, ey in DIRECTIONS]
            if all(on_board(a) and hostile_or_own(q, a, side) for a in around):
                taken.append(next_to)
    for c in taken:
        del q.pieces[c]
    kings = [c for c, (_, kind) in q.pieces.items() if kind == "king"]
    if side == "defenders":
        q.round += 1
    q.to_move = "defenders" if side == "attackers" else "attackers"
    if not kings or any(c[0] in (0, SIZE - 1) or c[1] in (0, SIZE - 1) for c in kings):
        q.over = True  # captured, or escaped to the edge
    elif q.round >= 201:
        q.over = True
    return q


def reference_perft(p: Position, depth: int) -> int:
    if p.over:
        return 0
    moves = reference_moves(p)
    if depth == 1:
        return len(moves)
    return sum(reference_perft(reference_play(p, m), depth - 1) for m in moves)


def position_of(state: State) -> Position:
    data = state.to_json()
    pieces = {cell(c): (e["owner"], e["piece"]) for c, e in data["cells"].items()}
    return Position(pieces, data["to_move"], data.get("fullmove", 1), state.is_terminal())


def random_positions(count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = GAME.new_initial_state()
        for _ in range(rng.randrange(4, 60)):
            actions = state.legal_actions()
            if not actions:
                break
            state.apply(rng.choice(actions))
        if not state.is_terminal():
            found.append(state)
    return found


def test_the_reference_reads_the_start_as_the_file_sets_it() -> None:
    p = position_of(GAME.new_initial_state())
    assert p.to_move == "attackers" and p.pieces[THRONE] == ("defenders", "king")
    assert sum(1 for side, _ in p.pieces.values() if side == "attackers") == 16
    assert sum(1 for side, _ in p.pieces.values() if side == "defenders") == 9


def test_perft_1_and_2_equal_the_reference() -> None:
    start = GAME.new_initial_state()
    for depth in (1, 2):
        assert perft(start, depth) == reference_perft(position_of(start), depth)
    for state in random_positions(2, seed=1):
        assert perft(state, 2) == reference_perft(position_of(state), 2), state.to_json()


def test_the_legal_moves_are_the_reference_moves_along_random_games() -> None:
    """Every move and every capture of a few random games, compared one ply at a time."""
    rng = random.Random(7)
    for _ in range(3):
        state = GAME.new_initial_state()
        while not state.is_terminal():
            p = position_of(state)
            ours = {a.notation for a in state.legal_actions()}
            assert ours == {name(s) + name(d) for s, d in reference_moves(p)}, state.to_json()
            move = rng.choice(sorted(ours))
            state.apply(move)
            after = position_of(state)
            expected = reference_play(p, (cell(move[:2]), cell(move[2:])))
            assert after.pieces == expected.pieces and after.over == expected.over, move


@pytest.mark.slow
def test_perft_1_to_3_from_the_start_and_20_random_positions() -> None:
    for state in [GAME.new_initial_state(), *random_positions(20, seed=26)]:
        p = position_of(state)
        for depth in (1, 2, 3):
            assert perft(state, depth) == reference_perft(p, depth), (depth, state.to_json())


def position(to_move: str, **cells: str) -> State:
    """A position from cell=symbol pairs: a an attacker, d a defender, K the king."""
    kinds = {"a": ("attackers", "soldier"), "d": ("defenders", "soldier"),
             "K": ("defenders", "king")}
    return State.from_json(GAME, {"game": "Tablut", "to_move": to_move, "cells": {
        c: {"owner": kinds[v][0], "piece": kinds[v][1]} for c, v in cells.items()}})


def played(state: State, move: str) -> State:
    """``move`` played by the engine, checked against the reference's play of it."""
    expected = reference_play(position_of(state), (cell(move[:2]), cell(move[2:])))
    after = state.child(state.parse_action(move))
    got = position_of(after)
    assert got.pieces == expected.pieces and got.over == expected.over, move
    return after


@pytest.mark.parametrize("start,move,gone,over", [
    # the king on the throne needs attackers on all four sides
    (dict(e5="K", e6="a", d5="a", f5="a", e1="a", i9="d"), "e1e4", ["e5"], True),
    (dict(e5="K", e6="a", d5="a", e1="a", i9="d"), "e1e4", [], False),
    # next to the throne, three attackers and the empty throne
    (dict(e6="K", d6="a", f6="a", e9="a", i9="d"), "e9e7", ["e6"], True),
    (dict(d5="K", c5="a", d6="a", d1="a", i9="d"), "d1d4", ["d5"], True),
    # elsewhere, three attackers are not enough, nor two in a line
    (dict(c6="K", b6="a", c7="a", h5="a", i9="d"), "h5c5", [], False),
    (dict(c6="K", b6="a", h6="a", i9="d"), "h6d6", [], False),
    # the empty throne takes a defender as an attacker would, the king on it does not
    (dict(d5="d", a5="a", h8="K"), "a5c5", ["d5"], False),
    (dict(d5="d", e5="K", a5="a"), "a5c5", [], False),
    # the king captures as a defender, against a soldier or the empty throne
    (dict(c3="K", d4="a", e4="d", i9="a"), "c3c4", ["d4"], False),
    (dict(g3="K", f5="a", i9="a"), "g3g5", ["f5"], False),
    # moving in between two enemies is safe
    (dict(b6="d", d6="d", c9="a", h2="K"), "c9c6", [], False),
])
def test_the_edge_cases_of_capture(start: dict[str, str], move: str, gone: list[str],
                                   over: bool) -> None:
    to_move = "attackers" if start[move[:2]] == "a" else "defenders"
    state = position(to_move, **start)
    after = played(state, move)
    cells = after.to_json()["cells"]
    for c in start:
        if c != move[:2]:
            assert (c in cells) == (c not in gone), (move, c)
    assert after.is_terminal() == over
    if over and gone:
        assert after.returns() == [1.0, -1.0]  # the attackers captured the king


def test_only_the_king_stops_on_the_throne_and_the_king_escapes_to_the_edge() -> None:
    state = position("defenders", e3="d", e9="a", b2="K")
    assert {a.notation for a in state.legal_actions() if a.notation.startswith("e3")} == {
        "e3e2", "e3e1", "e3e4", "e3e6", "e3e7", "e3e8", *(f"e3{c}3" for c in "abcdfghi")}
    king = position("defenders", e4="K", a9="a", i1="d")
    assert "e4e5" in {a.notation for a in king.legal_actions()}  # back onto the throne
    escaped = played(king, "e4a4")
    assert escaped.is_terminal() and escaped.returns() == [-1.0, 1.0]
