"""Flanking as generic blocks: ``place``'s ``must_flank`` condition and the ``flip_flanked``
consequence, after every phase that lands a piece, on square and hex boards, checked ply by
ply against the reference interpreter; and the files it must refuse."""

from __future__ import annotations

import random

import pytest

from framework import SpecError, load_game_text
from framework.check.reference import ReferenceGame
from framework.game import Game

GAME = """
name: Flank test
players: [x, o]
board: {board}
pieces: {{stone: {{symbols: {{x: x, o: o}}}}}}
setup: [{{type: fixed, cells: {cells}}}]
turn:
  - {first}
  - {{name: flip, type: flip_flanked{directions}}}
no_legal_move: {no_move}
result: {{type: majority}}
"""

GRID = "{type: grid, rows: 6, columns: 6, adjacency: king}"
START = "{c3: x, d4: x, c4: o, d3: o, a1: x, f6: o, a6: o, f1: x}"
FIRST = {
    "place": "{name: put, type: moves, options: [{type: place, must_flank: true}]}",
    "place_anywhere": "{name: put, type: moves, options: [{type: place}]}",
    "walk": "{name: move, type: walk, steps: {max: 2}}",
    "clone_or_jump": "{name: move, type: clone_or_jump}",
    "build": "{name: build, type: build, create: anywhere}",
}


def game_text(first: str, board: str = GRID, cells: str = START, directions: str = "",
              no_move: str = "pass") -> str:
    return GAME.format(board=board, cells=cells, first=first, no_move=no_move,
                       directions=f", directions: {directions}" if directions else "")


def flips_agree_with_the_reference(game: Game, plays: int, seed: int, plies: int = 40) -> int:
    """Random plays of up to ``plies`` plies in both the engine and the reference
    interpreter, compared at every ply; returns how many pieces changed sides in all (so a
    test can see flips happen)."""
    reference = ReferenceGame(game.spec)
    rng = random.Random(seed)
    turned = 0
    for _ in range(plays):
        ours, theirs = game.new_initial_state(), reference.initial()
        for _ in range(plies):
            if ours.is_terminal():
                break
            legal = sorted(a.notation for a in ours.legal_actions())
            assert legal == sorted(reference.legal(theirs))
            before = ours.to_json()["cells"]
            move = rng.choice(legal)
            ours.apply(move)
            theirs = reference.play(theirs, move)
            after = ours.to_json()
            assert after == reference.to_json(theirs)
            turned += sum(1 for c, p in after["cells"].items()
                          if c in before and before[c]["owner"] != p["owner"])
    return turned


@pytest.mark.parametrize("first", sorted(FIRST))
def test_flip_flanked_works_after_every_phase_that_lands_a_piece(first: str) -> None:
    game = load_game_text(game_text(FIRST[first]))
    assert flips_agree_with_the_reference(game, 12, seed=len(first)) > 0


@pytest.mark.parametrize(("board", "cells", "walked"), [
    # A hex board's rows differ in length: the directions across rows are walked cell by
    # cell (along a row, one step is still one id).
    ("{type: hexhex, side: 4}", "{C3: x, D4: x, D5: o, E5: o, C4: o, D3: x}", True),
    # Holes break the row-by-row numbering: walked too, and a hole saves a run.
    ("{type: grid, rows: 6, columns: 6, adjacency: king, holes: [b4, e3]}", START, True),
    # A plain grid: every direction is one shift of the whole mask.
    (GRID, START, False),
])
def test_must_flank_and_flipping_on_other_boards(board: str, cells: str, walked: bool
                                                 ) -> None:
    from framework.moves.flank import Flanker

    game = load_game_text(game_text(FIRST["place"], board=board, cells=cells))
    flanker = Flanker(game.board, range(len(game.board.directions)))
    assert bool(flanker.walked) == walked
    assert len(flanker.shifts) + len(flanker.walked) == len(game.board.directions)
    assert flips_agree_with_the_reference(game, 20, seed=3) > 0


def test_three_players_flip_runs_of_any_opponent() -> None:
    text = game_text(FIRST["place"], cells="{c3: x, d4: x, c4: o, d3: o, b3: y, e4: y}")
    text = text.replace("players: [x, o]", "players: [x, o, y]").replace(
        "{x: x, o: o}", "{x: x, o: o, y: y}")
    game = load_game_text(text)
    assert flips_agree_with_the_reference(game, 20, seed=4) > 0
    # From d4 south-west: y's c3, o's b2, then x's a1: a run of two opponents flips whole.
    state = game.state_from_json({"to_move": "x", "cells": {
        "a1": "x", "b2": "o", "c3": "y", "f6": "o"}})
    assert "d4" in {a.notation for a in state.legal_actions()}
    state.apply("d4")
    assert {c: p["owner"] for c, p in state.to_json()["cells"].items()} == {
        "a1": "x", "b2": "x", "c3": "x", "d4": "x", "f6": "o"}


