"""``step``, ``slide`` and ``leap`` (and a kind's own ``moves``): their targets on small
boards, their words, their errors, and the engine against the reference interpreter."""

from __future__ import annotations

import random

import pytest

from framework import SpecError, load_game_text
from framework.check.reference import ReferenceGame

MIXED = """
name: Mixed movers
players:
  - {name: white, forward: n}
  - {name: black, forward: s}
board: {type: grid, rows: 6, columns: 6, adjacency: king}
pieces:
  king:
    symbols: {white: K, black: k}
    moves:
      - {type: step, to: empty_or_enemy}
  rook:
    symbols: {white: R, black: r}
    moves:
      - {type: slide, directions: [n, e, s, w], to: empty_or_enemy}
  knight:
    symbols: {white: N, black: n}
    moves:
      - {type: leap, offsets: [[1, 2]], symmetric: true, to: empty_or_enemy}
  pawn:
    symbols: {white: P, black: p}
    moves:
      - {type: slide, directions: [forward], max: 2}      # one step or two
      - {type: step, directions: [forward_left, forward_right], to: enemy, kind: pawn_capture}
setup:
  - type: fixed
    cells: {a1: {owner: white, piece: rook}, b1: {owner: white, piece: knight},
            c1: {owner: white, piece: king}, a2: {owner: white, piece: pawn},
            b2: {owner: white, piece: pawn}, c2: {owner: white, piece: pawn},
            f6: {owner: black, piece: rook}, e6: {owner: black, piece: knight},
            d6: {owner: black, piece: king}, f5: {owner: black, piece: pawn},
            e5: {owner: black, piece: pawn}, d5: {owner: black, piece: pawn}}
turn:
  - {name: move, type: moves, piece_moves: true}
no_legal_move: lose
goals:
  - {type: no_pieces, piece: king, then: opponent_wins}
max_plies: 200
goal_checks: []
"""


def game(text: str = MIXED):  # type: ignore[no-untyped-def]
    return load_game_text(text)


def targets(state, cell: str) -> set[str]:  # type: ignore[no-untyped-def]
    return {a.notation[len(cell):].rstrip("*") for a in state.legal_actions()
            if a.notation.startswith(cell)}


def test_each_kind_moves_its_own_way_from_the_start() -> None:
    state = game().new_initial_state()
    assert targets(state, "b1") == {"a3", "c3", "d2"}          # the knight leaps over pawns
    assert targets(state, "a1") == set()                       # the rook is boxed in
    assert targets(state, "c1") == {"b1", "d1", "d2"} - {"b1"}  # no own pieces
    assert targets(state, "a2") == {"a3", "a4"}                # one step or two
    kinds = {a.notation: a.kind for a in state.legal_actions()}
    assert kinds["a2a4"] == "pawn" and kinds["b1a3"] == "knight" and kinds["c1d2"] == "king"


def test_black_pawns_step_towards_row_one_and_capture_diagonally() -> None:
    state = game().state_from_json({"to_move": "black", "cells": {
        "d4": {"owner": "black", "piece": "pawn"}, "c3": {"owner": "white", "piece": "pawn"},
        "d3": {"owner": "white", "piece": "pawn"},
        "a1": {"owner": "white", "piece": "king"}, "f6": {"owner": "black", "piece": "king"}}})
    assert targets(state, "d4") == {"c3"}  # straight ahead is blocked; e3 is empty
    action = next(a for a in state.legal_actions() if a.notation == "d4c3")
    assert action.kind == "pawn_capture"


def test_a_slide_stops_at_the_first_piece_and_may_take_it() -> None:
    state = game().state_from_json({"to_move": "white", "cells": {
        "a1": {"owner": "white", "piece": "rook"}, "a4": {"owner": "black", "piece": "pawn"},
        "c1": {"owner": "white", "piece": "pawn"},
        "f1": {"owner": "white", "piece": "king"}, "f6": {"owner": "black", "piece": "king"}}})
    assert targets(state, "a1") == {"a2", "a3", "a4", "b1"}
    state.apply("a1a4")
    assert state.to_json()["cells"]["a4"] == {"owner": "white", "piece": "rook"}


