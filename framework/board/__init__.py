"""Board builders: each turns a board block of a game file into a networkx graph.

Every node is a cell id string (its name) with attributes ``row`` and ``col`` (ints, for
position strings), ``pos`` (x, y drawing coordinates, one unit between neighbours) and
``hole`` (a removed cell: kept in the graph so distances are measured across it, never
playable). Every edge has a ``relation`` (``orthogonal``, ``diagonal`` or ``adjacent``).
The graph attribute ``shape`` says how cells are drawn (``square``, ``hex`` or ``circle``);
``faces`` (an ``edges`` board) lists the cells around each face.

Only the compiler uses these graphs; the engine sees the int tables made from them.
"""

from __future__ import annotations

from typing import Annotated

import networkx as nx
from pydantic import Field

from framework.board.custom import CustomBoard
from framework.board.edges import EdgesBoard
from framework.board.grid import GridBoard
from framework.board.hexhex import HexHexBoard
from framework.board.hexrhombus import HexRhombusBoard
from framework.board.hextriangle import HexTriangleBoard
from framework.board.holes import HoleRule, hole_names
from framework.board.star import StarBoard

BoardSpec = Annotated[GridBoard | HexHexBoard | HexRhombusBoard | HexTriangleBoard | StarBoard
                      | CustomBoard | EdgesBoard,
                      Field(discriminator="type")]


def build_board(board: GridBoard | HexHexBoard | HexRhombusBoard | HexTriangleBoard
                | StarBoard | CustomBoard | EdgesBoard) -> nx.Graph:
    """The board's graph with its holes marked."""
    graph = board.build()
    for hole in hole_names(board, graph):
        if hole in graph:
            graph.nodes[hole]["hole"] = True
    return graph

__all__ = ["BoardSpec", "CustomBoard", "EdgesBoard", "GridBoard", "HexHexBoard",
           "HexRhombusBoard", "HexTriangleBoard", "HoleRule", "StarBoard", "build_board",
           "hole_names"]
