"""``max_pieces``: never more than a number of pieces on the board (per player or in all).

```yaml
invariants:
  - {type: max_pieces, max: 49, per: board}               # every kind together
  - {type: max_pieces, piece: adaptoid, max: 12, per: player}
```
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from framework.engine.counting import kind_mask
from framework.limits import MAX_COUNT
from framework.plugins import Invariant, Rule, Translate, untranslated

if TYPE_CHECKING:
    from framework.engine.state import State


class MaxPiecesParams(Rule):
    type: Literal["max_pieces"]
    piece: str | None = Field(default=None, description="the kind counted (default: all)")
    max: int = Field(ge=0, le=MAX_COUNT, description="the most pieces allowed")
    per: Literal["player", "board"] = Field(default="player", description="count each "
                                            "player's pieces, or all pieces on the board")


class MaxPieces(Invariant):
    """Never more than ``max`` pieces."""

    keyword = "max_pieces"
    Params = MaxPiecesParams

    def violation(self, state: State, before: State | None) -> str | None:
        p = self.params
        mask = kind_mask(state, p.piece)
        what = p.piece or "pieces"
        if p.per == "board":
            count = mask.bit_count()
            return f"{count} {what} on the board, over {p.max}" if count > p.max else None
        for side, player in enumerate(self.game.players):
            count = (state.owner[side] & mask).bit_count()
            if count > p.max:
                return f"{player} has {count} {what} on the board, over {p.max}"
        return None

    def describe(self, _: Translate = untranslated) -> str:
        return _("There are never more than {max} pieces on the board.").format(
            max=self.params.max)
