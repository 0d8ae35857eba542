"""Board and game symmetries (``board.symmetries()``, ``game.symmetries()``).

The board's symmetries are checked against independent oracles: on small boards every
permutation of the cells (brute force: each one that keeps the distances, with the
direction permutation that keeps the steps), on bigger ones networkx's graph matcher (the
automorphisms of the board's graph that keep each link's kind and direction's opposite).
The game's symmetries are checked by playing: each maps the legal actions of a position
onto those of its image, the results of the actions onto each other, and the observation
planes and action indices alike; a board symmetry the game refuses breaks that somewhere.
"""

from __future__ import annotations

import itertools
import random

import pytest
from networkx.algorithms.isomorphism import GraphMatcher

from framework.board import build_board
from framework.compiler import CompiledBoard
from framework.game import Game, load_game, load_game_text
from framework.symmetry import Symmetry

from .conftest import ROOT

GAMES = ROOT / "games"


def board_of(board: str) -> CompiledBoard:
    text = f"""
name: board
players: [a, b]
board: {board}
pieces: {{stone: {{symbols: {{a: x, b: o}}}}}}
turn:
  - {{name: place, type: moves, options: [{{type: place, piece: stone}}]}}
"""
    return load_game_text(text).board


def brute_force(board: CompiledBoard) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every (cells, directions) pair that keeps distances and steps, by trying every
    permutation of the cells and, for each that keeps the distances, every permutation of
    the directions made of images that keep each direction's steps."""
    n, dirs = board.size, len(board.directions)
    found = set()
    for sigma in itertools.permutations(range(n)):
        if any(board.distance[sigma[a]][sigma[b]] != board.distance[a][b]
               for a in range(n) for b in range(a + 1, n)):
            continue
        images = [[e for e in range(dirs)
                   if all(board.step[sigma[c]][e] ==
                          (sigma[board.step[c][d]] if board.step[c][d] >= 0 else -1)
                          for c in range(n))] for d in range(dirs)]
        for pi in itertools.product(*images):
            if len(set(pi)) == dirs:
                found.add((sigma, pi))
    return found


def found(board: CompiledBoard) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    search = board.symmetries()
    assert search.complete
    assert search.symmetries[0].is_identity
    pairs = {(s.cells, s.directions) for s in search.symmetries}
    assert len(pairs) == len(search.symmetries)
    return pairs


SMALL_BOARDS = {
    "square 2x2": ("{type: grid, rows: 2, columns: 2}", 8),
    "king 2x3": ("{type: grid, rows: 2, columns: 3, adjacency: king}", 4),
    "diagonal 3x2": ("{type: grid, rows: 3, columns: 2, adjacency: diagonal}", 4),
    "hex rhombus 2x3": ("{type: hex_rhombus, rows: 2, columns: 3}", 2),
    "hex rhombus 2": ("{type: hex_rhombus, size: 2}", 4),
    "hexhex 2": ("{type: hexhex, side: 2}", 12),
    "hexhex 2 with a hole": ("{type: hexhex, side: 2, holes: [A1]}", 2),
    "ring of 6": ("{type: custom, cells: {p: [0, 0], q: [1, 0], r: [2, 1], s: [1, 2], "
                  "t: [0, 2], u: [-1, 1]}, links: [p-q, q-r, r-s, s-t, t-u, u-p]}", 12),
    "path with directions": ("{type: custom, cells: {p: [0, 0], q: [1, 0], r: [2, 0]}, "
                             "links: [p-q, q-r], directions: {e: w}, "
                             "link_directions: {p-q: e, q-r: e}}", 2),
}


@pytest.mark.parametrize("name", list(SMALL_BOARDS))
def test_small_boards_match_brute_force(name: str) -> None:
    text, count = SMALL_BOARDS[name]
    board = board_of(text)
    assert found(board) == brute_force(board)
    assert len(found(board)) == count


@pytest.mark.slow
@pytest.mark.parametrize("text", ["{type: grid, rows: 3, columns: 3}",
                                  "{type: grid, rows: 3, columns: 3, adjacency: king}",
                                  "{type: grid, rows: 3, columns: 3, holes: [a1]}",
                                  "{type: hex_rhombus, size: 3}"])
def test_3x3_boards_match_brute_force(text: str) -> None:
    board = board_of(text)
    assert found(board) == brute_force(board)


