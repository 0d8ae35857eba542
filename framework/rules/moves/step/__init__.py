"""``step``: a piece moves to the next cell in one of the given directions.

```yaml
turn:
  - name: move
    type: moves
    options:
      - {type: step, directions: [forward, forward_left, forward_right]}        # to: empty
      - {type: step, directions: [forward_left, forward_right], to: enemy, kind: capture,
         notation: "{from}{to}*"}
```

``directions`` are the board's (``n``, ``ne``, … on a grid; see Boards) or relative to the
player's ``forward`` (``forward``, ``forward_left``, ``left``, …); omitted, every direction
of the board. ``to`` says which cells a step may end on (``empty``, ``enemy``, ``own``,
``any``, ``empty_or_enemy``); a piece there is removed. With ``from: landed`` only the piece
that just landed steps, and with ``effect: place`` a new piece goes on the cell instead
(see the shared parameters in ``framework/moves/lines.py``). A step is written ``{from}{to}``
(``a2a3``), its kind is ``step`` unless ``kind`` says otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.moves.base import Loc
from framework.moves.lines import Line, LineParams
from framework.plugins import Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.spec.semantics import SpecContext


class StepParams(LineParams):
    type: Literal["step"]
    directions: list[str] | None = Field(
        default=None, min_length=1, description="the directions a step may take: the "
        "board's, or relative to the player's forward (default: every direction)")


def resolved(game: CompiledGame, names: list[str] | None, player: int) -> list[int]:
    """The board direction indices ``names`` stand for, for ``player`` (all when None);
    a name the board has no direction for (a diagonal on an orthogonal grid) is left out."""
    if names is None:
        return list(range(len(game.board.directions)))
    found = [game.board_direction(n, player) for n in names]
    return [d for d in dict.fromkeys(found) if d >= 0]


class Step(Line):
    keyword = "step"
    reference = ".reference:RefStep"
    native = ".native:StepPiece"
    Params = StepParams

    def __init__(self, params: StepParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from super().check_spec(params, loc, ctx)
        yield from ctx.check_directions(params.directions or [], (*loc, "directions"))

    def reach_table(self, player: int) -> tuple[int, ...]:
        step = self.game.board.step
        dirs = resolved(self.game, self.params.directions, player)
        return tuple(sum(1 << to for to in {step[c][d] for d in dirs} if to >= 0)
                     for c in range(self.game.board.size))

    def describe(self, _: Translate = untranslated) -> str:
        return self.describe_move(_("steps to the next cell {directions}").format(
            directions=self.directions_text(self.params.directions, _)), _)
