"""boardspec balance: the statistics, the rule counts read from the records, the report."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from framework import load_game
from framework.backends import Backend
from framework.balance import (
    BalanceError,
    balance_plans,
    levels_of,
    published_for,
    summarise,
)
from framework.balance.analysis import (
    GameFacts,
    compare_share,
    final_loop,
    game_facts,
    length_bins,
    level_statistics,
    verdict,
)
from framework.match import GameSource, play_plans, wilson
from framework.records import Record

from .conftest import ROOT

ASSIMILATION = ROOT / "games" / "assimilation.yaml"


def _records(path: Path, agent: str, games: int, seed: int = 1) -> dict:
    plans = balance_plans(levels_of([agent], [games]), seed)
    return play_plans(GameSource.read(path), plans, backend=Backend())


def test_rule_counts_agree_with_the_positions_of_the_game() -> None:
    game = load_game(ASSIMILATION)
    for record in _records(ASSIMILATION, "random", 3).values():
        facts = game_facts(game, record)
        plies = record.plies
        assert facts.plies == len(plies) == int(record.headers["Plies"])
        # A clone is written by its target (b6), a jump by both cells (a7c5).
        assert facts.decisions == Counter({
            "move: clone": sum(1 for p in plies if len(p) == 2),
            "move: jump": sum(1 for p in plies if len(p) == 4)})
        # Pieces taken over, counted independently on the position JSON.
        state = game.new_initial_state()
        taken = fired = 0
        for text in plies:
            before = state.to_json()["cells"]
            state.apply(text)
            after = state.to_json()["cells"]
            changed = sum(1 for cell, owner in before.items() if after.get(cell) != owner)
            taken += changed - (1 if len(text) == 4 else 0)  # a jump empties its source
            fired += changed > (1 if len(text) == 4 else 0)
        assert facts.effects.get("convert", [0, 0]) == [fired, taken]
        assert not facts.skipped
        expected = {"white": "first", "black": "second", "draw": "draw"}[record.result]
        assert facts.result == expected


def test_adaptoid_attacks_starvations_and_skips_are_told_apart() -> None:
    path = ROOT / "games" / "adaptoid.yaml"
    game = load_game(path)
    totals: Counter[str] = Counter()
    automatic: set[str] = set()
    for record in _records(path, "random", 6, seed=3).values():
        facts = game_facts(game, record)
        totals.update(facts.decisions)
        automatic |= set(facts.effects)
    assert totals["move: attack"] > 0 and totals["move: skip"] > 0
    assert totals["place_each: place"] == 12 and totals["choose_side: choose"] == 6
    assert automatic == {"starve"}  # removals after a build: the starvation sweep


def test_level_statistics_and_intervals() -> None:
    facts = [GameFacts(100, "first")] * 60 + [GameFacts(40, "second")] * 38 + \
        [GameFacts(70, "draw")] * 2
    stats = level_statistics("x", facts)
    assert stats["games"] == 100
    first = stats["first_player"]
    assert first["score"] == pytest.approx(0.61)
    assert first["ci95"] == pytest.approx(list(wilson(61, 100)))
    assert first["advantage"] == pytest.approx(0.11)
    assert stats["results"]["draw"]["games"] == 2
    assert sum(b["games"] + b["second"] + b["draws"] for b in stats["by_length"]) == 100
    long_games = next(b for b in stats["by_length"] if b["plies"][0] >= 100)
    assert long_games["share"] == 1.0  # every game of 100 plies was a first-player win


def test_length_bins_cover_every_game_without_overlap() -> None:
    lengths = [5, 9, 9, 9, 12, 30, 31, 200, 201, 202]
    bins = length_bins(lengths, bins=4)
    assert all(low <= high for low, high in bins)
    assert all(bins[i][1] < bins[i + 1][0] for i in range(len(bins) - 1))
    assert sum(1 for n in lengths for low, high in bins if low <= n <= high) == len(lengths)


def test_comparison_with_published_shares() -> None:
    same = compare_share(5136, 10000, 0.5136, 13489)
    assert same["difference"] == pytest.approx(0.0) and same["consistent"]
    far = compare_share(700, 1000, 0.5136, 13489)
    assert not far["consistent"] and far["difference_ci95"][0] > 0.15
    # No draw in 100 games is consistent with the rule page's 0.5 % draws.
    none = compare_share(0, 100, 68 / 13489, 13489)
    assert none["consistent"] and none["difference_ci95"][1] > 0.03


def test_published_results_beside_the_game_file_and_bad_ones(tmp_path: Path) -> None:
    found = published_for(ASSIMILATION)
    assert found is not None and found["games"] == 13489
    assert found["results"] == {"white": 6929, "black": 6492, "draw": 68}
    assert published_for(ROOT / "games" / "ataxx.yaml") is None
    bad = tmp_path / "bad.yaml"
    bad.write_text("results: {white: many}\n")
    with pytest.raises(BalanceError, match="expected 'results:' mapping"):
        published_for(ASSIMILATION, bad)
    with pytest.raises(BalanceError, match="no such file"):
        published_for(ASSIMILATION, tmp_path / "none.yaml")
    with pytest.raises(BalanceError, match="one per agent"):
        levels_of(["random", "greedy"], [1, 2, 3])


def test_summary_sets_the_rule_page_beside_each_level() -> None:
    game = load_game(ASSIMILATION)
    levels = levels_of(["random", "greedy"], [4, 2])
    records = play_plans(GameSource.read(ASSIMILATION), balance_plans(levels, 0),
                         backend=Backend())
    facts = {i: game_facts(game, r) for i, r in records.items()}
    report = summarise(game, levels, facts, published_for(ASSIMILATION), seed=0)
    assert [lv["games"] for lv in report["levels"]] == [4, 2]
    assert report["players"] == {"first": "white", "second": "black"}
    shares = report["published"]["shares"]
    assert shares["first"] == pytest.approx(0.5137, abs=1e-4)
    assert [c["agent"] for c in report["published"]["comparison"]] == ["random", "greedy"]


def test_balance_command_writes_the_report_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "report"
    args = [sys.executable, "-m", "framework", "balance", "games/assimilation.yaml",
            "--agents", "random,greedy", "--games", "10,4", "--jobs", "2", "--out", str(out)]
    first = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    assert "random: 10 games, first player scores" in first.stdout
    report = json.loads((out / "balance.json").read_text())
    assert report["game"] == "Assimilation" and report["published"]["games"] == 13489
    html = (out / "balance.html").read_text()
    assert "rule page" in html and "How often each rule fires" in html
    for name in ("first_player", "outcomes", "lengths", "win_by_length", "rules"):
        assert f'src="plots/{name}.svg"' in html
        root = ET.parse(out / "plots" / f"{name}.svg").getroot()
        assert root.tag.endswith("svg")
    assert len(list((out / "records").glob("game-*.txt"))) == 14
    again = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert "14 of 14 games already played" in again.stderr
    assert json.loads((out / "balance.json").read_text()) == report


def test_the_example_report_is_checked_in_with_its_plots() -> None:
    example = ROOT / "docs" / "balance" / "assimilation"
    report = json.loads((example / "balance.json").read_text())
    assert [lv["agent"] for lv in report["levels"]] == ["random", "mcts:20i", "mcts:100i"]
    assert report["published"]["games"] == 13489
    for level in report["levels"]:
        assert sum(r["games"] for r in level["results"].values()) == level["games"]
    html = (example / "balance.html").read_text()
    for name in ("first_player", "outcomes", "lengths", "win_by_length", "rules"):
        assert f'src="plots/{name}.svg"' in html and (example / "plots" / f"{name}.svg").exists()
    readme = (ROOT / "README.md").read_text()
    assert "](docs/balance/assimilation/plots/first_player.svg)" in readme


# The designer's workbench (issue 58): unfinished games, loops, endings, the rule table ----
WORKBENCH = ROOT / "tests" / "data" / "workbench"


def test_unfinished_games_are_an_outcome_of_their_own() -> None:
    looping = [GameFacts(300, "unfinished", ending="max_plies", repeating=20, cycle=4)] * 40
    stats = level_statistics("alphabeta", looping)
    assert stats["results"]["second"]["games"] == 0
    assert stats["results"]["unfinished"]["games"] == 40
    assert stats["first_player"]["finished"] == 0
    said = verdict(stats)
    assert said.startswith("possible loop: 40 of 40 unfinished; the last 20 plies repeat")
    assert "favoured" not in said and "no game finished" in said
    # Half decided, half unfinished: the score is over the 20 finished games only.
    mixed = [GameFacts(50, "first")] * 10 + [GameFacts(50, "second")] * 10 + \
        [GameFacts(300, "unfinished", ending="max_plies")] * 20
    stats = level_statistics("mcts", mixed)
    assert stats["first_player"]["score"] == pytest.approx(0.5)
    assert stats["first_player"]["ci95"] == pytest.approx(list(wilson(10, 20)))
    assert stats["loop"] is None  # not most of the games
    assert "of 20 finished games" in verdict(stats) and "unfinished 50.0 %" in verdict(stats)
    assert [(e["ending"], e["games"]) for e in stats["endings"]] == [("max_plies", 20),
                                                                     ("unknown", 20)]


def test_the_loop_at_the_end_of_a_game_is_measured() -> None:
    assert final_loop(list("xyzabab")) == (4, 2)  # a b a b: a cycle of 2, seen twice
    assert final_loop(list("qabcdabcdabcd")) == (12, 4)
    assert final_loop(list("abcdefg")) == (0, 0)  # the last position is new
    assert final_loop(list("aaaa")) == (4, 1)


def test_a_study_that_hits_the_cap_says_so_first(tmp_path: Path) -> None:
    from framework.cli import _register, app

    _register()
    out = tmp_path / "report"
    result = CliRunner().invoke(app, [
        "balance", str(WORKBENCH / "shuffle.yaml"), "--agents", "greedy", "--games", "2",
        "--max-plies", "40", "--out", str(out)])
    assert result.exit_code == 0, result.output
    line = next(s for s in result.output.splitlines() if "greedy: 2 games" in s)
    assert "2 games, possible loop: 2 of 2 unfinished; the last 38 plies repeat" in line
    assert "favoured" not in line
    legend = (out / "plots" / "outcomes.svg").read_text()
    assert "won by south" in legend and "(or unfinished)" not in legend
    assert ">unfinished<" in legend
    report = json.loads((out / "balance.json").read_text())
    assert report["levels"][0]["endings"][0]["ending"] == "max_plies"
    records = sorted((out / "records").glob("game-*.txt"))
    assert all(Record.load(r).ending == "max_plies" for r in records)
    # The game file is named, not given by this machine's path.
    html = (out / "balance.html").read_text()
    assert report["game_file"] == "shuffle.yaml" and str(ROOT) not in html
    assert "How the games ended" in html and "max_plies" in html
    # Its design section says so too, by line (as check --design does).
    assert [f["where"] for f in report["design"]] == ["the game"]
    assert "greedy: possible loop" in report["design"][0]["message"]
    assert "Design findings" in html and "shuffle.yaml:3: the game: greedy: possible loop" in \
        result.output


def test_the_report_names_the_game_file_relative_to_itself(tmp_path: Path) -> None:
    from framework.balance.report import _beside

    (tmp_path / "games").mkdir()
    game = tmp_path / "games" / "hex.yaml"
    assert _beside(str(game), tmp_path / "balance-hex") == "../games/hex.yaml"
    assert _beside(str(game), tmp_path / "games") == "hex.yaml"
    assert _beside(str(game), tmp_path / "a" / "b" / "c") == "hex.yaml"


def test_a_rule_that_never_fires_is_counted_as_never_firing() -> None:
    path = WORKBENCH / "dead-rule.yaml"
    game = load_game(path)
    records = _records(path, "random", 4, seed=2)
    facts = [game_facts(game, record) for record in records.values()]
    # What the consequence takes over, counted independently: the enemy stones a king's
    # step from each stone placed (by the cells' names), on the position before it.
    def touching(a: str, b: str) -> bool:
        return a != b and abs(ord(a[0]) - ord(b[0])) <= 1 and abs(int(a[1:]) - int(b[1:])) <= 1

    taken = fired = 0
    for record in records.values():
        state = game.new_initial_state()
        for text in record.plies:
            mover = state.current_player
            cells = state.to_json()["cells"]
            around = [c for c, entry in cells.items() if touching(c, text)
                      and entry.get("owner") != game.players[mover]]
            taken += len(around)
            fired += bool(around)
            state.apply(text)
    assert sum(f.effects["take_over"][0] for f in facts) == fired > 0
    assert sum(f.effects["take_over"][1] for f in facts) == taken
    assert all(f.effects["again_around"] == [0, 0] for f in facts)
    rows = {r["rule"]: r for r in level_statistics("random", facts)["rules"]}
    assert rows["again_around"]["times"] == 0 and rows["again_around"]["games"] == 0
    assert rows["take_over"]["what"] == "automatic"
    assert "place: place" in rows  # the decision, apart from its consequence
    assert all(r["games"] <= 4 for r in rows.values())  # each game once
    ending = Counter(f.ending for f in facts)
    assert set(ending) == {"no_legal_move"}  # a full board: no placement left


def test_settings_compared_with_their_differences_and_a_suggestion() -> None:
    from framework.balance.compare import compare_reports, setting_slug

    def report(first: int, second: int) -> dict:
        facts = [GameFacts(30, "first", ending="connect")] * first + \
            [GameFacts(40, "second", ending="connect")] * second
        return {"game": "G", "players": {"first": "black", "second": "white"},
                "levels": [level_statistics("mcts", facts)]}

    compared = compare_reports([("komi=0", report(80, 20)), ("komi=6", report(52, 48)),
                                ("komi=12", report(30, 70))])
    rows = compared["levels"][0]["rows"]
    assert [r["setting"] for r in rows] == ["komi=0", "komi=6", "komi=12"]
    assert rows[1]["score_difference"]["difference"] == pytest.approx(-0.28)
    low, high = rows[1]["score_difference"]["difference_ci95"]
    assert low < -0.28 < high < 0  # significant: the interval leaves out 0
    assert rows[0]["endings"] == {"connect": 100}
    said = compared["levels"][0]["suggestion"]
    assert "komi=0 favours black (80.0 %)" in said and "komi=12 favours white" in said
    assert "; closest to even: komi=6 (52.0 %); komi ≈ 6.55 would even it" in said
    none_even = compare_reports([("a", report(80, 20)), ("b", report(75, 25))])
    assert "try the pie rule" in none_even["levels"][0]["suggestion"]
    assert setting_slug("komi=6.5, swap=true") == "komi-6.5_swap-true"


def test_the_balance_command_compares_settings(tmp_path: Path) -> None:
    from framework.cli import _register, app

    _register()
    out = tmp_path / "cmp"
    result = CliRunner().invoke(app, [
        "balance", "hex", "--param", "size=5", "--agents", "random", "--games", "4",
        "--compare", "swap=false", "--compare", "swap=true", "--out", str(out)])
    assert result.exit_code == 0, result.output
    compared = json.loads((out / "compare.json").read_text())
    assert compared["settings"] == ["swap=false", "swap=true"]
    for slug in ("swap-false", "swap-true"):
        study = json.loads((out / slug / "balance.json").read_text())
        assert study["levels"][0]["games"] == 4
    assert 'href="swap-true/balance.html"' in (out / "compare.html").read_text()
    one = CliRunner().invoke(app, ["balance", "hex", "--compare", "swap=false"])
    assert one.exit_code == 2 and "two settings or more" in one.output


def test_consequences_are_named_after_their_rule_and_games_counted_once() -> None:
    path = ROOT / "games" / "kalah.yaml"
    game = load_game(path)
    facts = [game_facts(game, r) for r in _records(path, "random", 3, seed=4).values()]
    rows = level_statistics("random", facts)["rules"]
    automatic = {r["rule"]: r for r in rows if r["what"] == "automatic"}
    decisions = {r["rule"] for r in rows if r["what"] == "decision"}
    assert set(automatic) == {"again", "collect"}  # the rules under the sowing's then:
    assert not set(automatic) & decisions  # never a decision's label
    assert automatic["collect"]["times"] > 0 and automatic["again"]["times"] > 0
    assert all(0 <= r["games"] <= 3 for r in rows)  # a share of games, never over 100 %
