"""``win_region``: a line of the mover's pieces inside the block where the piece just
landed wins that block for the mover (Ultimate tic-tac-toe's small boards); the win is
recorded, and a won block stays won.

```yaml
regions:
  boards: {rows: 3, columns: 3}
turn:
  - name: mark
    type: moves
    options:
      - type: place
        where: {region: boards, sent_by: last.to}
        then:
          - {type: win_region, regions: boards, length: 3}
goals:
  - {type: line, length: 3, regions: boards}   # three won blocks in a row
```

Automatic, as a consequence under an option's ``then:`` or as a phase after one that
lands a piece. Only the block holding the landing cell is looked at, and only while no one
has won it: a row counts when its ``length`` cells all lie in that block (along any
direction of the board) and all hold the mover's pieces. The block's cells are then
written down as the mover's (the position's ``won.<regions>.<player>``): a region test
treats the block as decided, and the ``line`` goal with ``regions`` counts it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.slots import LANDED, Slot
from framework.limits import MAX_CELLS
from framework.plugins import Loc, Phase, PhaseParams, Translate, untranslated
from framework.spec.regions import won_slot

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class WinRegionParams(PhaseParams):
    type: Literal["win_region"]
    regions: str = Field(description="the regions whose blocks are won (see Regions)")
    length: int = Field(default=3, ge=2, le=MAX_CELLS, description="how many of the "
                        "mover's pieces in a row inside the block win it")


class WinRegion(Phase):
    """The landing's block is won by a row of the mover's inside it."""

    keyword = "win_region"
    Params = WinRegionParams
    decides = False
    slots = (LANDED,)
    reference = ".reference:RefWinRegion"
    native = None
    no_twin_reason = ("the native kernels keep no recorded wins of blocks yet: the Python "
                      "engine plays it")

    def __init__(self, params: WinRegionParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        from framework.rules.goals.line import line_windows

        self.landed = game.slots.index[LANDED.name]
        regions = game.regions[params.regions]
        self.of_cell = regions.of_cell
        self.masks = regions.masks
        self.won = tuple(game.slots.index[won_slot(params.regions, p).name]
                         for p in game.players)
        windows = [w for w, _ in line_windows(game.board, params.length, None)]
        #: Per block, the rows of ``length`` cells that lie wholly inside it.
        self.rows = tuple(tuple(w for w in windows if w & mask == w) for mask in self.masks)

    @classmethod
    def declare_slots(cls, params: Any) -> tuple[Slot, ...]:
        return (LANDED,)  # the won blocks are the regions' own slots (spec/regions.py)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        regions = getattr(ctx.spec, "regions", {})
        if params.regions not in regions:
            yield (*loc, "regions"), ctx.unknown("regions", params.regions, tuple(regions))
            return
        block = regions[params.regions]
        if not ctx.graph.graph.get("directions"):
            yield loc, "win_region looks for rows along the board's directions: it has none"
        elif params.length > max(block.rows, block.columns):
            yield (*loc, "length"), (
                f"no row of {params.length} fits in a block of {block.rows} × "
                f"{block.columns} cells: no block could ever be won")
        yield from ctx.check_landing_before(loc, params.name, "wins the block round the "
                                            "cell the last action landed a piece on")

    def run(self, state: State) -> None:
        cell = state.vars[self.landed]
        if cell < 0:
            return
        block = self.of_cell[cell]
        mask = self.masks[block]
        if any(state.vars[i] & mask for i in self.won):
            return  # won already: it stays the first winner's
        me = state.to_move
        mine = state.owner[me] & mask
        if any(mine & row == row for row in self.rows[block]):
            state.vars[self.won[me]] |= mask

    def describe(self, _: Translate = untranslated) -> str:
        return _("When the piece just put down completes {n} of your pieces in a row inside "
                 "its block ({regions}), you win that block: it stays yours, and no one "
                 "else can win it.").format(n=self.params.length, regions=_(self.params.regions))
