"""Adaptoid's engine pieces beyond the file's examples: the pie rule's seats, whole turns,
positions, notation and the command line."""

from __future__ import annotations

import json
import random

import pytest

from framework import CompiledGame, IllegalActionError, NotationError, load_game, load_game_text
from framework.engine.state import State
from framework.engine.turns import perft_turns
from framework.errors import SpecError
from framework.spec.load import load_spec_text

from .conftest import ROOT
from .test_cli_core import boardspec

FILE = ROOT / "games" / "adaptoid.yaml"
EXAMPLE = {"to_move": "white", "cells": {"D5": {"owner": "black", "legs": 2, "pincers": 2},
                                         "D6": {"owner": "white", "legs": 3},
                                         "C5": "black", "D3": "white"}}


@pytest.fixture(scope="module")
def adaptoid() -> CompiledGame:
    return load_game(FILE)


def test_pie_rule_seats(adaptoid: CompiledGame) -> None:
    state = adaptoid.new_initial_state()
    assert state.current_player == 0 and len(state.legal_actions()) == 37
    state.apply("white@D2")
    assert state.current_player == 0 and "white@D3" not in [
        a.notation for a in state.legal_actions()]
    state.apply("black@D6")
    assert state.current_player == 1
    assert [a.notation for a in state.legal_actions()] == ["white", "black"]
    state.apply("white")  # the second seat takes white, so it moves first
    assert state.seat_of_side == [1, 0] and state.current_player == 1
    assert state.to_json()["seats"] == ["black", "white"]
    state.finish(frozenset({0}))
    assert state.returns() == [-1.0, 1.0]


def test_choosing_black_keeps_the_first_seat_on_white(adaptoid: CompiledGame) -> None:
    state = adaptoid.new_initial_state()
    for text in ("white@A1", "black@G7", "black"):
        state.apply(text)
    assert state.seat_of_side == [0, 1] and state.current_player == 0
    assert state.game.players[state.to_move] == "white"


def test_setup_positions_round_trip(adaptoid: CompiledGame) -> None:
    state = adaptoid.new_initial_state()
    state.apply("white@D2")
    again = adaptoid.state_from_json(state.to_json())
    assert again == state and again.to_json()["setup"] == "place_each"
    state.apply("black@D6")
    again = adaptoid.state_from_json(state.to_json())
    assert again.to_json()["setup"] == "choose_side" and again.current_player == 1
    again.apply("black")
    assert again.current_player == 0 and again.to_json()["phase"] == "move"


def test_turns_are_move_then_build(adaptoid: CompiledGame) -> None:
    state = adaptoid.state_from_json(EXAMPLE)
    turns = state.legal_turns()
    # Independent count: each move-phase action, times the builds after it (1 if none).
    expected = 0
    for action in state.legal_actions():
        child = state.child(action)
        same_turn = not child.is_terminal() and child.to_move == state.to_move
        expected += child.count_legal_actions() if same_turn else 1
    assert len(turns) == expected == perft_turns(state, 1)
    notations = [t.notation for t in turns]
    assert len(set(notations)) == len(notations)
    assert "D6-D7 +E7" in notations and "skip D3+leg" in notations
    for turn in turns[::17]:
        assert state.parse_turn(turn.notation) == turn
    assert state.to_json() == adaptoid.state_from_json(EXAMPLE).to_json()  # untouched


def test_turn_parsing_errors(adaptoid: CompiledGame) -> None:
    state = adaptoid.state_from_json(EXAMPLE)
    with pytest.raises(IllegalActionError, match="not a whole turn"):
        state.parse_turn("skip")
    with pytest.raises(IllegalActionError, match="the turn is over"):
        state.parse_turn("skip +D4 skip")
    with pytest.raises(NotationError):
        state.parse_turn("skip hello")
    with pytest.raises(IllegalActionError, match="'D6-D5' is not legal"):
        state.parse_turn("D6-D5 +D4")


