"""``majority`` (a result rule): the side with more pieces on the board wins.

```yaml
result: {type: majority, equal: draw}
```
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from framework.plugins import Result, Rule, Translate, untranslated

if TYPE_CHECKING:
    from framework.engine.state import State


class MajorityParams(Rule):
    type: Literal["majority"]
    piece: str | None = Field(default=None, description="the kind counted (default: every "
                                                         "kind)")
    equal: Literal["draw"] = Field(default="draw", description="equal counts: a draw")


class Majority(Result):
    """Most pieces wins."""

    keyword = "majority"
    Params = MajorityParams

    def winners(self, state: State) -> frozenset[int]:
        kinds = state.game.piece_kinds
        kind_mask = state.kinds[kinds.index(self.params.piece)] if self.params.piece else -1
        counts = [(m & kind_mask).bit_count() for m in state.owner]
        best = max(counts)
        leaders = [s for s, c in enumerate(counts) if c == best]
        return frozenset(leaders) if len(leaders) == 1 else frozenset()

    def describe(self, _: Translate = untranslated) -> str:
        return _("The player with more pieces on the board wins; equal numbers are a draw.")
