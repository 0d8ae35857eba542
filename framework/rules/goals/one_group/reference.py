"""The reference twin of ``one_group``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefGoal, RefVerdict


class RefOneGroup(RefGoal):
    """A player wins when a walk from one of their pieces, stepping to touching pieces of
    theirs (the board graph's neighbours), visits all of them."""

    def verdict(self, s: RefState) -> RefVerdict:
        winners = set()
        for player in self.game.players:
            mine = set(s.pieces_of(player, self.params.piece))
            if not mine:
                continue
            start = next(iter(mine))
            seen, todo = {start}, [start]
            while todo:
                for near in self.game.board.neighbours(todo.pop()):
                    if near in mine and near not in seen:
                        seen.add(near)
                        todo.append(near)
            if seen == mine:
                winners.add(player)
        return winners or None
