"""``pieces_never_decrease``: pieces on the board (in all, or per player) never go down.

```yaml
invariants:
  - {type: pieces_never_decrease}                # Ataxx: clones add, jumps and conversions keep
  - {type: pieces_never_decrease, per: player}   # false in Ataxx: conversions take pieces
```
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from framework.engine.counting import kind_mask
from framework.plugins import Invariant, Rule, Translate, untranslated

if TYPE_CHECKING:
    from framework.engine.state import State


class PiecesNeverDecreaseParams(Rule):
    type: Literal["pieces_never_decrease"]
    piece: str | None = Field(default=None, description="the kind counted (default: all)")
    per: Literal["player", "board"] = Field(default="board", description="count each "
                                            "player's pieces, or all pieces on the board")


class PiecesNeverDecrease(Invariant):
    """The number of pieces on the board never goes down."""

    keyword = "pieces_never_decrease"
    Params = PiecesNeverDecreaseParams

    def _counts(self, state: State) -> list[int]:
        mask = kind_mask(state, self.params.piece)
        if self.params.per == "board":
            return [mask.bit_count()]
        return [(m & mask).bit_count() for m in state.owner]

    def violation(self, state: State, before: State | None) -> str | None:
        if before is None:
            return None
        what = self.params.piece or "pieces"
        pairs = zip(self._counts(before), self._counts(state), strict=True)
        for side, (old, new) in enumerate(pairs):
            if new < old:
                whose = "on the board" if self.params.per == "board" \
                    else f"of {self.game.players[side]}"
                return f"the {what} {whose} went down from {old} to {new}"
        return None

    def describe(self, _: Translate = untranslated) -> str:
        return _("The number of pieces on the board never goes down.")
