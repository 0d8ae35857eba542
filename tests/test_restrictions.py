"""Restrictions (``restrictions:``): rules on a player's whole set of legal actions, applied
in one place to every deciding phase they name, by the engine and the reference alike."""

from __future__ import annotations

import pytest

from framework import SpecError, load_game, load_game_text
from framework.check.runner import check_game
from framework.plugins import plugins
from framework.restrictions.wrap import Restricted
from framework.rules.restrictions.compulsory.reference import RefCompulsory

from .conftest import ROOT

ADAPTOID = (ROOT / "games" / "adaptoid.yaml").read_text(encoding="utf-8")
FORCED = ADAPTOID.replace("goal_checks: [move, starve]",
                          "goal_checks: [move, starve]\nrestrictions:\n"
                          "  - {type: compulsory, kinds: [attack], phases: [move]}")

# White's D4 (1 leg, 1 pincer) can attack the bare black D5; it could also walk or skip.
POSITION = {"to_move": "white", "phase": "move",
            "cells": {"D4": {"owner": "white", "legs": 1, "pincers": 1}, "D5": "black",
                      "A1": "black"}}


def test_a_compulsory_kind_is_the_only_choice_when_possible() -> None:
    free = load_game_text(ADAPTOID).state_from_json(POSITION)
    forced = load_game_text(FORCED).state_from_json(POSITION)
    assert {"D4-D5", "skip"} <= {a.notation for a in free.legal_actions()}
    assert len(free.legal_actions()) > 2
    assert [a.notation for a in forced.legal_actions()] == ["D4-D5"]
    assert forced.count_legal_actions() == 1
    with pytest.raises(Exception, match="not legal here"):
        forced.clone().apply("skip")
    forced.apply("D4-D5")  # the build phase is not restricted
    assert forced.to_json()["phase"] == "build"
    assert len(forced.legal_actions()) > 1


def test_without_a_possible_attack_nothing_is_forced() -> None:
    position = {**POSITION, "cells": {"D4": {"owner": "white", "legs": 1}, "A1": "black"}}
    free = load_game_text(ADAPTOID).state_from_json(position)
    forced = load_game_text(FORCED).state_from_json(position)
    assert forced.legal_actions() == free.legal_actions()


def test_only_the_named_phases_are_wrapped_and_games_without_rules_are_untouched() -> None:
    forced = load_game_text(FORCED)
    assert [type(p) is Restricted for p in forced.phases] == [True, False, False]
    assert not any(isinstance(p, Restricted) for p in load_game(ROOT / "games" /
                                                                "adaptoid.yaml").phases)


def test_each_phase_is_one_record_of_the_block_written_and_the_phase_played() -> None:
    Walk = plugins("phases")["walk"]

    forced = load_game_text(FORCED)
    records = forced.turn_phases
    assert [(r.index, r.name, r.decides, r.restricted) for r in records] == [
        (0, "move", True, True), (1, "build", True, False), (2, "starve", False, False)]
    move = records[0]
    assert type(move.block) is Walk and move.played is forced.phases[0]
    assert type(move.played) is Restricted and move.played.inner is move.block
    assert all(r.played is r.block for r in records[1:])
    plain = load_game(ROOT / "games" / "adaptoid.yaml")
    assert [r.block for r in plain.turn_phases] == plain.phases


def test_check_passes_with_a_restriction_and_catches_a_reference_that_ignores_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game_text(FORCED)
    report = check_game(game, examples=15)
    assert report.failed == [] and report.unchecked == []
    monkeypatch.setattr(RefCompulsory, "allowed", lambda self, s, moves: moves)
    report = check_game(game, examples=15)
    assert "same as the reference interpreter" in [o.name for o in report.failed]


def test_a_restriction_naming_no_phase_is_located() -> None:
    with pytest.raises(SpecError, match=r"restrictions\[0\]\.phases\[0\].*unknown phase"):
        load_game_text(FORCED.replace("phases: [move]", "phases: [moov]"))


def test_the_rulebook_states_the_restriction() -> None:
    from framework.docs.rulebook import render_rulebook

    # The bundled examples are Adaptoid's own: some play a skip the variant forbids.
    variant = FORCED[:FORCED.index("\nexamples:")] + "\n"
    text, _ = render_rulebook(load_game_text(variant), "en", "md", "forced")
    assert "Compulsory: when you can play attack, you must play one of them." in text
