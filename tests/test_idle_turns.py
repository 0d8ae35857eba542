"""A turn in which every step is skipped passes on in a loop, not by recursion; when every
player in a row has had such a turn, nobody can act again and the game ends (issue 11's
"a turn where every player can only skip recursed until RecursionError")."""

from __future__ import annotations

from framework import load_game_text
from framework.check.runner import check_game

FULL = """
name: Nothing to build
players: [white, black]
board: {type: grid, rows: 2, columns: 2}
pieces: {stone: {}}
setup: [{type: fixed, cells: {a1: white, b1: black, a2: white, b2: black}}]
turn:
  - {name: build, type: build, create: anywhere, when_impossible: skip}
RESULT
max_plies: 20
"""


def test_a_round_of_turns_with_nothing_to_decide_ends_the_game() -> None:
    state = load_game_text(FULL.replace("RESULT\n", "")).new_initial_state()
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_the_result_rule_scores_it() -> None:
    text = FULL.replace("RESULT", "result: {type: majority}").replace(
        "b2: black}", "b2: white}")
    state = load_game_text(text).new_initial_state()
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_a_game_that_fills_up_ends_and_checks_clean() -> None:
    text = FULL.replace("{a1: white, b1: black, a2: white, b2: black}", "{a1: white}").replace(
        "RESULT", "result: {type: majority}")
    game = load_game_text(text)
    state = game.new_initial_state()
    for cell in ("+b1", "+a2", "+b2"):
        assert not state.is_terminal()
        state.apply(cell)
    assert state.is_terminal()
    report = check_game(game, examples=10)
    assert report.failed == [] and report.unchecked == []
