"""``turn``: the round the game is in (the full-move number: 1 for every player's first
turn) — first-turn-only rules, an opening, a rule that starts later.

```yaml
turn:
  - name: move
    type: moves
    options:
      - {type: place, if: {type: turn, exactly: 1}}     # the first turn: any empty cell
      - {type: place, where: adjacent, if: {type: turn, at_least: 2}}
```

The round is compared with ``at_least``, ``at_most`` and ``exactly`` (all those given must
hold). A round goes up when every player has had a turn (``turn_order``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from framework.limits import MAX_COUNT
from framework.plugins import Condition, ConditionParams, Translate, untranslated
from framework.rules.conditions.count import compared

if TYPE_CHECKING:
    from framework.engine.state import State


class TurnParams(ConditionParams):
    type: Literal["turn"]
    at_least: int | None = Field(default=None, ge=1, le=MAX_COUNT,
                                  description="holds when the round is at least this")
    at_most: int | None = Field(default=None, ge=1, le=MAX_COUNT,
                                 description="holds when the round is at most this")
    exactly: int | None = Field(default=None, ge=1, le=MAX_COUNT,
                                 description="holds when the round is exactly this")

    @model_validator(mode="after")
    def _compared(self) -> TurnParams:
        if self.at_least is None and self.at_most is None and self.exactly is None:
            raise ValueError("give at_least, at_most or exactly: the round (1: the first)")
        return self


class Turn(Condition):
    """The round of the game, compared with a number."""

    keyword = "turn"
    Params = TurnParams
    reference = ".reference:RefTurn"
    native = ".native:TurnPiece"

    def holds(self, state: State, mover: int) -> bool:
        return compared(state.fullmove, self.params)

    def rounds(self) -> tuple[int, int] | None:
        if self.negated:  # "not turn 1": every round but some, not one span of them
            return None
        p = self.params
        return (max(b for b in (1, p.at_least, p.exactly) if b is not None),
                min(b for b in (MAX_COUNT, p.at_most, p.exactly) if b is not None))

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        if p.exactly == 1 or p.at_most == 1:
            return _("it is your first turn")
        if p.exactly is not None:
            return _("it is turn {n}").format(n=p.exactly)
        if p.at_least is not None and p.at_most is not None:
            return _("it is turn {a} to {b}").format(a=p.at_least, b=p.at_most)
        if p.at_least is not None:
            return _("it is turn {n} or later").format(n=p.at_least)
        return _("it is turn {n} or earlier").format(n=p.at_most)
