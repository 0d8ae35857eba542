"""Lines of Action (games/lines-of-action.yaml) side by side with OpenSpiel's C++
``lines_of_action``: perft from the start, and random games with the same legal sets (the
notation is OpenSpiel's own: ``b1-h1``, a capture ``c1xa3``), player to move, terminal
flag and returns at every ply; the rules the file is made of (a slide whose length is read
from the board, one_group, the board repetition counted from the start) on their own."""

from __future__ import annotations

import pyspiel
import pytest

from framework import load_game, load_game_text
from framework.perft import perft

from .conftest import ROOT
from .spiel import openspiel_perft, play_side_by_side

FILE = ROOT / "games" / "lines-of-action.yaml"


@pytest.fixture(scope="module")
def loa():  # type: ignore[no-untyped-def]
    return load_game(FILE)


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_matches_openspiel(loa, depth: int) -> None:  # type: ignore[no-untyped-def]
    spiel = pyspiel.load_game("lines_of_action").new_initial_state()
    assert perft(loa.new_initial_state(), depth) == openspiel_perft(spiel, depth)


@pytest.mark.slow
def test_perft_4_matches_openspiel(loa) -> None:  # type: ignore[no-untyped-def]
    spiel = pyspiel.load_game("lines_of_action").new_initial_state()
    assert perft(loa.new_initial_state(), 4) == openspiel_perft(spiel, 4) == 1563208


def test_a_few_random_games_agree_with_openspiel(loa) -> None:  # type: ignore[no-untyped-def]
    outcomes, plies = play_side_by_side(loa, "lines_of_action", 3, 5)
    assert sum(outcomes.values()) == 3 and plies > 30


@pytest.mark.slow
def test_many_random_games_agree_with_openspiel(loa) -> None:  # type: ignore[no-untyped-def]
    outcomes, _ = play_side_by_side(loa, "lines_of_action", 250, 24)
    # Wins of both colours and repetition draws all come up.
    assert set(outcomes) == {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)}


def test_the_start_board_comes_back_as_a_draw(loa) -> None:  # type: ignore[no-untyped-def]
    state = loa.new_initial_state()
    for move in ("b1-b3", "a2-c2", "b3-b1"):
        state.apply(move)
        assert not state.is_terminal()
    state.apply("c2-a2")  # the start board again, four plies in: OpenSpiel's first draw
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def position(to_move: str, fullmove: int) -> dict[str, object]:
    """White joins h5 to g7 with h5-h6 (h5 alone on column h: one cell)."""
    return {"to_move": to_move, "fullmove": fullmove,
            "cells": {"b2": "black", "c4": "black", "a1": "black", "h5": "white",
                      "g7": "white"}}


def test_a_win_by_the_1000th_move_is_a_draw(loa) -> None:  # type: ignore[no-untyped-def]
    # OpenSpiel's length draw is checked after the win, and stands.
    state = loa.state_from_json(position("white", 500))
    state.apply("h5-h6")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    state = loa.state_from_json(position("white", 499))
    state.apply("h5-h6")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


def test_a_move_joining_both_groups_wins_for_the_mover(loa) -> None:  # type: ignore[no-untyped-def]
    # Black's b3xd5 takes White's d5, the piece apart from White's group c1-d2-d3, and lands
    # beside c5: both players' pieces are one group each after it, and the mover wins.
    state = loa.state_from_json({"to_move": "black", "cells": {
        "b3": "black", "c5": "black", "d5": "white", "c1": "white", "d2": "white",
        "d3": "white"}})
    assert not state.is_terminal()
    state.apply("b3xd5")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


SMALL = """
name: Counted slides
players: [black, white]
board: {type: grid, rows: 5, columns: 5, adjacency: king}
pieces: {piece: {symbols: {black: x, white: o}}}
setup:
  - {type: fixed, cells: {b1: black, c1: black, d1: black, b5: black, c5: black, d5: black,
                          a2: white, a3: white, a4: white, e2: white, e3: white, e4: white}}
turn:
  - name: move
    type: moves
    options:
      - {type: slide, distance: pieces_on_line, over: own, to: empty_or_enemy}
no_legal_move: lose
tie_break: last_mover
goals: [{type: one_group}]
result: {type: draw}
max_plies: 200
"""


def brute_targets(cells: dict[str, str], src: str, size: int = 5) -> set[str]:
    """Lines of Action's move from first principles on (file, rank) pairs."""
    files = "abcde"
    x, y = files.index(src[0]), int(src[1]) - 1
    me = cells[src]
    found = set()
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1)):
        on_line = sum(1 for c in cells
                      if (files.index(c[0]) - x) * dy == (int(c[1]) - 1 - y) * dx)
        tx, ty = x + dx * on_line, y + dy * on_line
        if not (0 <= tx < size and 0 <= ty < size):
            continue
        path = [f"{files[x + dx * k]}{y + dy * k + 1}" for k in range(1, on_line)]
        target = f"{files[tx]}{ty + 1}"
        if any(cells.get(p) not in (None, me) for p in path) or cells.get(target) == me:
            continue
        found.add(target)
    return found


def test_counted_slides_match_a_brute_force_count() -> None:
    import random

    game = load_game_text(SMALL)
    rng = random.Random(3)
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            cells = {game.board.names[c]: game.players[s] for s, mask in enumerate(state.owner)
                     for c in range(game.board.size) if mask >> c & 1}
            mover = game.players[state.to_move]
            expected = {f"{src}{dst}" for src, who in cells.items() if who == mover
                        for dst in brute_targets(cells, src)}
            assert {a.notation for a in state.legal_actions()} == expected
            state.apply(rng.choice(state.legal_actions()))


def test_one_group_needs_a_piece() -> None:
    game = load_game_text(SMALL)
    state = game.state_from_json({"to_move": "white", "cells": {"c3": "white"}})
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]  # white: one piece


@pytest.mark.slow
def test_native_kernels_count_what_the_engine_counts() -> None:
    from framework.native.backend import NativeGame

    game = load_game_text(SMALL)
    native = NativeGame(game)
    start = game.new_initial_state()
    for depth in (1, 2, 3, 4):
        assert native.perft(native.encode(start), depth) == perft(start, depth)


@pytest.mark.slow
def test_the_native_kernels_play_it_as_the_engine(loa) -> None:  # type: ignore[no-untyped-def]
    """Native since its repetition phase (the boards seen from the start) has a piece:
    perft to 4 (OpenSpiel's count) and random games replayed through the engine."""
    from framework.native import NativeGame

    from .test_native import replay

    native = NativeGame(loa)
    st = native.encode(loa.new_initial_state())
    assert [native.perft(st, d) for d in (1, 4)] == [perft(loa.new_initial_state(), 1), 1563208]
    for seed in range(10):
        assert replay(native, seed) > 0