def test_capturing_the_king_wins() -> None:
    state = game().state_from_json({"to_move": "white", "cells": {
        "a1": {"owner": "white", "piece": "rook"}, "a6": {"owner": "black", "piece": "king"},
        "f1": {"owner": "white", "piece": "king"}}})
    state.apply("a1a6")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_the_engine_agrees_with_the_reference_in_random_games() -> None:
    g = game()
    reference = ReferenceGame(g.spec)
    rng = random.Random(9)
    for _ in range(25):
        ours, theirs = g.new_initial_state(), reference.initial()
        while not ours.is_terminal():
            legal = sorted(a.notation for a in ours.legal_actions())
            assert legal == sorted(reference.legal(theirs))
            move = rng.choice(legal)
            ours.apply(move)
            theirs = reference.play(theirs, move)
            assert ours.to_json() == reference.to_json(theirs)


SHOOTER = """
name: Shooter
players: [white, black]
board: {type: grid, rows: 4, columns: 4, adjacency: king}
pieces:
  stone: {symbols: {white: W, black: B}}
  wall: {symbols: {white: x, black: y}, supply: 3}
setup:
  - {type: fixed, cells: {a1: white, d4: black}}
turn:
  - name: move
    type: moves
    options: [{type: step, piece: stone}]
  - name: shoot
    type: moves
    options: [{type: OPTION, from: landed, effect: place, piece: wall, notation: "/{to}"
               EXTRA}]
    when_impossible: skip
no_legal_move: lose
max_plies: 100
"""


@pytest.mark.parametrize(("option", "extra", "after", "shots"), [
    ("slide", ", max: 2", "a1b2", {"/a1", "/b1", "/c1", "/a2", "/a3", "/b3", "/b4", "/c2",
                                   "/c3", "/d2"}),
    ("step", "", "a1b2", {"/a1", "/b1", "/c1", "/a2", "/a3", "/b3", "/c2", "/c3"}),
    ("leap", ", offsets: [[2, 0]], symmetric: true", "a1b2", {"/d2", "/b4"}),
])
def test_a_shot_from_the_landed_cell_places_a_piece(option: str, extra: str, after: str,
                                                    shots: set[str]) -> None:
    g = game(SHOOTER.replace("OPTION", option).replace("EXTRA", extra))
    state = g.new_initial_state()
    state.apply(after)
    assert {a.notation for a in state.legal_actions()} == shots
    state.apply(sorted(shots)[0])
    cells = state.to_json()["cells"]
    assert cells[sorted(shots)[0][1:]] == {"owner": "white", "piece": "wall"}
    assert cells["b2"] == {"owner": "white", "piece": "stone"}
    reference = ReferenceGame(g.spec)
    rng = random.Random(3)
    for _ in range(10):  # walls run out and stones step on forever: 40 plies a game
        ours, theirs = g.new_initial_state(), reference.initial()
        for _ in range(40):
            if ours.is_terminal():
                break
            legal = sorted(a.notation for a in ours.legal_actions())
            assert legal == sorted(reference.legal(theirs))
            move = rng.choice(legal)
            ours.apply(move)
            theirs = reference.play(theirs, move)
            assert ours.to_json() == reference.to_json(theirs)


def test_a_supply_runs_out_and_the_shot_is_skipped() -> None:
    g = game(SHOOTER.replace("OPTION", "step").replace("EXTRA", ""))
    state = g.state_from_json({"to_move": "white", "cells": {
        "a1": "white", "d4": "black", "c4": {"owner": "white", "piece": "wall"},
        "d3": {"owner": "white", "piece": "wall"}, "c3": {"owner": "white", "piece": "wall"}}})
    state.apply("a1b2")
    assert state.to_json()["to_move"] == "black"  # no wall left: nothing to shoot


@pytest.mark.parametrize(("to", "legal"), [
    ("own", {"b2c2"}), ("any", {"b2c2", "b2a2", "b2b3"}), ("enemy", {"b2a2"}),
    ("empty", {"b2b3"}), ("empty_or_enemy", {"b2a2", "b2b3"})])
def test_to_says_which_cells_a_step_may_end_on(to: str, legal: set[str]) -> None:
    g = game(f"""
name: Targets
players: [white, black]
board: {{type: grid, rows: 3, columns: 3, adjacency: orthogonal}}
pieces: {{stone: {{symbols: {{white: W, black: B}}}}}}
turn: [{{name: move, type: moves, options: [{{type: step, directions: [n, e, w], to: {to}}}]}}]
no_legal_move: lose
""")
    state = g.state_from_json({"to_move": "white", "cells": {
        "b2": "white", "c2": "white", "a2": "black", "c1": "black"}})
    assert {a.notation for a in state.legal_actions() if a.src == g.board.cell("b2")} == legal


