"""``compulsory``: when an action of one of these kinds is legal, only such actions are
(forced capture: "if you can attack, you must").

```yaml
restrictions:
  - {type: compulsory, kinds: [attack]}
```

Kinds are the action kinds the phases make (``attack`` for a walk onto an enemy, ``jump``,
``create``, ...); ``phases`` limits the rule to some phases of the turn (default: all).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.plugins import Restriction, Rule, Translate, join_words, untranslated

if TYPE_CHECKING:
    from framework.engine.action import Action
    from framework.engine.state import State


class CompulsoryParams(Rule):
    type: Literal["compulsory"]
    kinds: list[str] = Field(min_length=1, description="the action kinds that, when any "
                             "is legal, are the only legal ones")
    phases: list[str] | None = Field(default=None, description="the phases the rule "
                                     "applies in (default: every phase)")


class Compulsory(Restriction):
    """Some kinds of action, when possible, must be chosen."""

    keyword = "compulsory"
    Params = CompulsoryParams

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: Any
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        for i, phase in enumerate(params.phases or []):
            if phase not in ctx.phases:
                yield (*loc, "phases", i), ctx.unknown("phase", phase, ctx.phases)

    def applies_to(self, phase: str) -> bool:
        return self.params.phases is None or phase in self.params.phases

    def allowed(self, state: State, actions: list[Action]) -> list[Action]:
        kinds = self.params.kinds
        forced = [a for a in actions if a.kind in kinds]
        return forced or actions

    def describe(self, _: Translate = untranslated) -> str:
        return _("Compulsory: when you can play {kinds}, you must play one of them.").format(
            kinds=join_words(_, [_(k) for k in self.params.kinds], either=True))
