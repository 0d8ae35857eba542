"""Rows of the board through each cell, for the rules that ask whether a piece stands in a
line of a given length (``line_formed``, ``remove``'s spared pieces): built once per game,
tested on bitmasks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from framework.compiler import CompiledBoard


def rows_through(board: CompiledBoard, length: int, directions: list[str] | None
                 ) -> tuple[tuple[int, ...], ...]:
    """Per cell, the masks of every row of ``length`` cells along one of ``directions``
    (default: every direction of the board; a direction and its opposite give the same
    rows) that holds the cell."""
    names = directions if directions is not None else list(board.directions)
    wanted = sorted({min(d, board.opposite[d]) for d in map(board.direction, names)})
    through: list[list[int]] = [[] for _ in range(board.size)]
    for d in wanted:
        for start in range(board.size):
            cells = [start]
            ahead = board.step[start][d]
            while len(cells) < length and ahead >= 0 and ahead not in cells:  # (a ring)
                cells.append(ahead)
                ahead = board.step[ahead][d]
            if len(cells) < length:
                continue
            mask = sum(1 << c for c in cells)
            for c in cells:
                if mask not in through[c]:
                    through[c].append(mask)
    return tuple(tuple(rows) for rows in through)


def in_row(rows: tuple[int, ...], mine: int) -> bool:
    """Whether one of ``rows`` (the rows through a cell) is all ``mine``."""
    return any(row & mine == row for row in rows)
