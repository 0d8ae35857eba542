"""``line``: a player with ``length`` of its pieces in a row wins.

```yaml
goals:
  - {type: line, length: 3}                      # Tic-tac-toe: any line of the board
  - {type: line, length: 5, exactly: true}       # Gomoku's exactly five (six do not win)
  - {type: line, length: 4, directions: [n, e]}  # only columns and rows (and their opposites)
```

A row runs along one of the board's named directions (see Boards): a grid's compass points,
a hex board's six. ``directions`` lists the ones that count (a direction and its opposite
give the same rows); by default every direction of the board. With ``exactly``, a row
longer than ``length`` does not win. The whole board is looked at on every goal check, so a
row made by any rule (a placement, a conversion) counts. If two players have a row at the
same check, the game's ``tie_break`` decides.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.limits import MAX_CELLS
from framework.plugins import Goal, Rule, Translate, Verdict, ngettext, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledBoard, CompiledGame
    from framework.engine.state import State


class LineParams(Rule):
    type: Literal["line"]
    length: int = Field(default=3, ge=2, le=MAX_CELLS,
                        description="how many pieces in a row win")
    directions: list[str] | None = Field(
        default=None, description="the directions rows run along (default: every direction "
                                  "of the board)")
    exactly: bool = Field(default=False, description="a row longer than length does not "
                                                     "win (Gomoku's exactly five)")
    piece: str | None = Field(default=None, description="the kind counted (default: every "
                                                         "kind)")


def line_windows(board: CompiledBoard, length: int, directions: list[str] | None
                 ) -> list[tuple[int, int]]:
    """Every row of ``length`` cells as (its mask, the mask of the two cells that extend
    it at either end, 0 where the board ends). A direction and its opposite give the same
    rows, so only one of each pair is walked."""
    names = directions if directions is not None else list(board.directions)
    wanted = sorted({min(d, board.opposite[d]) for d in map(board.direction, names)})
    windows: list[tuple[int, int]] = []
    for d in wanted:
        back = board.opposite[d]
        for start in range(board.size):
            cells = [start, *board.ray_cells(start, d)[:length - 1]]
            if len(cells) < length:
                continue
            before, after = board.step[start][back], board.step[cells[-1]][d]
            ends = (1 << before if before >= 0 else 0) | (1 << after if after >= 0 else 0)
            windows.append((sum(1 << c for c in cells), ends))
    return windows


class Line(Goal):
    """N in a row wins."""

    keyword = "line"
    Params = LineParams

    def __init__(self, params: LineParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        board = game.board
        self.kind = game.piece_kinds.index(params.piece) if params.piece else -1
        self.windows = tuple(line_windows(board, params.length, params.directions))

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: Any
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        known = tuple(ctx.spec.board.build().graph.get("directions", ()))
        if not known:
            yield loc, ("the line goal needs a board with named directions (a grid or a hex "
                        "board); this board has none")
            return
        for i, name in enumerate(params.directions or ()):
            if name not in known:
                yield (*loc, "directions", i), ctx.unknown("direction", name, known)

    def evaluate(self, state: State) -> Verdict | None:
        kind_mask = state.kinds[self.kind] if self.kind >= 0 else -1
        exactly = self.params.exactly
        winners = []
        for side, owned in enumerate(state.owner):
            mine = owned & kind_mask
            if mine.bit_count() < self.params.length:
                continue
            for window, ends in self.windows:
                if mine & window == window and not (exactly and mine & ends):
                    winners.append(side)
                    break
        return Verdict(frozenset(winners)) if winners else None

    def describe(self, _: Translate = untranslated) -> str:
        n = self.params.length
        if self.params.exactly:
            text = ngettext("A player with exactly {n} pieces in a row wins (a longer row "
                            "does not).",
                            "A player with exactly {n} pieces in a row wins (a longer row "
                            "does not).", n, _)
        else:
            text = ngettext("A player with {n} pieces in a row wins.",
                            "A player with {n} pieces in a row wins.", n, _)
        text = text.format(n=n)
        if self.params.directions is not None:
            text += " " + _("Rows count along these directions only: {directions}.").format(
                directions=", ".join(self.params.directions))
        return text

