"""Matches: reproducible by seed whatever the scheduling, seats swapped, statistics."""

from __future__ import annotations

from pathlib import Path

import pytest

from framework.match import MatchResult, run_match, schedule, wilson, write_records
from framework.records import Record

from .conftest import ROOT

GAME = str(ROOT / "games" / "assimilation.yaml")


def test_schedule_swaps_seats_and_seeds_by_index() -> None:
    plans = schedule(["a", "b", "c"], 4, seed=7)
    assert len(plans) == 12
    assert [p.seats for p in plans[:2]] == [("a", "b"), ("b", "a")]
    assert len({p.seed for p in plans}) == 12
    assert [p.seed for p in schedule(["a", "b", "c"], 4, seed=7)] == [p.seed for p in plans]
    assert plans[0].seed != schedule(["a", "b", "c"], 4, seed=8)[0].seed


def test_same_seed_same_results_in_one_or_two_processes(tmp_path: Path) -> None:
    agents = ["greedy", "mcts:10i"]
    one = run_match(GAME, agents, games=4, seed=3, jobs=1, max_plies=40)
    two = run_match(GAME, agents, games=4, seed=3, jobs=2, max_plies=40)
    assert [r.to_text() for r in one.records] == [r.to_text() for r in two.records]
    other = run_match(GAME, agents, games=4, seed=4, jobs=1, max_plies=40)
    assert [r.turns for r in other.records] != [r.turns for r in one.records]
    for path in write_records(one, tmp_path):
        record = Record.load(path)
        record.verify(record_game(record))


def record_game(record: Record) -> object:
    from framework import load_game

    path = record.game_file()
    assert path is not None
    return load_game(path)


def test_statistics_count_sides_and_agents() -> None:
    result = run_match(GAME, ["greedy", "random"], games=6, seed=1)
    summary = result.summary()
    assert summary["games"] == 6
    assert sum(r["games"] for r in summary["results"].values()) == 6
    greedy, random_ = summary["agents"]["greedy"], summary["agents"]["random"]
    assert greedy["games"] == random_["games"] == 6
    assert greedy["wins"] == random_["losses"] and greedy["losses"] == random_["wins"]
    assert greedy["wins"] >= 5  # greedy beats random nearly always
    assert isinstance(result, MatchResult)


def test_wilson_interval() -> None:
    low, high = wilson(6928, 13489)  # the rule page's 51.36 % white wins
    assert low == pytest.approx(0.5052, abs=1e-4) and high == pytest.approx(0.5220, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0


def test_pie_rule_wins_are_credited_to_the_seat_that_won() -> None:
    from framework import load_game
    from framework.records import header_key

    path = str(ROOT / "games" / "adaptoid.yaml")
    game = load_game(path)
    result = run_match(path, ["greedy", "random"], games=4, seed=2)
    expected = {"greedy": 0, "random": 0}
    for record in result.records:
        final = record.verify(game)
        for side in final.winners or ():
            seat = final.seat_of_side[side]
            expected[record.headers[header_key(game.players[seat])]] += 1
    tallies = result.by_agent()
    assert {spec: t.wins for spec, t in tallies.items()} == expected
    assert sum(expected.values()) == 4
