"""Playing one of our games side by side with OpenSpiel's C++ version of it: perft, and
random games with identical legal-move sets, terminal flags and returns at every ply."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pyspiel
import pytest

from framework.compiler import CompiledGame


def openspiel_perft(state: pyspiel.State, depth: int) -> int:
    """Leaves of OpenSpiel's action tree (a finished game counts 0), as ``perft`` counts."""
    if state.is_terminal():
        return 0
    if depth == 1:
        return len(state.legal_actions())
    return sum(openspiel_perft(state.child(a), depth - 1) for a in state.legal_actions())


def play_side_by_side(game: CompiledGame, spiel_name: str, games: int, seed: int,
                      notation: Callable[[str], str] = lambda s: s,
                      params: dict[str, Any] | None = None,
                      ) -> tuple[Counter[tuple[float, ...]], int]:
    """Random games, each move chosen among OpenSpiel's and played in both; ``notation``
    maps OpenSpiel's action string to ours. Returns the outcomes and the plies played."""
    rng = random.Random(seed)
    spiel = pyspiel.load_game(spiel_name, params or {})
    outcomes: Counter[tuple[float, ...]] = Counter()
    plies = 0
    for _ in range(games):
        ours, theirs = game.new_initial_state(), spiel.new_initial_state()
        while True:
            assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
            assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
            if theirs.is_terminal():
                break
            assert ours.current_player == theirs.current_player()
            named = {notation(theirs.action_to_string(a)): a for a in theirs.legal_actions()}
            assert {a.notation for a in ours.legal_actions()} == set(named), str(theirs)
            move = rng.choice(sorted(named))
            theirs.apply_action(named[move])
            ours.apply(move)
            plies += 1
        outcomes[tuple(theirs.returns())] += 1
    return outcomes, plies
