"""Clobber as data (``step`` onto an enemy), move for move against OpenSpiel's ``clobber``
(5×6, white ``o`` on a1 moves first; the same ``a1a2`` notation)."""

from __future__ import annotations

import pyspiel
import pytest

from framework import load_game
from framework.perft import perft

from .conftest import ROOT
from .spiel import openspiel_perft, play_side_by_side

GAME = load_game(ROOT / "games" / "clobber.yaml")


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_matches_openspiel(depth: int) -> None:
    spiel = pyspiel.load_game("clobber").new_initial_state()
    assert perft(GAME.new_initial_state(), depth) == openspiel_perft(spiel, depth)


def test_random_games_agree_with_openspiel_at_every_ply() -> None:
    outcomes, plies = play_side_by_side(GAME, "clobber", 200, 12)
    assert outcomes[(1.0, -1.0)] > 0 and outcomes[(-1.0, 1.0)] > 0
    assert plies > 200 * 10


@pytest.mark.slow
def test_many_random_games_agree_with_openspiel() -> None:
    play_side_by_side(GAME, "clobber", 3000, 120)


@pytest.mark.slow
@pytest.mark.parametrize("depth", [4])
def test_deep_perft_matches_openspiel(depth: int) -> None:
    spiel = pyspiel.load_game("clobber").new_initial_state()
    assert perft(GAME.new_initial_state(), depth) == openspiel_perft(spiel, depth)
