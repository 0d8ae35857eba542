"""``leap``: a piece jumps to a cell at a fixed offset, whatever stands between (a knight).

```yaml
      - {type: leap, piece: knight, offsets: [[1, 2]], symmetric: true, to: empty_or_enemy}
      - {type: leap, paths: [[forward, forward, left], [forward, forward, right]]}
```

``offsets`` are (file, rank) deltas on a board with rows and columns (a grid): ``[1, 2]``
is one file right and two ranks up; ``symmetric: true`` adds every reflection and rotation
of each offset (the knight's eight from one). ``paths`` are sequences of directions (the
board's, or relative to the player's ``forward``) on any board with directions: the leap
ends where the sequence of steps does, each step over any piece (a hole or the edge ends
the path). ``to`` says which cells a leap may end on; a piece there is removed. Written
``{from}{to}``, kind ``leap``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from framework.limits import MAX_DISTANCE
from framework.moves.base import Loc
from framework.moves.lines import Line, LineParams, direction_word
from framework.plugins import Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.spec.semantics import SpecContext

Offset = tuple[int, int]


class LeapParams(LineParams):
    type: Literal["leap"]
    offsets: list[tuple[int, int]] | None = Field(
        default=None, min_length=1, description="(file, rank) deltas on a grid: [1, 2] is "
        "one file right, two ranks up")
    symmetric: bool = Field(default=False, description="add every reflection and rotation "
                            "of each offset")
    paths: list[list[str]] | None = Field(
        default=None, min_length=1, description="sequences of directions; the leap ends "
        "where the steps end, over any piece")

    @model_validator(mode="after")
    def _one_shape(self) -> LeapParams:
        if (self.offsets is None) == (self.paths is None):
            raise ValueError("give either 'offsets' or 'paths'")
        for dx, dy in self.offsets or ():
            if max(abs(dx), abs(dy)) > MAX_DISTANCE or (dx, dy) == (0, 0):
                raise ValueError(f"offset {[dx, dy]} must be a nonzero move of at most "
                                 f"{MAX_DISTANCE} cells each way")
        return self


def symmetric_offsets(offsets: list[tuple[int, int]], symmetric: bool) -> list[Offset]:
    found: list[Offset] = []
    for dx, dy in offsets:
        variants = [(dx, dy)]
        if symmetric:
            variants = [(a * sx, b * sy) for a, b in ((dx, dy), (dy, dx))
                        for sx in (1, -1) for sy in (1, -1)]
        found += [v for v in variants if v not in found]
    return found


class Leap(Line):
    keyword = "leap"
    reference = ".reference:RefLeap"
    native = ".native:LeapPiece"
    Params = LeapParams

    def __init__(self, params: LeapParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from super().check_spec(params, loc, ctx)
        for i, path in enumerate(params.paths or []):
            yield from ctx.check_directions(path, (*loc, "paths", i))
        if params.offsets is not None and ctx.spec.board.type != "grid":
            yield (*loc, "offsets"), ("offsets need a grid (files and ranks); on this "
                                      "board give 'paths' of directions")

    def reach_table(self, player: int) -> tuple[int, ...]:
        board = self.game.board
        params = self.params
        table = []
        if params.offsets is not None:
            lattice = {rc: c for c, rc in enumerate(board.coords)}
            moves = symmetric_offsets(params.offsets, params.symmetric)
            for cell in range(board.size):
                row, col = board.coords[cell]
                ends = (lattice.get((row + dy, col + dx), -1) for dx, dy in moves)
                table.append(sum(1 << e for e in set(ends) if e >= 0))
            return tuple(table)
        paths = [[self.game.board_direction(n, player) for n in path]
                 for path in params.paths]
        for cell in range(board.size):
            mask = 0
            for path in paths:
                at = cell
                for d in path:
                    at = board.step[at][d] if at >= 0 and d >= 0 else -1
                if at >= 0 and at != cell:
                    mask |= 1 << at
            table.append(mask)
        return tuple(table)

    def ways(self, player: int, src: int, dst: int) -> tuple[int, ...]:
        """A leap by offsets passes over no cell; one by paths over the cells its steps
        stop on before the last (one way per path that ends on ``dst``)."""
        if self.params.paths is None:
            return (0,)
        step = self.game.board.step
        found: list[int] = []
        for path in self.params.paths:
            at, passed = src, 0
            for d in (self.game.board_direction(n, player) for n in path):
                if at >= 0 and at != src:
                    passed |= 1 << at
                at = step[at][d] if at >= 0 and d >= 0 else -1
            if at == dst and passed not in found:
                found.append(passed)
        return tuple(found) or (0,)

    def describe(self, _: Translate = untranslated) -> str:
        params = self.params
        if params.offsets is not None and params.symmetric and len(params.offsets) == 1 and \
                0 < abs(params.offsets[0][0]) != abs(params.offsets[0][1]) > 0:
            near, far = sorted(abs(d) for d in params.offsets[0])
            motion = _("leaps over anything to the cell {far} cells away along a row or a "
                       "column and then {near} to the side").format(far=far, near=near)
        elif params.offsets is not None:
            shown = ", ".join(f"({dx}, {dy})" for dx, dy in
                              symmetric_offsets(params.offsets, params.symmetric))
            motion = _("leaps over anything to the cell at a (file, rank) offset of "
                       "{offsets}").format(offsets=shown)
        else:
            shown = "; ".join(", ".join(direction_word(d, _) for d in path)
                              for path in params.paths)
            motion = _("leaps over anything to the cell at the end of the steps "
                       "{paths}").format(paths=shown)
        return self.describe_move(motion, _)
