"""Regions: a grid cut into equal blocks of cells, each block a small board of its own
(Ultimate tic-tac-toe's nine boards of 3 × 3 cells on a 9 × 9 grid).

```yaml
board: {type: grid, rows: 9, columns: 9, adjacency: king}
regions:
  boards: {rows: 3, columns: 3}     # nine blocks of 3 × 3 cells: a1-c3, d1-f3, ... g7-i9
```

``rows`` and ``columns`` give one block's size in cells; they must divide the board's.
The blocks are numbered like the cells of a block, row by row from the bottom left, so a
cell's place in its block names the block at the same place of the board of blocks (the
top-left cell of any block names the top-left block): a placement's ``where:`` test
``{region: boards, sent_by: last.to}`` reads that (see the tests of each candidate move).
A block is **won** once the ``win_region`` consequence records it for a player (a line
inside it), and **decided** once won or full; the ``line`` goal with ``regions: boards``
counts the blocks a player has won as that player's cells of the board of blocks.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import Field

from framework.engine.slots import Slot
from framework.limits import MAX_CELLS
from framework.plugins import Rule

if TYPE_CHECKING:
    import networkx as nx

    from framework.compiler import CompiledBoard
    from framework.spec.yamlsource import Loc


class RegionSpec(Rule):
    """One block's size: the board is cut into blocks of this many rows and columns."""

    rows: int = Field(ge=1, le=MAX_CELLS, description="the rows of cells of one block")
    columns: int = Field(ge=1, le=MAX_CELLS, description="the columns of cells of one block")


def won_slot(regions: str, player: str) -> Slot:
    """The cells of the blocks of ``regions`` that ``player`` has won (``win_region``)."""
    return Slot(f"won.{regions}.{player}", kind="cells")


def recorded(spec: Any, regions: str) -> bool:
    """Whether some block of the game records wins of ``regions`` (a ``win_region``
    consequence naming it, anywhere in the file)."""
    def walk(value: Any) -> bool:
        if isinstance(value, dict):
            if value.get("type") == "win_region" and value.get("regions") == regions:
                return True
            return any(walk(v) for v in value.values())
        if isinstance(value, list | tuple):
            return any(walk(v) for v in value)
        return False
    return walk([spec.model_dump(include={"turn", "goals"})])


def region_slots(spec: Any) -> list[Slot]:
    """Per recorded family of regions and player, the cells of the blocks it won."""
    return [won_slot(name, str(player)) for name in getattr(spec, "regions", {})
            if recorded(spec, name) for player in spec.players]


def block_layout(graph: nx.Graph, spec: RegionSpec) -> tuple[int, int]:
    """(rows, columns) of the board of blocks (the board's rows and columns over one
    block's)."""
    real = [n for n in graph.nodes if not graph.nodes[n]["hole"]]
    rows = 1 + max(graph.nodes[n]["row"] for n in real)
    columns = 1 + max(graph.nodes[n]["col"] for n in real)
    return rows // spec.rows, columns // spec.columns


def region_issues(spec: Any, graph: nx.Graph) -> Iterator[tuple[Loc, str]]:
    """What is wrong in ``regions:``: a board that is not a grid, a block size that does
    not divide the board's."""
    for name, region in getattr(spec, "regions", {}).items():
        loc: Loc = ("regions", name)
        if spec.board.type != "grid":
            yield loc, (f"regions cut a grid into blocks of cells; this board is "
                        f"{spec.board.type!r}, not a grid")
            continue
        real = [n for n in graph.nodes if not graph.nodes[n]["hole"]]
        rows = 1 + max(graph.nodes[n]["row"] for n in real)
        columns = 1 + max(graph.nodes[n]["col"] for n in real)
        if rows % region.rows or columns % region.columns:
            yield loc, (f"blocks of {region.rows} × {region.columns} cells do not tile the "
                        f"board of {rows} × {columns} cells: each size must divide the "
                        "board's")
        elif rows == region.rows and columns == region.columns:
            yield loc, "one block as large as the board is no region: the board itself"


@dataclass(frozen=True)
class Regions:
    """A family of regions as int tables (cell ids of the compiled board)."""

    name: str
    #: Per block (row by row from the bottom left), the mask of its cells.
    masks: tuple[int, ...]
    #: Per cell, the number of its block.
    of_cell: tuple[int, ...]
    #: Per cell, the block its place in its own block names (-1: the board of blocks is
    #: not laid out as a block's cells, so a place names none).
    names: tuple[int, ...]
    #: The board of blocks: its rows and columns; per block, its (row, column) on it.
    layout: tuple[int, int]
    places: tuple[tuple[int, int], ...]
    #: Per block, its name: its first and last cells ("a1-c3").
    labels: tuple[str, ...]


def compile_regions(spec: Any, board: CompiledBoard) -> dict[str, Regions]:
    """Every family of ``regions:``, lowered to masks of cell ids."""
    found: dict[str, Regions] = {}
    for name, region in getattr(spec, "regions", {}).items():
        rows = 1 + max(r for r, _ in board.coords)
        columns = 1 + max(c for _, c in board.coords)
        across, up = columns // region.columns, rows // region.rows
        count = across * up
        masks = [0] * count
        of_cell, names = [], []
        for cell, (r, c) in enumerate(board.coords):
            block = (r // region.rows) * across + c // region.columns
            masks[block] |= 1 << cell
            of_cell.append(block)
            place = (r % region.rows, c % region.columns)
            names.append(place[0] * across + place[1]
                         if (region.rows, region.columns) == (up, across) else -1)
        labels = []
        for mask in masks:
            cells = [i for i in range(board.size) if mask >> i & 1]
            labels.append(f"{board.names[cells[0]]}-{board.names[cells[-1]]}")
        found[name] = Regions(name, tuple(masks), tuple(of_cell), tuple(names), (up, across),
                              tuple((b // across, b % across) for b in range(count)),
                              tuple(labels))
    return found
