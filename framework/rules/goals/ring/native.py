"""The native kernel piece of ``ring``: its share of a game's generated numba module, as
Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import GoalPiece, _kind_mask
from framework.rules.goals.placed import OPENING, places_one_piece, unchanged


class RingPiece(GoalPiece):
    """``ring``: a side wins when the cells that are not its own, flooded from the edge,
    leave one unreached, or one of its pieces off the edge has only own neighbours.

    Where a turn only puts one piece down (``framework/rules/goals/placed.py``), only the
    stone just put down (the ``landed`` cell) can close a ring, a ring of the mover's. A
    stone with fewer than two own neighbours closes none: its other neighbours touch each
    other round it (or the edge), so every cell that reached the edge through it still
    does, and a piece walled in by own neighbours has this stone and the two beside it
    among them. So the board is flooded only for the mover, and only when the new stone
    touches two of its own (docs/native.md: Havannah's plies per CPU second, 1.9 times).
    """

    KNOWN = frozenset({"piece"})
    WIDE = True

    def __init__(self, goal: Any, index: int) -> None:
        super().__init__(goal, index)
        self.near = self.table("NEAR", goal.neighbours)
        self.incremental = places_one_piece(goal.game)

    def evaluate(self) -> list[str]:
        kinds = _kind_mask(self.goal.params.piece, self.goal.game)
        m = self.m
        every, edge = m.const(self.goal.all), m.const(self.goal.edge)
        lines = ["named = np.int64(0)"]
        if self.incremental:
            lines += OPENING
        lines += ["for s in range(S):", f"    pieces = {m.get('s')} & {kinds}",
                  "    if not pieces:", "        continue"]
        if self.incremental:  # only the stone just put down can close a ring (above)
            lines += ["    if at >= 0:", *("        " + line for line in unchanged(m)),
                      f"        if count({m.row(self.near, 'at')} & pieces) < 2:",
                      "            continue"]
        return [*lines, f"    free = {every} & ~pieces", f"    reached = free & {edge}",
                "    frontier = reached", "    while frontier:", f"        grown = {m.zero}",
                "        f = frontier", "        while f:",
                f"            grown |= {m.row(self.near, 'low(f)')}", "            f &= f - ONE",
                "        frontier = grown & free & ~reached", "        reached |= frontier",
                f"    ringed = (free & ~reached) != {m.zero}",
                f"    inner = pieces & ~{edge}", "    while inner and not ringed:",
                f"        if not ({m.row(self.near, 'low(inner)')} & ~pieces):",
                "            ringed = True", "        inner &= inner - ONE",
                "    if ringed:", "        named |= np.int64(1) << s",
                "return named != 0, False, named"]
