"""``slide``: a piece moves any number of cells along a line in one of the given directions,
through empty cells, stopping before the first occupied cell — or on it, capturing, when
``to`` allows (a rook, a bishop, a queen, an amazon).

```yaml
turn:
  - name: move
    type: moves
    options:
      - {type: slide, piece: queen}                           # every direction, to: empty
      - {type: slide, directions: [n, e, s, w], to: empty_or_enemy, max: 2}
```

``directions`` as for ``step`` (omitted: every direction of the board); ``max`` caps the
number of cells (default: no cap). A slide never passes an occupied cell or a hole. With
``from: landed`` and ``effect: place`` it is a shot: a new piece goes on a cell the piece
that just moved could slide to (Amazons' arrow). Written ``{from}{to}``, kind ``slide``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.limits import MAX_DISTANCE
from framework.moves.base import Loc
from framework.moves.lines import Line, LineParams
from framework.plugins import Translate, untranslated
from framework.rules.moves.step import resolved

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.spec.semantics import SpecContext


class SlideParams(LineParams):
    type: Literal["slide"]
    directions: list[str] | None = Field(
        default=None, min_length=1, description="the directions a slide may take: the "
        "board's, or relative to the player's forward (default: every direction)")
    max: int | None = Field(default=None, ge=1, le=MAX_DISTANCE,
                            description="at most this many cells (default: no limit)")


class Slide(Line):
    keyword = "slide"
    reference = ".reference:RefSlide"
    native = ".native:SlidePiece"
    Params = SlideParams

    def __init__(self, params: SlideParams, phase: str, game: CompiledGame) -> None:
        board = game.board
        limit = params.max or board.size
        # Per cell and direction: the ray cut to ``max`` cells, and whether cell ids grow
        # (+1) or shrink (-1) along it, so the nearest blocker is the lowest or the highest
        # bit; 0: neither (a custom board), the ray is walked cell by cell.
        self.lines: list[list[tuple[int, int, tuple[int, ...]]]] = []
        for cell in range(board.size):
            per_direction = []
            for d in range(len(board.directions)):
                cells = tuple(board.ray_cells(cell, d)[:limit])
                up = all(b > a for a, b in zip((cell, *cells), cells, strict=False))
                down = all(b < a for a, b in zip((cell, *cells), cells, strict=False))
                per_direction.append((sum(1 << c for c in cells), 1 if up else -1 if down
                                      else 0, cells))
            self.lines.append(per_direction)
        self.rays = board.rays
        self.game = game
        self.directions = tuple(tuple(resolved(game, params.directions, p))
                                for p in range(len(game.players)))
        super().__init__(params, phase, game)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from super().check_spec(params, loc, ctx)
        yield from ctx.check_directions(params.directions or [], (*loc, "directions"))

    def reach_table(self, player: int) -> tuple[int, ...]:
        return tuple(self.reached(player, c, 0) for c in range(self.game.board.size))

    def reached(self, player: int, src: int, occupied: int) -> int:
        found = 0
        lines = self.lines[src]
        rays = self.rays
        for d in self.directions[player]:
            mask, sign, cells = lines[d]
            blockers = mask & occupied
            if not blockers:
                found |= mask
            elif sign > 0:
                first = (blockers & -blockers).bit_length() - 1
                found |= mask & ~rays[first][d]
            elif sign < 0:
                found |= mask & ~rays[blockers.bit_length() - 1][d]
            else:
                for c in cells:
                    found |= 1 << c
                    if occupied >> c & 1:
                        break
        return found

    def describe(self, _: Translate = untranslated) -> str:
        where = self.directions_text(self.params.directions, _)
        if self.params.max:
            motion = _("slides up to {max} cells {directions} through empty cells").format(
                max=self.params.max, directions=where)
        else:
            motion = _("slides any number of cells {directions} through empty cells").format(
                directions=where)
        return self.describe_move(motion, _)
