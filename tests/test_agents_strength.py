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
