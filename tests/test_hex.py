"""Hex as data (``hex_rhombus`` board, ``connect`` goal, ``swap`` primitive), checked move
for move against OpenSpiel's C++ ``hex`` (no one here wrote it), with its ``board_size``
5 and 11 and its ``swap`` parameter on and off.

The notation mapping is the identity: our cells are named as OpenSpiel's actions are
written (``a1``..``k11``: column letter, row number) and its action id ``r·N + c`` is our
cell id of row r, column c; its extra action ``swap`` (id N²) is our ``swap``. OpenSpiel
draws its first row at the top and we draw row 1 at the bottom: the same board, seen from
the other side.

The pie rule as OpenSpiel plays it is what ``{type: swap, mirror: diagonal}`` does: white's
swap replaces black's first stone by a white stone on the cell with row and column
exchanged, the players keep their sides, and black moves next (the tests below pin that).
The other common form of the pie rule — the players exchange sides and the stone stays —
is not what OpenSpiel does and is not played here. One file plays every variant: its
parameters ``size`` (OpenSpiel's ``board_size``) and ``swap`` (OpenSpiel's ``swap``,
without which the swap option is left out).
"""

from __future__ import annotations

import random

import pyspiel
import pytest

from framework import load_game
from framework.errors import SpecError
from framework.game import Game, load_game_text
from framework.rules.goals.connect import chain_from

from .conftest import ROOT

FILE = ROOT / "games" / "hex.yaml"
BOARD_LINE = "{type: hex_rhombus, size: $size}"


def ours(size: int, swap: bool) -> Game:
    return load_game(FILE, {"size": size, "swap": swap})


def text_of(size: int) -> str:
    """The file's text with the default size set to ``size`` (for edits of its text)."""
    text = FILE.read_text()
    assert "default: 11\n" in text
    return text.replace("default: 11\n", f"default: {size}\n", 1)


GAMES = {(size, swap): ours(size, swap) for size in (5, 11) for swap in (True, False)}


def theirs(size: int, swap: bool) -> pyspiel.Game:
    return pyspiel.load_game("hex", {"board_size": size, "swap": swap})


def openspiel_neighbours(cell: int, n: int) -> set[int]:
    """OpenSpiel's ``HexState::AdjacentCells``, as its source writes it."""
    north, south = cell < n, cell >= n * n - n
    west, east = cell % n == 0, cell % n == n - 1
    found = set()
    if not north:
        found.add(cell - n)
    if not north and not east:
        found.add(cell - n + 1)
    if not east:
        found.add(cell + 1)
    if not south:
        found.add(cell + n)
    if not south and not west:
        found.add(cell + n - 1)
    if not west:
        found.add(cell - 1)
    return found


def board_of(state: pyspiel.State) -> list[str]:
    """OpenSpiel's board, one of ``x o .`` per cell, in action-id order."""
    return str(state).split()


def board_of_ours(state: object, game: Game) -> list[str]:
    marks = {-1: ".", 0: "x", 1: "o"}
    return [marks[state.owner_of(c)] for c in range(game.board.size)]  # type: ignore[attr-defined]


# The board ------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [5, 11])
def test_cells_and_neighbours_are_openspiels(size: int) -> None:
    game = GAMES[size, True]
    state = theirs(size, False).new_initial_state()
    assert list(game.board.names) == [state.action_to_string(a) for a in range(size * size)]
    for cell in range(size * size):
        assert set(game.board.neighbours[cell]) == openspiel_neighbours(cell, size)


def test_directions_have_opposites_and_the_sides_are_edges() -> None:
    text = text_of(5)
    assert "first_side: {black: [{row: 1}], white: [{column: a}]}" in text
    game = load_game_text(text.replace(
        "first_side: {black: [{row: 1}], white: [{column: a}]}",
        "first_side: {black: [{edge: sw}], white: [{edge: w}]}").replace(
        'second_side: {black: [{row: $size}], white: [{column: "${letter(size)}"}]}',
        "second_side: {black: [{edge: ne}], white: [{edge: e}]}"))
    board = game.board
    assert board.directions == ("ne", "e", "se", "sw", "w", "nw")
    c3 = board.cell("c3")
    steps = {d: board.names[board.step[c3][i]] for i, d in enumerate(board.directions)}
    assert steps == {"ne": "c4", "e": "d3", "se": "d2", "sw": "c2", "w": "b3", "nw": "b4"}
    for cell in range(board.size):
        for d, back in enumerate(board.opposite):
            there = board.step[cell][d]
            assert there < 0 or board.step[there][back] == cell
    # The edges are the rows and columns the game file names.
    row = {n: GAMES[5, True].zone_mask(z, p) for n, (z, p) in
           {"b1": ("first_side", 0), "b5": ("second_side", 0), "wa": ("first_side", 1),
            "we": ("second_side", 1)}.items()}
    assert game.zone_mask("first_side", 0) == row["b1"] == sum(1 << c for c in range(5))
    assert game.zone_mask("second_side", 0) == row["b5"]
    assert game.zone_mask("first_side", 1) == row["wa"] == sum(1 << 5 * r for r in range(5))
    assert game.zone_mask("second_side", 1) == row["we"]


