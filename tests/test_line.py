"""The ``line`` goal and the ``draw`` result: hand-made positions, and the engine against
the reference interpreter on random positions."""

from __future__ import annotations

import random

import pytest

from framework import load_game_text
from framework.check.reference import ReferenceGame
from framework.i18n import translations

GAME = """
name: Line test
players: [white, black]
board: {board}
pieces: {{stone: {{symbols: {{white: w, black: b}}}}}}
turn: [{{name: place, type: moves, options: [{{type: place}}]}}]
goals: [{goal}]
result: {{type: draw}}
"""


def outcome(board: str, goal: str, cells: dict[str, str]) -> object:
    game = load_game_text(GAME.format(board=board, goal=goal))
    state = game.state_from_json({"to_move": "white", "cells": cells})
    verdict = game.goals[0].evaluate(state)
    return None if verdict is None else {game.players[s] for s in verdict.winners}


ROW = "{type: grid, rows: 1, columns: 8, adjacency: king}"
KING = "{type: grid, rows: 5, columns: 5, adjacency: king}"


@pytest.mark.parametrize(("goal", "cells", "winners"), [
    ("{type: line}", {"a1": "white", "b1": "white", "c1": "white"}, {"white"}),
    ("{type: line}", {"a1": "white", "b1": "white", "d1": "white"}, None),
    ("{type: line}", {"a1": "white", "b1": "black", "c1": "white"}, None),
    ("{type: line, length: 4}", {c: "black" for c in ("c1", "d1", "e1", "f1")}, {"black"}),
    # exactly: six in a row do not make five, five do (with an enemy or the edge beside).
    ("{type: line, length: 5, exactly: true}",
     {c + "1": "white" for c in "abcdef"}, None),
    ("{type: line, length: 5, exactly: true}",
     {**{c + "1": "white" for c in "abcde"}, "f1": "black"}, {"white"}),
    ("{type: line, length: 5, exactly: true}",
     {c + "1": "white" for c in "defgh"}, {"white"}),
    ("{type: line, length: 5}", {c + "1": "white" for c in "abcdef"}, {"white"}),
])
def test_rows_along_a_row(goal: str, cells: dict[str, str], winners: object) -> None:
    assert outcome(ROW, goal, cells) == winners


def test_diagonals_count_unless_directions_exclude_them() -> None:
    diagonal = {"a1": "white", "b2": "white", "c3": "white"}
    assert outcome(KING, "{type: line}", diagonal) == {"white"}
    assert outcome(KING, "{type: line, directions: [n, e]}", diagonal) is None
    # A direction and its opposite give the same rows.
    assert outcome(KING, "{type: line, directions: [sw]}", diagonal) == {"white"}
    anti = {"e1": "black", "d2": "black", "c3": "black"}
    assert outcome(KING, "{type: line, directions: [ne]}", anti) is None
    assert outcome(KING, "{type: line, directions: [nw]}", anti) == {"black"}


def test_both_players_with_a_row_is_settled_by_tie_break() -> None:
    cells = {"a1": "white", "a2": "white", "a3": "white",
             "e1": "black", "e2": "black", "e3": "black"}
    assert outcome(KING, "{type: line}", cells) == {"white", "black"}


def test_rows_on_a_hex_board() -> None:
    hexes = "{type: hexhex, side: 3}"
    assert outcome(hexes, "{type: line}", {"A1": "white", "B2": "white", "C3": "white"}) \
        == {"white"}
    assert outcome(hexes, "{type: line}", {"A1": "white", "B1": "white", "C1": "white"}) \
        == {"white"}
    # A1 B2 C2 bends: not a row.
    assert outcome(hexes, "{type: line}", {"A1": "white", "B2": "white", "C2": "white"}) is None


@pytest.mark.parametrize(("board", "goal"), [
    (KING, "{type: line}"), (KING, "{type: line, length: 4, exactly: true}"),
    ("{type: grid, rows: 6, columns: 6}", "{type: line, length: 3, directions: [n]}"),
    ("{type: hexhex, side: 3}", "{type: line, length: 3, exactly: true}"),
])
def test_engine_and_reference_agree_on_random_positions(board: str, goal: str) -> None:
    text = GAME.format(board=board, goal=goal)
    game = load_game_text(text)
    reference = ReferenceGame(game.spec)
    rng = random.Random(11)
    names = game.board.names
    fired = 0
    for _ in range(300):
        cells = {c: rng.choice(("white", "black")) for c in names if rng.random() < 0.45}
        verdict = game.goals[0].evaluate(game.state_from_json({"to_move": "white",
                                                               "cells": cells}))
        mine = None if verdict is None else {game.players[s] for s in verdict.winners}
        ref_state = reference.from_json({"to_move": "white", "cells": cells})
        theirs = reference.goals[0].verdict(ref_state)
        assert mine == theirs, cells
        fired += mine is not None
    assert 10 < fired < 290  # both outcomes were exercised


def test_a_full_board_without_a_row_is_a_draw_and_the_rulebook_says_so() -> None:
    game = load_game_text(GAME.format(board="{type: grid, rows: 1, columns: 2}",
                                      goal="{type: line}"))
    state = game.new_initial_state()
    state.apply("a1")
    state.apply("b1")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert "is a draw" in game.result.describe()  # type: ignore[union-attr]
    spanish = translations("es").gettext
    assert game.result.describe(spanish) != game.result.describe()  # type: ignore[union-attr]
    assert game.goals[0].describe(spanish) != game.goals[0].describe()
