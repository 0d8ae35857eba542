"""The board for the reference interpreter: the networkx graph, queried directly."""

from __future__ import annotations

from functools import cache
from typing import Any

import networkx as nx


class RefBoard:
    """Cells by name; holes stay in the graph (distances run across them) but hold nothing."""

    def __init__(self, spec: Any) -> None:
        self.graph: nx.Graph = spec.board.build()
        self.holes = frozenset(spec.board.holes)
        self.cells = frozenset(n for n in self.graph.nodes if n not in self.holes)
        self.distances = cache(self._distances)
        self._steps: dict[tuple[str, str], str | None] = {}  # step's answers, remembered

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

    def step(self, cell: str, direction: str) -> str | None:
        """The cell one step from ``cell`` in ``direction`` (None: off the board or a hole),
        read from the builder's labels on the links."""
        if (cell, direction) not in self._steps:
            found = None
            for other in self.graph.neighbors(cell):
                if self.graph.edges[cell, other].get("dirs", {}).get(cell) == direction:
                    found = other if other in self.cells else None
            self._steps[cell, direction] = found
        return self._steps[cell, direction]
