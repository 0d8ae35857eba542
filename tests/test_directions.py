"""Named directions on boards: labels from the builders, lowered to step and ray tables."""

from __future__ import annotations

import pytest

from framework import SpecError, load_game_text


def game_on(board: str, goal: str = "") -> object:
    return load_game_text(f"""
name: Directions test
players: [white, black]
board: {board}
pieces: {{stone: {{}}}}
turn: [{{name: place, type: moves, options: [{{type: place}}]}}]
{goal}
""")


def step(game: object, cell: str, direction: str) -> str | None:
    board = game.board  # type: ignore[attr-defined]
    to = board.step[board.cell(cell)][board.direction(direction)]
    return board.names[to] if to >= 0 else None


def ray(game: object, cell: str, direction: str) -> set[str]:
    board = game.board  # type: ignore[attr-defined]
    mask = board.rays[board.cell(cell)][board.direction(direction)]
    return {board.names[i] for i in range(board.size) if mask >> i & 1}


def test_king_grid_has_eight_compass_directions_each_with_its_opposite() -> None:
    game = game_on("{type: grid, rows: 3, columns: 3, adjacency: king}")
    board = game.board  # type: ignore[attr-defined]
    assert board.directions == ("n", "ne", "e", "se", "s", "sw", "w", "nw")
    assert [board.directions[o] for o in board.opposite] == ["s", "sw", "w", "nw", "n", "ne",
                                                             "e", "se"]
    expected = {"n": "b3", "ne": "c3", "e": "c2", "se": "c1", "s": "b1", "sw": "a1", "w": "a2",
                "nw": "a3"}
    assert {d: step(game, "b2", d) for d in board.directions} == expected
    assert step(game, "a1", "s") is None and step(game, "a1", "w") is None
    assert ray(game, "a1", "ne") == {"b2", "c3"}
    assert ray(game, "a2", "e") == {"b2", "c2"}
    assert ray(game, "c3", "ne") == set()


@pytest.mark.parametrize(("adjacency", "directions"), [
    ("orthogonal", ("n", "e", "s", "w")), ("diagonal", ("ne", "se", "sw", "nw"))])
def test_grid_directions_follow_its_adjacency(adjacency: str,
                                               directions: tuple[str, ...]) -> None:
    game = game_on(f"{{type: grid, rows: 4, columns: 5, adjacency: {adjacency}}}")
    board = game.board  # type: ignore[attr-defined]
    assert board.directions == directions
    # Every neighbour is exactly one step in one direction, and back by its opposite.
    for cell in range(board.size):
        steps = [s for s in board.step[cell] if s >= 0]
        assert sorted(steps) == sorted(board.neighbours[cell])
        for d, to in enumerate(board.step[cell]):
            if to >= 0:
                assert board.step[to][board.opposite[d]] == cell


def test_hexhex_has_six_directions_matching_its_neighbours() -> None:
    game = game_on("{type: hexhex, side: 4}")
    board = game.board  # type: ignore[attr-defined]
    assert set(board.directions) == {"ne", "e", "se", "sw", "w", "nw"}
    assert {d: step(game, "D5", d) for d in board.directions} == {
        "ne": "E6", "nw": "E5", "e": "D6", "w": "D4", "se": "C5", "sw": "C4"}
    assert ray(game, "A1", "ne") == {"B2", "C3", "D4", "E5", "F6", "G7"}
    for cell in range(board.size):
        assert sorted(s for s in board.step[cell] if s >= 0) == sorted(board.neighbours[cell])


def test_a_hole_interrupts_rays() -> None:
    game = game_on("{type: grid, rows: 1, columns: 5, holes: [c1]}")
    assert ray(game, "a1", "e") == {"b1"}
    assert step(game, "b1", "e") is None
    assert ray(game, "e1", "w") == {"d1"}


def test_custom_board_has_no_directions_and_line_is_refused_there() -> None:
    board = "{type: custom, cells: {p: [0, 0], q: [1, 0]}, links: [p-q]}"
    assert game_on(board).board.directions == ()  # type: ignore[attr-defined]
    with pytest.raises(SpecError, match="needs a board with named directions"):
        game_on(board, "goals: [{type: line}]")


