"""``line_formed``: the piece that landed this turn stands in a row of ``length`` of the
mover's pieces — the action has formed a line (a mill in Nine Men's Morris).

```yaml
turn:
  - name: place
    type: moves
    options: [{type: place, piece: man}]
  - name: remove                       # the same player removes an enemy piece
    type: moves
    if: {type: line_formed, length: 3}
    options: [{type: remove, spare_in_line: 3}]
```

A row runs along one of the board's named directions (see Boards), as for the ``line``
goal: ``directions`` lists the ones that count (a direction and its opposite give the same
rows), by default every direction of the board; ``piece`` counts only pieces of that kind.
Only rows through the cell the last action landed a piece on count, so a row that was
already on the board does not form again, while a piece that leaves a row and comes back
forms it anew. Nothing landed this turn (the ``landed`` slot is empty): the condition does
not hold.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from framework.engine.slots import LANDED, Slot
from framework.limits import MAX_CELLS
from framework.moves.rows import in_row, rows_through
from framework.plugins import (
    Condition,
    ConditionParams,
    Loc,
    Translate,
    ngettext,
    untranslated,
)

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class LineFormedParams(ConditionParams):
    type: Literal["line_formed"]
    length: int = Field(default=3, ge=2, le=MAX_CELLS,
                        description="how many of the mover's pieces in a row")
    directions: list[str] | None = Field(
        default=None, description="the directions rows run along (default: every direction "
                                  "of the board)")
    piece: str | None = Field(default=None, description="the kind counted (default: every "
                                                         "kind)")


def check_rows(params: Any, loc: Loc, ctx: SpecContext, what: str
               ) -> Iterator[tuple[Loc, str]]:
    """A rule about rows needs a board whose rows it can follow: named directions, and the
    listed ones among them."""
    known = tuple(ctx.graph.graph.get("directions", ()))
    if not known:
        yield loc, (f"{what} needs a board with named directions (a grid, a hex board, or "
                    "a custom board with directions and link_directions); this board has "
                    "none")
        return
    for i, name in enumerate(params.directions or ()):
        if name not in known:
            yield (*loc, "directions", i), ctx.unknown("direction", name, known)


class LineFormed(Condition):
    """The landed piece is in a row of ``length`` of the mover's pieces."""

    keyword = "line_formed"
    Params = LineFormedParams
    reference = ".reference:RefLineFormed"
    native = ".native:LineFormedPiece"
    slots: ClassVar[tuple[Slot, ...]] = (LANDED,)

    def __init__(self, params: LineFormedParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.slot = game.slots.index[LANDED.name]
        self.kind = game.piece_kinds.index(params.piece) if params.piece else -1
        self.rows = rows_through(game.board, params.length, params.directions)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from check_rows(params, loc, ctx, "line_formed")

    def holds(self, state: State, mover: int) -> bool:
        cell = state.vars[self.slot]
        if cell < 0:
            return False
        mine = state.owner[mover]
        if self.kind >= 0:
            mine &= state.kinds[self.kind]
        return in_row(self.rows[cell], mine)

    def describe(self, _: Translate = untranslated) -> str:
        n = self.params.length
        return ngettext("the piece you have just put down completes a row of {n} of your "
                        "pieces", "the piece you have just put down completes a row of {n} "
                        "of your pieces", n, _).format(n=n)
