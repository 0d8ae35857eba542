"""Havannah (games/havannah.yaml) and Y (games/y.yaml) side by side with OpenSpiel's C++
``havannah`` and ``y``: perft from the start, and random games with the same legal sets,
player to move, terminal flag and returns at every ply; the board outlines (corners and
sides), ``connect``'s ``at_least`` and the ``ring`` goal on their own.

Both OpenSpiel games name a cell by its x letter and y + 1 (``c2`` is x 2, y 1), and so do
our boards (a ``hexhex`` board's row letter is x, a ``hex_triangle``'s column letter is x):
the names need no mapping."""

from __future__ import annotations

import pyspiel
import pytest

from framework import SpecError, load_game, load_game_text
from framework.perft import perft

from .conftest import ROOT
from .spiel import openspiel_perft, play_side_by_side

HAVANNAH = ROOT / "games" / "havannah.yaml"
Y = ROOT / "games" / "y.yaml"


@pytest.fixture(scope="module")
def havannah():  # type: ignore[no-untyped-def]
    return load_game(HAVANNAH)


@pytest.fixture(scope="module")
def y():  # type: ignore[no-untyped-def]
    return load_game(Y)


@pytest.mark.parametrize(("file", "name", "cells", "actions"), [
    (HAVANNAH, "havannah", 169, 225), (Y, "y", 190, 361)])
def test_the_start_is_openspiels(file, name, cells, actions) -> None:  # type: ignore[no-untyped-def]
    game = load_game(file)
    spiel = pyspiel.load_game(name)
    theirs = spiel.new_initial_state()
    ours = game.new_initial_state()
    assert {a.notation for a in ours.legal_actions()} == \
        {theirs.action_to_string(a) for a in theirs.legal_actions()}
    assert game.board.size == cells == len(theirs.legal_actions())
    assert spiel.num_distinct_actions() == actions  # OpenSpiel numbers a square of cells
    assert spiel.get_parameters().get("swap", False) is False  # no pie rule by default


def test_perft_2_matches_openspiel(havannah, y) -> None:  # type: ignore[no-untyped-def]
    for game, name in ((havannah, "havannah"), (y, "y")):
        theirs = pyspiel.load_game(name).new_initial_state()
        assert perft(game.new_initial_state(), 2) == openspiel_perft(theirs, 2)
    assert perft(havannah.new_initial_state(), 2) == 169 * 168


@pytest.mark.slow
@pytest.mark.parametrize("name", ["havannah", "y"])
def test_perft_3_matches_openspiel(name: str) -> None:
    """Depth 3 is what OpenSpiel counts within a minute (4.7 and 6.8 million leaves)."""
    game = load_game(HAVANNAH if name == "havannah" else Y)
    theirs = pyspiel.load_game(name).new_initial_state()
    cells = game.board.size
    assert perft(game.new_initial_state(), 3) == openspiel_perft(theirs, 3) == \
        cells * (cells - 1) * (cells - 2)


def test_a_few_random_havannah_games_agree_with_openspiel(havannah) -> None:  # type: ignore[no-untyped-def]
    outcomes, plies = play_side_by_side(havannah, "havannah", 2, 5)
    assert sum(outcomes.values()) == 2 and plies > 0


def test_a_few_random_y_games_agree_with_openspiel(y) -> None:  # type: ignore[no-untyped-def]
    outcomes, plies = play_side_by_side(y, "y", 2, 5)
    assert sum(outcomes.values()) == 2 and plies > 0


@pytest.mark.slow
def test_many_random_havannah_games_agree_with_openspiel(havannah) -> None:  # type: ignore[no-untyped-def]
    outcomes, _ = play_side_by_side(havannah, "havannah", 200, 1)
    assert sum(outcomes.values()) == 200
    assert set(outcomes) >= {(1.0, -1.0), (-1.0, 1.0)}


@pytest.mark.slow
def test_many_random_y_games_agree_with_openspiel(y) -> None:  # type: ignore[no-untyped-def]
    outcomes, _ = play_side_by_side(y, "y", 200, 1)
    assert set(outcomes) == {(1.0, -1.0), (-1.0, 1.0)} and sum(outcomes.values()) == 200


