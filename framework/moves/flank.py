"""Outflanking, Othello style, on any board with named directions.

A run of enemy pieces is *outflanked* from a cell along a direction when, stepping from the
cell that way, one meets one or more enemy pieces in a row and then one of one's own
pieces (an empty cell, a gap, a hole or the board's edge first: nothing is outflanked).

Both the ``place`` condition ``must_flank`` (legal only where some run is outflanked) and
the ``flip_flanked`` consequence (every outflanked run changes sides) read these tables:
the compiled board's ``step[cell][direction]``; never a graph.

Where a direction moves every cell by the same id difference (a grid without holes: cells
are numbered row by row), one step of a whole mask is a shift, and the cells that outflank
along it are found for all cells at once, bitboard style (:class:`Flanker`); other
directions are walked cell by cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from framework.compiler import CompiledBoard


def outflanked(step: Sequence[Sequence[int]], directions: Sequence[int], cell: int,
               own: int, enemy: int) -> int:
    """The mask of every enemy piece outflanked from ``cell`` along ``directions``."""
    taken = 0
    line = step[cell]
    for d in directions:
        at = line[d]
        if at < 0 or not enemy >> at & 1:
            continue
        run = 0
        while at >= 0 and enemy >> at & 1:
            run |= 1 << at
            at = step[at][d]
        if at >= 0 and own >> at & 1:
            taken |= run
    return taken


def flanks(step: Sequence[Sequence[int]], directions: Sequence[int], cell: int,
           own: int, enemy: int) -> bool:
    """Whether a piece on ``cell`` would outflank at least one enemy run."""
    line = step[cell]
    for d in directions:
        at = line[d]
        if at < 0 or not enemy >> at & 1:
            continue
        at = step[at][d]
        while at >= 0 and enemy >> at & 1:
            at = step[at][d]
        if at >= 0 and own >> at & 1:
            return True
    return False


def flanking_cells(step: Sequence[Sequence[int]], directions: Sequence[int],
                   neighbours: Sequence[int], candidates: int, own: int, enemy: int) -> int:
    """The cells of ``candidates`` from which some enemy run is outflanked. Only a cell
    next to an enemy piece can outflank one, so the search starts from the enemies."""
    near = 0
    rest = enemy
    while rest:
        low = rest & -rest
        near |= neighbours[low.bit_length() - 1]
        rest ^= low
    near &= candidates
    found = 0
    while near:
        low = near & -near
        if flanks(step, directions, low.bit_length() - 1, own, enemy):
            found |= low
        near ^= low
    return found


class Flanker:
    """The cells that outflank, over a board's directions (``must_flank``'s question)."""

    def __init__(self, board: CompiledBoard, directions: Sequence[int]) -> None:
        self.step = board.step
        self.neighbours = board.neighbour_masks
        #: Per direction a piece looks along: the shift that steps a mask the opposite way
        #: (from the own piece at the run's far end back to the placing cell), as (the id
        #: difference, the mask of cells that have a next cell that way).
        self.shifts: list[tuple[int, int]] = []
        self.walked: list[int] = []
        for d in directions:
            back = board.opposite[d]
            deltas = {board.step[c][back] - c for c in range(board.size)
                      if board.step[c][back] >= 0}
            if len(deltas) == 1:
                movable = sum(1 << c for c in range(board.size) if board.step[c][back] >= 0)
                self.shifts.append((deltas.pop(), movable))
            else:
                self.walked.append(d)

    def cells(self, candidates: int, own: int, enemy: int) -> int:
        """The cells of ``candidates`` from which some enemy run is outflanked."""
        found = 0
        for delta, movable in self.shifts:
            if delta > 0:
                run = ((own & movable) << delta) & enemy
                while run:
                    ahead = (run & movable) << delta
                    found |= ahead & candidates
                    run = ahead & enemy
            else:
                delta = -delta
                run = ((own & movable) >> delta) & enemy
                while run:
                    ahead = (run & movable) >> delta
                    found |= ahead & candidates
                    run = ahead & enemy
        if self.walked:
            found |= flanking_cells(self.step, self.walked, self.neighbours,
                                    candidates & ~found, own, enemy)
        return found
