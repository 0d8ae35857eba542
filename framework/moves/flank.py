"""Outflanking, Othello style, on any board with named directions.

A run of enemy pieces is *outflanked* from a cell along a direction when, stepping from the
cell that way, one meets one or more enemy pieces in a row and then one of one's own
pieces (an empty cell, a gap, a hole or the board's edge first: nothing is outflanked).

Both the ``place`` condition ``must_flank`` (legal only where some run is outflanked) and
the ``flip_flanked`` consequence (every outflanked run changes sides) read these tables:
the compiled board's ``step[cell][direction]``; never a graph.
"""

from __future__ import annotations

from collections.abc import Sequence


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
