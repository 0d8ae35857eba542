"""``boardspec tournament``: a round robin or a gauntlet with OpenSkill ratings, resumable
like ``match``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from framework.ratings import rate
from framework.records import Record

from .conftest import ROOT


def boardspec(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "framework", *args], capture_output=True,
                          text=True, cwd=ROOT, check=False)


def game(first: str, second: str, result: str) -> Record:
    return Record({"Red": first, "Yellow": second, "Result": result})


def test_ratings_follow_the_results() -> None:
    players = ("red", "yellow")
    records = [game("a", "b", "red"), game("b", "a", "red"), game("c", "a", "yellow"),
               game("a", "c", "red"), game("b", "c", "draw"), game("c", "b", "draw")] * 5
    table = rate(players, ["a", "b", "c"], records)
    assert table[0].agent == "a"
    a, b = table[0], next(r for r in table if r.agent == "b")
    assert (a.games, a.wins, a.draws, a.losses) == (20, 15, 0, 5)
    assert (b.games, b.wins, b.draws, b.losses) == (20, 5, 10, 5)
    assert a.low < a.mu < a.high
    # Unfinished games count for nobody.
    for result in ("unfinished", "*", ""):
        assert rate(players, ["a", "b"], [game("a", "b", result)])[0].games == 0


def test_a_round_robin_is_resumed_and_ranks_search_above_random(tmp_path: Path) -> None:
    out = tmp_path / "t"
    args = ("tournament", "connect-four", "--agents", "random,alphabeta:d2", "--games", "6",
            "--out", str(out))
    first = boardspec(*args)
    assert first.returncode == 0, first.stderr
    ratings = json.loads((out / "ratings.json").read_text())
    assert [r["agent"] for r in ratings["agents"]] == ["alphabeta:d2", "random"]
    assert len(list(out.glob("game-*.txt"))) == 6
    again = boardspec(*args)
    assert again.returncode == 0 and "6 of 6 games already played" in again.stderr
    assert json.loads((out / "ratings.json").read_text()) == ratings
    other = boardspec(*args[:-4], "--games", "4", "--out", str(out))
    assert other.returncode != 0  # a folder of another tournament is not continued


def test_a_gauntlet_plays_the_first_agent_against_each_other() -> None:
    run = boardspec("tournament", "tic-tac-toe", "--agents", "alphabeta:d9,random,greedy",
                    "--games", "2", "--gauntlet")
    assert run.returncode == 0, run.stderr
    assert "gauntlet, 4 games" in run.stdout


@pytest.mark.slow
def test_six_agents_rank_by_strength_on_connect_four(tmp_path: Path) -> None:
    agents = ["mcts:400i", "mcts:100i", "alphabeta:d2", "alphabeta:d1", "greedy", "random"]
    run = boardspec("tournament", "connect-four", "--agents", ",".join(agents), "--games",
                    "20", "--jobs", "2", "--out", str(tmp_path / "six"))
    assert run.returncode == 0, run.stderr
    table = json.loads((tmp_path / "six" / "ratings.json").read_text())["agents"]
    order = [r["agent"] for r in table]
    assert order.index("mcts:400i") < order.index("alphabeta:d2") < \
        order.index("greedy") < order.index("random")
    assert table[0]["ci95"][0] > table[-1]["ci95"][1]  # first and last told apart
