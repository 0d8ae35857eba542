"""``hex_rhombus``: a rhombus of hexagonal cells, the board of Hex.

```yaml
board: {type: hex_rhombus, size: 11}        # Hex: 121 cells, a1..k11
board: {type: hex_rhombus, rows: 9, columns: 11}
```

Cells are named like a grid's: column letter (``a`` = left) then row number (``1`` = bottom
row), so an 11×11 board runs ``a1``..``k11`` — the names OpenSpiel's ``hex`` uses, with its
first row drawn at the bottom. Each row sits half a cell right of the row below it, so the
board leans right and its corners a1 and k11 are the sharp (60°) ones.

A cell (row r, column c) touches (r, c±1) along its row and (r+1, c), (r+1, c−1),
(r−1, c), (r−1, c+1) across: six neighbours inside, three at the obtuse corners a11 and k1,
two at the sharp corners. Links are labelled ``e``/``w`` along a row, ``ne``/``sw`` to
(r±1, c) and ``nw``/``se`` to (r+1, c−1) and (r−1, c+1). The four sides are the edges
``{edge: sw}`` (row 1), ``{edge: ne}`` (the top row), ``{edge: w}`` (column a) and
``{edge: e}`` (the last column). Distance is the hex distance.
"""

from __future__ import annotations

import math
import string
from typing import Literal

import networkx as nx
from pydantic import Field, model_validator

from framework.board.hexhex import HEX_DIRECTIONS
from framework.board.holes import HoleRule, holes_field
from framework.plugins import Rule

#: (row change, column change, direction, its opposite): the other three steps are the
#: opposites.
RHOMBUS_STEPS = ((0, 1, "e", "w"), (1, 0, "ne", "sw"), (1, -1, "nw", "se"))


class HexRhombusBoard(Rule):
    """A rhombus of hexagonal cells (Hex)."""

    type: Literal["hex_rhombus"]
    size: int | None = Field(default=None, ge=1, le=26,
                             description="cells along each side (rows and columns)")
    rows: int | None = Field(default=None, ge=1, le=26,
                             description="number of rows (default: size)")
    columns: int | None = Field(default=None, ge=1, le=26,
                                description="number of columns (default: size)")
    case: Literal["lower", "upper"] = Field(default="lower",
                                            description="letter case of the column letters")
    holes: list[str | HoleRule] = holes_field()

    @model_validator(mode="after")
    def _has_a_size(self) -> HexRhombusBoard:
        if self.size is None and (self.rows is None or self.columns is None):
            raise ValueError("a hex_rhombus board needs a size, or both rows and columns")
        return self

    @property
    def height(self) -> int:
        return self.rows if self.rows is not None else self.size or 0

    @property
    def width(self) -> int:
        return self.columns if self.columns is not None else self.size or 0

    def cell_name(self, row: int, col: int) -> str:
        letters = string.ascii_lowercase if self.case == "lower" else string.ascii_uppercase
        return f"{letters[col]}{row + 1}"

    def build(self) -> nx.Graph:
        graph = nx.Graph(shape="hex")
        rows, columns = self.height, self.width
        for r in range(rows):
            for c in range(columns):
                # Pointy-top hexes: one unit between neighbours, each row half a cell right.
                graph.add_node(self.cell_name(r, c), row=r, col=c,
                               pos=(c + r / 2, r * math.sqrt(3) / 2), hole=False)
        graph.graph["directions"] = HEX_DIRECTIONS
        graph.graph["opposite"] = {d: o for _, _, f, b in RHOMBUS_STEPS
                                   for d, o in ((f, b), (b, f))}
        for r in range(rows):
            for c in range(columns):
                for dr, dc, forward, back in RHOMBUS_STEPS:
                    if 0 <= r + dr < rows and 0 <= c + dc < columns:
                        a, b = self.cell_name(r, c), self.cell_name(r + dr, c + dc)
                        graph.add_edge(a, b, relation="adjacent", dirs={a: forward, b: back})
        return graph
