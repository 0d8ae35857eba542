"""The board for the reference interpreter: the networkx graph, queried directly."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

import networkx as nx

from framework.board.directions import RELATIVE_DIRECTIONS
from framework.board.holes import hole_names


class RefBoard:
    """Cells by name; holes stay in the graph (distances run across them) but hold nothing."""

    def __init__(self, spec: Any) -> None:
        self.graph: nx.Graph = spec.board.build()
        self.holes = frozenset(hole_names(spec.board, self.graph))
        self.cells = frozenset(n for n in self.graph.nodes if n not in self.holes)
        self.distances = cache(self._distances)
        self._steps: dict[tuple[str, str], str | None] = {}

    def _distances(self, cell: str) -> dict[str, int]:
        return dict(nx.single_source_shortest_path_length(self.graph, cell))

    def distance(self, a: str, b: str) -> int | None:
        """Steps between two cells along the graph, None when not connected."""
        return self.distances(a).get(b)

    def neighbours(self, cell: str) -> set[str]:
        return {n for n in self.graph.neighbors(cell) if n in self.cells}

    def within(self, cell: str, k: int) -> set[str]:
        """The cells at distance 1..k of ``cell``."""
        return {c for c, d in self.distances(cell).items() if 1 <= d <= k and c in self.cells}

    @property
    def directions(self) -> tuple[str, ...]:
        return tuple(self.graph.graph.get("directions", ()))

    def opposite(self, direction: str) -> str:
        return str(self.graph.graph["opposite"][direction])

    def resolve(self, name: str, forward: str | None) -> str | None:
        """The board direction ``name`` stands for: itself, or for a relative name the
        direction turned from ``forward`` by the range the name says (the nearest to the
        range's first bound), from the angles of the links on the drawing."""
        if name in self.directions:
            return name
        if forward is None or name not in RELATIVE_DIRECTIONS:
            return None
        low, high = RELATIVE_DIRECTIONS[name]
        base = self.angle(forward)
        best: tuple[float, str] | None = None
        for d in self.directions:
            angle = self.angle(d)
            if base is None or angle is None:
                continue
            turn = round((angle - base) % 360, 6)
            if (low == high == turn or low < turn < high) and \
                    (best is None or abs(turn - low) < best[0]):
                best = (abs(turn - low), d)
        return best[1] if best else None

    def angle(self, direction: str) -> float | None:
        """Degrees clockwise from north of a link labelled ``direction`` on the drawing."""
        declared = self.graph.graph.get("bearings", {})
        if direction in declared:
            return float(declared[direction])
        for a, b, dirs in self.graph.edges(data="dirs"):
            for here, there in ((a, b), (b, a)):
                if dirs and dirs.get(here) == direction:
                    (x0, y0), (x1, y1) = (self.graph.nodes[here]["pos"],
                                          self.graph.nodes[there]["pos"])
                    return math.degrees(math.atan2(x1 - x0, y1 - y0)) % 360
        return None

    def walk(self, cell: str, direction: str | None, n: int) -> str | None:
        """The cell ``n`` steps from ``cell`` straight in ``direction`` (None: off the board)."""
        at: str | None = cell
        for _ in range(n):
            at = self.step(at, direction) if at is not None and direction else None
        return at

    def step(self, cell: str, direction: str) -> str | None:
        """The cell one step from ``cell`` in ``direction`` (None: off the board or a hole),
        read from the builder's labels on the links (once per cell and direction)."""
        key = (cell, direction)
        if key not in self._steps:
            self._steps[key] = self._step(cell, direction)
        return self._steps[key]

    def _step(self, cell: str, direction: str) -> str | None:
        for other in self.graph.neighbors(cell):
            if self.graph.edges[cell, other].get("dirs", {}).get(cell) == direction:
                return other if other in self.cells else None
        return None
