"""Reference goals and results."""

from __future__ import annotations

from functools import cached_property

import networkx as nx

from framework.board import build_board
from framework.check.reference.position import RefState
from framework.check.reference.rules import RefGoal, RefResult, RefVerdict, reference
from framework.spec.zones import zone_cell_names


@reference("goals", "no_pieces")
class RefNoPieces(RefGoal):
    """A side without pieces ends the game: scored, or the last side with pieces wins
    (when none has, all do, and the tie-break settles it)."""

    def verdict(self, s: RefState) -> RefVerdict:
        piece = self.params.piece
        without = {p for p in self.game.players if not s.pieces_of(p, piece)}
        if not without:
            return None
        if self.params.then == "score":
            return "score"
        left = {p for p in self.game.players if p not in without}
        if len(left) > 1:
            return None  # more than two players: the others play on
        return left or set(self.game.players)


@reference("goals", "halfmove_clock")
class RefHalfmoveClock(RefGoal):
    def verdict(self, s: RefState) -> RefVerdict:
        return set() if s.halfmove >= self.params.limit else None


@reference("goals", "counter_at_least")
class RefCounterAtLeast(RefGoal):
    def verdict(self, s: RefState) -> RefVerdict:
        p = self.params
        winners = {player for player in self.game.players
                   if s.counters[player][p.counter] >= p.value}
        return winners or None


@reference("results", "majority")
class RefMajority(RefResult):
    def winners(self, s: RefState) -> set[str]:
        counts = {p: len(s.pieces_of(p, self.params.piece)) for p in self.game.players}
        best = max(counts.values())
        leaders = {p for p, n in counts.items() if n == best}
        return leaders if len(leaders) == 1 or self.params.equal == "shared" else set()


@reference("goals", "line")
class RefLine(RefGoal):
    """A player with ``length`` pieces in a row wins: from every piece, every counted
    direction, the row is walked on the graph to its far end (``exactly``: its whole
    length, measured only from the row's first cell)."""

    def verdict(self, s: RefState) -> RefVerdict:
        p = self.params
        board = self.game.board
        names = p.directions if p.directions is not None else board.directions
        opposite = {name: board.opposite(name) for name in board.directions}
        winners = set()
        for player in self.game.players:
            mine = set(s.pieces_of(player, p.piece))
            for cell in mine:
                for name in [*names, *(opposite[n] for n in names)]:
                    run, at = 1, board.step(cell, name)
                    while at in mine and at != cell:  # a ring of own pieces: once round
                        run, at = run + 1, board.step(at, name)
                    if at != cell and board.step(cell, opposite[name]) in mine:
                        continue  # not the first cell of its row this way
                    if run == p.length or (run > p.length and not p.exactly):
                        winners.add(player)
        return winners or None


@reference("results", "draw")
class RefDraw(RefResult):
    def winners(self, s: RefState) -> set[str]:
        return set()


@reference("goals", "connect")
class RefConnect(RefGoal):
    """A player with one group of touching pieces (networkx components of the graph
    restricted to that player's pieces) holding a cell of each of that player's zones."""

    def verdict(self, s: RefState) -> RefVerdict:
        graph, zones = self._zones
        winners = set()
        for player in self.game.players:
            mine = graph.subgraph(s.pieces_of(player, self.params.piece))
            if any(all(group & zone for zone in zones[player])
                   for group in nx.connected_components(mine)):
                winners.add(player)
        return winners or None

    @cached_property
    def _zones(self) -> tuple[nx.Graph, dict[str, list[set[str]]]]:
        """The board's graph, and per player the cells of each of its zones."""
        graph = build_board(self.game.spec.board)
        zones = {p: [set(zone_cell_names(self.game.spec, z, p, graph))
                     for z in self.params.zones] for p in self.game.players}
        return graph, zones
