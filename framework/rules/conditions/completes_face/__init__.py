"""``completes_face``: the piece just landed completes a face of the board — every cell
round one of the faces it borders now holds a piece (Dots and Boxes: the line just drawn
closes a box, so the mover plays again).

```yaml
board: {type: edges, rows: 2, columns: 2}
turn:
  - name: draw
    type: moves
    options:
      - {type: place, then: [{type: again, if: {type: completes_face}}]}
```

It reads the cell the last action of this turn landed a piece on and the board's faces
(an ``edges`` board's boxes, ``framework/board/edges.py``); before anything has landed it
does not hold. ``validate`` refuses it on a board without faces. It only says whether a
face was completed; ``complete_faces`` scores the faces completed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from framework.engine.slots import LANDED, Slot
from framework.plugins import Condition, ConditionParams, Loc, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class CompletesFaceParams(ConditionParams):
    type: Literal["completes_face"]


def faces_by_cell(game: CompiledGame) -> tuple[tuple[int, ...], ...]:
    """Per cell, the masks of the faces it borders."""
    faces = game.board.faces
    return tuple(tuple(f for f in faces if f >> c & 1) for c in range(game.board.size))


def check_faces(loc: Loc, ctx: SpecContext, keyword: str) -> Iterator[tuple[Loc, str]]:
    """A rule about faces needs a board that has them."""
    if ctx.graph is not None and not ctx.graph.graph.get("faces"):
        yield loc, (f"{keyword} reads the faces of the board, and a {ctx.spec.board.type} "
                    "board has none: use a board of type edges (its boxes are faces)")


def completed(state: State, faces: tuple[int, ...]) -> int:
    """How many of ``faces`` have a piece on every cell round them."""
    occupied = state.occupied()
    return sum(1 for face in faces if face & occupied == face)


class CompletesFace(Condition):
    """The piece just landed completes a face."""

    keyword = "completes_face"
    Params = CompletesFaceParams
    reference = ".reference:RefCompletesFace"
    native = ".native:CompletesFacePiece"
    slots: ClassVar[tuple[Slot, ...]] = (LANDED,)

    def __init__(self, params: CompletesFaceParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.landed = game.slots.index[LANDED.name]
        self.faces = faces_by_cell(game)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from check_faces(loc, ctx, "completes_face")

    def holds(self, state: State, mover: int) -> bool:
        cell = state.vars[self.landed]
        return cell >= 0 and completed(state, self.faces[cell]) > 0

    def describe(self, _: Translate = untranslated) -> str:
        return _("the piece just put down completes a box (all the cells round it hold a "
                 "piece)")