def graph_automorphisms(board_text: str, board: CompiledBoard) -> set[tuple[int, ...]]:
    """networkx's automorphisms of the board's graph that keep each link's kind, as
    permutations of the compiled cell ids (a king grid's orthogonal links stay
    orthogonal)."""
    graph = build_board(load_game_text(f"""
name: board
players: [a, b]
board: {board_text}
pieces: {{stone: {{symbols: {{a: x, b: o}}}}}}
turn:
  - {{name: place, type: moves, options: [{{type: place, piece: stone}}]}}
""").spec.board)
    matcher = GraphMatcher(graph, graph,
                           edge_match=lambda a, b: a["relation"] == b["relation"])
    index = board.index
    return {tuple(index[m[name]] for name in board.names)
            for m in matcher.isomorphisms_iter()}


@pytest.mark.parametrize("text, count", [
    ("{type: grid, rows: 7, columns: 7, adjacency: king}", 8),   # Ataxx
    ("{type: grid, rows: 6, columns: 7}", 4),                    # Connect Four
    ("{type: hex_rhombus, size: 7}", 4),                         # Hex 7x7
    ("{type: hexhex, side: 4}", 12),                             # Adaptoid
    pytest.param("{type: grid, rows: 9, columns: 9}", 8, marks=pytest.mark.slow),  # Go
    pytest.param("{type: grid, rows: 19, columns: 19}", 8, marks=pytest.mark.slow),
])
def test_bigger_boards_match_networkx(text: str, count: int) -> None:
    board = board_of(text)
    cells = {s.cells for s in board.symmetries().symmetries}
    assert cells == graph_automorphisms(text, board)
    assert len(cells) == count


def test_names_say_what_the_symmetry_does() -> None:
    square = sorted(s.name for s in board_of("{type: grid, rows: 8, columns: 8}")
                    .symmetries().symmetries)
    assert square == ["identity", "reflection (axis 0°)", "reflection (axis 135°)",
                      "reflection (axis 45°)", "reflection (axis 90°)", "rotation 180°",
                      "rotation 270°", "rotation 90°"]
    hexagon = [s.name for s in board_of("{type: hexhex, side: 3}").symmetries().symmetries]
    assert sum(name.startswith("rotation") for name in hexagon) == 5
    assert sum(name.startswith("reflection") for name in hexagon) == 6


# The game's symmetries -------------------------------------------------------------------
def image_holds(game: Game, symmetry: Symmetry, state) -> None:  # type: ignore[no-untyped-def]
    """The symmetry maps everything the game shows of ``state`` onto its image."""
    other = symmetry.state(state)
    legal = state.legal_actions()
    assert sorted(map(str, other.legal_actions())) == \
        sorted(str(symmetry.action(a)) for a in legal)
    codec, observer = game.codec, game.observer
    assert sorted(codec.legal_indices(other)) == \
        sorted(symmetry.action_index(i) for i in codec.legal_indices(state))
    assert observer.tensor(other) == symmetry.tensor(observer.tensor(state))
    assert other.is_terminal() == state.is_terminal()
    assert other.returns() == state.returns()
    for action in legal[:4]:
        assert symmetry.state(state.child(action)).key() == \
            other.child(symmetry.action(action)).key()


def play_through(game: Game, games: int, plies: int, seed: int) -> int:
    """Random games; every symmetry checked at every position. The positions seen."""
    rng = random.Random(seed)
    symmetries = game.symmetries()
    seen = 0
    for _ in range(games):
        state = game.new_initial_state()
        for _ in range(plies):
            for symmetry in symmetries:
                image_holds(game, symmetry, state)
            seen += 1
            if state.is_terminal():
                break
            state.apply_unchecked(rng.choice(state.legal_actions()))
    return seen


#: Bundled games and how many symmetries their rules keep (the board has more).
KEPT = {"tic-tac-toe": 8, "ataxx": 4, "othello": 4, "connect-four": 2, "breakthrough": 2,
        "hexxagon": 6, "chess": 1, "ataxx players=4": 1, "adaptoid": 12, "checkers": 1, "hex": 2}


