"""EinStein würfelt nicht! (games/einstein-wurfelt-nicht.yaml) side by side with OpenSpiel's
``einstein_wurfelt_nicht``: the same chance outcome drawn in both (the two deals of the
cubes, then a die before every move), compared at every ply — current player (chance
included), legal actions, chance outcomes with their probabilities, terminal flag and
returns. OpenSpiel is the oracle; its actions are read back into cells here.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pyspiel
import pytest

from framework import load_game
from framework.engine.action import Action
from framework.engine.state import State
from framework.game import Game

from .conftest import ROOT

FILE = ROOT / "games" / "einstein-wurfelt-nicht.yaml"
SIZE = 5
#: OpenSpiel's direction offsets (row from the top, column), black's three then white's.
ROWS, COLUMNS = (1, 1, 0, -1, -1, 0), (1, 0, 1, 0, -1, -1)
#: OpenSpiel's 720 deals: the permutations of 1..6 in std::next_permutation's order.
DEALS = list(permutations(range(1, 7)))


def cell(row: int, column: int) -> str:
    """OpenSpiel's (row from the top, column) as our cell name (a1 bottom left)."""
    return f"{'abcde'[column]}{SIZE - row}"


def spiel_move(action: int) -> str:
    """An OpenSpiel move (mixed base rows, columns, 6 directions, capture) as from+to."""
    rest, _capture = divmod(action, 2)
    rest, direction = divmod(rest, 6)
    row, column = divmod(rest, SIZE)
    return cell(row, column) + cell(row + ROWS[direction], column + COLUMNS[direction])


def spiel_outcome(theirs: pyspiel.State, action: int) -> str:
    """A chance outcome of OpenSpiel as our notation: a deal, or a roll."""
    text = theirs.action_to_string(pyspiel.PlayerId.CHANCE, action)
    if text.startswith("Placing"):
        return "deal:" + "-".join(map(str, DEALS[action]))
    assert text == f"roll {action + 1}", text
    return f"roll:{action + 1}"


def compare(ours: State, theirs: pyspiel.State) -> dict[str, int]:
    """Assert that the two states agree; OpenSpiel's actions by our notation."""
    assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
    assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
    if theirs.is_terminal():
        return {}
    assert ours.current_player == theirs.current_player(), str(theirs)
    if theirs.is_chance_node():
        named = {spiel_outcome(theirs, a): a for a, _ in theirs.chance_outcomes()}
        probabilities = {spiel_outcome(theirs, a): p for a, p in theirs.chance_outcomes()}
        mine = {a.notation: p for a, p in ours.chance_outcomes()}
        assert set(mine) == set(probabilities), str(theirs)
        assert all(float(mine[k]) == pytest.approx(p) for k, p in probabilities.items())
        assert sum(mine.values()) == Fraction(1)
    else:
        named = {spiel_move(a): a for a in theirs.legal_actions()}
    assert {a.notation for a in ours.legal_actions()} == set(named), str(theirs)
    return named


def play(games: int, seed: int) -> tuple[dict[tuple[float, ...], int], int]:
    """Random games with the same draws; the outcomes and the plies played."""
    game = load_game(FILE)
    spiel = pyspiel.load_game("einstein_wurfelt_nicht")
    rng = random.Random(seed)
    outcomes: dict[tuple[float, ...], int] = {}
    plies = 0
    for _ in range(games):
        ours, theirs = game.new_initial_state(), spiel.new_initial_state()
        while True:
            named = compare(ours, theirs)
            if not named:
                break
            move = rng.choice(sorted(named))
            theirs.apply_action(named[move])
            ours.apply(move)
            plies += 1
        assert plies <= 194 * games
        key = tuple(theirs.returns())
        outcomes[key] = outcomes.get(key, 0) + 1
    return outcomes, plies


def test_a_few_games_agree_with_openspiel() -> None:
    outcomes, plies = play(6, seed=1)
    assert sum(outcomes.values()) == 6 and plies > 6 * 10


@pytest.mark.slow
def test_two_hundred_games_agree_with_openspiel() -> None:
    outcomes, _ = play(200, seed=53)
    assert set(outcomes) == {(1.0, -1.0), (-1.0, 1.0)}  # both sides win some


def _position(cells: dict[str, tuple[str, int]], roll: int) -> State:
    game: Game = load_game(FILE)
    data = {"to_move": "white", "phase": "move", "die_1": roll,
            "cells": {c: {"owner": o, "piece": "cube", "pips": n}
                      for c, (o, n) in cells.items()}}
    return game.state_from_json(data)


def test_the_die_chooses_the_cube_or_the_nearest_numbers_either_side() -> None:
    """White holds 1, 3 and 6 (2, 4 and 5 are gone): a 4 moves the 3 or the 6, a 2 the 1
    or the 3, a 6 only the 6; worked out by hand."""
    cells = {"e1": ("white", 1), "c3": ("white", 3), "d2": ("white", 6),
             "a5": ("black", 1)}
    for roll, movers in ((4, {"c3", "d2"}), (2, {"e1", "c3"}), (6, {"d2"}), (1, {"e1"})):
        state = _position(cells, roll)
        assert {a.notation[:2] for a in state.legal_actions()} == movers, roll


def test_a_cube_takes_its_own_players_cube_too() -> None:
    state = _position({"e2": ("white", 3), "e3": ("white", 1), "a5": ("black", 2)}, 3)
    assert {a.notation for a in state.legal_actions()} == {"e2e3", "e2d3", "e2d2"}
    state.apply("e2e3")
    assert state.to_json()["cells"]["e3"]["pips"] == 3 and "e2" not in \
        state.to_json()["cells"]


def test_a_deal_is_a_chance_node_of_720_outcomes_in_openspiels_order() -> None:
    state = load_game(FILE).new_initial_state()
    outcomes = state.chance_outcomes()
    assert [a.notation for a, _ in outcomes][:3] == ["deal:1-2-3-4-5-6", "deal:1-2-3-4-6-5",
                                                     "deal:1-2-3-5-4-6"]
    assert len(outcomes) == 720 and {p for _, p in outcomes} == {Fraction(1, 720)}
    assert isinstance(outcomes[0][0], Action)