def test_line_with_a_direction_the_board_lacks_is_refused() -> None:
    with pytest.raises(SpecError, match="unknown direction 'ne'; expected one of: e, n, s, w"):
        game_on("{type: grid, rows: 3, columns: 3}", "goals: [{type: line, directions: [ne]}]")


TRIANGLE = ("{{type: custom, cells: {{p: [0, 0], q: [1, 0], r: [2, 0]}}, links: [p-q, q-r], "
            "{extra}}}")


def test_a_custom_board_may_name_directions_on_its_links() -> None:
    game = game_on(TRIANGLE.format(extra="directions: {e: w}, "
                                         "link_directions: {p-q: e, r-q: w}"),
                   "goals: [{type: line, length: 3}]")
    board = game.board  # type: ignore[attr-defined]
    assert set(board.directions) == {"e", "w"}
    assert step(game, "p", "e") == "q" and step(game, "q", "w") == "p"
    assert step(game, "q", "e") == "r" and step(game, "r", "w") == "q"
    assert ray(game, "p", "e") == {"q", "r"}
    state = game.state_from_json({"to_move": "white",  # type: ignore[attr-defined]
                                  "cells": {"p": "black", "q": "black", "r": "black"}})
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


@pytest.mark.parametrize(("extra", "message"), [
    ("directions: {e: w}, link_directions: {p-q: n}", "unknown direction 'n'"),
    ("directions: {e: w}, link_directions: {p-r: e}", "'p-r' is not one of the board's links"),
    ("directions: {e: w}, link_directions: {p-q: e, r-q: e}",
     "'q' already has a neighbour in direction 'w'"),
    ("directions: {e: e}", "cannot have 'e' as its opposite"),
])
def test_bad_direction_labels_on_a_custom_board_are_refused(extra: str, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        game_on(TRIANGLE.format(extra=extra))


RING = """
name: Ring
players: [white, black]
board:
  type: custom
  shape: circle
  cells: {n1: [0, 0], n2: [1, 0], n3: [1, 1], n4: [0, 1]}
  links: [n1-n2, n2-n3, n3-n4, n4-n1]
  directions: {cw: ccw}
  link_directions: {n1-n2: cw, n2-n3: cw, n3-n4: cw, n4-n1: cw}
pieces: {stone: {symbols: {white: W, black: B}}}
setup: [{type: fixed, cells: {n1: white, n3: black}}]
turn:
  - name: move
    type: moves
    options:
      - {type: slide, piece: stone, directions: [cw], to: empty_or_enemy}
      - {type: place, piece: stone, %s}
  - {name: flip, type: flip_flanked, directions: [cw, ccw]}
goals: [{type: line, length: 3, directions: [cw]}]
no_legal_move: pass
max_plies: 50
"""


def test_a_direction_round_a_ring_is_walked_once_round() -> None:
    """A custom board's direction may go round a ring: a ray stops before coming back to
    its start (before, building the slide's rays never ended), and the engine agrees with
    the reference interpreter."""
    from framework.check.runner import check_game

    game = load_game_text(RING % "must_flank: true")
    assert ray(game, "n1", "cw") == {"n2", "n3", "n4"}
    board = game.board  # type: ignore[attr-defined]
    ring = board.ray_cells(board.cell("n1"), board.direction("cw"))
    assert [board.names[c] for c in ring] == ["n2", "n3", "n4"]
    state = game.new_initial_state()  # type: ignore[attr-defined]
    slides = sorted(a.notation for a in state.legal_actions() if a.src >= 0)
    assert slides == ["n1n2", "n1n3"]  # n2 empty, n3 black's: taken, the ray ends
    report = check_game(game, examples=20)  # type: ignore[arg-type]
    failed = {o.name for o in report.failed}
    assert "same as the reference interpreter" not in failed
    assert failed <= {"random play ends within max_plies"}  # the toy game may not end


def test_gravity_round_a_ring_is_refused() -> None:
    with pytest.raises(SpecError, match="no piece can ever be dropped: every cell has "
                                        "another before it against the fall 'cw'"):
        load_game_text(RING % "gravity: cw")
