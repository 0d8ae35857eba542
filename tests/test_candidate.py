"""The tests of each candidate move (``framework/moves/candidate.py``): ``to_if``,
``path_if`` and a placement's ``where:``. Each query is tried on a position whose answer is
worked out here by hand; games that use every query play the same on the engine and on the
reference twin (which reads the tests with its own code), and natively where the kernels
have them; a test that cannot act is refused with its place in the file."""

from __future__ import annotations

import random

import pytest

from framework import SpecError, load_game_text
from framework.check.reference.game import ReferenceGame
from framework.engine.state import State
from framework.native import support_of
from framework.perft import perft

from .brute_games import random_positions

PIECES = """
players:
  - {name: white, forward: n}
  - {name: black, forward: s}
board: {type: grid, rows: 6, columns: 6, adjacency: king}
zones:
  river: [{row: 3}, {row: 4}]
  home: {white: [{row: 1}], black: [{row: 6}]}
pieces:
  rook: {symbols: {white: R, black: r}}
  horse: {symbols: {white: H, black: h}}
  pawn: {symbols: {white: P, black: p}}
setup:
  - type: fixed
    cells:
      a1: {owner: white, piece: rook}
      f1: {owner: white, piece: rook}
      b1: {owner: white, piece: horse}
      e1: {owner: white, piece: horse}
      a2: {owner: white, piece: pawn}
      b2: {owner: white, piece: pawn}
      c2: {owner: white, piece: pawn}
      d2: {owner: white, piece: pawn}
      e2: {owner: white, piece: pawn}
      f2: {owner: white, piece: pawn}
      a6: {owner: black, piece: rook}
      f6: {owner: black, piece: rook}
      b6: {owner: black, piece: horse}
      e6: {owner: black, piece: horse}
      a5: {owner: black, piece: pawn}
      b5: {owner: black, piece: pawn}
      c5: {owner: black, piece: pawn}
      d5: {owner: black, piece: pawn}
      e5: {owner: black, piece: pawn}
      f5: {owner: black, piece: pawn}
no_legal_move: lose
max_plies: 60
"""

#: Every query of a cell test, and the combinators, on the Python engine (a leap's path
#: and the move's direction included: the kernels do not have those yet).
EVERY_QUERY = """
name: Every query
""" + PIECES + """
turn:
  - name: move
    type: moves
    options:
      # A rook takes only pawns, and lands where at most one enemy piece is north or south.
      - {type: slide, piece: rook, directions: [n, e, s, w], to: empty_or_enemy,
         to_if: [{any: [{owner: empty}, {kind: pawn}]},
                 {around: to, directions: [n, s], owner: enemy, at_most: 1}]}
      # The xiangqi horse: one step straight, then one diagonally outwards; the leg empty.
      - {type: leap, piece: horse, paths: [[n, ne], [n, nw], [e, ne], [e, se],
                                           [s, se], [s, sw], [w, nw], [w, sw]],
         to: empty_or_enemy, path_if: {owner: empty}}
      # A pawn steps forward onto an empty cell, or sideways while outside the river.
      - {type: step, piece: pawn, directions: [forward, left, right],
         to_if: {any: [{direction: [forward]}, {not: {at: from, zone: river}}]}}
      # A pawn jumps two forward over exactly one piece, landing on an empty cell off
      # its own home row.
      - {type: leap, piece: pawn, kind: jump, paths: [[forward, forward]],
         path_if: {at: between, owner: occupied, exactly: 1},
         to_if: {not: {zone: home}}}
"""

#: The queries the native kernels play (at the target, its start, around them).
NATIVE = """
name: Native queries
""" + PIECES + """
turn:
  - name: move
    type: moves
    options:
      - {type: slide, piece: rook, directions: [n, e, s, w], to: empty_or_enemy,
         to_if: [{any: [{owner: empty}, {kind: [pawn, horse]}]},
                 {around: to, owner: enemy, at_most: 2}]}
      - {type: leap, piece: horse, offsets: [[1, 2]], symmetric: true, to: empty_or_enemy,
         to_if: {not: {all: [{at: from, zone: home}, {owner: enemy}]}}}
      - {type: step, piece: pawn, directions: [forward, forward_left, forward_right],
         to: empty_or_enemy,
         to_if: {any: [{owner: enemy, kind: pawn}, {owner: empty, zone: river},
                       {around: to, directions: [forward], owner: empty, exactly: 1}]}}
"""

#: A placement beside the cell the turn's first placement landed on.
LANDED = """
name: Landed
players: [white, black]
board: {type: grid, rows: 4, columns: 4, adjacency: orthogonal}
pieces:
  stone: {symbols: {white: o, black: x}}
turn:
  - {name: first, type: moves, options: [{type: place}]}
  - name: second
    type: moves
    options:
      - {type: place, where: {around: landed, owner: empty, at_least: 3}, kind: second}
    when_impossible: skip
no_legal_move: end_game
result: {type: draw}
"""


