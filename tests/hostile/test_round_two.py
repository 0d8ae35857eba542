"""Each reproduction of issue 28 ("hostile input, second round"), run under the issue's
bounds (2 s of CPU, 200 MB): a clear refusal (a boardspec error, or exit 2 with a short
message), never a traceback, a hang, a tally changed or a door left open."""

from __future__ import annotations

from pathlib import Path

import pytest

from framework import load_game_text
from tests.conftest import ROOT
from tests.hostile.bounded import assert_refused, cli, run_bounded

GAMES = ROOT / "games"
ASSIMILATION = (GAMES / "assimilation.yaml").read_text(encoding="utf-8")
CONVERT = "  - {name: convert, type: convert_adjacent, distance: 1}\n"


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(text: str, *needles: str) -> None:
    assert_refused(run_bounded(lambda: load_game_text(text, "hostile.yaml")), *needles)


# 5. Lists of any length ---------------------------------------------------------------
def phases(count: int) -> str:
    return ASSIMILATION.replace(CONVERT, "".join(
        f"  - {{name: c{i}, type: convert_adjacent, distance: 1}}\n" for i in range(count)))


@pytest.mark.parametrize("count", [100, 10_000])
def test_thousands_of_phases_are_refused(tmp_path: Path, count: int) -> None:
    path = write(tmp_path, "phases.yaml", phases(count))
    assert_refused(run_bounded(cli("validate", str(path))), "phases.yaml:16:3", "limit")


def test_the_most_phases_allowed_load_at_once() -> None:
    outcome = run_bounded(lambda: len(load_game_text(phases(63)).phases))
    assert outcome.kind == "ok" and outcome.value == 64, str(outcome)


def test_a_list_longer_than_any_board_needs_is_refused() -> None:
    refused(ASSIMILATION.replace("max_plies: 2000", "max_plies: 2000\nextra: [" + "1, " * 6000
                                 + "1]"), "6,001 entries", "5,408")


# 7. Tags ------------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["!!binary aGVsbG8=", "!!str Assimilation", "!!set {x, y}",
                                   "! Assimilation", "!custom x"])
def test_every_explicit_tag_is_refused(value: str) -> None:
    refused(ASSIMILATION.replace("name: Assimilation", f"name: {value}"), "hostile.yaml:2:7",
            "tag", "not allowed")
