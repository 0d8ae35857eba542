"""``majority`` (a result rule): the side with the most pieces on the board wins.

```yaml
result: {type: majority, equal: draw}
```

``equal`` says what a tie for the most pieces is: ``draw`` (nobody wins), or ``shared``
(every player tied for the most wins; with more than two players the others lose). A shared
win is the result rule's own verdict: the game's ``tie_break`` does not undo it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from framework.plugins import Result, ResultParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.engine.state import State


class MajorityParams(ResultParams):
    type: Literal["majority"]
    piece: str | None = Field(default=None, description="the kind counted (default: every "
                                                         "kind)")
    equal: Literal["draw", "shared"] = Field(
        default="draw", description="a tie for the most pieces: a draw, or a win shared by "
                                    "the players tied")


class Majority(Result):
    """Most pieces wins."""

    keyword = "majority"
    reference = ".reference:RefMajority"
    native = ".native:MajorityPiece"
    Params = MajorityParams

    def winners(self, state: State) -> frozenset[int]:
        kinds = state.game.piece_kinds
        kind_mask = state.kinds[kinds.index(self.params.piece)] if self.params.piece else -1
        counts = [(m & kind_mask).bit_count() for m in state.owner]
        best = max(counts)
        leaders = [s for s, c in enumerate(counts) if c == best]
        if len(leaders) == 1 or self.params.equal == "shared":
            return frozenset(leaders)
        return frozenset()

    def describe(self, _: Translate = untranslated) -> str:
        if self.params.equal == "shared":
            return _("The player with the most pieces on the board wins; players tied for "
                     "the most all win.")
        if len(self.game.players) > 2:
            return _("The player with the most pieces on the board wins; a tie for the most "
                     "is a draw.")
        return _("The player with more pieces on the board wins; equal numbers are a draw.")