def test_a_rectangular_rhombus_and_its_refusals() -> None:
    text = text_of(5)
    assert BOARD_LINE in text
    no_swap = {"swap": False}
    game = load_game_text(text.replace(BOARD_LINE, "{type: hex_rhombus, rows: 5, columns: 6}"),
                          parameters=no_swap)
    assert game.board.size == 30 and game.board.names[-1] == "f5"
    with pytest.raises(SpecError, match="needs a size"):
        load_game_text(text.replace(BOARD_LINE, "{type: hex_rhombus, rows: 5}"),
                       parameters=no_swap)
    # Mirroring needs a cell (c, r) for every cell (r, c).
    with pytest.raises(SpecError, match="mirror: diagonal needs a board"):
        load_game_text(text.replace(BOARD_LINE, "{type: hex_rhombus, rows: 5, columns: 6}"))


def test_the_actions_are_numbered_as_openspiel_numbers_them() -> None:
    for size in (5, 11):
        game = GAMES[size, True]
        state = game.new_initial_state()
        assert game.codec.num_distinct_actions == theirs(size, True).num_distinct_actions()
        state.apply("c2")
        spiel = theirs(size, True).new_initial_state()
        spiel.apply_action(spiel.string_to_action("c2"))
        assert sorted(game.codec.index(a) for a in state.legal_actions()) == \
            spiel.legal_actions()


# The swap, pinned -----------------------------------------------------------------------
def test_the_swap_mirrors_the_stone_and_recolours_it_as_openspiel_does() -> None:
    game = GAMES[5, True]
    state = game.new_initial_state()
    spiel = theirs(5, True).new_initial_state()
    for move in ("c2", "swap"):
        state.apply(move)
        spiel.apply_action(spiel.string_to_action(move))
    # OpenSpiel: black's c2 (row 2, column c) is now white's b3 (row 3, column b); the
    # sides stay with the seats and black moves.
    assert board_of(spiel)[game.board.cell("b3")] == "o"
    assert board_of_ours(state, game) == board_of(spiel)
    assert state.to_json()["cells"] == {"b3": {"owner": "white", "piece": "stone"}} or \
        state.to_json()["cells"] == {"b3": "white"}
    assert state.current_player == spiel.current_player() == 0
    assert "swap" not in {a.notation for a in state.legal_actions()}
    # Swapping is only for the reply to the first stone.
    later = game.new_initial_state()
    later.apply("c2")
    later.apply("a1")
    assert "swap" not in {a.notation for a in later.legal_actions()}


def test_the_reference_interpreter_agrees_on_the_swap() -> None:
    from framework.check.reference import ReferenceGame

    game = GAMES[5, True]
    reference = ReferenceGame(game.spec)
    state = game.new_initial_state()
    state.apply("c2")
    ref = reference.from_json(state.to_json())
    assert set(reference.legal(ref)) == {a.notation for a in state.legal_actions()}
    state.apply("swap")
    assert reference.to_json(reference.play(ref, "swap")) == state.to_json()


# Side by side with OpenSpiel ------------------------------------------------------------
def openspiel_perft(state: pyspiel.State, depth: int) -> int:
    if state.is_terminal():
        return 0
    if depth == 1:
        return len(state.legal_actions())
    return sum(openspiel_perft(state.child(a), depth - 1) for a in state.legal_actions())


@pytest.mark.parametrize(("size", "swap", "depth"), [
    (5, True, 1), (5, True, 2), (5, True, 3), (5, False, 3), (11, True, 2), (11, False, 2),
    (11, True, 3)])
def test_perft_from_the_start_equals_openspiel(size: int, swap: bool, depth: int) -> None:
    from framework.perft import perft

    expected = openspiel_perft(theirs(size, swap).new_initial_state(), depth)
    assert perft(GAMES[size, swap].new_initial_state(), depth) == expected


@pytest.mark.slow
@pytest.mark.parametrize("swap", [True, False])
def test_perft_4_on_5x5_equals_openspiel(swap: bool) -> None:
    from framework.perft import perft

    expected = openspiel_perft(theirs(5, swap).new_initial_state(), 4)
    assert perft(GAMES[5, swap].new_initial_state(), 4) == expected


def play_side_by_side(size: int, swap: bool, games: int, seed: int) -> dict[float, int]:
    """Random games in both engines; at every ply the same board, legal actions (by
    notation and by action id), player to move, terminal flag and returns. Returns how
    often black won and lost."""
    game = GAMES[size, swap]
    spiel_game = theirs(size, swap)
    rng = random.Random(seed)
    wins = {1.0: 0, -1.0: 0}
    swaps = 0
    for _ in range(games):
        state, spiel = game.new_initial_state(), spiel_game.new_initial_state()
        while True:
            assert state.is_terminal() == spiel.is_terminal()
            assert state.returns() == spiel.returns()
            assert board_of_ours(state, game) == board_of(spiel)
            if spiel.is_terminal():
                break
            assert state.current_player == spiel.current_player()
            legal = spiel.legal_actions()
            assert sorted(game.codec.index(a) for a in state.legal_actions()) == legal
            assert {a.notation for a in state.legal_actions()} == \
                {spiel.action_to_string(a) for a in legal}
            # The swap is rare among 25 or 121 actions: take it in half the games it may be.
            action = size * size if size * size in legal and rng.random() < 0.5 \
                else rng.choice(legal)
            swaps += action == size * size
            state.apply(spiel.action_to_string(action))
            spiel.apply_action(action)
        wins[spiel.returns()[0]] += 1
    assert wins[1.0] and wins[-1.0]  # both sides won some
    assert swaps > 0 if swap else swaps == 0
    return wins


