"""``edges``: a board whose cells are the lines between the dots of a grid (Dots and
Boxes), each square of four lines a face.

```yaml
board: {type: edges, rows: 2, columns: 2}     # 2 × 2 boxes: 3 × 3 dots, 12 lines
```

``rows`` and ``columns`` count the boxes. The dots are named like a grid's cells (column
letter, ``a`` on the left, then row number, ``1`` at the bottom), and each line by its two
dots, west or south first: ``a1b1`` is the bottom line of the box in the lower left corner,
``a1a2`` its left side. Two lines touch when they share a dot. The faces (the boxes, bottom
row first, left to right) are each the set of their four lines; the rules that score a
completed box (``complete_faces``, ``completes_face``) read them.
"""

from __future__ import annotations

import string
from typing import Literal

import networkx as nx
from pydantic import Field

from framework.limits import MAX_CELLS
from framework.plugins import Rule


class EdgesBoard(Rule):
    """The lines of a grid of boxes, as cells."""

    type: Literal["edges"]
    rows: int = Field(ge=1, le=24, description="number of rows of boxes (dots: rows + 1)")
    columns: int = Field(ge=1, le=24, description="number of columns of boxes (dots: "
                                                   "columns + 1)")
    holes: list[str] = Field(default_factory=list, max_length=MAX_CELLS,
                             description="lines removed from the board")

    @staticmethod
    def dot(row: int, col: int) -> str:
        return f"{string.ascii_lowercase[col]}{row + 1}"

    def line(self, row: int, col: int, horizontal: bool) -> str:
        """The line from dot (row, col) eastwards (horizontal) or northwards."""
        end = self.dot(row, col + 1) if horizontal else self.dot(row + 1, col)
        return self.dot(row, col) + end

    def build(self) -> nx.Graph:
        graph = nx.Graph(shape="circle")
        touching: dict[str, list[str]] = {}
        # Lattice rows: 2r holds the horizontal lines of dot row r, 2r + 1 the vertical
        # lines between dot rows r and r + 1 (bottom first, for position strings).
        for r in range(self.rows + 1):
            for c in range(self.columns + 1):
                for horizontal in (True, False):
                    if (horizontal and c == self.columns) or (not horizontal and r == self.rows):
                        continue
                    name = self.line(r, c, horizontal)
                    pos = (c + 0.5, float(r)) if horizontal else (float(c), r + 0.5)
                    graph.add_node(name, row=2 * r + (0 if horizontal else 1), col=c,
                                   pos=pos, hole=False)
                    for dot in (name[:2], name[2:]):
                        touching.setdefault(dot, []).append(name)
        for lines in touching.values():
            for i, a in enumerate(lines):
                for b in lines[i + 1:]:
                    graph.add_edge(a, b, relation="adjacent")
        graph.graph["faces"] = tuple(
            (self.line(r, c, True), self.line(r, c, False), self.line(r, c + 1, False),
             self.line(r + 1, c, True))
            for r in range(self.rows) for c in range(self.columns))
        return graph
