"""Groups of pieces over the board's links, on bitmasks: the connected group of a cell, its
liberties (the empty cells next to it) and the empty regions of a board with the sides
bordering each (Go's captures and area scoring).

A board's links are lowered once into ``Links``: every link goes from a cell ``c`` to a cell
``c + k``, and on a regular board (a grid, a hex board) the offsets ``k`` are few, so the
cells next to a whole mask are a handful of shifts of that mask (each shift restricted to
the cells that have a link with that offset) instead of a loop over its cells. A board with
many different offsets keeps the loop over cells. On 361 cells the masks are Python ints.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

#: More distinct link offsets than this: the loop over cells is cheaper than the shifts.
MAX_SHIFTS = 12


class Links:
    """A board's links as shifts: ``around(mask)`` is every cell linked to a cell of
    ``mask``."""

    __slots__ = ("neighbours", "shifts")

    def __init__(self, neighbours: Sequence[int], max_shifts: int = MAX_SHIFTS) -> None:
        self.neighbours = tuple(neighbours)
        by_offset: dict[int, int] = {}
        for cell, near in enumerate(neighbours):
            while near:
                low = near & -near
                offset = low.bit_length() - 1 - cell
                by_offset[offset] = by_offset.get(offset, 0) | 1 << cell
                near ^= low
        #: (offset, the cells with a link of that offset), or None: loop over cells.
        self.shifts: tuple[tuple[int, int], ...] | None = tuple(sorted(by_offset.items())) \
            if len(by_offset) <= max_shifts else None

    @classmethod
    def of(cls, board: Any, max_shifts: int = MAX_SHIFTS) -> Links:
        """The links of a compiled board, built once and kept with it. A flood over a
        whole region (rather than one group) pays for more shifts: ``max_shifts``."""
        key = "links" if max_shifts == MAX_SHIFTS else ("links", max_shifts)
        found = board.derived.get(key)
        if found is None:
            found = board.derived[key] = cls(board.neighbour_masks, max_shifts)
        return found

    def around(self, mask: int) -> int:
        """Every cell linked to a cell of ``mask`` (``mask`` itself not removed)."""
        shifts = self.shifts
        found = 0
        if shifts is not None:
            for offset, sources in shifts:
                found |= (mask & sources) << offset if offset > 0 else \
                    (mask & sources) >> -offset
            return found
        neighbours = self.neighbours
        while mask:
            low = mask & -mask
            found |= neighbours[low.bit_length() - 1]
            mask ^= low
        return found

    def spread(self, start: int, cells: int) -> int:
        """The cells of ``cells`` connected to those of ``start`` (a mask of some of them)
        through links between cells of ``cells``."""
        reached = frontier = start
        while frontier:
            frontier = self.around(frontier) & cells & ~reached
            reached |= frontier
        return reached

    def group_of(self, cell: int, stones: int) -> int:
        """The cells of ``stones`` connected to ``cell`` through links between cells of
        ``stones`` (``cell`` included; it must be one of them)."""
        group = frontier = 1 << cell
        while frontier:
            frontier = self.around(frontier) & stones & ~group
            group |= frontier
        return group

    def liberties(self, group: int, empty: int) -> int:
        """The empty cells next to a group."""
        return self.around(group) & empty

    def regions(self, cells: int) -> Iterator[int]:
        """The connected regions of ``cells`` (the empty cells: Go's regions), each a mask,
        the one holding the lowest cell first."""
        left = cells
        while left:
            region = self.group_of((left & -left).bit_length() - 1, left)
            left &= ~region
            yield region

    def breathing(self, cells: int, own: int, enemies: Sequence[int], empty: int) -> int:
        """The cells of ``cells`` (empty ones) where a new piece of the side owning ``own``
        has a liberty once the enemy groups it leaves without one are taken off: a cell
        with an empty neighbour; a cell next to an own group that keeps a liberty besides
        it; a cell that is the only liberty of an enemy group next to it (taking the group
        frees a cell). ``enemies``: each other side's pieces. Each group near a surrounded
        cell is grown once."""
        free = cells & self.around(empty)
        surrounded = cells & ~free
        if not surrounded:
            return free
        near = self.around(surrounded)
        for stones, wanted in ((own, False), *((e, True) for e in enemies)):
            left = stones & near
            while left:
                group = self.group_of((left & -left).bit_length() - 1, stones)
                left &= ~group
                libs = self.liberties(group, empty)
                if wanted:  # an enemy group in atari: its last liberty takes it
                    if libs & (libs - 1) == 0:
                        # (one with none at all, in a position written so, goes at the
                        # first piece put next to it)
                        free |= (libs or self.around(group)) & surrounded
                elif libs & (libs - 1):  # two liberties or more: one stays
                    free |= self.around(group) & surrounded
        return free
