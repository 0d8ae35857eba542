"""``complete_faces``: one point on the mover's counter for each face of the board that
the piece just landed completes, as ``completes_face`` defines completing (Dots and Boxes:
a box closed by the line just drawn scores).

```yaml
board: {type: edges, rows: 2, columns: 2}
counters: [boxes]
turn:
  - name: draw
    type: moves
    options:
      - type: place
        then:
          - {type: complete_faces, counter: boxes}
          - {type: again, if: {type: completes_face}}
result: {type: majority, counter: boxes}
```

Automatic, as a consequence under an option's ``then:`` or as a phase after one that
lands a piece. Only the faces round the landing cell count, so a face is scored once, by
the player whose piece completed it: a line between two boxes that it closes both scores
2. Like ``completes_face``, it is refused on a board without faces.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.slots import LANDED
from framework.plugins import Loc, Phase, PhaseParams, Translate, untranslated
from framework.rules.conditions.completes_face import check_faces, completed, faces_by_cell

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class CompleteFacesParams(PhaseParams):
    type: Literal["complete_faces"]
    counter: str = Field(description="the mover's counter that each face completed adds 1 "
                                     "to")


class CompleteFaces(Phase):
    """Each face the landing completes scores one for the mover."""

    keyword = "complete_faces"
    Params = CompleteFacesParams
    decides = False
    slots = (LANDED,)
    reference = ".reference:RefCompleteFaces"
    native = ".native:CompleteFacesPiece"

    def __init__(self, params: CompleteFacesParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.landed = game.slots.index[LANDED.name]
        self.counter = game.counters.index(params.counter)
        self.faces = faces_by_cell(game)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from check_faces(loc, ctx, "complete_faces")
        yield from ctx.check_landing_before(loc, params.name, "scores the faces round the "
                                            "cell the last action landed a piece on")

    def run(self, state: State) -> None:
        cell = state.vars[self.landed]
        if cell >= 0:
            state.counters[state.to_move][self.counter] += completed(state, self.faces[cell])

    def describe(self, _: Translate = untranslated) -> str:
        return _("Each box the piece just put down completes (all the cells round it now "
                 "hold a piece) scores 1 for you in {counter}.").format(
                     counter=_(self.params.counter))