def test_relative_directions_a_board_lacks_make_no_moves() -> None:
    g = game("""
name: Orthogonal forward
players: [{name: white, forward: n}, {name: black, forward: s}]
board: {type: grid, rows: 3, columns: 3, adjacency: orthogonal}
pieces: {stone: {symbols: {white: W, black: B}}}
turn: [{name: move, type: moves, options: [{type: step, directions: [forward_left,
        forward]}]}]
no_legal_move: lose
""")
    state = g.state_from_json({"to_move": "white", "cells": {"b1": "white", "b3": "black"}})
    assert {a.notation for a in state.legal_actions()} == {"b1b2"}


@pytest.mark.parametrize(("snippet", "message"), [
    ("[{type: step, directions: [up]}]", "unknown direction 'up'"),
    ("[{type: step, directions: [forward]}]", "unknown direction 'forward'"),
    ("[{type: slide, piece: queen}]", "unknown piece 'queen'"),
    ("[{type: leap}]", "give either 'offsets' or 'paths'"),
    ("[{type: leap, offsets: [[0, 0]]}]", "must be a nonzero move"),
    ("[{type: step}, {type: step, to: enemy}]", "options 0 and 1 both make actions of kind"),
    ("[]", "list at least one option"),
])
def test_bad_options_are_refused_with_a_clear_message(snippet: str, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        game(f"""
name: Bad
players: [white, black]
board: {{type: grid, rows: 3, columns: 3, adjacency: king}}
pieces: {{stone: {{}}}}
turn: [{{name: move, type: moves, options: {snippet}}}]
""")


@pytest.mark.parametrize(("moves", "message"), [
    ("[{type: step, piece: stone}]", "leave 'piece' out"),
    ("[{type: grow, attribute: legs}]", "list it under a phase's options"),
    ("[{type: step}, {type: slide}]", "both make actions of kind 'stone'"),
    ("[{type: step, from: landed}]", "a kind's own moves start from its pieces"),
])
def test_bad_piece_moves_are_refused(moves: str, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        game(f"""
name: Bad kinds
players: [white, black]
board: {{type: grid, rows: 3, columns: 3, adjacency: king}}
pieces: {{stone: {{attributes: {{legs: {{}}}}, moves: {moves}}}}}
turn: [{{name: move, type: moves, piece_moves: true}}]
""")


def test_leap_offsets_need_a_grid() -> None:
    with pytest.raises(SpecError, match="offsets need a grid"):
        game("""
name: Hex leap
players: [white, black]
board: {type: hexhex, side: 3}
pieces: {stone: {}}
turn: [{name: move, type: moves, options: [{type: leap, offsets: [[1, 2]]}]}]
""")


def test_leap_paths_work_on_a_hex_board() -> None:
    g = game("""
name: Hex leap
players: [white, black]
board: {type: hexhex, side: 3}
pieces: {stone: {symbols: {white: W, black: B}}}
turn: [{name: move, type: moves, options: [{type: leap, paths: [[e, e], [w, w]]}]}]
no_legal_move: lose
""")
    board = g.board
    centre = board.names[board.size // 2]
    state = g.state_from_json({"to_move": "white", "cells": {centre: "white"}})
    ends = {a.notation[len(centre):] for a in state.legal_actions()}
    expected = {board.names[board.step[board.step[board.cell(centre)][d]][d]]
                for d in (board.direction("e"), board.direction("w"))}
    assert ends == expected and len(ends) == 2


def test_the_rulebook_words_each_primitive() -> None:
    text = game().phases[0].describe()
    assert "a knight leaps over anything to the cell 2 cells away along a row or a column " \
        "and then 1 to the side" in text
    assert "a rook slides any number of cells along a row or a column" in text
    assert "a pawn slides up to 2 cells forward" in text
    assert "a pawn steps to the next cell diagonally forward (a cell with an enemy piece, " \
        "which is captured)" in text


def test_a_consequence_may_follow_a_phase_of_piece_moves() -> None:
    g = game("""
name: Convert after a kind's move
players: [white, black]
board: {type: grid, rows: 3, columns: 3, adjacency: king}
pieces: {stone: {symbols: {white: W, black: B}, moves: [{type: step}]}}
turn:
  - {name: move, type: moves, piece_moves: true}
  - {name: convert, type: convert_adjacent, distance: 1}
no_legal_move: lose
""")
    state = g.state_from_json({"to_move": "white", "cells": {"a1": "white", "c3": "black"}})
    state.apply("a1b2")
    assert state.to_json()["cells"]["c3"] == {"owner": "white", "piece": "stone"}
