"""``grid``: rows × columns of square cells.

```yaml
board: {type: grid, rows: 7, columns: 7, adjacency: king, holes: [d4]}
```

Cells are named algebraically: file letter (``a`` = left column) then rank number
(``1`` = bottom row), so a 7×7 board runs ``a1``..``g7``. ``adjacency`` is ``orthogonal``
(4 neighbours), ``diagonal`` (4), ``king`` (8) or ``alquerque`` (the alquerque family's
board of points: every orthogonal link, and the diagonal links of the points whose row and
column add up to an even number, ``a1`` among them: Alquerque 5×5, Fanorona 9×5).
Distances are counted in steps of that adjacency (king: the Chebyshev distance, so c3 and
d5 are 2 apart).

Links are labelled with compass directions (north = towards higher ranks, east = towards
later files): ``n e s w`` on an orthogonal grid, ``ne se sw nw`` on a diagonal one, all
eight on a king grid. Lines (the ``line`` goal) run along them.

``column_letters`` names the columns otherwise (Go: ``abcdefghjklmnopqrst``, no ``i``).
``holes`` removes cells, by name or by a rule over their row and column, counted from 1
(``holes: [{where: "(row <= 2 or row >= 6) and (column <= 2 or column >= 6)"}]`` leaves
the 33-point cross of a 7×7 grid); every board type takes them (``framework/board/holes.py``).
"""

from __future__ import annotations

import string
from typing import Literal

import networkx as nx
from pydantic import Field, model_validator

from framework.board.holes import HoleRule, holes_field
from framework.plugins import Rule


class GridBoard(Rule):
    """A rectangular board of square cells."""

    type: Literal["grid"]
    rows: int = Field(ge=1, le=26, description="number of rows (ranks 1..rows)")
    columns: int = Field(ge=1, le=26, description="number of columns (files a..)")
    adjacency: Literal["orthogonal", "diagonal", "king", "alquerque"] = Field(
        default="orthogonal", description="which cells touch: 4 orthogonal, 4 diagonal, 8, "
        "or alquerque (orthogonal, and diagonal from the cells whose row and column add up "
        "to an even number)")
    case: Literal["lower", "upper"] = Field(default="lower",
                                            description="letter case of the file letters")
    holes: list[str | HoleRule] = holes_field()
    row_one: Literal["bottom", "top"] = Field(
        default="bottom", description="where diagrams and the web app draw row 1: at the "
        "bottom (chess), or at the top (Othello's own notation); the cells, their names "
        "and directions stay the same (n is towards the higher rows)")
    walls: int | None = Field(
        default=None, ge=1, le=26, description="walls this many cells long may stand on the "
        "lines between cells, blocking the links they lie across (Quoridor: 2); see "
        "framework/board/walls.py")
    colour: str | None = Field(default=None, pattern=r"^#[0-9a-fA-F]{6}$",
                               description="one colour for every cell, as #rrggbb "
                                           "(Othello's green); default: a wooden chequer")
    column_letters: str | None = Field(
        default=None, pattern=r"^[a-z]+$",
        description="the letters naming the columns, left to right, one each (Go players "
                    "skip i: abcdefghjklmnopqrst); default: the alphabet. Written in lower "
                    "case; `case: upper` names the cells in capitals")

    @model_validator(mode="after")
    def _enough_letters(self) -> GridBoard:
        letters = self.column_letters
        if letters is not None and (len(set(letters)) != len(letters) or
                                    len(letters) < self.columns):
            raise ValueError(f"column_letters {letters!r}: expected {self.columns} different "
                             f"letters, one per column")
        return self

    def cell_name(self, row: int, col: int) -> str:
        letters = self.column_letters or string.ascii_lowercase
        letter = letters[col] if self.case == "lower" else letters[col].upper()
        return f"{letter}{row + 1}"

    def build(self) -> nx.Graph:
        graph = nx.Graph(shape="square")
        for r in range(self.rows):
            for c in range(self.columns):
                graph.add_node(self.cell_name(r, c), row=r, col=c, pos=(float(c), float(r)),
                               hole=False)
        # Each step is (row change, column change, relation, direction, its opposite):
        # rows grow northwards (rank 1 at the bottom), columns eastwards.
        steps: list[tuple[int, int, str, str, str]] = []
        if self.adjacency in ("orthogonal", "king", "alquerque"):
            steps += [(0, 1, "orthogonal", "e", "w"), (1, 0, "orthogonal", "n", "s")]
        if self.adjacency in ("diagonal", "king", "alquerque"):
            steps += [(1, 1, "diagonal", "ne", "sw"), (1, -1, "diagonal", "nw", "se")]
        graph.graph["directions"] = tuple(d for d in GRID_DIRECTIONS
                                          if any(d in s[3:] for s in steps))
        graph.graph["opposite"] = {d: OPPOSITE[d] for d in graph.graph["directions"]}
        # Every compass point has a bearing, linked or not: a player on a diagonal board
        # may still call north forward.
        graph.graph["bearings"] = {d: 45.0 * i for i, d in enumerate(GRID_DIRECTIONS)}
        for r in range(self.rows):
            for c in range(self.columns):
                for dr, dc, relation, forward, back in steps:
                    if relation == "diagonal" and self.adjacency == "alquerque" \
                            and (r + c) % 2:
                        continue  # an alquerque board's diagonals join its even points
                    if 0 <= r + dr < self.rows and 0 <= c + dc < self.columns:
                        a, b = self.cell_name(r, c), self.cell_name(r + dr, c + dc)
                        graph.add_edge(a, b, relation=relation, dirs={a: forward, b: back})
        return graph


#: A grid's eight directions, clockwise from north, and each one's opposite.
GRID_DIRECTIONS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
OPPOSITE = {d: GRID_DIRECTIONS[(i + 4) % 8] for i, d in enumerate(GRID_DIRECTIONS)}