#: A stone anywhere after a stone on the edge; else only next to an enemy stone.
LAST = """
name: Last
players: [white, black]
board: {type: grid, rows: 4, columns: 4, adjacency: orthogonal}
zones:
  edge: [{row: 1}, {row: 4}, {column: a}, {column: d}]
pieces:
  stone: {symbols: {white: o, black: x}}
turn:
  - name: place
    type: moves
    options:
      - {type: place, kind: open, if: {type: count, of: all, exactly: 0}}
      - {type: place, if: {type: count, of: all, at_least: 1},
         where: {any: [{at: last.to, zone: edge}, {around: to, owner: enemy, at_least: 1}]}}
no_legal_move: lose
"""


#: A one-cell diagonal leap, by either of its two orthogonal steps first: a move may pass
#: over two different cells to one target, and one clear way is enough.
TWO_WAYS = """
name: Two ways
""" + PIECES + """
turn:
  - name: move
    type: moves
    options:
      - {type: leap, piece: horse, paths: [[n, e], [e, n], [n, w], [w, n],
                                           [s, e], [e, s], [s, w], [w, s]],
         to: empty_or_enemy, path_if: {owner: empty}}
      - {type: step, piece: pawn, directions: [forward]}
"""


def _notations(state: State) -> list[str]:
    return sorted(a.notation for a in state.legal_actions()) if not state.is_terminal() \
        else []


def _targets(state: State, cell: str) -> list[str]:
    return sorted(a.notation[len(cell):] for a in state.legal_actions()
                  if a.notation.startswith(cell))


def test_the_target_its_neighbours_and_the_kinds_there() -> None:
    game = load_game_text(EVERY_QUERY)
    cells = {"c3": ["white", "rook"], "c5": ["black", "pawn"], "b4": ["black", "pawn"],
             "e3": ["black", "horse"], "a3": ["black", "rook"], "b2": ["black", "pawn"],
             "d6": ["black", "pawn"]}
    state = game.state_from_json(_position("Every query", cells))
    # North: c4 (enemy neighbours north/south: c5 only, 1), c5 a pawn (c6 and c4: none);
    # east: d3 (d4, d2 empty), e3 a horse: not taken; west: b3 (b4 and b2 pawns: 2,
    # refused), a3 a rook: not taken; south: c2, c1 (c2's north c3 is the rook's own).
    assert _targets(state, "c3") == ["c1", "c2", "c4", "c5", "d3"]


def test_the_path_of_a_leap_and_the_move_direction() -> None:
    game = load_game_text(EVERY_QUERY)
    cells = {"c3": ["white", "horse"], "c4": ["black", "pawn"], "d3": ["white", "pawn"],
             "b4": ["white", "pawn"], "b5": ["black", "pawn"]}
    state = game.state_from_json(_position("Every query", cells))
    # Legs: n c4 (taken: no b5, d5), e d3 (taken: no e4, e2), s c2 (free: b1, d1),
    # w b3 (free: a4, a2).
    assert _targets(state, "c3") == ["a2", "a4", "b1", "d1"]
    # The pawn on b4 in the river: forward b5 is taken (enemy), sideways refused in
    # the river; it jumps over b5 to b6 (one piece between, b6 not white's home).
    assert _targets(state, "b4") == ["b6"]
    # d3 is in the river too: d4 forward only, and d3 jumps over nothing: no jump.
    assert _targets(state, "d3") == ["d4"]


def test_the_landed_cell() -> None:
    game = load_game_text(LANDED)
    state = game.new_initial_state()
    state.apply("a1")   # a corner: two empty neighbours, so no second stone
    assert state.to_json()["to_move"] == "black"
    state.apply("b2")   # four empty neighbours: a second stone, on any empty cell
    assert state.to_json()["to_move"] == "black"
    assert _notations(state) == sorted(c for c in game.board.names if c not in ("a1", "b2"))


def _position(name: str, cells: dict[str, list[str]], to_move: str = "white") -> dict:
    return {"game": name, "to_move": to_move,
            "cells": {c: {"owner": o, "piece": p} for c, (o, p) in cells.items()},
            "gaps": [], "halfmove": 0, "fullmove": 1}


def test_the_previous_moves_cells() -> None:
    game = load_game_text(LAST)
    state = game.new_initial_state()
    state.apply("b2")   # inside: black only next to it
    assert _notations(state) == ["a2", "b1", "b3", "c2"]
    state.apply("b1")   # on the edge: white anywhere
    assert len(_notations(state)) == 14
    assert state.to_json()["last_to"] == "b1" and state.to_json()["last_from"] is None
    assert "previous move" in (support_of(game) or "")


@pytest.mark.parametrize("text", [EVERY_QUERY, NATIVE, LANDED, LAST, TWO_WAYS],
                         ids=["every-query", "native", "landed", "last", "two-ways"])
def test_the_engine_and_the_reference_twin_agree(text: str) -> None:
    game = load_game_text(text)
    ref = ReferenceGame(game.spec)
    positions = [game.new_initial_state(), *random_positions(game, 25, seed=3)]
    for state in positions:
        s = ref.from_json(state.to_json())
        assert _notations(state) == sorted(ref.legal(s)), state.to_json()