@pytest.mark.parametrize(("size", "swap", "games"), [
    (5, True, 800), (5, False, 400), (11, True, 100), (11, False, 60)])
def test_random_games_agree_with_openspiel_at_every_ply(size: int, swap: bool,
                                                         games: int) -> None:
    play_side_by_side(size, swap, games, seed=size * 2 + swap)


@pytest.mark.slow
@pytest.mark.parametrize(("size", "swap", "games"), [
    (5, True, 10_000), (5, False, 5000), (11, True, 1000), (11, False, 600)])
def test_thousands_of_random_games_agree_with_openspiel(size: int, swap: bool,
                                                        games: int) -> None:
    play_side_by_side(size, swap, games, seed=1000 + size * 2 + swap)


# The connect goal on other boards -------------------------------------------------------
GRID = """
name: crossing
players: [red, blue]
board: {type: grid, rows: 3, columns: 3, adjacency: ADJ}
zones:
  left: {red: [{column: a}], blue: [{row: 1}]}
  right: {red: [{column: c}], blue: [{row: 3}]}
pieces:
  stone: {}
turn:
  - name: place
    type: moves
    options:
      - {type: place, piece: stone}
goals:
  - {type: connect, zones: [left, right]}
result: {type: draw}
"""


@pytest.mark.parametrize(("adjacency", "wins"), [("orthogonal", False), ("king", True)])
def test_a_chain_follows_the_boards_links(adjacency: str, wins: bool) -> None:
    # a1-b2-c3 touch only at corners: a chain on a king grid, none on an orthogonal one.
    game = load_game_text(GRID.replace("ADJ", adjacency))
    state = game.new_initial_state()
    for move in ("a1", "a2", "b2", "a3"):
        state.apply(move)
    assert not state.is_terminal()
    state.apply("c3")
    assert state.is_terminal() == wins
    if wins:
        assert state.returns() == [1.0, -1.0]


def test_chain_from_floods_only_through_the_pieces() -> None:
    game = load_game_text(GRID.replace("ADJ", "orthogonal"))
    cell = game.board.cell
    pieces = sum(1 << cell(n) for n in ("a1", "a2", "b2", "c3"))
    chain = chain_from(1 << cell("a1"), pieces, game.board.neighbour_masks)
    assert chain == sum(1 << cell(n) for n in ("a1", "a2", "b2"))


def test_connect_and_swap_are_refused_with_reasons() -> None:
    with pytest.raises(SpecError, match="unknown zone 'middle'"):
        load_game_text(GRID.replace("ADJ", "king").replace("[left, right]", "[left, middle]"))
    three = GRID.replace("ADJ", "king").replace("[red, blue]", "[red, blue, green]").replace(
        "{type: place, piece: stone}", "{type: place, piece: stone}\n      - {type: swap}")
    with pytest.raises(SpecError, match=r"swap \(the pie rule\) is for two players"):
        load_game_text(three)


def test_the_diagram_is_a_rhombus_of_touching_hexagons() -> None:
    from framework.render.svg import board_svg, margin_labels

    game = GAMES[5, True]
    board = game.board
    svg = board_svg(game.new_initial_state())
    assert svg.count("<polygon") == 25  # one hexagon per cell, nothing else drawn as one
    # Neighbours are one unit apart (hexagons side by side, no gaps, no overlaps); cells
    # that do not touch are farther apart.
    for a in range(board.size):
        for b in range(a):
            apart = ((board.pos[a][0] - board.pos[b][0]) ** 2
                     + (board.pos[a][1] - board.pos[b][1]) ** 2) ** 0.5
            assert (abs(apart - 1) < 1e-9) == (b in board.neighbours[a])
    # Row numbers on the left, column letters along the bottom edge.
    assert sorted(text for text, _, _ in margin_labels(board)) == \
        ["1", "2", "3", "4", "5", "a", "b", "c", "d", "e"]


def test_a_swap_without_mirror_keeps_the_cell_and_passes_the_check() -> None:
    from framework.check.runner import check_game

    text = text_of(5)
    assert "{type: swap, mirror: diagonal}" in text
    game = load_game_text(text.replace(
        "{type: swap, mirror: diagonal}", "{type: swap, mirror: none, notation: pie}"))
    state = game.new_initial_state()
    state.apply("c2")
    state.apply("pie")
    assert state.owner_of(game.board.cell("c2")) == 1
    assert state.occupied().bit_count() == 1 and state.current_player == 0
    report = check_game(game, examples=10)
    assert not report.failed, [o.name for o in report.failed]
