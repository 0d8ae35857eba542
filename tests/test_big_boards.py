"""Go-sized boards (19×19) and the fast paths that make them playable: the ``line`` goal
tests each row shape for the whole board at once (bitwise), and the bit helpers read big
masks quickly. Each fast path is checked against the plain definition it replaces."""

from __future__ import annotations

import random

import pytest

from framework import load_game_text
from framework.check.reference import ReferenceGame
from framework.compiler import CompiledBoard
from framework.engine.bits import iter_bits, nth_bit
from framework.engine.playout import random_playout
from framework.rules.goals.line import Line

GAME = """
name: Line test
players: [black, white]
board: {board}
pieces: {{stone: {{symbols: {{black: x, white: o}}}}}}
turn: [{{name: place, type: moves, options: [{{type: place}}]}}]
goals: [{goal}]
result: {{type: draw}}
"""

GO = "{type: grid, rows: 19, columns: 19, adjacency: king}"


def window_scan(board: CompiledBoard, goal: Line, mine: int) -> bool:
    """The plain definition: walk every row of ``length`` cells of the board, window by
    window (with ``exactly``, the cells just before and after it must not be ``mine``)."""
    p = goal.params
    names = p.directions if p.directions is not None else board.directions
    for d in {board.direction(n) for n in names}:
        back = board.opposite[d]
        for start in range(board.size):
            cells = [start, *board.ray_cells(start, d)[:p.length - 1]]
            if len(cells) < p.length or not all(mine >> c & 1 for c in cells):
                continue
            ends = (board.step[start][back], board.step[cells[-1]][d])
            if not (p.exactly and any(e >= 0 and mine >> e & 1 for e in ends)):
                return True
    return False


@pytest.mark.parametrize(("board", "goal"), [
    (GO, "{type: line, length: 5}"),
    (GO, "{type: line, length: 5, exactly: true}"),
    (GO, "{type: line, length: 3, directions: [ne]}"),
    ("{type: grid, rows: 7, columns: 9, holes: [d4, e5]}", "{type: line, length: 3}"),
    ("{type: grid, rows: 6, columns: 7, adjacency: diagonal}",
     "{type: line, length: 4, exactly: true}"),
    ("{type: hexhex, side: 5}", "{type: line, length: 4}"),
    ("{type: hexhex, side: 4}", "{type: line, length: 3, exactly: true, directions: [e, ne]}"),
    ("{type: grid, rows: 1, columns: 26}", "{type: line, length: 26}"),
])
def test_the_bitwise_line_goal_equals_the_window_scan(board: str, goal: str) -> None:
    game = load_game_text(GAME.format(board=board, goal=goal))
    line = game.goals[0]
    assert isinstance(line, Line)
    rng = random.Random(3)
    size = game.board.size
    found = 0
    trials = 160 if size > 200 else 600
    for trial in range(trials):
        density = (0.2, 0.45, 0.7, 0.95)[trial % 4]
        mine = sum(1 << c for c in range(size) if rng.random() < density)
        expected = window_scan(game.board, line, mine)
        assert line.has_row(mine) == expected, (board, goal, bin(mine))
        found += expected
    assert 0 < found < trials  # both answers were exercised


def test_a_grid_direction_is_one_row_shape() -> None:
    """Why the bitwise test is fast on a grid: cell ids run row by row, so every row of one
    direction has the same offsets, and a direction is one int test for the whole board."""
    game = load_game_text(GAME.format(board=GO, goal="{type: line, length: 5}"))
    line = game.goals[0]
    assert isinstance(line, Line)
    assert len(line.shapes) == 4
    assert sorted(need for need, _, _ in line.shapes) == sorted(
        [(1, 2, 3, 4), (19, 38, 57, 76), (20, 40, 60, 80), (-18, -36, -54, -72)])


def test_a_ring_of_directions_makes_no_endless_row() -> None:
    ring = ("{type: custom, cells: {p: [0, 0], q: [1, 0], r: [0.5, 1]}, links: [p-q, q-r, r-p],"
            " directions: {cw: ccw}, link_directions: {p-q: cw, q-r: cw, r-p: cw}}")
    game = load_game_text(GAME.format(board=ring, goal="{type: line, length: 3}"))
    line = game.goals[0]
    assert isinstance(line, Line)
    assert line.has_row(0b111) and not line.has_row(0b011)
    longer = load_game_text(GAME.format(board=ring, goal="{type: line, length: 4}")).goals[0]
    assert isinstance(longer, Line)
    assert not longer.has_row(0b111)  # three cells make no row of four, however walked


def test_a_19x19_game_compiles_plays_and_checks_lines_like_the_reference() -> None:
    game = load_game_text(GAME.format(board=GO, goal="{type: line, length: 5}"))
    assert game.board.size == 361 and game.board.names[-1] == "s19"
    assert len(game.codec) == 361
    rng = random.Random(19)
    for _ in range(10):
        state = game.new_initial_state()
        plies = random_playout(state, rng)
        assert state.is_terminal() and 9 <= plies <= 361
        winners = [game.players[s] for s in state.winners or ()]
        assert winners == [game.players[(plies - 1) % 2]] or state.empty() == 0
    # One more game against the reference interpreter's line goal, every few plies and at
    # the end.
    reference = ReferenceGame(game.spec)
    state = game.new_initial_state()
    line = game.goals[0]
    plies = 0
    while not state.is_terminal():
        state.apply_unchecked(state.game.phases[0].random_action(state, rng))
        plies += 1
        if plies % 8 and not state.is_terminal():
            continue
        cells = {name: value["owner"] for name, value in state.to_json()["cells"].items()}
        verdict = line.evaluate(state)
        mine = None if verdict is None else {game.players[s] for s in verdict.winners}
        theirs = reference.goals[0].verdict(reference.from_json({"to_move": "black",
                                                                 "cells": cells}))
        assert mine == theirs


def test_bit_helpers_agree_with_their_plain_definitions() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        size = rng.choice((9, 49, 225, 361, 676))
        mask = sum(1 << c for c in range(size) if rng.random() < rng.random())
        cells = [c for c in range(size) if mask >> c & 1]
        assert list(iter_bits(mask)) == cells
        for k in {0, len(cells) // 2, len(cells) - 1} if cells else ():
            assert nth_bit(mask, k) == cells[k]
    assert list(iter_bits(0)) == [] and list(iter_bits(1 << 675)) == [675]
    assert nth_bit((1 << 676) - 1, 675) == 675 and nth_bit((1 << 676) - 1, 30) == 30