@pytest.mark.slow
@pytest.mark.parametrize("size", [3, 4, 5])
def test_small_havannah_boards_agree_with_openspiel(size: int) -> None:
    game = load_game(HAVANNAH, {"size": size})
    outcomes, _ = play_side_by_side(game, "havannah", 100, size, params={"board_size": size})
    assert sum(outcomes.values()) == 100


# The vocabulary on its own -----------------------------------------------------------------

SMALL = """
name: Small
players: [white, black]
board: BOARD
zones: ZONES
pieces: {stone: {symbols: {white: o, black: x}}}
turn:
  - {name: place, type: moves, options: [{type: place, piece: stone, where: anywhere}]}
no_legal_move: end_game
goals: GOALS
result: {type: draw}
"""


def _game(board: str, goals: str, zones: str = "{}"):  # type: ignore[no-untyped-def]
    return load_game_text(SMALL.replace("BOARD", board).replace("GOALS", goals)
                          .replace("ZONES", zones), "small.yaml")


def test_the_outline_names_corners_and_sides_by_compass_direction(havannah, y) -> None:  # type: ignore[no-untyped-def]
    from framework.board import build_board
    from framework.board.outline import outline_of

    hexagon = outline_of(build_board(havannah.spec.board))
    # OpenSpiel's six corners, and a side of 8 cells between two of them.
    assert hexagon.corners == {"sw": "a1", "se": "a8", "e": "h15", "ne": "o15", "nw": "o8",
                               "w": "h1"}
    assert hexagon.sides["s"] == tuple(f"a{n}" for n in range(1, 9))
    assert set(hexagon.sides) == {"s", "se", "ne", "n", "nw", "sw"}
    triangle = outline_of(build_board(y.spec.board))
    assert triangle.corners == {"sw": "a1", "se": "s1", "n": "a19"}
    assert {side: len(cells) for side, cells in triangle.sides.items()} == \
        {"s": 19, "ne": 19, "nw": 19}
    # OpenSpiel's y: x = 0, y = 0 and x + y = 18 are the sides.
    assert set(triangle.sides["ne"]) == {f"{chr(97 + x)}{19 - x}" for x in range(19)}


def test_a_side_without_its_corners_and_an_unknown_corner() -> None:
    game = _game("{type: hexhex, side: 3, case: lower}", "[{type: ring}]",
                 "{bottom: [{side: s, corners: false}], all: [{side: s}]}")
    assert game.zone_mask("bottom", 0) == 1 << game.board.index["a2"]
    assert bin(game.zone_mask("all", 0)).count("1") == 3
    with pytest.raises(SpecError, match="unknown corner 'n'; this board's corners are: "
                                        "w, sw, se, e, ne, nw"):
        _game("{type: hexhex, side: 3}", "[{type: ring}]", "{top: [{corner: n}]}")


def test_connect_at_least_more_than_its_zones_is_refused() -> None:
    with pytest.raises(SpecError, match="at_least 3 is more than the 2 zones listed"):
        _game("{type: hex_triangle, side: 4}",
              "[{type: connect, zones: [a, b], at_least: 3}]",
              "{a: [{side: s}], b: [{side: ne}]}")


def test_a_ring_needs_hexagons() -> None:
    with pytest.raises(SpecError, match="ring needs a board of hexagonal cells"):
        _game("{type: grid, rows: 5, columns: 5, adjacency: king}", "[{type: ring}]")


@pytest.mark.parametrize(("stones", "ringed"), [
    (["b2", "b4", "a2", "c3", "a1", "c2"], False),         # round b3, open at a3 and c4
    (["b2", "b4", "a2", "c3", "c4", "a3"], True),          # b3 fenced in, empty
    (["b2", "b4", "a2", "c3", "c4", "a3", "b3"], True),    # b3 fenced in, own
    (["a1", "a2", "a3", "b4", "c5", "d5", "e5"], False),   # along the edge: nothing inside
])
def test_ring_cases_in_the_engine_and_its_reference(stones: list[str], ringed: bool) -> None:
    from framework.check.reference import ReferenceGame

    game = _game("{type: hexhex, side: 3, case: lower}", "[{type: ring}]")
    ring = game.goals[0]
    mask = sum(1 << game.board.index[c] for c in stones)
    assert ring.ringed(mask) is ringed
    reference = ReferenceGame(game.spec)
    state = reference.blank("black")
    for cell in stones:
        state.cells[cell] = reference.new_piece("white", "stone")
    assert reference.goals[0].verdict(state) == ({"white"} if ringed else None)


