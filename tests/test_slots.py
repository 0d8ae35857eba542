"""Declared state (``framework.engine.slots``): a block's own state travels through clone,
``key()``, position JSON, Zobrist hashing, the end of a turn and ``boardspec check`` without
any change outside the block that declares it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from framework import PositionError, SpecError, load_game_text
from framework.agents.zobrist import zobrist_hash
from framework.check.runner import check_game
from framework.engine.slots import Slot, SlotTable
from framework.reference.rules import find_reference

from .third_party import installed

# A third party's phase that keeps a count of its own: one module, one slot.
TALLY = '''
"""``tally_drop``: put a new piece on any empty cell; the game counts the drops."""
from typing import Literal
from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.engine.slots import Slot
from framework.plugins import Phase, PhaseParams
from framework.reference.rules import RefPhase

class TallyParams(PhaseParams):
    type: Literal["tally_drop"]

class TallyDrop(Phase):
    keyword = "tally_drop"
    Params = TallyParams
    reference = ":RefTallyDrop"
    pattern = r"\\*[a-z]+\\d+"
    slots = (Slot("drops", scope="game"),)

    def __init__(self, params, game):
        super().__init__(params, game)
        self.drops = game.slots.index["drops"]

    def actions(self, state):
        names = self.game.board.names
        return [Action(self.name, "drop", at=c, notation="*" + names[c])
                for c in iter_bits(state.empty())]

    def apply(self, state, action):
        state.place(action.at, state.to_move)
        state.vars[self.drops] += 1

class RefTallyDrop(RefPhase):
    counts = True

    def moves(self, s):
        return {"*" + cell: self.dropper(cell) for cell in self.board.cells if s.empty(cell)}

    def dropper(self, cell):
        def play(s):
            s.cells[cell] = self.game.new_piece(s.to_move, self.kind(None))
            if self.counts:
                s.vars["drops"] += 1
        return play
'''

TALLY_GAME = """
name: Tally
players: [white, black]
board: {type: grid, rows: 3, columns: 3}
pieces: {stone: {}}
turn: [{name: drop, type: tally_drop}]
result: {type: majority}
max_plies: 9
"""


@pytest.fixture
def tally(tmp_path: Path) -> Iterator[str]:
    with installed(tmp_path, "tallydrop", TALLY,
                   "[boardspec.rules]\nphases.tally_drop = tallydrop:TallyDrop\n"):
        yield TALLY_GAME


def test_a_declared_slot_round_trips_through_json_key_and_zobrist(tally: str) -> None:
    game = load_game_text(tally)
    state = game.new_initial_state()
    assert "drops" not in state.to_json()  # a game-scoped slot at its default is not written
    state.apply("*a1")
    state.apply("*b2")
    data = state.to_json()
    assert data["drops"] == 2
    again = game.state_from_json(data)
    assert again == state and again.vars == state.vars
    other = game.state_from_json({**data, "drops": 5})
    assert other != state
    assert zobrist_hash(other) != zobrist_hash(state)
    assert zobrist_hash(again) == zobrist_hash(state)
    with pytest.raises(PositionError, match="whole number from 0 to"):
        game.state_from_json({**data, "drops": 10**30})  # bounded as every position number


def test_check_follows_a_declared_slot_and_catches_a_reference_that_forgets_it(
        tally: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game_text(tally)
    report = check_game(game, examples=10)
    assert report.failed == [] and report.unchecked == []
    monkeypatch.setattr(find_reference("phases", "tally_drop"), "counts", False)
    report = check_game(game, examples=10)
    assert "same as the reference interpreter" in [o.name for o in report.failed]


CLONE_BUILD_CONVERT = """
name: Clone, build, convert
players: [x, o]
board: {type: grid, rows: 4, columns: 4, adjacency: king}
pieces: {stone: {}}
setup: [{type: fixed, cells: {a1: x, d4: o}}]
turn:
  - {name: move, type: clone_or_jump}
  - {name: build, type: build, optional: true}
  - {name: convert, type: convert_adjacent}
