"""Why a finished game ended, in words: the goal that ended it (as the engine checked it:
a goal whose ``if:`` does not hold for the player who moved last did not end anything),
else the result rule that scored it, else no move left; and each side's score where the
result rule counts one. The terminal and the web app read this one answer (a record's
``Ending`` header is the engine's own ``State.ending`` keyword)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from framework.plugins import Translate, untranslated

if TYPE_CHECKING:
    from framework.engine.state import State
    from framework.plugins import Goal


@dataclass(frozen=True)
class Ending:
    """``keyword``: the goal's or result's keyword (``no_move`` when neither);
    ``said``: why, in a few words; ``goal``: the goal, if one ended it."""

    keyword: str
    said: str
    goal: Goal | None = None


def ending(state: State, _: Translate = untranslated, lang: str = "") -> Ending:
    """Why ``state``, a finished game, ended, in the file's terms for ``lang`` ("15 checkers
    borne off", not "15 borne_offs"; without a language, its English terms through ``_``)."""
    from framework.spec.terms import TERMS, terms_in

    token = TERMS.set(terms_in(state.game.spec, lang, _))
    try:
        return _ending(state, _)
    finally:
        TERMS.reset(token)


def _ending(state: State, _: Translate) -> Ending:
    game = state.game
    for goal in game.goals:
        if goal.conditions and not goal.active(state, state.last_mover):
            continue  # the engine did not ask it (Go's superko is asked after a placement)
        if goal.evaluate(state) is None:
            continue
        return Ending(goal.keyword, goal.reason(state, _), goal)
    if game.result is not None:
        return Ending(game.result.keyword, game.result.reason(state, _))
    return Ending("no_move", _("no move left"))


def score_line(state: State, _: Translate = untranslated) -> str:
    """``black 36, white 45.5`` where the game's result rule scores each side, else ``""``
    (the players' names in the page's words)."""
    result = state.game.result
    if result is None or not result.scored:
        return ""
    scores = result.scores(state)
    return ", ".join(f"{_(player)} {score:g}" for player, score in
                     zip(state.game.players, scores, strict=True))
