"""``hexhex``: a hexagon of hexagonal cells, ``side`` cells to a side.

```yaml
board: {type: hexhex, side: 4}          # Adaptoid: 37 cells, A1..G7
```

Rows are letters ``A``.. (bottom to top) and the number ``c`` runs along a diagonal: a cell
(r, c) exists iff 1 ≤ r, c ≤ 2·side−1 and |c − r| ≤ side−1. Its neighbours are (r, c±1),
(r±1, c), (r+1, c+1) and (r−1, c−1): on side 4, D5 touches C4 C5 D4 D6 E5 E6, corners have
3 neighbours, edge cells 4, inner cells 6. Distance is the hex distance.

Links are labelled with six directions: ``e``/``w`` along a row, ``ne``/``sw`` to (r±1, c±1)
and ``nw``/``se`` to (r±1, c) (on side 4, D5's ``ne`` is E6 and its ``nw`` E5).
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable
from typing import Literal

import networkx as nx
from pydantic import Field

from framework.board.holes import HoleRule, holes_field
from framework.plugins import Rule

#: (row change, number change, direction, its opposite): the other three steps are the
#: opposites. Rows are drawn upwards, each half a cell right of the one below.
NEIGHBOUR_STEPS = ((0, 1, "e", "w"), (1, 0, "nw", "se"), (1, 1, "ne", "sw"))
HEX_DIRECTIONS = ("ne", "e", "se", "sw", "w", "nw")


class HexHexBoard(Rule):
    """A hex-hex board of hexagonal cells."""

    type: Literal["hexhex"]
    side: int = Field(ge=2, le=13, description="cells along each of the six sides")
    case: Literal["lower", "upper"] = Field(default="upper",
                                            description="letter case of the row letters")
    holes: list[str | HoleRule] = holes_field()

    def cell_name(self, r: int, c: int) -> str:
        letters = string.ascii_uppercase if self.case == "upper" else string.ascii_lowercase
        return f"{letters[r - 1]}{c}"

    def exists(self, r: int, c: int) -> bool:
        span = 2 * self.side - 1
        return 1 <= r <= span and 1 <= c <= span and abs(c - r) <= self.side - 1

    def build(self) -> nx.Graph:
        return hex_graph(2 * self.side - 1, self.exists, self.cell_name)


def hex_graph(span: int, exists: Callable[[int, int], bool],
              name: Callable[[int, int], str]) -> nx.Graph:
    """The graph of the cells (r, c), 1 ≤ r, c ≤ ``span``, that ``exists`` keeps, on the
    hex-hex lattice (shared by the boards cut from it: a hexagon, a star)."""
    graph = nx.Graph(shape="hex")
    for r in range(1, span + 1):
        for c in range(1, span + 1):
            if exists(r, c):
                # Pointy-top hexes: a row is horizontal, the next row sits half a cell right.
                x = c - (r - 1) / 2
                y = (r - 1) * math.sqrt(3) / 2
                graph.add_node(name(r, c), row=r - 1, col=c - 1, pos=(x, y), hole=False)
    graph.graph["directions"] = HEX_DIRECTIONS
    graph.graph["opposite"] = {d: o for _, _, f, b in NEIGHBOUR_STEPS
                               for d, o in ((f, b), (b, f))}
    for r in range(1, span + 1):
        for c in range(1, span + 1):
            for dr, dc, forward, back in NEIGHBOUR_STEPS:
                if exists(r, c) and exists(r + dr, c + dc):
                    a, b = name(r, c), name(r + dr, c + dc)
                    graph.add_edge(a, b, relation="adjacent", dirs={a: forward, b: back})
    return graph
