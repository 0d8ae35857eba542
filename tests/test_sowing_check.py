"""``boardspec check`` on the sowing games: a planted bug in relay sowing is caught by the
reference interpreter, one that loses a seed by the conservation invariant the files
declare (``conserved`` of a kind kept in piles)."""

from __future__ import annotations

from typing import Any

import pytest

from framework import load_game
from framework.check import runner
from framework.check.properties import StateProperty, reference_agrees
from framework.check.reference import ReferenceGame
from framework.check.runner import check_invariant, check_state_property, declared_invariants
from framework.check.strategies import states

from .conftest import ROOT


def test_a_relay_that_goes_on_from_an_empty_hole_is_caught(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setattr(runner, "SHRINK_SECONDS", 1)
    game = load_game(ROOT / "games" / "chonka.yaml")
    sow = game.phases[0].options[0]  # type: ignore[attr-defined]
    right = sow._sow

    def wrong(values: list[int], side: int, cell: int) -> tuple[int, int]:
        last, dropped = right(values, side, cell)
        if values[sow.piles[last]] == 1 and not sow.no_relay[side] >> last & 1:
            return right(values, side, last)  # relays from a hole that was empty too
        return last, dropped

    monkeypatch.setattr(sow, "_sow", wrong)
    prop = StateProperty("reference", reference_agrees(ReferenceGame(game.spec)))
    outcome = check_state_property(game, prop, 30, 0, states(game))
    assert outcome.status == "failed" and outcome.failure is not None


def test_the_games_conserve_their_seeds_and_a_lost_one_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "SHRINK_SECONDS", 1)
    game = load_game(ROOT / "games" / "oware.yaml")
    (invariant,) = declared_invariants(game)
    assert check_invariant(game, invariant, 20, 0).status == "passed"
    collect = game.phases[0].options[0].consequences[0]  # type: ignore[attr-defined]
    right = collect.run

    def wrong(state: Any) -> None:  # a capture of three loses one on the way
        store = collect.piles[collect.into[state.to_move]]
        before = state.vars[store]
        right(state)
        if state.vars[store] - before == 3:
            state.vars[store] -= 1

    monkeypatch.setattr(collect, "run", wrong)
    outcome = check_invariant(game, invariant, 60, 0)
    assert outcome.status == "failed" and outcome.failure is not None
    assert "went from 48 to 47" in outcome.failure.message


@pytest.mark.parametrize(("old", "new", "message"), [
    ("chain: {step: right, counts: [2, 3]}",
     "chain: {step: right, track: [a1, b1], counts: [2, 3]}", "one way to go"),
    ("chain: {step: right, counts: [2, 3]}", "chain: {step: up, counts: [2, 3]}",
     "up"),
    ("spare: houses", "spare: pits", "unknown zone 'pits'"),
    ("feed: true", "feed: true\n        at_least: 3\n        at_most: 2", "at_most is below"),
    ("track: [a1, b1, c1, d1, e1, f1, f2, e2, d2, c2, b2, a2]",
     "track: {south: [a1, b1, c1, d1, e1, f1, f2, e2, d2, c2, b2, a2]}",
     "no cells for north"),
    ("track: [a1, b1, c1, d1, e1, f1, f2, e2, d2, c2, b2, a2]",
     "track: [a1, b1, c1, d1, e1, f1]", "must be on north's track"),
    ("{type: landed, zone: houses, of: opponents}", "{type: landed, of: opponents}",
     "give the zone too"),
])
def test_validate_refuses_a_sowing_that_cannot_act(tmp_path: Any, old: str, new: str,
                                                   message: str) -> None:
    from framework.errors import SpecError

    text = (ROOT / "games" / "oware.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "oware.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(SpecError, match=message):
        load_game(path)


def test_feed_needs_a_zone_of_each_players_own(tmp_path: Any) -> None:
    from framework.errors import SpecError

    text = (ROOT / "games" / "oware.yaml").read_text(encoding="utf-8")
    text = text.replace("zones:\n", "zones:\n  all_houses: [a1, b1, c1, d1, e1, f1, a2, b2, c2, "
                        "d2, e2, f2]\n", 1).replace("zone: houses\n        track",
                                                    "zone: all_houses\n        track", 1)
    path = tmp_path / "oware.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError, match="declare the zone per player"):
        load_game(path)
