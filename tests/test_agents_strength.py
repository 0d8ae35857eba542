"""Strength checks (slow: ``pytest -m slow``): MCTS with a modest budget beats random."""

from __future__ import annotations

import pytest

from framework.match import run_match

from .conftest import ROOT


@pytest.mark.slow
@pytest.mark.parametrize("name", ["assimilation", "adaptoid"])
def test_mcts_beats_random_95_of_100(name: str) -> None:
    result = run_match(str(ROOT / "games" / f"{name}.yaml"), ["mcts:200i", "random"],
                       games=100, seed=1, jobs=2)
    tally = result.by_agent()["mcts:200i"]
    assert tally.games == 100
    assert tally.wins >= 95, f"{name}: MCTS won only {tally.wins} of 100 against random"


@pytest.mark.slow
@pytest.mark.parametrize("agent", ["mcts:100i", "alphabeta:d3"])
def test_backgammon_agents_beat_random_40_of_50(agent: str) -> None:
    """Backgammon's declared pip-count evaluation (a ``distance`` term): MCTS samples the
    dice, alpha-beta averages them (expectimax: move, every roll, the reply)."""
    result = run_match(str(ROOT / "games" / "backgammon.yaml"), [agent, "random"],
                       games=50, seed=27, jobs=2)
    tally = result.by_agent()[agent]
    assert tally.games == 50
    assert tally.wins >= 40, f"{agent} won only {tally.wins} of 50 against random"
