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

``over: own`` lets the piece pass over its own pieces (never over an enemy piece or a
hole); it still ends only where ``to`` allows. ``distance: pieces_on_line`` makes the length
read from the board (Lines of Action): the piece moves exactly as many cells as there are
pieces, of every player and itself included, on the whole line it moves along (both ways
from it, to the board's edges); a direction whose cell at that distance is off the board,
or whose path crosses what the slide may not cross, gives no move:

```yaml
      - {type: slide, distance: pieces_on_line, over: own, to: empty_or_enemy}
```

**Screens.** ``screens: n`` makes the slide pass over exactly ``n`` pieces (anyone's, each
a *screen*, left where it stands) before it may stop: its targets are the cells after the
``n``-th piece along the line, the empty ones up to the next piece and that piece itself
(where ``to`` allows). A hole, a cell of ``no_entry`` or the edge ends the line. The
cannon of xiangqi moves as a rook and takes only over one screen, at any distance (Banqi's
cannon takes the same way):

```yaml
      - {type: slide, piece: cannon, directions: [n, e, s, w]}                # a move
      - {type: slide, piece: cannon, directions: [n, e, s, w], to: enemy, screens: 1}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.bits import iter_bits
from framework.limits import MAX_DISTANCE
from framework.moves.base import Loc
from framework.moves.lines import Line, LineParams
from framework.plugins import Translate, untranslated
from framework.rules.moves.step import resolved

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.moves.attacks import Check
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
    distance: Literal["any", "pieces_on_line"] = Field(
        default="any", description="any: any number of cells (up to max); pieces_on_line: "
        "exactly as many cells as there are pieces (all players', the mover included) on "
        "the whole line the slide runs along")
    over: Literal["empty", "own"] = Field(
        default="empty", description="the cells a slide may pass over: empty ones, or "
        "the mover's own pieces too (never an enemy piece or a hole)")
    screens: int = Field(
        default=0, ge=0, le=MAX_DISTANCE, description="the slide passes over exactly this "
        "many pieces (anyone's, left where they stand) before it may stop: after them, on "
        "an empty cell up to the next piece or on that piece (a cannon: screens: 1)")


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
        #: Passing over own pieces: they do not stop a slide (enemy pieces and holes do).
        self.over_own = params.over == "own"
        #: ``distance: pieces_on_line``: per cell and direction, the whole line through the
        #: cell (both ways, the cell included), whose pieces give the distance, and the
        #: masks of the ray's first k cells (k = 0, 1, ...): the path a move of k + 1 crosses.
        self.counted = params.distance == "pieces_on_line"
        if self.counted:
            self.axes = tuple(tuple((1 << cell) | board.rays[cell][d] |
                                    board.rays[cell][board.opposite[d]]
                                    for d in range(len(board.directions)))
                              for cell in range(board.size))
            self.paths = tuple(tuple(tuple(sum(1 << c for c in cells[:k])
                                           for k in range(len(cells)))
                                     for _mask, _sign, cells in per_direction)
                               for per_direction in self.lines)
        #: ``screens``: how many pieces the slide passes over before it may stop.
        self.screens = params.screens
        super().__init__(params, phase, game)
        if self.screens:
            self.targets = self.screened_targets  # type: ignore[method-assign]
        elif self.counted:
            self.targets = self.counted_targets  # type: ignore[method-assign]
        elif not any(self.barred) and not self.over_own:  # the plain slide: no detour
            self.targets = super().targets  # type: ignore[method-assign]

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from super().check_spec(params, loc, ctx)
        yield from ctx.check_directions(params.directions or [], (*loc, "directions"))
        for key in ("no_stop", "no_entry"):
            zone = getattr(params, key)
            if zone is not None and zone not in ctx.zones:
                yield (*loc, key), ctx.unknown("zone", zone, ctx.zones)
        if params.distance == "pieces_on_line":
            for key, why in (("max", "the distance is read from the board, not capped"),
                             ("no_stop", "a slide of a distance read from the board has no "
                                         "zones to avoid (not supported)"),
                             ("no_entry", "a slide of a distance read from the board has "
                                          "no zones to avoid (not supported)")):
                if getattr(params, key) is not None:
                    yield (*loc, key), f"{key} does not go with distance: pieces_on_line: {why}"
            if params.effect == "place":
                yield (*loc, "effect"), ("effect: place does not go with distance: "
                                         "pieces_on_line: the distance is counted from a "
                                         "moving piece's own line")
        if params.screens:
            if params.distance != "any":
                yield (*loc, "screens"), ("screens does not go with distance: "
                                          "pieces_on_line: a screen slide ends where its "
                                          "screens are, not at a counted distance")
            if params.over != "empty":
                yield (*loc, "screens"), ("screens does not go with over: own: every "
                                          "piece on the line is a screen, own pieces too")
            if params.max is not None:
                yield (*loc, "max"), ("max does not go with screens: a slide over screens "
                                      "runs the whole line (not supported)")
            if params.to == "own":
                yield (*loc, "to"), ("a slide over screens onto one's own piece is not "
                                     "supported (to: empty, enemy, any or empty_or_enemy)")

    def targets(self, state: State, masks: Masks, src: int) -> int:
        me = state.to_move
        if (not self.barred[me] and not self.over_own) or src < 0:
            return super().targets(state, masks, src)
        occupied = masks.enemy | state.gaps | self.walls[me]
        if not self.over_own:
            occupied |= masks.own
        return self.reached(me, src, occupied) & self._allowed(masks) & ~self.barred[me]

    def screened_targets(self, state: State, masks: Masks, src: int) -> int:
        """``screens: n``: per direction, the cells after the n-th piece on the way, up to
        and including the next piece (a hole or a wall ends the line)."""
        me = state.to_move
        pieces = masks.own | masks.enemy
        walls = state.gaps | self.walls[me]
        if src >= 0:
            found = self.screened(me, src, pieces, walls)
        else:
            found = 0
            for s in iter_bits(self.sources(state, masks)):
                found |= self.screened(me, s, pieces, walls)
        return found & self._allowed(masks) & ~self.barred[me]

    def screened(self, player: int, src: int, pieces: int, walls: int) -> int:
        found = 0
        lines = self.lines[src]
        screens = self.screens
        for d in self.directions[player]:
            mask, _sign, cells = lines[d]
            if (mask & pieces).bit_count() < screens:
                continue
            seen = 0
            for c in cells:
                if walls >> c & 1:
                    break
                if pieces >> c & 1:
                    if seen == screens:
                        found |= 1 << c
                        break
                    seen += 1
                elif seen == screens:
                    found |= 1 << c
        return found

    def counted_targets(self, state: State, masks: Masks, src: int) -> int:
        """``distance: pieces_on_line``: per direction, the cell as many cells away as the
        line holds pieces, when the cells before it may all be passed over."""
        if src < 0:
            return 0
        me = state.to_move
        pieces = masks.own | masks.enemy
        blockers = masks.enemy | state.gaps
        if not self.over_own:
            blockers |= masks.own
        found = 0
        axes, paths, lines = self.axes[src], self.paths[src], self.lines[src]
        for d in self.directions[me]:
            n = (pieces & axes[d]).bit_count()
            cells = lines[d][2]
            if n <= len(cells) and not paths[d][n - 1] & blockers:
                found |= 1 << cells[n - 1]
        return found & self._allowed(masks)

    def attack_check(self) -> Check | None:
        """A slide attacks along its lines: the first piece seen from the cell looking
        back along its directions (past its screens); a slide with tests of each candidate
        move, a counted one or one from the landed cell is asked the generic way."""
        if self.from_landed or self.placing or self.candidates is not None or \
                self.counted or self.over_own or any(self.barred):
            return None
        from framework.moves.attacks import slide_check

        return slide_check(self.game, self, self.piece)

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
        if self.counted:
            motion = _("moves in a straight line {directions}, exactly as many cells as "
                       "there are pieces (of both sides, itself included) on that whole "
                       "line").format(directions=where)
            motion += _(", passing over your own pieces but not over enemy ones") \
                if self.over_own else _(", through empty cells")
            return self.describe_move(motion, _)
        if self.screens:
            motion = _("slides any number of cells {directions}, passing over exactly {n} "
                       "piece(s) of either side on its way, which stay where they stand; "
                       "every other cell it crosses is empty").format(
                           directions=where, n=self.screens)
        elif self.params.max:
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
        if self.over_own:
            text += _(", and it may pass over your own pieces (not over enemy ones)")
        return text
