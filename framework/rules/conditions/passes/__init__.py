"""``passes``: the last actions of the game were passes in a row (``pass_turn``) — the end
of a game of Go.

```yaml
goals:
  - {type: outcome, winner: score, if: {type: passes, at_least: 2}}
```

Holds when at least ``at_least`` passes were played one after the other, up to the last
action (any other action of the phase breaks the run).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field

from framework.engine.slots import PASSES, Slot
from framework.limits import MAX_COUNT
from framework.plugins import Condition, ConditionParams, Translate, ngettext, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


class PassesParams(ConditionParams):
    type: Literal["passes"]
    at_least: int = Field(ge=1, le=MAX_COUNT, description="holds after this many passes "
                          "in a row")


class Passes(Condition):
    """The last actions were passes in a row."""

    keyword = "passes"
    Params = PassesParams
    slots: ClassVar[tuple[Slot, ...]] = (PASSES,)
    reference = ".reference:RefPasses"
    native = ".native:PassesPiece"

    def __init__(self, params: PassesParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.passes = game.slots.index[PASSES.name]

    def holds(self, state: State, mover: int) -> bool:
        return bool(state.vars[self.passes] >= self.params.at_least)

    def describe(self, _: Translate = untranslated) -> str:
        n = self.params.at_least
        return ngettext("the last move was a pass", "the last {n} moves were passes in a row",
                        n, _).format(n=n)
