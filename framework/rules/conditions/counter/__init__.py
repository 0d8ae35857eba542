"""``counter``: a side's counter (``counters:``) compared with a number.

```yaml
margins:                       # Backgammon's gammon: the loser has borne off none
  - {value: 2, if: {type: counter, counter: borne_off, exactly: 0}}
```

``of`` says whose counter is read, as ``count`` says it: ``mover`` (default), ``opponents``
(added up), ``all``, or a player's name. The value is compared with ``at_least``,
``at_most`` and ``exactly`` (all those given must hold).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from framework.limits import MAX_COUNT
from framework.plugins import (
    Condition,
    ConditionParams,
    Loc,
    Translate,
    untranslated,
)
from framework.rules.conditions.count import compared, sides_of
from framework.spec.terms import counter_words

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class CounterParams(ConditionParams):
    type: Literal["counter"]
    counter: str = Field(description="the counter read")
    of: str = Field(default="mover", description="whose counter: mover, opponents (added "
                    "up), all, or a player's name")
    at_least: int | None = Field(default=None, ge=0, le=MAX_COUNT,
                                  description="holds when the value is at least this")
    at_most: int | None = Field(default=None, ge=0, le=MAX_COUNT,
                                 description="holds when the value is at most this")
    exactly: int | None = Field(default=None, ge=0, le=MAX_COUNT,
                                 description="holds when the value is exactly this")

    @model_validator(mode="after")
    def _compared(self) -> CounterParams:
        if self.at_least is None and self.at_most is None and self.exactly is None:
            raise ValueError("give at_least, at_most or exactly: what the counter is "
                             "compared with")
        return self


class Counter(Condition):
    """A side's counter, compared with a number."""

    keyword = "counter"
    Params = CounterParams
    reference = ".reference:RefCounter"
    native = ".native:CounterPiece"

    def __init__(self, params: CounterParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.players = tuple(str(p) for p in game.players)
        self.counter = game.counters.index(params.counter) \
            if params.counter in game.counters else -1

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.of not in ("mover", "opponents", "all", *ctx.players):
            yield (*loc, "of"), ctx.unknown("side", params.of,
                                            ("mover", "opponents", "all", *ctx.players))

    @classmethod
    def fixed_in_play(cls, params: Any, ctx: SpecContext) -> str | None:
        if params.counter in ctx.counters and params.counter not in ctx.written_counters:
            return f"no rule of the file changes the counter {params.counter!r}"
        return None

    def holds(self, state: State, mover: int) -> bool:
        return compared(sum(state.counters[s][self.counter] for s in
                            sides_of(self.params.of, mover, self.players)), self.params)

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        one = len(self.players) == 2
        whose = {"mover": _("you have"),
                 "opponents": _("your opponent has") if one else _("your opponents have"),
                 "all": _("the players have")}.get(p.of) or _("{player} has").format(
                     player=_(p.of))
        if p.exactly is not None:
            amount, n = _("exactly {n}").format(n=p.exactly), p.exactly
        elif p.at_least is not None and p.at_most is not None:
            amount, n = _("between {low} and {high}").format(low=p.at_least,
                                                              high=p.at_most), p.at_most
        elif p.at_least is not None:
            amount, n = _("at least {n}").format(n=p.at_least), p.at_least
        else:
            amount, n = _("at most {n}").format(n=p.at_most), p.at_most or 0
        return _("{whose} {amount} {pieces}{where}").format(
            whose=whose, amount=amount, pieces=counter_words(p.counter, _, n), where="")
