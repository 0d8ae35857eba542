"""The reference twin of ``ring``: its rule text (the docstring of ``__init__.py``) read
again, for obviousness, on cell names and the board's links (``boardspec check``'s oracle).
"""

from __future__ import annotations

from functools import cached_property

from framework.board import build_board
from framework.reference.position import RefState
from framework.reference.rules import RefGoal, RefVerdict

OFF_BOARD = "(off the board)"  # a node no cell name can be: names have no spaces


class RefRing(RefGoal):
    """A player wins when some cell cannot be left to the edge of the board without
    crossing another of their pieces. Walk from off the board (a node linked to every edge
    cell) through the cells that are not the player's: a cell not reached that is not the
    player's is fenced in (empty or enemy), and so is a cell of the player's none of whose
    neighbours was reached (put back into the walk, it could not join it)."""

    def verdict(self, s: RefState) -> RefVerdict:
        winners = {p for p in self.game.players
                   if self._ringed(set(s.pieces_of(p, self.params.piece)))}
        return winners or None

    def _ringed(self, mine: set[str]) -> bool:
        links = self._links
        reached = {OFF_BOARD}
        todo = [OFF_BOARD]
        while todo:
            for cell in links[todo.pop()]:
                if cell not in reached and cell not in mine:
                    reached.add(cell)
                    todo.append(cell)
        if len(reached) + len(mine) < len(links):
            return True  # a cell that is not the player's was never reached
        return any(not any(n in reached for n in links[cell]) for cell in mine)

    @cached_property
    def _links(self) -> dict[str, tuple[str, ...]]:
        """Each playable cell's neighbours on the board, and off the board linked both ways
        to each cell with fewer neighbours than the most any cell has."""
        board = build_board(self.game.spec.board)
        cells = [n for n in board if not board.nodes[n]["hole"]]
        links = {c: [n for n in board.neighbors(c) if not board.nodes[n]["hole"]]
                 for c in cells}
        most = max(len(ns) for ns in links.values())
        edge = [c for c in cells if len(links[c]) < most]
        for c in edge:
            links[c].append(OFF_BOARD)
        return {OFF_BOARD: tuple(edge)} | {c: tuple(ns) for c, ns in links.items()}
