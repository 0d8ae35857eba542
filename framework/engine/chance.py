"""Chance nodes, OpenSpiel's way: a decision taken by chance, not by a player.

A phase with ``chance = True`` (``roll``) is a chance node while the turn stands at it:
``state.current_player`` is ``CHANCE`` (OpenSpiel's ``kChancePlayerId``), its
``legal_actions()`` are the outcomes, ``chance_outcomes()`` pairs each with its probability
(they sum to 1), and ``apply(outcome)`` plays one, as ``apply`` plays a player's action.
Records keep the outcomes as they keep every action, so a replay reads the same dice.

Whoever plays a game (a playout, an agent's search, a match, the browser app's server) draws the
outcome with its own seeded ``random.Random``: ``sample_outcome``. Hidden information
(per-player views) is a separate concern and joins the same state API beside this module.
"""

from __future__ import annotations

from fractions import Fraction
from random import Random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from framework.engine.action import Action
    from framework.engine.state import State

#: OpenSpiel's id of the chance player (``pyspiel.PlayerId.CHANCE``).
CHANCE = -1

Outcomes = list[tuple["Action", Fraction]]


def sample_outcome(outcomes: Outcomes, rng: Random) -> Action:
    """One outcome drawn with its probability. Equal probabilities draw as
    ``rng.choice`` does (so a uniform chance node costs one number, as a player's
    random choice does); others draw one ``rng.random()`` against the cumulated sums."""
    first = outcomes[0][1]
    if all(p == first for _, p in outcomes):
        return rng.choice(outcomes)[0]
    point = Fraction(rng.random())
    total = Fraction(0)
    for action, probability in outcomes:
        total += probability
        if point < total:
            return action
    return outcomes[-1][0]


def drawn_by_chance(state: State) -> list[int]:
    """What chance drew for the turn under way (a roll's dice), as every player sees it:
    empty before the draw and in a game without chance."""
    for phase in state.game.phases:
        if phase.chance:
            values = phase.drawn(state)
            if values:
                return values
    return []


def sample(state: State, rng: Random) -> Action:
    """The outcome chance plays at ``state`` (a chance node), drawn with ``rng``."""
    return sample_outcome(state.chance_outcomes(), rng)
