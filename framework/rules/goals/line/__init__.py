"""``line``: a player with ``length`` of its pieces in a row wins.

```yaml
goals:
  - {type: line, length: 3}                      # Tic-tac-toe: any line of the board
  - {type: line, length: 5, exactly: true}       # Gomoku's exactly five (six do not win)
  - {type: line, length: 4, directions: [n, e]}  # only columns and rows (and their opposites)
  - {type: line, length: 3, regions: boards}     # three won blocks in a row (see Regions)
```

A row runs along one of the board's named directions (see Boards): a grid's compass points,
a hex board's six. ``directions`` lists the ones that count (a direction and its opposite
give the same rows); by default every direction of the board. With ``exactly``, a row
longer than ``length`` does not win. The whole board is looked at on every goal check, so a
row made by any rule (a placement, a conversion) counts; it tests every row of one shape
at once on the board's bitmasks, so it stays cheap on a 19×19 board. If two players have a
row at the same check, the game's ``tie_break`` decides. The rulebook says "5 or more in a
row" when the board has room for a longer row and ``exactly`` is not set.

With ``regions``, the rows are rows of blocks on the board of blocks (Ultimate
tic-tac-toe's big board): a block counts as the player's once ``win_region`` has recorded
it won by that player, and a row runs along the board's directions from block to
neighbouring block. ``validate`` refuses ``regions`` that no ``win_region`` of the game
records (no block could ever count), and ``exactly`` or ``piece`` beside it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.board.direction_words import axis
from framework.limits import MAX_CELLS
from framework.plugins import Goal, GoalParams, Translate, Verdict, ngettext, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledBoard, CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class LineParams(GoalParams):
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
    regions: str | None = Field(
        default=None, description="count rows of blocks of these regions instead of cells: "
        "a block the player has won (win_region) is one of its pieces on the board of "
        "blocks")


def row_shapes(board: CompiledBoard, length: int, directions: list[str] | None,
               exactly: bool) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]:
    """Every row of ``length`` cells, grouped by shape so that a whole group is tested at
    once: (the offsets from a row's first cell to its other cells, the offsets of the cells
    that must not be the player's — with ``exactly``, the cells just before and after the
    row —, the mask of the first cells of the group's rows). On a grid every row of one
    direction has the same offsets (cell ids run row by row), so a direction is one group;
    a hex board or a custom board has a few more. A direction and its opposite give the
    same rows, so only one of each pair is walked."""
    names = directions if directions is not None else list(board.directions)
    wanted = sorted({min(d, board.opposite[d]) for d in map(board.direction, names)})
    groups: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    for d in wanted:
        back = board.opposite[d]
        for start in range(board.size):
            cells = [start]
            ahead = board.step[start][d]
            while len(cells) < length and ahead >= 0 and ahead not in cells:  # (a ring)
                cells.append(ahead)
                ahead = board.step[ahead][d]
            if len(cells) < length:
                continue
            ends = (board.step[start][back], board.step[cells[-1]][d]) if exactly else ()
            key = (tuple(c - start for c in cells[1:]),
                   tuple(c - start for c in ends if c >= 0))
            groups[key] = groups.get(key, 0) | 1 << start
    return tuple((need, avoid, starts) for (need, avoid), starts in groups.items())


def line_windows(board: CompiledBoard, length: int, directions: list[str] | None
                 ) -> list[tuple[int, int]]:
    """Every row of ``length`` cells as (its mask, the mask of the two cells that extend
    it at either end, 0 where the board ends): the rows one by one, for backends that scan
    them (the native kernels), where the goal itself tests row shapes bitwise. A direction
    and its opposite give the same rows, so only one of each pair is walked."""
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


def block_rows(board: CompiledBoard, layout: tuple[int, int],
               places: tuple[tuple[int, int], ...], length: int,
               directions: list[str] | None) -> tuple[tuple[int, ...], ...]:
    """Every row of ``length`` blocks on the board of blocks (``layout``: its rows and
    columns; ``places``: each block's row and column on it), along the board's directions
    (each as its step in rows and columns on the grid)."""
    names = directions if directions is not None else list(board.directions)
    wanted = sorted({min(d, board.opposite[d]) for d in map(board.direction, names)})
    steps = []
    for d in wanted:
        cell = next(c for c in range(board.size) if board.step[c][d] >= 0)
        (r0, c0), (r1, c1) = board.coords[cell], board.coords[board.step[cell][d]]
        steps.append((r1 - r0, c1 - c0))
    number = {place: i for i, place in enumerate(places)}
    rows = []
    for dr, dc in steps:
        for r, c in places:
            row = [number.get((r + k * dr, c + k * dc), -1) for k in range(length)]
            if -1 not in row:
                rows.append(tuple(row))
    return tuple(rows)


class Line(Goal):
    """N in a row wins."""

    keyword = "line"
    reference = ".reference:RefLine"
    native = ".native:LinePiece"
    Params = LineParams

    def __init__(self, params: LineParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        board = game.board
        self.kind = game.piece_kinds.index(params.piece) if params.piece else -1
        self.shapes = row_shapes(board, params.length, params.directions, params.exactly)
        #: With ``regions``: the rows of blocks (each a tuple of block numbers), and per
        #: player the slot of the blocks it won, and one cell of each block.
        self.block_rows: tuple[tuple[int, ...], ...] = ()
        if params.regions is not None:
            from framework.spec.regions import won_slot

            regions = game.regions[params.regions]
            self.block_rows = block_rows(board, regions.layout, regions.places,
                                         params.length, params.directions)
            self.won = tuple(game.slots.index[won_slot(params.regions, p).name]
                             for p in game.players)
            self.first_cells = tuple(m & -m for m in regions.masks)

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        if params.regions is not None:
            from framework.spec.regions import recorded

            regions = getattr(ctx.spec, "regions", {})
            if params.regions not in regions:
                yield (*loc, "regions"), ctx.unknown("regions", params.regions,
                                                     tuple(regions))
            elif not recorded(ctx.spec, params.regions):
                yield (*loc, "regions"), (
                    f"no block of {params.regions!r} is ever won: a row of blocks counts "
                    f"the blocks win_region records, and the game has no "
                    f"{{type: win_region, regions: {params.regions}}} (put one under the "
                    "placing option's then:)")
            for name, default in (("exactly", False), ("piece", None)):
                if getattr(params, name) != default:
                    yield (*loc, name), (f"{name} does not go with regions (a row of blocks "
                                         "counts won blocks, not pieces)")
        known = tuple(ctx.graph.graph.get("directions", ()))
        if not known:
            yield loc, ("the line goal needs a board with named directions (a grid or a hex "
                        "board); this board has none")
            return
        for i, name in enumerate(params.directions or ()):
            if name not in known:
                yield (*loc, "directions", i), ctx.unknown("direction", name, known)

    def evaluate(self, state: State) -> Verdict | None:
        if self.block_rows:
            return self._blocks(state)
        kind_mask = state.kinds[self.kind] if self.kind >= 0 else -1
        winners = [side for side, owned in enumerate(state.owner)
                   if self.has_row(owned & kind_mask)]
        return Verdict(frozenset(winners)) if winners else None

    def _blocks(self, state: State) -> Verdict | None:
        """A row of blocks, each won by the player (its first cell in the player's won
        blocks)."""
        winners = []
        for side, slot in enumerate(self.won):
            won = state.vars[slot]
            if won and any(all(won & self.first_cells[b] for b in row)
                           for row in self.block_rows):
                winners.append(side)
        return Verdict(frozenset(winners)) if winners else None

    def has_row(self, mine: int) -> bool:
        """Whether ``mine`` holds a row. The whole board is tested at once, bitwise: the
        first cells of a group's rows, narrowed to those whose every other cell (at a fixed
        offset) is the player's too."""
        if mine.bit_count() < self.params.length:
            return False
        for need, avoid, starts in self.shapes:
            found = mine & starts
            for offset in need:
                found &= mine >> offset if offset > 0 else mine << -offset
                if not found:
                    break
            for offset in avoid:
                found &= ~(mine >> offset if offset > 0 else mine << -offset)
            if found:
                return True
        return False

    def winning_row(self, state: State, side: int) -> list[int]:
        """The cells of one row of ``side`` that meets the goal (to draw it), or []."""
        if self.block_rows:
            return []
        kind_mask = state.kinds[self.kind] if self.kind >= 0 else -1
        mine = state.owner[side] & kind_mask
        for need, avoid, starts in self.shapes:
            found = mine & starts
            for offset in need:
                found &= mine >> offset if offset > 0 else mine << -offset
            for offset in avoid:
                found &= ~(mine >> offset if offset > 0 else mine << -offset)
            if found:
                start = (found & -found).bit_length() - 1
                return sorted([start, *(start + offset for offset in need)])
        return []

    def reason(self, state: State, _: Translate = untranslated) -> str:
        n = self.params.length
        if self.params.exactly:
            return ngettext("exactly {n} in a row", "exactly {n} in a row", n, _).format(n=n)
        return ngettext("{n} in a row", "{n} in a row", n, _).format(n=n)

    def describe(self, _: Translate = untranslated) -> str:
        n = self.params.length
        if self.params.regions is not None:
            return _("A player who has won {n} blocks ({regions}) in a row on the board of "
                     "blocks — along a row, a column or a diagonal of blocks — wins.").format(
                         n=n, regions=_(self.params.regions))
        if self.params.exactly:
            text = ngettext("A player with exactly {n} pieces in a row wins (a longer row "
                            "does not).",
                            "A player with exactly {n} pieces in a row wins (a longer row "
                            "does not).", n, _)
        elif row_shapes(self.game.board, n + 1, self.params.directions, False):
            text = ngettext("A player with {n} or more pieces in a row wins.",
                            "A player with {n} or more pieces in a row wins.", n, _)
        else:  # the board has no longer row (Tic-tac-toe): "or more" would puzzle
            text = ngettext("A player with {n} pieces in a row wins.",
                            "A player with {n} pieces in a row wins.", n, _)
        text = text.format(n=n)
        if self.params.directions is not None:
            board = self.game.board
            axes = [axis(name, board.directions[board.opposite[board.direction(name)]], _)
                    for name in self.params.directions]
            text += " " + _("Rows count along these directions only: {directions}.").format(
                directions=", ".join(dict.fromkeys(axes)))
        return text

