"""The reference twin of ``connect``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from functools import cached_property

import networkx as nx

from framework.board import build_board
from framework.reference.position import RefState
from framework.reference.rules import RefGoal, RefVerdict
from framework.spec.zones import zone_cell_names


class RefConnect(RefGoal):
    """A player with one group of touching pieces (the pieces reached from one of them by
    walking the board's links over the player's pieces) holding a cell of each of that
    player's zones (of ``at_least`` of them, when given)."""

    def verdict(self, s: RefState) -> RefVerdict:
        graph, zones = self._zones
        winners = set()
        for player in self.game.players:
            needed = self.params.at_least or len(zones[player])
            if any(sum(1 for zone in zones[player] if group & zone) >= needed
                   for group in _groups(graph, set(s.pieces_of(player, self.params.piece)))):
                winners.add(player)
        return winners or None

    @cached_property
    def _zones(self) -> tuple[nx.Graph, dict[str, list[set[str]]]]:
        """The board's graph, and per player the cells of each of its zones."""
        graph = build_board(self.game.spec.board)
        zones = {p: [set(zone_cell_names(self.game.spec, z, p, graph))
                     for z in self.params.zones] for p in self.game.players}
        return graph, zones


def _groups(graph: nx.Graph, pieces: set[str]) -> list[set[str]]:
    """The groups of touching ``pieces``: each a walk over the board's links from a piece
    not yet in a group (a plain walk: networkx's views of a subgraph filter every step)."""
    adjacency = graph.adj
    groups: list[set[str]] = []
    left = set(pieces)
    while left:
        group = {left.pop()}
        todo = list(group)
        while todo:
            for n in adjacency[todo.pop()]:
                if n in left:
                    left.discard(n)
                    group.add(n)
                    todo.append(n)
        groups.append(group)
    return groups
