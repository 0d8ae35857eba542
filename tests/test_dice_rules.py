"""The dice any rule reads, chance in the setup, tracks and declared returns (issue 53):
what ``validate`` refuses, each at the file's line with the reason; the reference twins
catching a wrong engine; the kernels refusing the new units by name; ``priority``
offering the first option that can act, alone, in the engine and the reference twin.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from framework import SpecError, load_game, load_game_text
from framework.check.reference import ReferenceGame
from framework.native import support_of
from framework.rules.setups.shuffle import arrangements

from .conftest import ROOT

EINSTEIN = (ROOT / "games" / "einstein-wurfelt-nicht.yaml").read_text(encoding="utf-8")
MAEDN = (ROOT / "games" / "maedn.yaml").read_text(encoding="utf-8")
RETURNS = """returns:   # OpenSpiel's: the winner n - 1, every other -1
  win: {$if: players == "2", then: 1, else: {$if: players == "3", then: 2, else: 3}}
  loss: -1
"""


def refused(text: str, block: str, *reason: str) -> None:
    """Loading ``text`` fails at the line of ``block`` with every part of ``reason``."""
    assert block in text
    with pytest.raises(SpecError) as info:
        load_game_text(text, "bad.yaml")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if block in t)
    message = str(info.value)
    assert f"bad.yaml:{line}:" in message, message
    for part in reason:
        assert part in message, message


def test_a_dice_test_names_a_roll_and_an_attribute() -> None:
    text = EINSTEIN.replace("to_if: {dice: roll,", "to_if: {dice: move,")
    refused(text, "dice: move", "'move' is not a roll phase of the turn", "['roll']")
    text = EINSTEIN.replace("attribute: pips, otherwise", "attribute: value, otherwise")
    refused(text, "attribute: value, otherwise", "unknown attribute 'value'")


def test_a_dice_test_on_a_placement_is_refused() -> None:
    text = EINSTEIN.replace(
        "- {type: step, directions: [forward, left, forward_left], to: any,",
        "- {type: place, piece: cube, where: {dice: roll, attribute: pips}}\n"
        "      - {type: step, directions: [forward, left, forward_left], to: any,")
    refused(text, "type: place, piece: cube", "no die can choose the piece that moves")


def test_a_shuffle_deals_one_value_per_cell_onto_cells_of_the_board() -> None:
    text = EINSTEIN.replace("values: [1, 2, 3, 4, 5, 6], cells: [a5,",
                            "values: [1, 2, 3, 4, 5], cells: [a5,")
    refused(text, "values: [1, 2, 3, 4, 5], cells", "one value per cell: 5 values for 6 cells")
    text = EINSTEIN.replace("cells: [e3, d2,", "cells: [e3, e3,")
    refused(text, "cells: [e3, e3,", "each cell once")
    text = EINSTEIN.replace("values: [1, 2, 3, 4, 5, 6], cells: [e3",
                            "values: [1, 2, 3, 4, 5, 7], cells: [e3")
    refused(text, "values: [1, 2, 3, 4, 5, 7]", "pips 7 is outside 0..6")


def test_a_shuffle_of_equal_values_merges_their_orders() -> None:
    """Three values, two of them equal: 3 orders, each 2 of the 6 ways."""
    found = arrangements([2, 1, 2])
    assert found == [((1, 2, 2), Fraction(1, 3)), ((2, 1, 2), Fraction(1, 3)),
                     ((2, 2, 1), Fraction(1, 3))]


def test_the_dice_condition_names_a_roll_and_a_number_it_can_show() -> None:
    text = MAEDN.replace("if: {type: dice, roll: roll, exactly: 6}}  # a six",
                         "if: {type: dice, roll: move, exactly: 6}}  # a six")
    refused(text, "roll: move, exactly: 6}}  # a six", "'move' is not a roll phase")
    text = MAEDN.replace("if: {type: dice, roll: roll, exactly: 6}}  # a six",
                         "if: {type: dice, roll: roll, exactly: 7}}  # a six")
    refused(text, "exactly: 7}}  # a six", "'roll' rolls 1 to 6: exactly 7 makes the "
            "condition the same whatever the roll")


def test_advance_names_a_track_of_the_file_with_every_players_cells() -> None:
    text = MAEDN.replace("- {type: advance, roll: roll, track: ring}",
                         "- {type: advance, roll: roll, track: loop}")
    refused(text, "track: loop}", "unknown track 'loop'")
    text = MAEDN.replace("    supply: 4 ", "    supply: null ")
    refused(text, "from: supply, roll: roll", "man has no supply (unlimited)")


def test_a_track_passes_each_cell_once_over_cells_of_the_board() -> None:
    text = MAEDN.replace("[a7, b7, c7, d7, e7, e8,", "[a7, a7, c7, d7, e7, e8,", 1)
    refused(text, "[a7, a7, c7", "a track passes each cell once")
    text = MAEDN.replace("[a7, b7, c7, d7, e7, e8,", "[a7, z9, c7, d7, e7, e8,", 1)
    refused(text, "[a7, z9, c7", "unknown cell 'z9'")


def test_priority_needs_two_options_and_no_chain() -> None:
    text = MAEDN.replace("      - {type: pass_turn}\n", "")
    for cut in ("      - {type: advance, roll: roll, track: ring, to_if",
                "      - {type: advance, from: supply", "      - {type: advance, roll: roll, "
                "track: ring}"):
        lines = text.splitlines(keepends=True)
        start = next(i for i, t in enumerate(lines) if t.startswith(cut))
        end = start + 1
        while end < len(lines) and lines[end].startswith("         "):
            end += 1
        text = "".join(lines[:start] + lines[end:])
    text = text.replace("      # a six brings a new piece onto the start field\n", "")
    text = text.replace("      # a piece on the start field leaves it while pieces wait at "
                        "home\n", "")
    refused(text.replace("    options:\n", "    options:\n      - {type: pass_turn}\n"),
            "priority: true", "priority orders two options or more")


def test_two_alike_options_share_a_kind_only_under_priority() -> None:
    text = MAEDN.replace("    priority: true ", "    priority: false ")
    refused(text, "- {type: advance, roll: roll, track: ring}", "both make actions of kind "
            "'advance'")


def test_returns_are_refused_beside_margins_and_a_win_worth_no_more_than_a_loss() -> None:
    assert RETURNS in MAEDN
    text = MAEDN.replace(RETURNS, "returns: {win: -1, loss: -1}\n")
    refused(text, "returns: {win: -1", "a win (-1.0) must be worth more than a loss (-1.0)")
    text = MAEDN + "margins: [{value: 2, if: {type: count, of: mover, exactly: 0}}]\n"
    refused(text, "  win: {$if", "give margins", "or returns", "not both")


def test_the_kernels_refuse_the_new_units_by_name() -> None:
    assert "shuffle" in (support_of(load_game(ROOT / "games" / "einstein-wurfelt-nicht.yaml"))
                         or "")
    reason = support_of(load_game(ROOT / "games" / "maedn.yaml")) or ""
    assert "returns" in reason
    no_returns = MAEDN.replace(RETURNS, "")
    assert "priority" in (support_of(load_game_text(no_returns)) or "")


def test_the_reference_twin_catches_a_wrong_priority() -> None:
    """Red on its start a7 and on e9, two at home, a 1: the start piece must move (a7-b7);
    the reference agrees with the engine, and without priority it offers e9-e10 too."""
    game = load_game(ROOT / "games" / "maedn.yaml")
    position = {"to_move": "red", "phase": "move", "die_1": 1,
                "cells": {"a7": {"owner": "red"}, "e9": {"owner": "red"}}}
    state = game.state_from_json(position)
    ref = ReferenceGame(game.spec)
    assert [a.notation for a in state.legal_actions()] == ["a7-b7"]
    assert sorted(ref.legal(ref.from_json(state.to_json()))) == ["a7-b7"]
    loose = load_game_text(MAEDN.replace("    priority: true ", "    priority: false ")
                           .replace("track: ring, to_if: {at: from, zone: start},",
                                    "track: ring, kind: leave, to_if: {at: from, zone: "
                                    "start},"))
    ref = ReferenceGame(loose.spec)
    moves = sorted(ref.legal(ref.from_json(loose.state_from_json(position).to_json())))
    assert moves == ["a7-b7", "e9-e10", "pass"]


def test_the_returns_a_file_declares_score_every_player() -> None:
    game = load_game(ROOT / "games" / "maedn.yaml", {"players": "3"})
    """Three players: blue's last piece passes its own f10 and lands on f9, filling its
    goal: 2 for blue, -1 for red and green, in the engine and the reference twin."""
    state = game.state_from_json({"to_move": "blue", "phase": "move", "die_1": 3,
                                  "cells": {"f10": {"owner": "blue"}, "f8": {"owner": "blue"},
                                            "f7": {"owner": "blue"}, "e11": {"owner": "blue"}}})
    state.apply("e11-f9")
    assert state.is_terminal() and state.returns() == [-1.0, 2.0, -1.0]
    ref = ReferenceGame(game.spec)
    assert ref.returns(ref.from_json(state.to_json())) == [-1.0, 2.0, -1.0]


def _agrees(game: object, state: object) -> str | None:
    from framework.check.properties import reference_agrees
    from framework.check.trail import Subject, Trail

    agree = reference_agrees(ReferenceGame(game.spec))  # type: ignore[attr-defined]
    data = state.to_json()  # type: ignore[attr-defined]
    return agree(game, Subject(state, None, Trail("test", data)))  # type: ignore[arg-type]


def test_the_reference_twins_catch_a_die_that_chooses_wrongly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """White's cube 3 gone, a 3 rolled: the engine agrees with the reference; an engine
    whose dice test forgets the nearest number above is caught."""
    import framework.moves.candidate as candidate

    game = load_game(ROOT / "games" / "einstein-wurfelt-nicht.yaml")
    position = {"to_move": "white", "phase": "move", "die_1": 3,
                "cells": {"a5": {"owner": "black", "piece": "cube", "pips": 1},
                          "d2": {"owner": "white", "piece": "cube", "pips": 2},
                          "c1": {"owner": "white", "piece": "cube", "pips": 4}}}
    assert _agrees(game, game.state_from_json(position)) is None
    monkeypatch.setattr(candidate, "dice_chosen", lambda rolled, values, otherwise: (
        {rolled} if rolled in values else {max(v for v in values if v < rolled)}))
    broken = load_game_text(EINSTEIN)
    found = _agrees(broken, broken.state_from_json(position))
    assert found is not None and "reference only" in found, found


def test_the_reference_twins_catch_an_advance_past_the_track(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Red on d6, a 3: past e6, the end of its track, so red passes; an engine that lets
    the piece stop on the last cell instead is caught."""
    from framework.rules.moves.advance import Advance

    game = load_game(ROOT / "games" / "maedn.yaml")
    position = {"to_move": "red", "phase": "move", "die_1": 3,
                "cells": {"d6": {"owner": "red"}}}
    assert _agrees(game, game.state_from_json(position)) is None

    def lenient(self: Advance, state: object, masks: object, src: int) -> int:
        track = self.tracks[state.to_move]  # type: ignore[attr-defined]
        at = self.place[state.to_move][src]  # type: ignore[attr-defined]
        if self.entering or at < 0:
            return 0
        rolled = sum(state.vars[s] for s in self.die_slots)  # type: ignore[attr-defined]
        return 1 << track[min(at + rolled, len(track) - 1)]

    monkeypatch.setattr(Advance, "targets", lenient)
    broken = load_game_text(MAEDN)
    found = _agrees(broken, broken.state_from_json(position))
    assert found is not None and "engine only ['d6-e6']" in found, found
