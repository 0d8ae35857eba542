"""Groups of pieces over the board's links, on bitmasks: the connected group of a cell, its
liberties (the empty cells next to it) and the empty regions of a board with the sides
bordering each (Go's captures and area scoring).

Every function takes ``neighbours``, the compiled board's per-cell masks of linked cells
(``game.board.neighbour_masks``), so any board shape works; on 361 cells the masks are
Python ints, and a flood fill touches each cell of the group once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from framework.engine.bits import iter_bits


def around(mask: int, neighbours: Sequence[int]) -> int:
    """Every cell linked to a cell of ``mask`` (``mask`` itself not removed)."""
    found = 0
    while mask:
        low = mask & -mask
        found |= neighbours[low.bit_length() - 1]
        mask ^= low
    return found


def group_of(cell: int, stones: int, neighbours: Sequence[int]) -> int:
    """The cells of ``stones`` connected to ``cell`` through links between cells of
    ``stones`` (``cell`` included; it must be one of them)."""
    group = frontier = 1 << cell
    while frontier:
        frontier = around(frontier, neighbours) & stones & ~group
        group |= frontier
    return group


def liberties(group: int, empty: int, neighbours: Sequence[int]) -> int:
    """The empty cells next to a group."""
    return around(group, neighbours) & empty


def regions(empty: int, neighbours: Sequence[int]) -> Iterator[int]:
    """The connected regions of the empty cells, each as a mask (lowest cell first)."""
    left = empty
    while left:
        region = group_of((left & -left).bit_length() - 1, left, neighbours)
        left &= ~region
        yield region


def breathes(cell: int, own: int, enemies: Sequence[int], empty: int,
             neighbours: Sequence[int]) -> bool:
    """Whether a piece put on the empty ``cell`` has a liberty once the enemy groups next to
    it that it leaves without liberties are taken off: an empty neighbour, an own group next
    to it with a liberty besides ``cell``, or an enemy group next to it whose only liberty
    is ``cell`` (taking it frees a cell). ``enemies``: each other side's pieces."""
    near = neighbours[cell]
    if near & empty:
        return True
    rest = empty & ~(1 << cell)
    seen = 0
    for c in iter_bits(near & own):
        if not seen >> c & 1:
            group = group_of(c, own, neighbours)
            seen |= group
            if liberties(group, rest, neighbours):
                return True
    for enemy in enemies:
        for c in iter_bits(near & enemy):
            if not seen >> c & 1:
                group = group_of(c, enemy, neighbours)
                seen |= group
                if not liberties(group, rest, neighbours):
                    return True
    return False
