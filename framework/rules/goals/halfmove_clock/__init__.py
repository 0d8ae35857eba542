"""``halfmove_clock``: the game ends in a draw when the half-move clock reaches a limit.

```yaml
goals:
  - {type: halfmove_clock, limit: 100}
```

The clock counts turns since a phase last reset it (Ataxx: clones reset it; jumps and passes
add 1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from framework.engine.slots import HALFMOVE
from framework.limits import MAX_COUNT
from framework.plugins import Goal, GoalParams, Translate, Verdict, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


class HalfmoveClockParams(GoalParams):
    type: Literal["halfmove_clock"]
    limit: int = Field(ge=1, le=MAX_COUNT,
                       description="the half-move clock value that ends the game in a "
                                         "draw")


class HalfmoveClock(Goal):
    """A draw after too many turns without a reset."""

    keyword = "halfmove_clock"
    reference = ".reference:RefHalfmoveClock"
    native = ".native:HalfmoveClockPiece"
    Params = HalfmoveClockParams

    def __init__(self, params: HalfmoveClockParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.limit = params.limit  # read on every turn

    def evaluate(self, state: State) -> Verdict | None:
        return Verdict() if state.vars[HALFMOVE] >= self.limit else None

    def describe(self, _: Translate = untranslated) -> str:
        return _("After {limit} turns in a row without a reset of the half-move clock, the "
                 "game is a draw.").format(limit=self.params.limit)
