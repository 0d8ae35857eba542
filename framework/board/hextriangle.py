"""``hex_triangle``: a triangle of hexagonal cells, the board of Y.

```yaml
board: {type: hex_triangle, side: 19}        # Y: 190 cells, a1..s1 along the bottom, a19 on top
```

Cells are named like a ``hex_rhombus``'s — column letter then row number, ``a1`` bottom-left —
and the triangle is the part of the rhombus of side ``side`` where column + row stays below
the side (counting both from 0): row 1 holds ``side`` cells, the top row one. These are the
names and links OpenSpiel's ``y`` uses (its cell ``c2`` is x 2, y 1). Each row sits half a
cell right of the row below it, so the board is an equilateral triangle standing on row 1.

A cell (row r, column c) touches (r, c±1) along its row, and (r+1, c), (r+1, c−1),
(r−1, c), (r−1, c+1) across, where those lie inside: six neighbours inside, four on a side,
two at a corner. Links are labelled as on a ``hex_rhombus`` (``e``/``w`` along a row,
``ne``/``sw`` to (r±1, c), ``nw``/``se`` to (r+1, c−1) and (r−1, c+1)). The three sides are
the zones ``{row: 1}``, ``{column: a}`` and ``{edge: e}`` (the cells with no neighbour to the
east), or ``{side: s}``, ``{side: nw}`` and ``{side: ne}``; the corners are ``{corner: sw}``,
``{corner: se}`` and ``{corner: n}`` (see Zones). Distance is the hex distance.
"""

from __future__ import annotations

import math
import string
from typing import Literal

import networkx as nx
from pydantic import Field

from framework.board.hexhex import HEX_DIRECTIONS
from framework.board.hexrhombus import RHOMBUS_STEPS
from framework.board.holes import HoleRule, holes_field
from framework.plugins import Rule


class HexTriangleBoard(Rule):
    """A triangle of hexagonal cells (Y)."""

    type: Literal["hex_triangle"]
    side: int = Field(ge=2, le=26, description="cells along each of the three sides")
    case: Literal["lower", "upper"] = Field(default="lower",
                                            description="letter case of the column letters")
    holes: list[str | HoleRule] = holes_field()

    def cell_name(self, row: int, col: int) -> str:
        letters = string.ascii_lowercase if self.case == "lower" else string.ascii_uppercase
        return f"{letters[col]}{row + 1}"

    def exists(self, row: int, col: int) -> bool:
        return row >= 0 and col >= 0 and row + col < self.side

    def build(self) -> nx.Graph:
        graph = nx.Graph(shape="hex")
        cells = [(r, c) for r in range(self.side) for c in range(self.side)
                 if self.exists(r, c)]
        for r, c in cells:
            # Pointy-top hexes: one unit between neighbours, each row half a cell right.
            graph.add_node(self.cell_name(r, c), row=r, col=c,
                           pos=(c + r / 2, r * math.sqrt(3) / 2), hole=False)
        graph.graph["directions"] = HEX_DIRECTIONS
        graph.graph["opposite"] = {d: o for _, _, f, b in RHOMBUS_STEPS
                                   for d, o in ((f, b), (b, f))}
        for r, c in cells:
            for dr, dc, forward, back in RHOMBUS_STEPS:
                if self.exists(r + dr, c + dc):
                    a, b = self.cell_name(r, c), self.cell_name(r + dr, c + dc)
                    graph.add_edge(a, b, relation="adjacent", dirs={a: forward, b: back})
        return graph
