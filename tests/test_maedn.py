"""Mensch ärgere dich nicht (games/maedn.yaml) with 2, 3 and 4 players side by side with
OpenSpiel's ``maedn``: the same die drawn in both, compared at every ply — current player
(chance included), legal actions, chance outcomes with their probabilities, the pieces on
every field, terminal flag and returns (OpenSpiel's: the winner n - 1, every other -1).

OpenSpiel's actions name a field relative to the mover (``N - moves piece on field F``,
F = N - 2); they are read back into our cells here from OpenSpiel's own numbering of the
fields (absolute field = (F + 10 q) mod 40, goal fields 40 + 4 q + F - 40, q the player's
place at the table) and its drawing of them (``kFieldToBoardString``), not from our file.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pyspiel
import pytest

from framework import load_game
from framework.engine.state import State
from framework.game import Game

from .conftest import ROOT

FILE = ROOT / "games" / "maedn.yaml"
#: OpenSpiel's drawing of fields 0..55 (x: character column, y: printed row).
FIELDS = [(0, 4), (2, 4), (4, 4), (6, 4), (8, 4), (8, 3), (8, 2), (8, 1), (8, 0), (10, 0),
          (12, 0), (12, 1), (12, 2), (12, 3), (12, 4), (14, 4), (16, 4), (18, 4), (20, 4),
          (20, 5), (20, 6), (18, 6), (16, 6), (14, 6), (12, 6), (12, 7), (12, 8), (12, 9),
          (12, 10), (10, 10), (8, 10), (8, 9), (8, 8), (8, 7), (8, 6), (6, 6), (4, 6),
          (2, 6), (0, 6), (0, 5), (2, 5), (4, 5), (6, 5), (8, 5), (10, 1), (10, 2), (10, 3),
          (10, 4), (18, 5), (16, 5), (14, 5), (12, 5), (10, 9), (10, 8), (10, 7), (10, 6)]
PLAYERS = ["red", "blue", "green", "yellow"]


def cell(field: int) -> str:
    x, y = FIELDS[field]
    return f"{'abcdefghijk'[x // 2]}{11 - y}"


def seat_place(player: int, players: int) -> int:
    """Where a player sits: two sit opposite each other (twoPlayersOpposite)."""
    return 2 * player if players == 2 else player


def absolute(relative: int, place: int) -> int:
    return (relative + 10 * place) % 40 if relative < 40 else 4 * place + relative


def spiel_notation(theirs: pyspiel.State, action: int, players: int) -> str:
    if theirs.is_chance_node():
        assert theirs.action_to_string(action).endswith(f"(roll: {action + 1})")
        return f"roll:{action + 1}"
    place = seat_place(theirs.current_player(), players)
    if action == 0:
        return "pass"
    if action == 1:
        return "+" + cell(absolute(0, place))
    die = int(str(theirs).split("Dice: ")[1].split()[0])
    field = action - 2
    return f"{cell(absolute(field, place))}-{cell(absolute(field + die, place))}"


def spiel_pieces(theirs: pyspiel.State) -> dict[str, str]:
    """The pieces on the fields, read from OpenSpiel's drawing: cell → player."""
    rows = str(theirs).split("\n")
    found = {}
    for field, (x, y) in enumerate(FIELDS):
        mark = rows[y][x]
        if mark.isdigit():
            found[cell(field)] = PLAYERS[int(mark) - 1]
    return found


def compare(ours: State, theirs: pyspiel.State, players: int) -> dict[str, int]:
    assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
    assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
    mine = {c: e["owner"] for c, e in ours.to_json()["cells"].items()}
    assert mine == spiel_pieces(theirs), str(theirs)
    if theirs.is_terminal():
        return {}
    assert ours.current_player == theirs.current_player(), str(theirs)
    named = {spiel_notation(theirs, a, players): a for a in theirs.legal_actions()}
    assert {a.notation for a in ours.legal_actions()} == set(named), str(theirs)
    if theirs.is_chance_node():
        probabilities = {spiel_notation(theirs, a, players): p
                         for a, p in theirs.chance_outcomes()}
        odds = {a.notation: p for a, p in ours.chance_outcomes()}
        assert set(odds) == set(probabilities)
        assert all(float(odds[k]) == pytest.approx(p) for k, p in probabilities.items())
        assert sum(odds.values()) == Fraction(1)
    return named