def test_directions_limit_the_flips_but_not_the_condition() -> None:
    game = load_game_text(game_text(FIRST["place"], directions="[n, e, s, w]"))
    state = game.state_from_json({"to_move": "x", "cells": {
        "a1": "x", "b2": "o", "a3": "x", "a2": "o", "f6": "o"}})
    # b2 would be outflanked diagonally from c3; a2 along the column from a3 to a1.
    state.apply("c3")
    assert state.to_json()["cells"]["b2"]["owner"] == "o"  # diagonal: not looked along
    assert flips_agree_with_the_reference(game, 12, seed=6) > 0


def test_an_empty_cell_or_the_edge_saves_a_run() -> None:
    game = load_game_text(game_text(FIRST["place_anywhere"]))
    state = game.state_from_json({"to_move": "x", "cells": {
        "a1": "o", "b1": "o", "d1": "x", "a3": "o", "a4": "x", "f6": "o"}})
    state.apply("c1")  # west: b1, a1 then the edge; a gap-free run needs an own piece
    owners = {c: p["owner"] for c, p in state.to_json()["cells"].items()}
    assert owners["b1"] == owners["a1"] == "o"
    state = game.state_from_json({"to_move": "x", "cells": {
        "a1": "o", "b1": "o", "d1": "x", "f6": "o"}})
    state.apply("e1")  # west of e1: d1 is own at once, nothing between: nothing flips
    assert {c: p["owner"] for c, p in state.to_json()["cells"].items()}["b1"] == "o"


def test_must_flank_needs_an_enemy_run_ending_on_an_own_piece() -> None:
    game = load_game_text(game_text(FIRST["place"]))
    state = game.state_from_json({"to_move": "x", "cells": {
        "a1": "x", "b1": "o", "c1": "o", "a3": "o", "f6": "o"}})
    assert {a.notation for a in state.legal_actions()} == {"d1"}


@pytest.mark.parametrize(("text", "message"), [
    (game_text(FIRST["place"]).replace("  - {name: put, type: moves, options: "
                                       "[{type: place, must_flank: true}]}\n", "")
     .replace("  - {name: flip", "  - {name: put, type: moves, options: [{type: grow, "
              "attribute: h}]}\n  - {name: flip"), None),
    (game_text(FIRST["place"], directions="[up]"), "unknown direction 'up'"),
    (game_text("{name: put, type: moves, options: [{type: place, must_flank: true, "
               "gravity: s}]}"), "must_flank does not go with gravity"),
    (game_text(FIRST["place"], board="{type: custom, cells: {a: [0, 0], "
               "b: [1, 0], c: [2, 0]}, links: [a-b, b-c]}", cells="{a: x, b: o}"),
     "this board has none"),
])
def test_bad_flanking_is_refused(text: str, message: str | None) -> None:
    if message is None:  # no phase before the flip lands a piece
        text = text.replace("pieces: {stone: {symbols: {x: x, o: o}}}",
                            "pieces: {stone: {symbols: {x: x, o: o}, attributes: "
                            "{h: {max: 3}}}}")
        message = "no phase before it in the turn lands one"
    with pytest.raises(SpecError, match=message):
        load_game_text(text)


def test_the_shifted_search_finds_what_walking_finds() -> None:
    """On random boards of random pieces, the bitboard search over shifts and the plain
    walk along every direction from every cell agree."""
    from framework.moves.flank import Flanker, flanks

    for board in (GRID, "{type: grid, rows: 5, columns: 8, adjacency: king}",
                  "{type: grid, rows: 7, columns: 3, adjacency: orthogonal}"):
        compiled = load_game_text(game_text(FIRST["place_anywhere"], board=board,
                                            cells="{a1: x}")).board
        directions = range(len(compiled.directions))
        flanker = Flanker(compiled, directions)
        assert not flanker.walked
        rng = random.Random(7)
        for _ in range(300):
            own = enemy = 0
            for cell in range(compiled.size):
                roll = rng.random()
                if roll < 0.3:
                    own |= 1 << cell
                elif roll < 0.6:
                    enemy |= 1 << cell
            empty = compiled.all_mask & ~own & ~enemy
            walked = sum(1 << c for c in range(compiled.size) if empty >> c & 1 and
                         flanks(compiled.step, directions, c, own, enemy))
            assert flanker.cells(empty, own, enemy) == walked


def test_must_flank_composes_with_the_piece_and_its_supply() -> None:
    """The placed kind is the named one, and a placement needs one in the supply (what is
    off the board): with all its stones on the board, x must pass although c5 flanks."""
    text = game_text("{name: put, type: moves, options: [{type: place, piece: stone, "
                     "must_flank: true}]}").replace(
        "pieces: {stone: {symbols: {x: x, o: o}}}",
        "pieces: {stone: {supply: 4, symbols: {x: x, o: o}}, "
        "pebble: {symbols: {x: X, o: O}}}")
    game = load_game_text(text)
    cells = {"c3": "x", "c4": "o", "a1": "x", "f6": "o"}
    state = game.state_from_json({"to_move": "x", "cells": cells})
    assert {a.notation for a in state.legal_actions()} == {"c5"}
    state.apply("c5")
    assert state.to_json()["cells"]["c4"] == {"owner": "x", "piece": "stone"}
    full = game.state_from_json({"to_move": "x", "cells": {**cells, "f1": "x", "b6": "x"}})
    assert [a.notation for a in full.legal_actions()] == ["0000"]  # the default pass