@pytest.mark.parametrize("file", ["tic-tac-toe", "ataxx"])  # every game: the slow test
def test_game_symmetries_keep_the_rules(file: str) -> None:
    game = load_game(GAMES / f"{file}.yaml")
    symmetries = game.symmetries()
    assert len(symmetries) == KEPT[file]
    assert symmetries[0].is_identity
    play_through(game, games=1, plies=8, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("file", sorted(KEPT))
def test_how_many_symmetries_each_game_keeps(file: str) -> None:
    stem, _, setting = file.partition(" ")  # "ataxx players=4": a file and a setting
    parameters = dict([setting.split("=")]) if setting else None
    game = load_game(GAMES / f"{stem}.yaml", parameters)
    assert len(game.symmetries()) == KEPT[file]


@pytest.mark.slow
@pytest.mark.parametrize("file", sorted(p.stem for p in GAMES.glob("*.yaml")))
def test_every_bundled_game_keeps_its_symmetries(file: str) -> None:
    game = load_game(GAMES / f"{file}.yaml")
    assert play_through(game, games=5, plies=60, seed=7) > 0


def test_a_refused_board_symmetry_breaks_the_rules() -> None:
    """Breakthrough's board has eight symmetries; its pawns run forward, so the half turn
    is not one of the game's: turned, the first position's moves are not the image's."""
    game = load_game(GAMES / "breakthrough.yaml")
    half_turn = next(s for s in game.board.symmetries().symmetries
                     if s.name == "rotation 180°")
    assert half_turn.cells not in {s.cells for s in game.symmetries()}
    symmetry = Symmetry(game, half_turn)
    state = game.new_initial_state()
    other = symmetry.state(state)
    assert sorted(map(str, other.legal_actions())) != \
        sorted(str(symmetry.action(a)) for a in state.legal_actions())


def test_hex_keeps_its_half_turn_at_every_size() -> None:
    """The half turn swaps each player's two sides (first_side and second_side), which
    connect joins in any order: it is kept. The mirrors across the diagonals swap the
    players' sides: not kept (sides are never exchanged)."""
    for size in (5, 7, 11):
        game = load_game(GAMES / "hex.yaml", {"size": size})
        assert len(game.board.symmetries().symmetries) == 4
        assert [s.name for s in game.symmetries()] == ["identity", "rotation 180°"]
    game = load_game(GAMES / "hex.yaml", {"size": 5})
    play_through(game, games=1, plies=4, seed=3)
    half_turn = game.symmetries()[1]
    state = game.new_initial_state()
    state.apply("b4")
    swap = state.parse_action("swap")  # the stone mirrored and recoloured: it commutes
    assert half_turn.state(state.child(swap)).key() == \
        half_turn.state(state).child(half_turn.action(swap)).key()


def test_zones_a_rule_tells_apart_stay_apart() -> None:
    """Breakthrough's goal zones are each player's far row: the mirror between left and
    right keeps each; the half turn would swap them, and reach_zone names one zone."""
    game = load_game(GAMES / "breakthrough.yaml")
    assert [s.name for s in game.symmetries()] == ["identity", "reflection (axis 0°)"]


def test_symmetries_of_a_policy_vector() -> None:
    game = load_game(GAMES / "tic-tac-toe.yaml")
    rotation = next(s for s in game.symmetries() if s.name == "rotation 90°")
    size = len(game.codec)
    policy = [float(i) for i in range(size)]
    turned = [policy[rotation.inverse_index(i)] for i in range(size)]
    for i in range(size):
        assert turned[rotation.action_index(i)] == policy[i]
    with pytest.raises(ValueError, match="expected a tensor of"):
        rotation.tensor([0.0])


def test_the_image_of_a_state_keeps_what_it_remembers() -> None:
    """Lines of Action: the positions a game went through (its repetition draw reads
    them) are moved with the board: the image of a played game's state holds the trail the
    engine builds itself when it plays the images of the same actions from the image of
    the start. Phantom tic-tac-toe: the cells a player has found and the actions it
    remembers are moved too, every symmetry checked along random games."""
    game = load_game(GAMES / "lines-of-action.yaml")
    rng = random.Random(5)
    for symmetry in game.symmetries()[1:]:
        state = game.new_initial_state()
        image = symmetry.state(state)
        for _ in range(12):
            action = rng.choice(state.legal_actions())
            image.apply(symmetry.action(action))
            state.apply(action)
        assert state.trail is not None and len(state.trail) > 1
        assert symmetry.state(state).trail == image.trail, symmetry.name
    assert play_through(load_game(GAMES / "phantom-tic-tac-toe.yaml"), games=3, plies=12,
                        seed=2) > 0


def test_a_rule_that_names_cells_keeps_them_in_place() -> None:
    """Backgammon's race and Kalah's sowing read their tracks cell by cell: a board
    symmetry that moves them is not the game's (their boards have more)."""
    for file in ("backgammon", "kalah"):
        game = load_game(GAMES / f"{file}.yaml")
        assert len(game.board.symmetries().symmetries) > 1
        assert [s.name for s in game.symmetries()] == ["identity"], file
