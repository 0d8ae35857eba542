"""Walls: places on the lines between a grid's cells (``board: {type: grid, walls: 2}``),
each wall as long as ``walls`` cells, blocking the links it lies across (Quoridor).

A horizontal wall ``h@<cell>`` lies on the line above the row of ``<cell>``, from the left
side of ``<cell>`` over ``walls`` columns to the east: it blocks the steps north and south
across it. A vertical wall ``v@<cell>`` lies on the line to the right of ``<cell>``, from
its bottom over ``walls`` rows to the north: it blocks the steps east and west across it.
On a 9 × 9 grid with walls of 2 there are 64 of each, ``h@a1`` .. ``h@h8`` and ``v@a1`` ..
``v@h8``, named by the bottom-left cell of the 2 × 2 square whose middle they pass through.
Two walls may not overlap (lie across one link) or cross (a horizontal and a vertical one
passing through one point inside both); touching end to end or in a T is allowed.

The walls standing are one value of the position, ``walls``: a whole number with one bit
per wall, in the order of :func:`wall_places`. The ``wall`` move puts one up; the test
``{crosses: walls}`` of a candidate move holds when the move passes across a standing wall.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from framework.engine.slots import Slot

if TYPE_CHECKING:
    from framework.compiler import CompiledGame

#: The walls standing: one bit per wall place, in the order of ``wall_places``.
WALLS = Slot("walls", kind="int")


def wall_places(rows: int, columns: int, length: int) -> list[tuple[str, int, int]]:
    """Every wall place of a grid, as (orientation ``h`` or ``v``, row, column of the cell
    it is named by), bottom row first, each row's horizontal walls then its vertical ones."""
    found: list[tuple[str, int, int]] = []
    for r in range(rows):
        found += [("h", r, c) for c in range(columns - length + 1) if r < rows - 1]
        found += [("v", r, c) for c in range(columns - 1) if r < rows - length + 1]
    return found


def wall_name(orientation: str, cell: str) -> str:
    return f"{orientation}@{cell}"


def across(orientation: str, r: int, c: int, length: int) -> list[tuple[tuple[int, int],
                                                                         tuple[int, int]]]:
    """The links (pairs of (row, column)) a wall lies across."""
    if orientation == "h":
        return [((r, c + k), (r + 1, c + k)) for k in range(length)]
    return [((r + k, c), (r + k, c + 1)) for k in range(length)]


def crossing(a: tuple[str, int, int], b: tuple[str, int, int], length: int) -> bool:
    """Whether a horizontal and a vertical wall pass through one point inside both: the
    horizontal one runs on y = r + 1 from x = c to c + length, the vertical one on
    x = c' + 1 from y = r' to r' + length (cell (r, c) spans x in [c, c + 1], y in [r, r + 1])."""
    (oa, ra, ca), (ob, rb, cb) = sorted([a, b])
    if oa == ob:
        return False
    return ca < cb + 1 < ca + length and rb < ra + 1 < rb + length


@dataclass(frozen=True)
class Walls:
    """A grid's wall places as int tables."""

    names: tuple[str, ...]
    #: (cell, cell) of a link, both ways -> the mask of the walls across it.
    blocks: dict[tuple[int, int], int]
    #: Per wall, the walls it may not stand with (itself included): overlapping, crossing.
    conflicts: tuple[int, ...]


def walls_of(game: CompiledGame) -> Walls:
    """The wall places of the game's board (built once, kept with the game)."""
    found = game.derived.get("walls")
    if found is None:
        found = _build(game)
        game.derived["walls"] = found
    return found


def _build(game: CompiledGame) -> Walls:
    spec: Any = game.spec.board
    length = spec.walls
    board = game.board
    at = {coords: c for c, coords in enumerate(board.coords)}
    places = wall_places(spec.rows, spec.columns, length)
    names = tuple(wall_name(o, spec.cell_name(r, c)) for o, r, c in places)
    blocks: dict[tuple[int, int], int] = {}
    links = []
    for i, (o, r, c) in enumerate(places):
        mine = set()
        for a, b in across(o, r, c, length):
            if a in at and b in at:  # (a hole leaves no link to block)
                for key in ((at[a], at[b]), (at[b], at[a])):
                    blocks[key] = blocks.get(key, 0) | 1 << i
                mine.add((at[a], at[b]))
        links.append(mine)
    conflicts = tuple(sum(1 << j for j, other in enumerate(places)
                          if j == i or links[i] & links[j]
                          or crossing(place, other, length))
                      for i, place in enumerate(places))
    return Walls(names, blocks, conflicts)
