"""The reference twin of ``ring``: its rule text (the docstring of ``__init__.py``) read
again, for obviousness, on cell names and the board's networkx graph (``boardspec check``'s
oracle).
"""

from __future__ import annotations

from functools import cached_property

import networkx as nx

from framework.board import build_board
from framework.reference.position import RefState
from framework.reference.rules import RefGoal, RefVerdict

OFF_BOARD = ("off the board",)  # a node no cell name can be


class RefRing(RefGoal):
    """A player wins when some cell cannot be left to the edge of the board without
    crossing another of their pieces: the graph of the cells that are not the player's,
    with one more node off the board linked to every edge cell, has a component without
    that node (an empty or enemy cell fenced in), or one of the player's cells, put back
    into that graph, is cut off from it (an own cell fenced in)."""

    def verdict(self, s: RefState) -> RefVerdict:
        winners = {p for p in self.game.players
                   if self._ringed(set(s.pieces_of(p, self.params.piece)))}
        return winners or None

    def _ringed(self, mine: set[str]) -> bool:
        graph = self._open_board
        others = graph.subgraph(n for n in graph if n not in mine)
        outside = nx.node_connected_component(others, OFF_BOARD)
        if len(outside) < others.number_of_nodes():
            return True  # a cell that is not the player's is fenced in
        return any(not any(n in outside for n in graph.neighbors(cell)) for cell in mine)

    @cached_property
    def _open_board(self) -> nx.Graph:
        """The board's playable cells, linked as on the board, and the node off the board
        linked to each cell with fewer neighbours than the most any cell has."""
        board = build_board(self.game.spec.board)
        graph = nx.Graph(board.subgraph(n for n in board if not board.nodes[n]["hole"]))
        most = max(d for _, d in graph.degree())
        edge = [n for n, d in graph.degree() if d < most]
        graph.add_node(OFF_BOARD)
        graph.add_edges_from((OFF_BOARD, n) for n in edge)
        return graph
