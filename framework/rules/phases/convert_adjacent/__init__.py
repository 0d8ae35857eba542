"""``convert_adjacent``: every enemy piece next to the cell just landed on becomes yours.

```yaml
turn:
  - {name: move, type: clone_or_jump}
  - {name: convert, type: convert_adjacent, distance: 1}
```

Automatic (no decision). The pieces keep their kind and attributes; only the owner changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.slots import LANDED
from framework.limits import MAX_DISTANCE
from framework.plugins import Phase, PhaseParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class ConvertAdjacentParams(PhaseParams):
    type: Literal["convert_adjacent"]
    distance: int = Field(default=1, ge=1, le=MAX_DISTANCE,
                          description="converts enemies up to this distance")


class ConvertAdjacent(Phase):
    """Enemies around the landing cell change sides."""

    keyword = "convert_adjacent"
    reference = ".reference:RefConvertAdjacent"
    native = ".native:ConvertPiece"
    Params = ConvertAdjacentParams
    decides = False

    slots = (LANDED,)

    def __init__(self, params: ConvertAdjacentParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.around = game.board.within(params.distance)
        self.landed = game.slots.index[LANDED.name]

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        yield from ctx.check_landing_before(
            loc, params.name, "converts around the cell the last action landed a piece on",
            "clone_or_jump, walk, or build with 'create' do")

    def run(self, state: State) -> None:
        landed = state.vars[self.landed]
        if landed < 0:
            return
        area = self.around[landed]
        me = state.to_move
        owner = state.owner
        for side in range(len(owner)):
            if side != me:
                taken = owner[side] & area
                if taken:
                    owner[side] ^= taken
                    owner[me] |= taken

    def describe(self, _: Translate = untranslated) -> str:
        if self.params.distance == 1:
            return _("Every enemy piece next to the cell you moved to becomes yours.")
        return _("Every enemy piece within distance {distance} of the cell you moved to "
                 "becomes yours.").format(distance=self.params.distance)

