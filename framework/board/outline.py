"""A board's outline: its corners and sides, read from where its cells are drawn.

The corners are the cells at the corners of the board's convex outline (the convex hull of
the cells' drawing positions, holes left out); a side is every cell on the outline between
two neighbouring corners, both corners included. Each is named by the compass direction it
lies in (a corner, seen from the board's centre) or faces (a side, its outward normal),
rounded to the nearest of the eight points ``n ne e se s sw w nw`` with ``n`` up: a hexagon
of hexagons has the corners ``e ne nw w sw se`` and the sides ``ne n nw sw s se``; a
triangle standing on its row 1 the corners ``sw se n`` and the sides ``s ne nw``; a grid the
corners ``sw se ne nw`` and the sides ``s e n w``. A board whose corners (or sides) would
share a name has none of that kind by name. Zones read them as ``{corner: d}`` and
``{side: d}`` (``framework.spec.zones``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import networkx as nx

COMPASS = ("e", "ne", "n", "nw", "w", "sw", "s", "se")
#: How far off a line a drawing position may be and still lie on it (positions are floats
#: with square roots in them).
TOLERANCE = 1e-6


@dataclass(frozen=True)
class Outline:
    """Corner cells by name, and the cells of each side by name (corners included)."""

    corners: dict[str, str]
    sides: dict[str, tuple[str, ...]]


def outline_of(graph: nx.Graph) -> Outline:
    """The board's corners and sides (computed once per graph)."""
    found = graph.graph.get("outline")
    if found is None:
        found = graph.graph["outline"] = _outline(graph)
    return found


def _outline(graph: nx.Graph) -> Outline:
    cells = {n: graph.nodes[n]["pos"] for n in graph.nodes if not graph.nodes[n]["hole"]}
    hull = _hull(sorted(set(cells.values())))
    if len(hull) < 3:
        return Outline({}, {})
    cx = sum(x for x, _ in cells.values()) / len(cells)
    cy = sum(y for _, y in cells.values()) / len(cells)
    at = {pos: name for name, pos in cells.items()}
    corners = {_compass(x - cx, y - cy): at[(x, y)] for x, y in hull}
    sides: dict[str, tuple[str, ...]] = {}
    for (ax, ay), (bx, by) in zip(hull, hull[1:] + hull[:1], strict=True):
        # Counter-clockwise hull: the outward normal is the edge turned clockwise.
        on = [name for name, (x, y) in cells.items()
              if abs((bx - ax) * (y - ay) - (by - ay) * (x - ax)) < TOLERANCE * math.hypot(
                  bx - ax, by - ay)
              and -TOLERANCE <= (x - ax) * (bx - ax) + (y - ay) * (by - ay)
              <= (bx - ax) ** 2 + (by - ay) ** 2 + TOLERANCE]
        on.sort(key=lambda name: (cells[name][0] - ax) * (bx - ax)
                + (cells[name][1] - ay) * (by - ay))
        sides[_compass(by - ay, ax - bx)] = tuple(on)
    return Outline(corners if len(corners) == len(hull) else {},
                   sides if len(sides) == len(hull) else {})


def _compass(dx: float, dy: float) -> str:
    return COMPASS[round(math.degrees(math.atan2(dy, dx)) / 45) % 8]


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The convex hull's corners, counter-clockwise, no three in a line (monotone chain)."""
    def turn(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    if len(points) < 3:
        return points
    lower: list[tuple[float, float]] = []
    upper: list[tuple[float, float]] = []
    for chain, ordered in ((lower, points), (upper, points[::-1])):
        for p in ordered:
            while len(chain) >= 2 and turn(chain[-2], chain[-1], p) <= TOLERANCE:
                chain.pop()
            chain.append(p)
    return lower[:-1] + upper[:-1]
