"""balance --compare and --search (issue 58): the value of a number that would even the
game, a bisection that looks for it, and Ludii's measures (branching factor,
decisiveness, lead changes, drama) beside every setting, with the rule table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from framework import load_game
from framework.backends import Backend
from framework.balance import balance_plans, levels_of
from framework.balance.analysis import (
    GameFacts,
    drama,
    game_facts,
    lead_changes,
    level_statistics,
)
from framework.balance.compare import (
    compare_reports,
    compensation,
    numbers_of,
    search_compensation,
)
from framework.match import GameSource, play_plans

from .conftest import ROOT

GAMES = ROOT / "games"


def report(first: int, second: int, draws: int = 0) -> dict[str, Any]:
    facts = [GameFacts(30, "first", ending="connect")] * first + \
        [GameFacts(40, "second", ending="connect")] * second + \
        [GameFacts(50, "draw", ending="full")] * draws
    return {"game": "G", "players": {"first": "black", "second": "white"},
            "levels": [level_statistics("mcts", facts)]}


def facts_of(path: Path, agent: str, games: int, params: dict[str, Any] | None = None,
             seed: int = 3) -> list[GameFacts]:
    source = GameSource.read(path, params) if params else GameSource.read(path)
    game = load_game(path, params) if params else load_game(path)
    records = play_plans(source, balance_plans(levels_of([agent], [games]), seed),
                         backend=Backend())
    return [game_facts(game, record) for record in records.values()]


def test_the_number_that_would_even_the_game_is_interpolated() -> None:
    compared = compare_reports([("komi=0", report(80, 20)), ("komi=12", report(30, 70))])
    said = compared["levels"][0]["suggestion"]
    # 80 % at 0 and 30 % at 12: 50 % three fifths of the way, at 7.2.
    assert "komi ≈ 7.2 would even it (interpolated between komi=0 at 80.0 % and komi=12 " \
        "at 30.0 %; try --compare komi=7.2)" in said
    assert numbers_of(["komi=0,swap=true", "komi=6,swap=true"]) == ("komi", [0.0, 6.0])
    assert numbers_of(["komi=0,swap=true", "komi=6,swap=false"]) is None  # two things vary
    assert numbers_of(["rule=a", "rule=b"]) is None  # no number
    rows = compare_reports([("komi=0", report(80, 20)), ("komi=3", report(75, 25))])
    assert compensation(rows["levels"][0]["rows"]) == ""  # 50 % lies beyond both
    assert "try the pie rule" in rows["levels"][0]["suggestion"]
    even = compare_reports([("komi=6", report(50, 50)), ("komi=8", report(49, 51))])
    assert even["levels"][0]["suggestion"] == ""  # no edge: nothing to suggest


def scored(value: float) -> dict[str, Any]:
    """A study whose first player scores 90 % less 10 points per unit of ``value``."""
    first = max(0, min(100, round(90 - 10 * value)))
    return report(first, 100 - first)


def test_the_search_bisects_between_the_settings_either_side_of_even() -> None:
    asked: list[str] = []

    def study(setting: str) -> dict[str, Any]:
        asked.append(setting)
        return scored(float(setting.split("=")[1]))

    played = search_compensation("komi", 0, 10, study, steps=3)
    assert asked == ["komi=0", "komi=10", "komi=5", "komi=2.5", "komi=3.75"]
    assert [s for s, _ in played] == asked
    asked.clear()
    search_compensation("komi", 0, 10, study, steps=5, whole=True)
    assert asked == ["komi=0", "komi=10", "komi=5", "komi=2", "komi=4"]  # 4 is even: done
    asked.clear()
    search_compensation("komi", 0, 3, study, steps=3)  # 90 % to 60 %: no crossing
    assert asked == ["komi=0", "komi=3"]
    compared = compare_reports(sorted(played, key=lambda p: float(p[0].split("=")[1])))
    # Between the nearest two either side: 52 % at 3.75 (52.5 rounded to even) and 40 % at 5.
    assert "komi ≈ 3.96 would even it (interpolated between komi=3.75 at 52.0 % and " \
        "komi=5 at 40.0 %" in compared["levels"][0]["suggestion"]


def test_lead_changes_and_drama_count_what_they_say() -> None:
    assert lead_changes([0, -1, 0, 1, 1, -1, 0]) == 2  # a level round changes nothing
    assert lead_changes([-1, -1]) == 0
    assert drama([0, 1, 1, 0], frozenset({1})) == 0.5
    assert drama([0, 0], frozenset({0})) == 0.0
    assert drama([0, 1], frozenset()) is None  # a draw has no winner to be behind


def test_the_branching_factor_of_tic_tac_toe_is_its_empty_cells() -> None:
    facts = facts_of(GAMES / "tic-tac-toe.yaml", "random", 4)
    # The n-th decision of a game has 10 - n empty cells to choose from.
    expected = sum(sum(9 - k for k in range(f.plies)) for f in facts) / \
        sum(f.plies for f in facts)
    metrics = level_statistics("random", facts)["ludii"]
    assert metrics["branching"] == pytest.approx(expected)
    won = sum(1 for f in facts if f.result in ("first", "second"))
    assert metrics["decisiveness"] == pytest.approx(won / len(facts))
    assert metrics["lead_changes"] is None and metrics["drama"] is None  # won by a shape


def test_a_scored_game_is_led_round_by_round() -> None:
    facts = facts_of(GAMES / "kalah.yaml", "random", 3)
    assert all(f.leaders for f in facts)  # the seeds in the stores lead
    metrics = level_statistics("random", facts)["ludii"]
    assert metrics["lead_changes"] == pytest.approx(
        sum(lead_changes(f.leaders) for f in facts) / len(facts))
    assert 0.0 <= metrics["drama"] <= 1.0


@pytest.fixture(scope="module")
def cli() -> CliRunner:
    from framework.cli import _register

    _register()
    return CliRunner()


def test_the_balance_command_searches_a_komi(cli: CliRunner, tmp_path: Path) -> None:
    from framework.cli import app

    out = tmp_path / "search"
    result = cli.invoke(app, [
        "balance", str(GAMES / "go.yaml"), "--param", "size=3", "--agents", "random",
        "--games", "6", "--search", "komi=0:9", "--steps", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    compared = json.loads((out / "compare.json").read_text(encoding="utf-8"))
    assert compared["settings"] == ["komi=0", "komi=4.5", "komi=9"]  # by value
    for slug in ("komi-0", "komi-4.5", "komi-9"):
        assert json.loads((out / slug / "balance.json").read_text())["levels"][0]["games"] == 6
    row = compared["levels"][0]["rows"][0]
    assert row["branching"] > 1 and row["lead_changes"] is not None  # Go's area leads
    assert "place: place" in row["rules"] or row["rules"]
    html = (out / "compare.html").read_text(encoding="utf-8")
    assert 'class="ludii"' in html and 'class="rules"' in html
    bad = cli.invoke(app, ["balance", str(GAMES / "go.yaml"), "--search", "nothing=0:1"])
    assert bad.exit_code == 2 and "komi" in bad.output  # the number parameters named
    backwards = cli.invoke(app, ["balance", str(GAMES / "go.yaml"), "--search", "komi=9:0"])
    assert backwards.exit_code == 2 and "LOW below HIGH" in backwards.output


def test_the_rule_most_tied_to_the_first_player_s_wins_is_named() -> None:
    def game(result: str, captures: int, steps: int) -> GameFacts:
        facts = GameFacts(30, result, ending="no_pieces")
        facts.decisions.update({"move: step": steps})
        facts.effects = {"capture": [captures, captures]}
        return facts
    # The first player's wins capture 4 times a game, its losses once; steps are alike.
    facts = [game("first", 4, 10) for _ in range(8)] + [game("second", 1, 10) for _ in range(2)]
    edge = level_statistics("mcts", facts)["edge_rule"]
    assert edge is None  # two losses are too few to say
    facts += [game("second", 1, 11) for _ in range(2)]
    edge = level_statistics("mcts", facts)["edge_rule"]
    assert edge["rule"] == "capture" and edge["wins"] == 4 and edge["losses"] == 1
    favoured = {"game": "G", "players": {"first": "black", "second": "white"},
                "levels": [level_statistics("mcts", facts + [game("first", 4, 10)] * 30)]}
    even = report(50, 50)
    said = compare_reports([("pie=false", favoured), ("pie=true", even)])["levels"][0][
        "suggestion"]
    assert said.endswith("the rule most tied to who wins is capture (4.0 a game in the first "
                         "player's wins, 1.0 in its losses): a rule to change")
