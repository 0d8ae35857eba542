"""``attribute_cap``: no piece ever carries more than a cap of one attribute.

```yaml
invariants:
  - {type: attribute_cap, attribute: legs}          # the cap declared under pieces
  - {type: attribute_cap, attribute: legs, max: 6}  # or an explicit one
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.counting import kind_mask, kinds_with_attribute
from framework.limits import MAX_COUNT
from framework.plugins import Invariant, Rule, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class AttributeCapParams(Rule):
    type: Literal["attribute_cap"]
    attribute: str = Field(description="the attribute capped")
    piece: str | None = Field(default=None, description="only this kind (default: every "
                              "kind with the attribute)")
    max: int | None = Field(default=None, ge=0, le=MAX_COUNT, description="the cap (default: the "
                            "attribute's declared max)")


class AttributeCap(Invariant):
    """No piece carries more of an attribute than its cap."""

    keyword = "attribute_cap"
    Params = AttributeCapParams

    def __init__(self, params: AttributeCapParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.caps: list[tuple[str, int]] = []
        for kind in kinds_with_attribute(game, params.attribute, params.piece):
            cap = params.max if params.max is not None \
                else game.spec.pieces[kind].attributes[params.attribute].max
            if cap is not None:
                self.caps.append((kind, cap))
        self.index = game.attributes.index(params.attribute)

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        if params.max is not None or params.attribute not in ctx.attributes:
            return
        if not any(params.attribute in p.attributes
                   and p.attributes[params.attribute].max is not None
                   for p in ctx.spec.pieces.values()):
            yield loc, (f"the attribute {params.attribute!r} declares no max: give 'max' "
                        "here or under pieces.<piece>.attributes")

    def violation(self, state: State, before: State | None) -> str | None:
        values = state.attrs[self.index]
        names = self.game.board.names
        for kind, cap in self.caps:
            mask = kind_mask(state, kind)
            for cell in range(self.game.board.size):
                if mask >> cell & 1 and values[cell] > cap:
                    return (f"the {kind} on {names[cell]} has {self.params.attribute} "
                            f"{values[cell]}, over the cap of {cap}")
        return None

    def describe(self, _: Translate = untranslated) -> str:
        return _("No piece has more {attribute} than its cap.").format(
            attribute=self.params.attribute)