def test_the_native_backend_plays_them_at_every_size(havannah, y) -> None:  # type: ignore[no-untyped-def]
    """ring and connect (at_least too) are written for masks of several words: Havannah
    of side 8 (169 cells) is three words a mask; the slow run replays its random games
    natively against the engine (tests/test_native_wide.py)."""
    from framework.native.assemble import plan_of

    assert plan_of(havannah).masks.width == 3
    assert plan_of(y).masks.width == 3
    # A small Havannah fits in 64 cells: one word, the same pieces.
    assert plan_of(load_game(HAVANNAH, {"size": 4})).masks.width == 1
    plan_of(load_game(Y, {"size": 10}))


#: White's ring round d4 on a board of side 4 (its six neighbours), and black's stones on
#: the six corners, none touching another.
RING_ROUND_D4 = ["c3", "c4", "d3", "d5", "e4", "e5"]
CORNERS = ["a1", "a4", "d1", "d7", "g4", "g7"]


@pytest.mark.parametrize("inside", ["empty", "own"])
def test_a_small_havannah_plays_natively_as_the_engine_does(inside: str) -> None:
    """The native ring looks only where the stone just put down is (docs/native.md): a ring
    closed round an empty cell and round an own stone ends the game at the stone that closes
    it, as the engine's flood of the whole board says, and random games (some won by a ring)
    agree with the engine at every ply. Side 4, 37 cells: one word a mask, a small compile."""
    pytest.importorskip("numba")
    from framework.native import NativeGame

    from .test_native import replay

    native = NativeGame(load_game(HAVANNAH, {"size": 4}))
    state = native.game.new_initial_state()
    st = native.encode(state)
    whites = (["d4"] if inside == "own" else []) + RING_ROUND_D4
    moves = [m for white, black in zip(whites, [*CORNERS, ""], strict=False)
             for m in (white, black) if m][:2 * len(whites) - 1]
    for ply, notation in enumerate(moves):
        assert not state.is_terminal(), ply
        move = next(m for m in native.legal(st)
                    if " ".join(a.notation for a in native.turn_of(state, m)) == notation)
        state.apply(notation)
        st = native.play(st, move)
        assert native.snapshot(st) == native.python_snapshot(state), ply
    assert state.is_terminal() and state.winners == {0}  # white, by the ring
    assert native.game.goals[0].ringed(sum(1 << native.game.board.index[c] for c in whites))
    if inside == "empty":
        ring, ringed = native.game.goals[0], 0
        for seed in range(40):
            replay(native, seed)  # the kernels' game of this seed, against the engine
            final, _ = native.random_game(native.initial(), seed)
            owners, *_, winners = native.snapshot(final)[:7]
            ringed += any(ring.ringed(owners[s]) for s in winners or ())
        assert ringed > 0  # the random games reach the ring's path too


@pytest.mark.slow  # a cold compile of about 13 s CPU: CI's 15 minutes
def test_a_small_y_plays_natively_as_the_engine_does() -> None:
    """Y of side 8 (36 cells, one word): random games of the kernels replayed through the
    engine, the state and the legal actions compared after every action; the default
    run's one compile of Y (19, below, is the slow run's)."""
    pytest.importorskip("numba")
    from framework.native import NativeGame
    from framework.perft import perft

    from .test_native import replay

    native = NativeGame(load_game(Y, {"size": 8}))
    start = native.game.new_initial_state()
    assert native.perft(native.encode(start), 2) == perft(start, 2) == 36 * 35
    plies = [replay(native, seed) for seed in range(4)]
    assert min(plies) >= 8 * 2 - 1  # a chain that touches all three sides: 8 stones at least


@pytest.mark.slow
def test_y_plays_natively_as_the_engine_does(y) -> None:  # type: ignore[no-untyped-def]
    from framework.native import NativeGame
    from framework.perft import perft

    native = NativeGame(y)
    start = y.new_initial_state()
    assert native.perft(native.encode(start), 2) == perft(start, 2) == 190 * 189
