"""Breakthrough as data (``step`` with forward-relative directions, the ``reach_zone`` goal),
move for move against OpenSpiel's ``breakthrough`` (8×8, black first from the top rows;
the same notation: ``a7a6``, a capture ``d4e5*``).

Ours declares ``no_legal_move: lose`` where OpenSpiel says nothing; it is never reached:
a player's lowest pawn always has a diagonal cell below it on the board, which is empty (a
step) or an enemy (a capture) unless it holds an own pawn lower still; the lowest pawn of
all is then on the far row, and the game is over already.
"""

from __future__ import annotations

import pyspiel
import pytest

from framework import load_game
from framework.perft import perft

from .conftest import ROOT
from .spiel import openspiel_perft, play_side_by_side

GAME = load_game(ROOT / "games" / "breakthrough.yaml")


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_matches_openspiel(depth: int) -> None:
    spiel = pyspiel.load_game("breakthrough").new_initial_state()
    assert perft(GAME.new_initial_state(), depth) == openspiel_perft(spiel, depth)


def test_random_games_agree_with_openspiel_at_every_ply() -> None:
    outcomes, plies = play_side_by_side(GAME, "breakthrough", 150, 7)
    assert outcomes[(1.0, -1.0)] > 0 and outcomes[(-1.0, 1.0)] > 0
    assert plies > 150 * 20


@pytest.mark.slow
def test_many_random_games_agree_with_openspiel() -> None:
    play_side_by_side(GAME, "breakthrough", 3000, 70)
