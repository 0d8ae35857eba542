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
number of cells (default: no cap). A slide never passes an occupied cell or a hole.
``no_stop`` names a zone whose cells the piece may cross (when empty) but never end on,
``no_entry`` a zone whose cells it neither ends on nor crosses (Tablut's throne, which only
the king may occupy: the other pieces slide with ``no_stop: throne``). With
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
    from framework.engine.state import State
    from framework.moves.base import Masks
    from framework.spec.semantics import SpecContext


class SlideParams(LineParams):
    type: Literal["slide"]
    directions: list[str] | None = Field(
        default=None, min_length=1, description="the directions a slide may take: the "
        "board's, or relative to the player's forward (default: every direction)")
    max: int | None = Field(default=None, ge=1, le=MAX_DISTANCE,
                            description="at most this many cells (default: no limit)")
    no_stop: str | None = Field(default=None, description="a zone whose cells the piece "
                                "may cross but never end on")
    no_entry: str | None = Field(default=None, description="a zone whose cells the piece "
                                 "neither ends on nor crosses")


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
        sides = range(len(game.players))
        #: Per player: the cells a slide may not enter (they stop it as a wall does), and
        #: those it may not end on (entered ones included).
        self.walls = tuple(game.zone_mask(params.no_entry, p) if params.no_entry else 0
                           for p in sides)
        self.barred = tuple(self.walls[p] | (game.zone_mask(params.no_stop, p)
                                             if params.no_stop else 0) for p in sides)
        super().__init__(params, phase, game)
        if not any(self.barred):  # the plain slide: no detour through the method below
            self.targets = super().targets  # type: ignore[method-assign]

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from super().check_spec(params, loc, ctx)
        yield from ctx.check_directions(params.directions or [], (*loc, "directions"))
        for key in ("no_stop", "no_entry"):
            zone = getattr(params, key)
            if zone is not None and zone not in ctx.zones:
                yield (*loc, key), ctx.unknown("zone", zone, ctx.zones)

    def targets(self, state: State, masks: Masks, src: int) -> int:
        me = state.to_move
        if not self.barred[me] or src < 0:
            return super().targets(state, masks, src)
        occupied = masks.own | masks.enemy | state.gaps | self.walls[me]
        return self.reached(me, src, occupied) & self._allowed(masks) & ~self.barred[me]

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
        text = self.describe_move(motion, _)
        if self.params.no_entry:
            text += _(", never entering nor crossing {zone}").format(
                zone=_(self.params.no_entry))
        if self.params.no_stop:
            text += _(", never ending on {zone} (it may cross it when empty)").format(
                zone=_(self.params.no_stop))
        return text
