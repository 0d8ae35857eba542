"""``custom``: any board, cells and links listed in the game file.

```yaml
board:
  type: custom
  shape: circle
  cells:                         # name: [x, y] drawing coordinates
    n1: [0, 0]
    n2: [1, 0]
    n3: [0.5, 0.9]
  links: [n1-n2, n2-n3, n3-n1]   # adjacency, both ways
```

Distances are counted in links. A custom board has no directions unless it names them:
``directions`` gives each direction's opposite, ``link_directions`` the direction of a link
from its first cell to its second (the way back is the opposite):

```yaml
  directions: {e: w}                      # e and w, each the other's opposite
  link_directions: {n1-n2: e}             # n1 → n2 is e, n2 → n1 is w
```

Optional ``rows`` list the cells of each row, bottom row
first, for position strings (FEN) and terminal drawing; by default cells are grouped into
rows by their y coordinate.
"""

from __future__ import annotations

from typing import Annotated, Literal

import networkx as nx
from pydantic import Field, StringConstraints, field_validator

from framework.board.holes import HoleRule, holes_field
from framework.limits import MAX_CELL_NAME, MAX_CELLS, MAX_LINKS
from framework.plugins import Rule

#: Letters (any alphabet), digits and ``_``: a name must not hold the characters that
#: notation and records give a meaning (``-`` in links and walks, ``@``, spaces, ``{}``).
CellName = Annotated[str, StringConstraints(pattern=r"^\w+$", max_length=MAX_CELL_NAME)]
Coordinate = Annotated[float, Field(ge=-1e6, le=1e6)]


class CustomBoard(Rule):
    """A board given cell by cell."""

    type: Literal["custom"]
    shape: Literal["square", "hex", "circle"] = Field(
        default="circle", description="how cells are drawn")
    cells: dict[CellName, tuple[Coordinate, Coordinate]] = Field(
        min_length=1, max_length=MAX_CELLS,
        description="cell name (letters, digits, _) → [x, y] drawing coordinates")
    links: list[str] = Field(max_length=MAX_LINKS,
                             description="adjacent pairs written 'cell-cell'")
    rows: list[list[str]] | None = Field(
        default=None, max_length=MAX_CELLS,
        description="cells of each row, bottom row first (default: by y)")
    holes: list[str | HoleRule] = holes_field()
    directions: dict[CellName, CellName] = Field(
        default_factory=dict, max_length=MAX_LINKS,
        description="named directions, each → its opposite (both ways; default: none)")
    link_directions: dict[str, CellName] = Field(
        default_factory=dict, max_length=MAX_LINKS,
        description="'cell-cell' link → its direction from the first cell to the second")

    def opposites(self) -> dict[str, str]:
        """Every direction named, with its opposite (given either way round)."""
        found = {b: a for a, b in self.directions.items()}
        found.update(self.directions)
        return found

    @field_validator("links")
    @classmethod
    def _links_are_pairs(cls, links: list[str]) -> list[str]:
        for link in links:
            if len(link.split("-")) != 2 or not all(link.split("-")):
                raise ValueError(f"a link is written 'cell-cell', found {link!r}")
        return links

    def row_layout(self) -> list[list[str]]:
        if self.rows is not None:
            return self.rows
        by_y: dict[float, list[str]] = {}
        for name, (_, y) in self.cells.items():
            by_y.setdefault(round(y, 6), []).append(name)
        return [sorted(names, key=lambda n: self.cells[n][0]) for _, names in sorted(by_y.items())]

    def build(self) -> nx.Graph:
        graph = nx.Graph(shape=self.shape)
        for r, row in enumerate(self.row_layout()):
            for c, name in enumerate(row):
                if name in self.cells:
                    graph.add_node(name, row=r, col=c, pos=self.cells[name], hole=False)
        for name, pos in self.cells.items():  # cells left out of explicit rows still exist
            if name not in graph:
                graph.add_node(name, row=-1, col=-1, pos=pos, hole=False)
        opposite = self.opposites()
        if opposite:
            graph.graph["directions"] = tuple(opposite)
            graph.graph["opposite"] = opposite
        for link in self.links:
            a, b = link.split("-")
            graph.add_edge(a, b, relation="adjacent")
            # Checked by validate (semantics): an unknown direction is left out here.
            forward = self.link_directions.get(link) or self.link_directions.get(f"{b}-{a}")
            if forward in opposite:
                if link not in self.link_directions:
                    forward = opposite[forward]
                graph.edges[a, b]["dirs"] = {a: forward, b: opposite[forward]}
        return graph
