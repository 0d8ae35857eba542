"""``star``: a six-pointed star of hexagonal cells (Chinese checkers, Halma on a star).

```yaml
board: {type: star, points: 4}          # Chinese checkers: 121 cells, A5..Q13
```

A hexagon of ``points + 1`` cells to a side with a triangle of ``points`` rows on each of
its six sides (``points`` = 4: 61 + 6 × 10 = 121 cells). Cells are named as on a hex-hex
board of side ``2·points + 1`` that holds the star: rows are letters ``A``.. (bottom to
top), and the number runs along a diagonal; with (r, c) counted from the centre cell, a
cell (r, c) is on the star iff the three hex coordinates x = c, y = −r, z = r − c are all
at least −``points`` or all at most ``points`` (the two large triangles the star is made
of). The bottom point is A5..D8 (A5 its tip), the top point N10..Q13 (Q13 its tip).
Neighbours and the six directions are the hex-hex board's.
"""

from __future__ import annotations

import string
from typing import Literal

import networkx as nx
from pydantic import Field

from framework.board.hexhex import hex_graph
from framework.board.holes import HoleRule, holes_field
from framework.plugins import Rule


class StarBoard(Rule):
    """A six-pointed star of hexagonal cells."""

    type: Literal["star"]
    points: int = Field(ge=1, le=6, description="rows of cells in each of the six points "
                                                "(4: Chinese checkers' 121 cells)")
    case: Literal["lower", "upper"] = Field(default="upper",
                                            description="letter case of the row letters")
    holes: list[str | HoleRule] = holes_field()

    @property
    def span(self) -> int:
        """The rows (and numbers) of the hex-hex board that holds the star."""
        return 4 * self.points + 1

    def cell_name(self, r: int, c: int) -> str:
        letters = string.ascii_uppercase if self.case == "upper" else string.ascii_lowercase
        return f"{letters[r - 1]}{c}"

    def exists(self, r: int, c: int) -> bool:
        centre = 2 * self.points + 1
        if not (1 <= r <= self.span and 1 <= c <= self.span):
            return False
        dr, dc = r - centre, c - centre
        cube = (dc, -dr, dr - dc)
        n = self.points
        return all(v >= -n for v in cube) or all(v <= n for v in cube)

    def build(self) -> nx.Graph:
        return hex_graph(self.span, self.exists, self.cell_name)
