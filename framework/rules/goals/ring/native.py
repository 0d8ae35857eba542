"""The native kernel piece of ``ring``: its share of a game's generated numba module, as
Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import GoalPiece, _kind_mask


class RingPiece(GoalPiece):
    """``ring``: a side wins when the cells that are not its own, flooded from the edge,
    leave one unreached, or one of its pieces off the edge has only own neighbours."""

    KNOWN = frozenset({"piece"})
    WIDE = True

    def __init__(self, goal: Any, index: int) -> None:
        super().__init__(goal, index)
        self.near = self.table("NEAR", goal.neighbours)

    def evaluate(self) -> list[str]:
        kinds = _kind_mask(self.goal.params.piece, self.goal.game)
        m = self.m
        every, edge = m.const(self.goal.all), m.const(self.goal.edge)
        return ["named = np.int64(0)", "for s in range(S):",
                f"    pieces = {m.get('s')} & {kinds}", "    if not pieces:", "        continue",
                f"    free = {every} & ~pieces", f"    reached = free & {edge}",
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
