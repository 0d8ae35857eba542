"""The coverage measure against Ludii's library (docs/coverage.md) holds together: the page
is generated from docs/coverage.yaml as it stands, the sample in it is the one the seed
draws from the committed file list, and every game marked yes is bundled, valid and
listed with its category."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from types import ModuleType
from typing import Any

import pytest

from framework import load_game

from .conftest import ROOT


def _tool(name: str) -> ModuleType:
    """A script of tools/ (outside the package), imported by its path."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module   # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


REPORT = _tool("coverage_report")
SAMPLE = _tool("ludii_sample")
DATA: dict[str, Any] = REPORT.load()
GAMES: list[dict[str, Any]] = DATA["games"]


def test_the_page_is_generated_from_the_data() -> None:
    committed = (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")
    assert committed == REPORT.render(DATA), "run: python tools/coverage_report.py"


def test_the_sample_is_the_seeds_draw_from_the_list() -> None:
    drawn = SAMPLE.draw(DATA["seed"], DATA["sample_size"])
    assert [g["ludii"] for g in GAMES] == [c.ludii_path for c in drawn]
    assert [g["category"] for g in GAMES] == [c.category for c in drawn]
    assert len(GAMES) >= 50


def test_the_draw_is_reproducible_and_leaves_the_bundled_games_out() -> None:
    assert SAMPLE.draw(7, 50) == SAMPLE.draw(7, 50)
    assert SAMPLE.draw(7, 50) != SAMPLE.draw(8, 50)
    pool = SAMPLE.candidates()
    names = {c.name for c in pool}
    assert len(names) == len(pool)                   # one path a game name
    bundled = SAMPLE.bundled_names()
    assert not names & set(bundled)
    for file in bundled.values():
        assert (ROOT / file).is_file(), file


def test_every_record_is_complete_and_names_known_capabilities() -> None:
    text = (ROOT / "docs" / "coverage.yaml").read_text(encoding="utf-8")
    for record in text.split("\n  - name: ")[1:]:     # a key given twice would hide one
        keys = [line.split(":")[0] for line in record.splitlines()[1:]
                if line.startswith("    ") and not line.startswith("     ")]
        assert len(keys) == len(set(keys)), (record.splitlines()[0], keys)
    known = set(DATA["capabilities"])
    for game in GAMES:
        assert game["status"] in REPORT.STATUSES, game["name"]
        assert game["tried"] in ("drafted", "read"), game["name"]
        assert game["closest_error"], game["name"]
        missing = game.get("missing") or []
        assert (game["status"] == "yes") == (not missing), game["name"]
        for rule in missing:
            # an unquoted ", " in a flow mapping reads as extra keys (and cuts the rule short)
            assert set(rule) == {"rule", "capability"}, (game["name"], rule)
            assert rule["rule"] and rule["capability"] in known, (game["name"], rule)


@pytest.mark.parametrize("game", [g for g in map(REPORT.at_end, GAMES) if g["status"] == "yes"],
                         ids=lambda g: g["name"])
def test_every_yes_game_is_bundled_valid_and_credited(game: dict[str, Any]) -> None:
    """Yes in either measurement (the end-of-wave ``final`` record over the baseline)."""
    path = ROOT / game["file"]
    assert path.parent == ROOT / "games" and path.is_file()
    spec = load_game(path).spec
    assert spec.name == game["name"]
    assert spec.category == game["category"]
    assert spec.credits and game["ludii"].removeprefix("Common/res/lud/") in spec.credits.source
    header = path.read_text(encoding="utf-8").split("\nname:", 1)[0]
    assert game["ludii"] in header.replace("\n# ", " ")     # its rules source, in its header


def test_the_second_measurement_is_shown_beside_the_first() -> None:
    data = {**DATA, "final": {"date": "2027-01-01"},
            "games": [{**GAMES[0], "final": {"status": "yes", "missing": [], "file": "x.yaml",
                                             "units_used_by_one": ["a unit"]}}, *GAMES[1:]]}
    text = REPORT.render(data)
    baseline_yes = sum(g["status"] == "yes" for g in GAMES)
    assert f"{baseline_yes} of {len(GAMES)} yes" in text              # the baseline stays
    end = text.split("## At the end of the wave (2027-01-01)", 1)[1]
    final_yes = sum(REPORT.at_end(g)["status"] == "yes" for g in data["games"])
    assert final_yes == baseline_yes + 1 + sum(
        g.get("final", {}).get("status") == "yes" != g["status"] for g in GAMES[1:])
    assert end.startswith(f"\n\nThe same sample measured again after the wave's vocabulary "
                          f"work: {final_yes} of {len(GAMES)} yes")
    assert f"`units_used_by_one`): {GAMES[0]['name']}." in end
    assert REPORT.render(DATA) == (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")


def test_boardspec_games_lists_each_yes_game_with_its_category() -> None:
    run = subprocess.run([sys.executable, "-m", "framework", "games", "--json"],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    listed = {game["title"]: game for game in json.loads(run.stdout)}
    for game in GAMES:
        if game["status"] == "yes":
            assert listed[game["name"]]["category"] == game["category"], game["name"]
    text = subprocess.run([sys.executable, "-m", "framework", "games"], capture_output=True,
                          text=True, cwd=ROOT, check=True).stdout
    assert re.search(r"^koruboddo +Koruboddo +\(war\)$", text, re.MULTILINE), text[:300]
