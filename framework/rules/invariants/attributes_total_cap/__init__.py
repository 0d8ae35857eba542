"""``attributes_total_cap``: the attributes of one piece, added together, never exceed a cap.

```yaml
pieces:
  adaptoid: {max_attributes_total: 6, attributes: {legs: {}, pincers: {}}}
invariants:
  - {type: attributes_total_cap, piece: adaptoid}          # the declared total cap
  - {type: attributes_total_cap, piece: adaptoid, max: 6}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.counting import kind_mask
from framework.limits import MAX_COUNT
from framework.plugins import Invariant, Rule, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class AttributesTotalCapParams(Rule):
    type: Literal["attributes_total_cap"]
    piece: str = Field(description="the piece kind whose attributes are summed")
    max: int | None = Field(default=None, ge=0, le=MAX_COUNT,
                            description="the cap (default: the piece's "
                            "max_attributes_total)")


class AttributesTotalCap(Invariant):
    """No piece carries more attributes in all than its cap."""

    keyword = "attributes_total_cap"
    Params = AttributesTotalCapParams

    def __init__(self, params: AttributesTotalCapParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        piece = game.spec.pieces[params.piece]
        self.cap = params.max if params.max is not None else piece.max_attributes_total
        self.indexes = [game.attributes.index(a) for a in piece.attributes]

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        piece = ctx.spec.pieces.get(params.piece)
        if params.max is None and piece is not None and piece.max_attributes_total is None:
            yield loc, (f"the piece {params.piece!r} declares no max_attributes_total: give "
                        "'max' here or under pieces")

    def violation(self, state: State, before: State | None) -> str | None:
        if self.cap is None:
            return None
        mask = kind_mask(state, self.params.piece)
        for cell in range(self.game.board.size):
            if mask >> cell & 1:
                total = sum(state.attrs[i][cell] for i in self.indexes)
                if total > self.cap:
                    return (f"the {self.params.piece} on {self.game.board.names[cell]} has "
                            f"{total} attributes in all, over the cap of {self.cap}")
        return None

    def describe(self, _: Translate = untranslated) -> str:
        return _("No {piece} carries more than {cap} attributes in all.").format(
            piece=self.params.piece, cap=self.cap)
