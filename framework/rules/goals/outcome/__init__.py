"""``outcome``: the game ends the moment its ``if:`` holds, with the winner it names —
Ludii's ``(if … (result Mover Win))``.

```yaml
goals:
  - {type: outcome, winner: mover, if: {type: count, of: opponents, at_most: 2}}
  - {type: outcome, winner: draw, if: {type: turn, at_least: 100}}
```

``winner``: ``mover`` (the player who just moved: a goal is checked after a move),
``opponents`` (every other player shares the win), ``draw``, ``score`` (the ``result``
rule decides), or a player's name. An ``outcome`` without an ``if:`` would end every game
at its first check: ``validate`` refuses it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.plugins import (
    Goal,
    GoalParams,
    Loc,
    Translate,
    Verdict,
    conditions_text,
    untranslated,
)

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class OutcomeParams(GoalParams):
    type: Literal["outcome"]
    winner: str = Field(description="mover, opponents, draw, score, or a player's name")


class Outcome(Goal):
    """The game ends, with this outcome, when the conditions hold."""

    keyword = "outcome"
    #: Its sentence says when it acts (``framework.plugins.guarded`` adds nothing).
    words_conditions = True
    Params = OutcomeParams
    reference = ".reference:RefOutcome"
    native = ".native:OutcomePiece"

    def __init__(self, params: OutcomeParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.players = tuple(str(p) for p in game.players)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        named = ("mover", "opponents", "draw", "score", *ctx.players)
        if params.winner not in named:
            yield (*loc, "winner"), ctx.unknown("winner", params.winner, named)
        if not params.if_:
            yield loc, ("an outcome goal without 'if:' would end the game at its first "
                        "check: give the condition that ends it")

    def evaluate(self, state: State) -> Verdict | None:
        winner, mover = self.params.winner, state.last_mover
        if winner == "score":
            return Verdict(score=True)
        if winner == "draw":
            return Verdict(frozenset())
        if winner == "mover":
            return Verdict(frozenset({mover}))
        if winner == "opponents":
            return Verdict(frozenset(range(len(self.players))) - {mover})
        return Verdict(frozenset({self.players.index(winner)}))

    def reason(self, state: State, _: Translate = untranslated) -> str:
        return conditions_text(self.conditions, _)

    def describe(self, _: Translate = untranslated) -> str:
        when = conditions_text(self.conditions, _)
        winner = self.params.winner
        if winner == "mover":
            return _("The game ends when {when}: the player who just moved wins.").format(
                when=when)
        if winner == "opponents":
            return _("The game ends when {when}: the player who just moved loses.").format(
                when=when)
        if winner == "draw":
            return _("The game ends in a draw when {when}.").format(when=when)
        if winner == "score":
            return _("The game ends when {when}, and is scored.").format(when=when)
        return _("The game ends when {when}: {player} wins.").format(when=when,
                                                                    player=_(winner))
