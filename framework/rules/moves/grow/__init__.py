"""``grow``: add to an attribute of one of the player's pieces, from the supply, within the
attribute's ``max`` and the piece's ``max_attributes_total``.

```yaml
turn:
  - name: build
    type: moves
    options:
      - {type: grow, attribute: legs, by: 1, notation: "{at}+leg"}
```

Named by the piece's cell and the attribute (written ``D5+leg``). It lands no piece.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.engine.supply import attribute_supply, attribute_total, limits
from framework.limits import MAX_COUNT
from framework.moves.base import Loc, Masks, Primitive, written
from framework.plugins import OptionParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class GrowParams(OptionParams):
    type: Literal["grow"]
    attribute: str = Field(description="the attribute that grows")
    by: int = Field(default=1, ge=1, le=MAX_COUNT, description="how much it grows")
    notation: str = Field(default="{at}+{attribute}", description="how a grow is written: "
                          "{at} for the cell, {attribute} for the attribute's name")


class Grow(Primitive):
    keyword = "grow"
    reference = ".reference:RefGrow"
    native = ".native:GrowPiece"
    Params = GrowParams
    by_source = False
    lands = False

    def __init__(self, params: GrowParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        names = game.board.written
        self.attribute = game.attributes.index(params.attribute)
        self.limits = limits(game)
        # The kinds whose pieces carry the attribute.
        self.carriers = tuple(k for k, carried in enumerate(self.limits.carried_by)
                              if self.attribute in carried)
        self.template = self.template.replace("{attribute}", params.attribute)
        self.grows = tuple(Action(phase, "grow", at=c, attribute=params.attribute,
                                  notation=written(self.template, names, dst=c))
                           for c in range(game.board.size))

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.attribute not in ctx.attributes:
            yield (*loc, "attribute"), ctx.unknown("attribute", params.attribute,
                                                   ctx.attributes)

    def action_space(self) -> tuple[Action, ...]:
        return self.grows

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return (("grow", params.attribute),)

    def targets(self, state: State, masks: Masks, src: int) -> int:
        a = self.attribute
        by = self.params.by
        left = attribute_supply(state, state.to_move, a)
        if left is not None and left < by:
            return 0
        candidates = 0
        for kind in self.carriers:
            candidates |= masks.own & state.kinds[kind]
        values = state.attrs[a]
        cells = 0
        for c in iter_bits(candidates):
            kind = state.kind_of(c)
            cap = self.limits.attribute_max[kind][a]
            total = self.limits.total_max[kind]
            if cap is not None and values[c] + by > cap:
                continue
            if total is not None and attribute_total(state, c) + by > total:
                continue
            cells |= 1 << c
        return cells

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.grows[dst]

    def apply(self, state: State, action: Action) -> None:
        state.attrs[self.attribute][action.at] += self.params.by

    def describe(self, _: Translate = untranslated) -> str:
        return _("one of your pieces gains {by} {attribute} from your supply").format(
            by=self.params.by, attribute=_(self.params.attribute))
