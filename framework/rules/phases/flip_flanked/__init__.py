"""``flip_flanked``: every run of enemy pieces between the cell just landed on and one of
the player's own pieces, along a direction of the board, becomes the player's (Othello).

```yaml
turn:
  - name: place
    type: moves
    options:
      - {type: place, piece: disc, must_flank: true}
  - {name: flip, type: flip_flanked}                 # every direction of the board
```

Automatic (no decision). Going from the landing cell in a direction, one meets one or more
enemy pieces in a row and then an own piece: that run is outflanked, and all of it changes
sides. An empty cell, a gap, a hole or the edge of the board before an own piece saves the
run. Every direction counts at once: the runs of several directions all flip. With more
than two players a run may mix opponents' pieces. Only the runs that touch the landing
cell flip (no chain reaction from the pieces just turned). The pieces keep their kind and
attributes; only the owner changes.

``directions`` limits the directions looked along (default: every direction of the board,
see Boards). It works after any phase that lands a piece: ``place``, ``walk``,
``clone_or_jump``, ``build`` with ``create``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.slots import LANDED
from framework.moves.flank import outflanked
from framework.plugins import Phase, PhaseParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class FlipFlankedParams(PhaseParams):
    type: Literal["flip_flanked"]
    directions: list[str] | None = Field(
        default=None, min_length=1, max_length=32,
        description="the directions looked along from the landing cell (default: every "
                    "direction of the board)")


class FlipFlanked(Phase):
    """Enemy runs outflanked from the landing cell change sides."""

    keyword = "flip_flanked"
    reference = ".reference:RefFlipFlanked"
    native = ".native:FlipFlankedPiece"
    Params = FlipFlankedParams
    decides = False

    slots = (LANDED,)

    def __init__(self, params: FlipFlankedParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        board = game.board
        self.step = board.step
        self.directions = tuple(board.direction(d) for d in params.directions) \
            if params.directions else tuple(range(len(board.directions)))
        self.landed = game.slots.index[LANDED.name]

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        yield from ctx.check_landing_before(
            loc, params.name, "flips the runs outflanked from the cell the last action "
            "landed a piece on", "place, clone_or_jump, walk, or build with 'create' do")
        if not ctx.board_directions:
            yield loc, (f"phase {params.name!r} looks along the board's directions, but this "
                        "board has none (grids and hex boards have them, custom boards "
                        "when they name them)")
            return
        yield from ctx.check_directions(params.directions or (), (*loc, "directions"),
                                        board_only=True)

    def run(self, state: State) -> None:
        landed = state.vars[self.landed]
        if landed < 0:
            return
        me = state.to_move
        owner = state.owner
        enemy = 0
        for side, mask in enumerate(owner):
            if side != me:
                enemy |= mask
        # A run is enemy pieces in a row, of one opponent or several (as must_flank reads it).
        taken = outflanked(self.step, self.directions, landed, owner[me], enemy)
        if taken:
            for side in range(len(owner)):
                owner[side] &= ~taken
            owner[me] |= taken

    def describe(self, _: Translate = untranslated) -> str:
        if self.params.directions:
            return _("Every line of enemy pieces between the piece that just landed and one "
                     "of your pieces, in directions {directions}, becomes yours.").format(
                directions=", ".join(self.params.directions))
        return _("Every line of enemy pieces between the piece that just landed and one of "
                 "your pieces, in any direction, becomes yours.")
