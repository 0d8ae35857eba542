"""``validate`` refuses what cannot act (issue 53), each refusal at the file's line with the
reason: a condition reading the landing cell where nothing before it lands a piece (after a
``race``, under a rotation), a restriction naming a chance phase, an ``again`` whose
condition can never change. A ``compulsory`` without ``phases:`` never turns a roll into a
player's choice: it restricts the phases a player decides, in the engine and the reference
twin alike."""

from __future__ import annotations

import pytest

from framework import SpecError, load_game_text
from framework.check.reference import ReferenceGame
from framework.engine.chance import CHANCE

from .conftest import ROOT
from .test_pentago import GRID

BACKGAMMON = (ROOT / "games" / "backgammon.yaml").read_text()
RACE_END = "    borne_off: borne_off\n"


def refused(text: str, block: str, *reason: str) -> None:
    """Loading ``text`` fails at the line of ``block`` with every part of ``reason``."""
    with pytest.raises(SpecError) as info:
        load_game_text(text, "bad.yaml")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if block in t)
    message = str(info.value)
    assert f"bad.yaml:{line}:" in message, message
    for part in reason:
        assert part in message, message


def after_the_race(phase: str) -> str:
    assert RACE_END in BACKGAMMON
    return BACKGAMMON.replace(RACE_END, RACE_END + f"  - {phase}\n")


@pytest.mark.parametrize(("condition", "never"), [
    ("{type: landed, zone: far_home}", "so it never holds"),
    ("{type: landed, not: true}", "so it always holds")])
def test_landed_after_a_race_is_refused(condition: str, never: str) -> None:
    block = f"{{name: more, type: again, if: {condition}}}"
    refused(after_the_race(block), block, "the condition 'landed' reads the cell a piece "
            "landed on this turn", "no phase before 'more' in the turn lands one",
            "move (race)", never)


def test_landed_under_an_option_that_lands_nothing_is_refused() -> None:
    option = "options: [{type: rotate, zones: [low], turns: [clockwise]}]"
    assert option in GRID
    block = "then: [{type: again, if: {type: landed}}]"
    text = GRID.replace(option, option[:-2] + ", " + block + "}]")
    refused(text, block, "a 'rotate' lands no piece, so it never holds")


def test_an_again_on_a_counter_no_rule_changes_is_refused() -> None:
    text = BACKGAMMON.replace("counters: [bar, borne_off]", "counters: [bar, borne_off, bonus]")
    block = "{name: more, type: again, if: {type: counter, counter: bonus, at_least: 1}}"
    refused(text.replace(RACE_END, RACE_END + f"  - {block}\n"), block,
            "the condition of 'again' can never change",
            "no rule of the file changes the counter 'bonus'")
    # A counter the race writes (the borne-off checkers) changes: accepted.
    written = "{name: more, type: again, if: {type: counter, counter: borne_off, exactly: 3}}"
    load_game_text(after_the_race(written), "good.yaml")


def test_a_restriction_naming_a_chance_phase_is_refused() -> None:
    block = "{type: compulsory, kinds: [race], phases: [roll, move]}"
    text = BACKGAMMON.replace("result: {type: draw}\n",
                              f"result: {{type: draw}}\nrestrictions:\n  - {block}\n")
    refused(text, block, "'roll' is a chance phase", "'compulsory' cannot act on it")


def test_compulsory_without_phases_leaves_the_roll_to_chance() -> None:
    text = BACKGAMMON.replace("result: {type: draw}\n", "result: {type: draw}\nrestrictions:\n"
                              "  - {type: compulsory, kinds: [race]}\n")
    game = load_game_text(text, "compulsory.yaml")
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player == CHANCE
    assert sum(p for _, p in state.chance_outcomes()) == 1
    ref = ReferenceGame(game.spec)
    assert ref.current_seat(ref.initial()) == CHANCE
    # The race, a player's decision, is still restricted (every play is a race action).
    state.apply(state.chance_outcomes()[0][0])
    assert not state.is_chance_node() and type(game.phases[state.phase]).__name__ == \
        "Restricted"
