"""The reference reading of a grid's walls (``framework/board/walls.py``) on cell names: a
wall is the set of links it lies across (pairs of cell names, found by stepping on the
graph) and the points inside it (corners of cells, as (column, row) of the drawing); two
walls overlap when they share a link, and cross when they share an inner point. Read by
the twin of ``wall`` and by the test ``{crosses: walls}``."""

from __future__ import annotations

from typing import Any

from framework.board.walls import wall_places
from framework.reference.position import RefState


def wall_shapes(phase: Any) -> list[tuple[str, frozenset[frozenset[str]], frozenset[Any]]]:
    """Per wall place, in the position's bit order: (name, the links it lies across, its
    inner points)."""
    board = phase.game.spec.board
    length = board.walls
    graph = phase.board.graph
    found = []
    for orientation, r, c in wall_places(board.rows, board.columns, length):
        cell = board.cell_name(r, c)
        along, over = ("e", "n") if orientation == "h" else ("n", "e")
        links, points, at = set(), set(), cell
        x, y = graph.nodes[cell]["col"], graph.nodes[cell]["row"]
        for k in range(length):
            there = phase.board.step(at, over) if at is not None else None
            if at is not None and there is not None:
                links.add(frozenset((at, there)))
            if k:  # the points between the wall's cells
                points.add((x + k, y + 1) if orientation == "h" else (x + 1, y + k))
            at = phase.board.step(at, along) if at is not None else None
        found.append((f"{orientation}@{cell}", frozenset(links), frozenset(points)))
    return found


def standing(phase: Any, s: RefState) -> list[int]:
    bits = s.vars.get("walls") or 0
    return [i for i in range(len(wall_shapes(phase))) if bits >> i & 1]
