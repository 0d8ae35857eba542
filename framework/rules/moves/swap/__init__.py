"""``swap``: the pie rule. On the second player's first turn, with the first player's one
piece alone on the board, the second player may take that piece over instead of making a
move of their own.

```yaml
turn:
  - name: place
    type: moves
    options:
      - {type: place, piece: stone}
      - {type: swap, mirror: diagonal}    # Hex, as OpenSpiel plays it: written `swap`
```

The piece becomes the swapping player's, on the same cell (``mirror: none``, for games whose
goal is the same for both players) or on its mirror image across the board's long diagonal
(``mirror: diagonal``: the cell in row c, column r for the cell in row r, column c — on a
Hex board the diagonal from a1 to the far corner). Mirroring keeps the game fair when the
players have different goals: in Hex the first stone, taken over, must sit as well for the
new owner's two sides as it sat for the first player's. Then the turn passes as after any
move. The players keep their sides (no seat changes), so a swap reads like any other action
in records and agents. Two players only.

Which turn the swap belongs to is read from the position: the first round (full-move 1),
the player to move has no piece on the board and exactly one other piece is there.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.moves.base import Loc, Masks, Primitive
from framework.plugins import OptionParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class SwapParams(OptionParams):
    type: Literal["swap"]
    mirror: Literal["none", "diagonal"] = Field(
        default="none", description="the piece taken over stays on its cell, or moves to "
                                    "its mirror cell across the long diagonal (row ↔ column)")
    kind: str = Field(default="swap", description="the action's kind in JSON and records")
    notation: str = Field(default="swap", pattern=r"^[^{}]+$",
                          description="how the swap is written")


def mirror_cells(board: Any) -> dict[str, str] | None:
    """Cell name → the name of the cell with row and column exchanged, for a board built
    from rows and columns (a graph from a board block); None when some cell has no mirror
    image (a board that is not square, holes off the diagonal's symmetry, a custom board)."""
    graph = board.build()
    holes = set(getattr(board, "holes", ()))
    if board.type == "custom":
        return None
    by_coords = {(data["row"], data["col"]): name for name, data in graph.nodes(data=True)
                 if name not in holes}
    mirrored = {}
    for (row, col), name in by_coords.items():
        other = by_coords.get((col, row))
        if other is None:
            return None
        mirrored[name] = other
    return mirrored


class Swap(Primitive):
    keyword = "swap"
    reference = ".reference:RefSwap"
    native = ".native:SwapPiece"
    Params = SwapParams
    by_source = False
    lands: ClassVar[bool] = False

    def __init__(self, params: SwapParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        self.the_action = Action(phase, params.kind, notation=params.notation)
        board = game.board
        self.mirror: tuple[int, ...] = tuple(range(board.size))
        if params.mirror == "diagonal":
            names = mirror_cells(game.spec.board) or {}
            self.mirror = tuple(board.index[names[n]] if n in names else c
                                for c, n in enumerate(board.names))

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if len(ctx.players) != 2:
            yield loc, (f"swap (the pie rule) is for two players, and this game has "
                        f"{len(ctx.players)}")
        if params.mirror == "diagonal" and mirror_cells(ctx.spec.board) is None:
            yield (*loc, "mirror"), ("mirror: diagonal needs a board whose every cell has a "
                                     "mirror image across the long diagonal (row and column "
                                     "exchanged): a square grid or hex_rhombus board; use "
                                     "mirror: none")

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((params.kind, ""),)

    def targets(self, state: State, masks: Masks, src: int) -> int:
        # The target is the piece taken over: one bit, so one action.
        if state.fullmove != 1 or masks.own or masks.enemy.bit_count() != 1:
            return 0
        return masks.enemy

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.the_action

    def apply(self, state: State, action: Action) -> None:
        cell = (state.occupied() & -state.occupied()).bit_length() - 1
        kind = state.kind_of(cell)
        values = [a[cell] for a in state.attrs]
        state.remove(cell)
        target = self.mirror[cell]
        state.place(target, state.to_move, kind)
        for a, value in zip(state.attrs, values, strict=True):
            a[target] = value

    def action_space(self) -> tuple[Action, ...]:
        return (self.the_action,)

    def example(self) -> str:
        return self.params.notation

    def describe(self, _: Translate = untranslated) -> str:
        if self.params.mirror == "diagonal":
            return _("on the second player's first turn only, swap: the first player's one "
                     "piece becomes yours, moved to its mirror cell across the long diagonal "
                     "(row and column exchanged), written {notation}").format(
                notation=self.params.notation)
        return _("on the second player's first turn only, swap: the first player's one "
                 "piece becomes yours, on its cell, written {notation}").format(
            notation=self.params.notation)