def play(players: int, games: int, seed: int) -> dict[int, int]:
    """Random games with the same draws; how many each seat won."""
    game = load_game(FILE, {"players": str(players)})
    spiel = pyspiel.load_game("maedn", {"players": players})
    rng = random.Random(seed)
    wins = dict.fromkeys(range(players), 0)
    for _ in range(games):
        ours, theirs = game.new_initial_state(), spiel.new_initial_state()
        while True:
            named = compare(ours, theirs, players)
            if not named:
                break
            move = rng.choice(sorted(named))
            theirs.apply_action(named[move])
            ours.apply(move)
        returns = theirs.returns()
        assert sorted(returns) == [-1.0] * (players - 1) + [players - 1.0]
        wins[returns.index(max(returns))] += 1
    return wins


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_few_games_agree_with_openspiel(players: int) -> None:
    wins = play(players, 2, seed=players)
    assert sum(wins.values()) == 2


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_hundred_games_agree_with_openspiel(players: int) -> None:
    wins = play(players, 200, seed=53 + players)
    assert all(wins.values()), wins  # every seat wins some


def _position(players: int, cells: dict[str, str], roll: int, to_move: str = "red"
              ) -> State:
    game: Game = load_game(FILE, {"players": str(players)})
    return game.state_from_json({"to_move": to_move, "phase": "move", "die_1": roll,
                                 "cells": {c: {"owner": o} for c, o in cells.items()}})


def test_a_piece_on_the_start_field_must_leave_it_while_pieces_wait_at_home() -> None:
    """Red on its start a7 and on c7, two at home: a 3 moves only the a7 piece; a 2 would
    land it on red's own c7, so then another piece moves (c7-e7); worked out by hand."""
    state = _position(2, {"a7": "red", "c7": "red"}, 2)
    assert [a.notation for a in state.legal_actions()] == ["c7-e7"]
    state = _position(2, {"a7": "red", "e7": "red"}, 4)
    assert {a.notation for a in state.legal_actions()} == {"e7-e11"}
    state = _position(2, {"a7": "red", "c7": "red"}, 3)
    assert {a.notation for a in state.legal_actions()} == {"a7-d7"}


def test_a_six_must_bring_a_piece_in_and_takes_the_enemy_on_the_start_field() -> None:
    state = _position(2, {"a7": "blue", "c7": "red"}, 6)
    assert [a.notation for a in state.legal_actions()] == ["+a7"]
    state.apply("+a7")
    assert state.to_json()["cells"]["a7"]["owner"] == "red"
    # blue's piece is back at home: blue may bring it in again on its own six
    assert state.is_chance_node() and state.to_move == 0  # a six: red rolls again


def test_moves_land_exactly_in_the_goal_and_a_blocked_player_passes() -> None:
    """Red on d6 (its third goal field) and e6 (its last), two at home, a 2: d6 cannot go
    past e6, so red passes; from b6 a 2 lands on d6, a 3 would land on red's own e6."""
    state = _position(2, {"d6": "red", "e6": "red"}, 2)
    assert [a.notation for a in state.legal_actions()] == ["pass"]
    state = _position(2, {"b6": "red", "e6": "red"}, 2)
    assert {a.notation for a in state.legal_actions()} == {"b6-d6"}
    state = _position(2, {"b6": "red", "e6": "red"}, 3)
    assert [a.notation for a in state.legal_actions()] == ["pass"]  # e6 is red's own


def test_the_winner_gets_n_minus_one_and_every_other_player_minus_one() -> None:
    """Four players, red's fourth piece on a6 with three in the goal: a 4 lands it on e6,
    the last goal field, and red wins: 3 for red, -1 for each of the three others."""
    state = _position(4, {"b6": "red", "c6": "red", "d6": "red", "a6": "red",
                          "k5": "green"}, 4)
    assert {a.notation for a in state.legal_actions()} == {"a6-e6"}
    state.apply("a6-e6")
    assert state.is_terminal() and state.returns() == [3.0, -1.0, -1.0, -1.0]


def test_a_pass_on_a_six_rolls_again_and_any_other_pass_ends_the_turn() -> None:
    """Red's four pieces on a6, b6, c6 and d6, none at home: a 6 or a 5 goes past e6 from
    each, so red passes; as OpenSpiel has it, after a six the same player rolls again, and
    a pass on a 5 hands the die to blue."""
    cells = {"a6": "red", "b6": "red", "c6": "red", "d6": "red"}
    state = _position(2, cells, 6)
    assert [a.notation for a in state.legal_actions()] == ["pass"]
    state.apply("pass")
    assert state.is_chance_node() and state.to_move == 0
    state = _position(2, cells, 5)
    assert [a.notation for a in state.legal_actions()] == ["pass"]
    state.apply("pass")
    assert state.is_chance_node() and state.to_move == 1
