"""``grid``: rows × columns of square cells.

```yaml
board: {type: grid, rows: 7, columns: 7, adjacency: king, holes: [d4]}
```

Cells are named algebraically: file letter (``a`` = left column) then rank number
(``1`` = bottom row), so a 7×7 board runs ``a1``..``g7``. ``adjacency`` is ``orthogonal``
(4 neighbours), ``diagonal`` (4) or ``king`` (8). Distances are counted in steps of that
adjacency (king: the Chebyshev distance, so c3 and d5 are 2 apart).
"""

from __future__ import annotations

import string
from typing import Literal

import networkx as nx
from pydantic import Field

from framework.limits import MAX_CELLS
from framework.plugins import Rule


class GridBoard(Rule):
    """A rectangular board of square cells."""

    type: Literal["grid"]
    rows: int = Field(ge=1, le=26, description="number of rows (ranks 1..rows)")
    columns: int = Field(ge=1, le=26, description="number of columns (files a..)")
    adjacency: Literal["orthogonal", "diagonal", "king"] = Field(
        default="orthogonal", description="which cells touch: 4 orthogonal, 4 diagonal or 8")
    case: Literal["lower", "upper"] = Field(default="lower",
                                            description="letter case of the file letters")
    holes: list[str] = Field(default_factory=list, max_length=MAX_CELLS,
                             description="cells removed from the board (distances still "
                                         "cross them)")

    def cell_name(self, row: int, col: int) -> str:
        letters = string.ascii_lowercase if self.case == "lower" else string.ascii_uppercase
        return f"{letters[col]}{row + 1}"

    def build(self) -> nx.Graph:
        graph = nx.Graph(shape="square")
        for r in range(self.rows):
            for c in range(self.columns):
                graph.add_node(self.cell_name(r, c), row=r, col=c, pos=(float(c), float(r)),
                               hole=False)
        steps: list[tuple[int, int, str]] = []
        if self.adjacency in ("orthogonal", "king"):
            steps += [(0, 1, "orthogonal"), (1, 0, "orthogonal")]
        if self.adjacency in ("diagonal", "king"):
            steps += [(1, 1, "diagonal"), (1, -1, "diagonal")]
        for r in range(self.rows):
            for c in range(self.columns):
                for dr, dc, relation in steps:
                    if 0 <= r + dr < self.rows and 0 <= c + dc < self.columns:
                        graph.add_edge(self.cell_name(r, c), self.cell_name(r + dr, c + dc),
                                       relation=relation)
        return graph