def test_random_games_agree_with_the_reference_twin_ply_by_ply() -> None:
    game = load_game_text(EVERY_QUERY)
    ref = ReferenceGame(game.spec)
    rng = random.Random(7)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            s = ref.from_json(state.to_json())
            legal = _notations(state)
            assert legal == sorted(ref.legal(s)), state.to_json()
            state.apply(rng.choice(legal))


@pytest.mark.parametrize("text", [NATIVE, EVERY_QUERY], ids=["native", "every-query"])
def test_the_native_kernels_play_the_tests(text: str) -> None:
    game = load_game_text(text)
    assert support_of(game) is None
    from framework.native import NativeGame

    native = NativeGame(game)
    for state in [game.new_initial_state(), *random_positions(game, 5, seed=11)]:
        assert native.perft(native.encode(state), 2) == perft(state, 2), state.to_json()


def test_the_native_backend_names_what_it_lacks() -> None:
    reason = support_of(load_game_text(LAST))
    assert reason is not None and "previous move" in reason
    reason = support_of(load_game_text(TWO_WAYS))
    assert reason is not None and "two sets of cells" in reason


def test_a_move_with_two_paths_to_one_cell_needs_only_one_clear() -> None:
    game = load_game_text(TWO_WAYS)
    cells = {"c3": ["white", "horse"], "c4": ["black", "pawn"]}
    state = game.state_from_json(_position("Two ways", cells))
    # To d4: by c4 (taken) or by d3 (empty): one clear way is enough; to b4 likewise by
    # b3; to d2 and b2 by c2 or the empty d3/b3.
    assert _targets(state, "c3") == ["b2", "b4", "d2", "d4"]
    cells["d3"] = ["black", "pawn"]
    state = game.state_from_json(_position("Two ways", cells))
    assert _targets(state, "c3") == ["b2", "b4", "d2"]   # d4: both ways taken


@pytest.mark.parametrize(("option", "where", "says"), [
    ("{type: reach, distance: 2, effect: move, path_if: {owner: empty}}", "path_if",
     "passes over no cells"),
    ("{type: place, where: {at: between, owner: empty}}", "where",
     "moves no piece from a cell"),
    ("{type: place, to_if: {at: from, owner: own}}", "to_if",
     "moves no piece from a cell"),
    ("{type: step, to_if: {kind: [queen]}}", "to_if", "queen"),
    ("{type: step, to_if: {around: to, owner: own, exactly: 1, directions: [up]}}",
     "to_if", "up"),
    ("{type: step, to_if: {zone: sea}}", "to_if", "sea"),
    ("{type: place, to_if: {direction: [n]}}", "to_if", "no direction"),
    ("{type: step, to_if: {around: to}}", "to_if", "says nothing"),
    ("{type: step, to_if: {owner: empty, kind: stone}}", "to_if", "holds no piece"),
])
def test_a_test_that_cannot_act_is_refused_where_it_is_written(option: str, where: str,
                                                                says: str) -> None:
    text = f"""
name: Refused
players: [white, black]
board: {{type: grid, rows: 4, columns: 4}}
pieces:
  stone: {{symbols: {{white: o, black: x}}}}
turn:
  - name: move
    type: moves
    options:
      - {option}
"""
    with pytest.raises(SpecError) as caught:
        load_game_text(text)
    message = str(caught.value)
    assert says in message and where in message and ":11:" in message, message


def test_the_rulebook_says_each_test() -> None:
    text = load_game_text(EVERY_QUERY).phases[0].describe()
    assert "(either the target cell is empty or the target cell holds a pawn)" in text, text
    assert ("the number of the cells next to the target cell northwards (up) or southwards "
            "(down) where the cell holds an enemy piece is at most 1") in text, text
    assert "only where each of the cells passed over is empty" in text, text
    assert "the number of the cells passed over where the cell holds a piece is exactly 1" \
        in text, text
    assert "the move goes straight forward" in text, text
    assert "the starting cell is in the cells of river" in text, text


def test_every_worked_example_of_the_reference_validates() -> None:
    """The examples the reference teaches (the module's docstring) are game text that
    loads, each in a game with the kinds, the zone and the forward they name."""
    import re

    import framework.moves.candidate as candidate

    block = re.search(r"```yaml\n(.*?)```", candidate.__doc__ or "", re.S)
    assert block is not None
    options = [o for o in re.split(r"\n(?=# )", block.group(1).strip())]
    assert len(options) == 11
    for option in options:
        body = "\n".join("      " + line for line in option.splitlines())
        load_game_text(f"""
name: Example
players:
  - {{name: white, forward: n}}
  - {{name: black, forward: s}}
board: {{type: grid, rows: 6, columns: 6, adjacency: king}}
zones:
  river: [{{row: 3}}]
pieces:
  rook: {{symbols: {{white: R, black: r}}}}
  pawn: {{symbols: {{white: P, black: p}}}}
  knight: {{symbols: {{white: N, black: n}}}}
  horse: {{symbols: {{white: H, black: h}}}}
turn:
  - name: move
    type: moves
    options:
{body}
""")
