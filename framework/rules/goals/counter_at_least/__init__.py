"""``counter_at_least``: a player whose counter reaches a value wins.

```yaml
counters: [captures]
goals:
  - {type: counter_at_least, counter: captures, value: 5}
```

If both players reach it at the same check, the game's ``tie_break`` decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from framework.limits import MAX_COUNT
from framework.plugins import (
    Goal,
    GoalParams,
    Translate,
    Verdict,
    ngettext,
    untranslated,
)
from framework.spec.terms import counter_words

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


class CounterAtLeastParams(GoalParams):
    type: Literal["counter_at_least"]
    counter: str = Field(description="the counter watched")
    value: int = Field(ge=1, le=MAX_COUNT,
                       description="a player whose counter reaches this value wins")


class CounterAtLeast(Goal):
    """Reach a count to win."""

    keyword = "counter_at_least"
    reference = ".reference:RefCounterAtLeast"
    native = ".native:CounterAtLeastPiece"
    Params = CounterAtLeastParams

    def __init__(self, params: CounterAtLeastParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.counter = game.counters.index(params.counter)

    def evaluate(self, state: State) -> Verdict | None:
        value, counter = self.params.value, self.counter
        winners = frozenset(s for s, c in enumerate(state.counters) if c[counter] >= value)
        return Verdict(winners) if winners else None

    def reason(self, state: State, _: Translate = untranslated) -> str:
        n = self.params.value
        return ngettext("{n} {counter} reached", "{n} {counter} reached", n, _).format(
            n=n, counter=counter_words(self.params.counter, _, n))

    def describe(self, _: Translate = untranslated) -> str:
        n = self.params.value
        return ngettext("A player who reaches {n} {counter} wins.",
                        "A player who reaches {n} {counter} wins.", n, _).format(
            n=n, counter=counter_words(self.params.counter, _, n))
