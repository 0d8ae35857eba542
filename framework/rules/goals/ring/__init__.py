"""``ring``: a player whose pieces form a closed chain around at least one cell wins
(Havannah's ring).

```yaml
goals:
  - {type: ring}
```

A ring is a chain of the player's touching pieces that closes on itself and fences in at
least one cell of the board: the cells inside may be empty, hold the opponent's pieces or
the player's own. Put as a test: some cell could not be left, step by step from cell to
touching cell, to the edge of the board without crossing another of the player's pieces. A
cell on the edge of the board (one with fewer neighbours than the board's inner cells) is
never fenced in. ``piece`` counts only one kind. The whole board is looked at on every goal
check; if two players hold a ring at the same check, the game's ``tie_break`` decides.

It needs a board of hexagonal cells (``hexhex``, ``hex_rhombus``, ``hex_triangle``), where a
closed chain of touching cells always fences in what it surrounds: on a grid with diagonal
links a chain could be crossed at a diagonal, and ``validate`` refuses it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.moves.groups import Links
from framework.plugins import GoalParams, Translate, untranslated
from framework.rules.goals.sides import SideGoal

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext

#: The board types whose cells are hexagons (every closed chain fences in its inside).
HEX_BOARDS = ("hexhex", "hex_rhombus", "hex_triangle")
#: How many link offsets a board may have for ring's flood to shift masks.
FLOOD_SHIFTS = 64


class RingParams(GoalParams):
    type: Literal["ring"]
    piece: str | None = Field(default=None, description="the kind counted (default: every "
                                                         "kind)")


class Ring(SideGoal):
    """A closed chain of own pieces around at least one cell wins."""

    keyword = "ring"
    reference = ".reference:RefRing"
    native = ".native:RingPiece"
    Params = RingParams

    def __init__(self, params: RingParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        board = game.board
        self.neighbours = board.neighbour_masks
        #: A hexagon board's ids run along rows of different lengths: some 20-40 link
        #: offsets, still cheaper as shifts than a loop over the cells of a whole region.
        self.links = Links.of(board, max_shifts=FLOOD_SHIFTS)
        self.all = board.all_mask
        inner = max(len(ns) for ns in board.neighbours)
        #: The cells with fewer neighbours than an inner cell: the way off the board.
        self.edge = sum(1 << c for c, ns in enumerate(board.neighbours) if len(ns) < inner)

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        yield from super().check_spec(params, loc, ctx)
        board = ctx.spec.board.type
        if board not in HEX_BOARDS:
            yield (*loc, "type"), (f"ring needs a board of hexagonal cells ({', '.join(HEX_BOARDS)}"
                                   f"), not {board!r}: on other boards a closed chain need "
                                   "not fence in the cells it goes round")

    def ringed(self, pieces: int) -> bool:
        """Whether ``pieces`` hold a ring: a region of other cells that cannot reach the
        edge, or a piece off the edge whose every neighbour is a piece (its neighbours are
        a closed chain around it; on hexagons the two cases are all there is)."""
        if not pieces:
            return False
        free = self.all & ~pieces
        if pieces & ~self.edge & ~self.links.around(free):
            return True  # an inner piece with no neighbour but pieces
        return bool(free & ~self.links.spread(free & self.edge, free))

    def met(self, state: State, side: int, pieces: int) -> bool:
        return self.ringed(pieces)

    def reason(self, state: State, _: Translate = untranslated) -> str:
        return _("a ring")

    def describe(self, _: Translate = untranslated) -> str:
        return _("A player wins with a ring: a closed chain of their touching pieces around "
                 "at least one cell, which may be empty or hold anyone's piece.")