def _turn_tree(state: State, depth: int) -> int:
    """Perft by turns written as a plain recursion over single actions."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    mover = (state.to_move, state.fullmove)

    def finish(node: State) -> int:
        if node.is_terminal() or (node.to_move, node.fullmove) != mover:
            return _turn_tree(node, depth - 1)
        return sum(finish(node.child(a)) for a in node.legal_actions())

    return sum(finish(state.child(a)) for a in state.legal_actions())


def test_perft_by_turns_agrees_with_a_plain_recursion(adaptoid: CompiledGame) -> None:
    state = adaptoid.state_from_json(EXAMPLE)
    assert perft_turns(state, 2) == _turn_tree(state, 2) > 10_000


def test_random_states_round_trip(adaptoid: CompiledGame) -> None:
    rng = random.Random(5)
    state = adaptoid.new_initial_state()
    seen_phases = set()
    while not state.is_terminal():
        again = adaptoid.state_from_json(json.loads(state.to_json_string()))
        assert again == state
        seen_phases.add(state.to_json().get("phase"))
        for action in state.legal_actions():
            assert state.parse_action(action.notation) == action
        state.apply(rng.choice(state.legal_actions()))
    assert {"move", "build"} <= seen_phases


def test_unknown_names_are_located() -> None:
    text = FILE.read_text(encoding="utf-8")
    broken = text.replace("steps: {attribute: legs}", "steps: {attribute: arms}")
    broken = broken.replace("attributes: [legs, pincers]\n    grow_by",
                            "attributes: [legs, claws]\n    grow_by")
    broken = broken.replace("counter: captures, value: 5", "counter: kills, value: 5")
    with pytest.raises(SpecError) as info:
        load_spec_text(broken, "adaptoid.yaml")
    message = str(info.value)
    assert "turn[0].steps.attribute: unknown attribute 'arms'" in message
    assert "turn[1].attributes[1]: unknown attribute 'claws'" in message
    assert "goals[0].counter: unknown counter 'kills'" in message
    assert "turn[1].attribute_notation.pincers: 'pincers' is not one of" in message
    assert message.count("adaptoid.yaml:") == 4


def test_moves_json_names_cells_and_attribute() -> None:
    position = json.dumps({**EXAMPLE, "phase": "build"})
    out = json.loads(boardspec("moves", str(FILE), "--position", position, "--json").stdout)
    grow = next(m for m in out if m["notation"] == "D6+pincer")
    assert grow == {"notation": "D6+pincer", "phase": "build", "kind": "grow", "at": "D6",
                    "attribute": "pincers"}
    create = next(m for m in out if m["notation"] == "+D4")
    assert create == {"notation": "+D4", "phase": "build", "kind": "create", "at": "D4"}
    out = json.loads(boardspec("moves", str(FILE), "--position", json.dumps(EXAMPLE),
                               "--json").stdout)
    assert {"notation": "D6-C5", "phase": "move", "kind": "attack", "from": "D6",
            "to": "C5"} in out
    assert {"notation": "skip", "phase": "move", "kind": "skip"} in out


def test_cli_turns_and_examples() -> None:
    position = json.dumps(EXAMPLE)
    count = boardspec("perft", str(FILE), "1", "--turns", "--position", position).stdout
    listed = boardspec("moves", str(FILE), "--turns", "--position", position).stdout
    assert int(count) == len(listed.splitlines()) > 100
    run = boardspec("examples", str(FILE))
    assert "FAIL" not in run.stdout and run.stdout.count("ok  ") >= 4


def test_a_finished_tie_reads_back_with_the_same_winner(adaptoid: CompiledGame) -> None:
    state = adaptoid.state_from_json({"to_move": "white", "cells": {
        "D6": {"owner": "white", "legs": 1}, "D5": "black"}})
    state.apply("D6-D5")  # both removed: both win at the check after the move, white moved
    assert state.is_terminal() and state.winners == frozenset({0})
    again = adaptoid.state_from_json(state.to_json())
    assert again == state and again.to_json()["result"] == {"winner": "white"}


def test_stronger_targets_when_the_file_allows_them() -> None:
    text = FILE.read_text(encoding="utf-8").split("examples:\n")[0]
    text = text.replace("allow_stronger_target: false", "allow_stronger_target: true")
    text = text.replace("tie: remove_both", "tie: not_allowed")
    game = load_game(FILE)  # the rule pages, for comparison
    variant = load_game_text(text)
    position = {"to_move": "white", "cells": {
        "D5": {"owner": "black", "legs": 2, "pincers": 2}, "D6": {"owner": "white", "legs": 3},
        "C5": "black", "D3": "white"}}
    targets = {a.notation for a in variant.state_from_json(position).legal_actions()}
    assert "D6-D5" in targets and "D6-C5" not in targets  # stronger: yes; equal: not now
    assert "D6-D5" not in {a.notation for a in game.state_from_json(position).legal_actions()}
    state = variant.state_from_json(position)
    state.apply("D6-D5")  # the weaker attacker is removed; the defender's side scores
    cells = state.to_json()["cells"]
    assert "D6" not in cells and cells["D5"]["owner"] == "black"
    assert state.to_json()["counters"] == {"white": {"captures": 0}, "black": {"captures": 1}}