no_legal_move: pass
goals: [{type: no_pieces, then: score}]
result: {type: majority}
max_plies: 200
"""


def test_a_consequence_after_build_acts_around_the_built_piece() -> None:
    game = load_game_text(CLONE_BUILD_CONVERT)
    state = game.state_from_json({"to_move": "x", "cells": {"a1": "x", "c1": "o",
                                                            "d4": "o"}})
    state.apply("b1")  # a clone next to c1: the landing cell is remembered for the turn
    middle = state.to_json()
    assert middle["phase"] == "build" and middle["landed"] == "b1"
    assert game.state_from_json(middle) == state
    state.apply("+c2")  # the built piece lands last: convert acts around c2
    assert state.to_json()["cells"]["c1"]["owner"] == "x"
    assert "landed" not in state.to_json()  # a new turn: the turn's slots are reset


def test_clone_build_convert_passes_check() -> None:
    report = check_game(load_game_text(CLONE_BUILD_CONVERT), examples=20)
    assert report.failed == [] and report.unchecked == []


def test_a_consequence_with_nothing_landed_before_it_is_refused() -> None:
    text = CLONE_BUILD_CONVERT.replace("  - {name: move, type: clone_or_jump}\n", "")
    text = text.replace("{name: build, type: build, optional: true}",
                        "{name: build, type: build, create: null, attributes: [h]}")
    text = text.replace("pieces: {stone: {}}", "pieces: {stone: {attributes: {h: {}}}}")
    with pytest.raises(SpecError, match="no phase before it in the turn lands one"):
        load_game_text(text)


def test_a_slot_declared_two_ways_is_refused() -> None:
    with pytest.raises(ValueError, match="declares the state slot 'n'"):
        SlotTable([("a", Slot("n")), ("b", Slot("n", scope="turn"))])
    table = SlotTable([("a", Slot("n")), ("b", Slot("n"))])
    assert [s.name for s in table.slots].count("n") == 1


def test_a_turn_slot_needs_a_turn_in_progress() -> None:
    game = load_game_text(CLONE_BUILD_CONVERT)
    with pytest.raises(Exception, match="belongs to a turn in progress"):
        game.state_from_json({"to_move": "x", "cells": {"a1": "x"}, "landed": "a1"})


def test_a_declared_slot_travels_in_fen_as_a_named_field(tally: str) -> None:
    text = tally.replace("pieces: {stone: {}}",
                         "pieces: {stone: {symbols: {white: w, black: b}}}")
    game = load_game_text(text + "notation: {fen: {}}\n")
    state = game.new_initial_state()
    assert state.to_fen() == "3/3/3 w 0 1"  # a slot at its default is not written
    state.apply("*a1")
    state.apply("*c3")
    assert state.to_fen() == "2b/3/w2 w 2 2 drops=2"
    again = game.state_from_fen(state.to_fen())
    assert again == state
    with pytest.raises(Exception, match=r"unknown field 'moves=2'.*drops"):
        game.state_from_fen("2b/3/w2 w 2 2 moves=2")
    with pytest.raises(Exception, match="come last"):
        game.state_from_fen("2b/3/w2 drops=2 w 2 2")


# A third party's goal that reads where the turn's last piece landed: whoever lands on the
# centre wins (checked, like every goal, once the turn is over).
CENTRE = '''
from typing import Literal
from framework.engine.slots import LANDED
from framework.plugins import Goal, Rule, Verdict
from framework.reference.rules import RefGoal

class CentreParams(Rule):
    type: Literal["landed_on_centre"]

class LandedOnCentre(Goal):
    keyword = "landed_on_centre"
    Params = CentreParams
    slots = (LANDED,)
    reference = ":RefLandedOnCentre"

    def __init__(self, params, game):
        super().__init__(params, game)
        self.landed = game.slots.index["landed"]
        self.centre = game.board.cell("b2")

    def evaluate(self, state):
        if state.vars[self.landed] == self.centre:
            return Verdict(frozenset({state.last_mover}))
        return None

class RefLandedOnCentre(RefGoal):
    def verdict(self, s):
        return {s.last_mover} if s.vars["landed"] == "b2" else None
'''

CENTRE_GAME = """
name: Centre
players: [white, black]
board: {type: grid, rows: 3, columns: 3}
pieces: {stone: {}}
turn:
  - {name: drop, type: moves, options: [{type: place}]}
goals: [{type: landed_on_centre}]
result: {type: majority}
max_plies: 9
"""


def test_a_goal_at_the_end_of_the_turn_sees_where_the_turn_landed(tmp_path: Path) -> None:
    """Before, the turn's slots were reset when the turn passed, before the goals ran: a
    goal reading ``landed`` always found it empty."""
    with installed(tmp_path, "centregoal", CENTRE,
                   "[boardspec.rules]\ngoals.landed_on_centre = centregoal:LandedOnCentre\n"):
        game = load_game_text(CENTRE_GAME)
        state = game.new_initial_state()
        state.apply(state.parse_action("a1").notation)
        assert not state.is_terminal()
        state.apply(state.parse_action("b2").notation)
        assert state.is_terminal() and state.returns() == [-1.0, 1.0]
        assert "landed" not in state.to_json() and "phase" not in state.to_json()
        report = check_game(game, examples=6, random_seed=1)
        assert not [(o.name, o.note) for o in report.outcomes
                    if o.status not in ("passed", "not required")]

