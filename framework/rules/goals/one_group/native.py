"""The native kernel piece of ``one_group``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import GoalPiece, _kind_mask


class OneGroupPiece(GoalPiece):
    """``one_group``: a side wins when a flood fill on the neighbour masks from its lowest
    piece (of the kind) reaches all its pieces."""

    KNOWN = frozenset({"piece"})

    def __init__(self, goal: Any, index: int) -> None:
        super().__init__(goal, index)
        self.near = self.table("NEAR", goal.game.board.neighbour_masks)

    def evaluate(self) -> list[str]:
        kinds = _kind_mask(self.goal.params.piece, self.goal.game)
        return ["named = np.int64(0)", "for s in range(S):",
                f"    pieces = st[s] & {kinds}", "    if not pieces:", "        continue",
                "    reached = ONE << U64(low(pieces))", "    frontier = reached",
                "    while frontier:", "        grown = ZERO", "        f = frontier",
                "        while f:", f"            grown |= {self.near}[low(f)]",
                "            f &= f - ONE", "        frontier = grown & pieces & ~reached",
                "        reached |= frontier", "    if reached == pieces:",
                "        named |= np.int64(1) << s", "return named != 0, False, named"]
