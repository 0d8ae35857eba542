"""``counter_never_decreases``: a per-player counter (captures, points) only ever grows.

```yaml
counters: [captures]
invariants:
  - {type: counter_never_decreases, counter: captures}
```
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from framework.plugins import Invariant, Rule, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


class CounterNeverDecreasesParams(Rule):
    type: Literal["counter_never_decreases"]
    counter: str = Field(description="the counter watched")


class CounterNeverDecreases(Invariant):
    """A counter never goes down."""

    keyword = "counter_never_decreases"
    Params = CounterNeverDecreasesParams

    def __init__(self, params: CounterNeverDecreasesParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.index = game.counters.index(params.counter)

    def violation(self, state: State, before: State | None) -> str | None:
        if before is None:
            return None
        for side, player in enumerate(self.game.players):
            old, new = before.counters[side][self.index], state.counters[side][self.index]
            if new < old:
                return f"{player}'s {self.params.counter} went down from {old} to {new}"
        return None

    def describe(self, _: Translate = untranslated) -> str:
        return _("A player's {counter} never go down.").format(counter=self.params.counter)
