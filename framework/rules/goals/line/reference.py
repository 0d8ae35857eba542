"""The reference twin of ``line``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefGoal, RefVerdict


class RefLine(RefGoal):
    """A player with ``length`` pieces in a row wins: from every piece, every counted
    direction, the row is walked on the graph to its far end (``exactly``: its whole
    length, measured only from the row's first cell)."""

    def verdict(self, s: RefState) -> RefVerdict:
        p = self.params
        if p.regions is not None:
            return self._blocks(s)
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

    def _blocks(self, s: RefState) -> RefVerdict:
        """Rows of won blocks: a block is a player's when its cells are written down as the
        player's; from each won block, each direction's step on the grid (one link's
        change of row and column) repeated on the board of blocks."""
        p = self.params
        spec = self.game.spec.regions[p.regions]
        graph = self.board.graph
        names = p.directions if p.directions is not None else self.board.directions
        steps = set()
        for name in names:
            for cell in self.board.cells:
                there = self.board.step(cell, name)
                if there is not None:
                    a, b = graph.nodes[cell], graph.nodes[there]
                    steps.add((b["row"] - a["row"], b["col"] - a["col"]))
                    break
        winners = set()
        for player in self.game.players:
            won = {(graph.nodes[c]["row"] // spec.rows, graph.nodes[c]["col"] // spec.columns)
                   for c in s.vars.get(f"won.{p.regions}.{player}") or ()}
            if any(all((r + k * dr, c + k * dc) in won for k in range(p.length))
                   for r, c in won for dr, dc in steps):
                winners.add(player)
        return winners or None
