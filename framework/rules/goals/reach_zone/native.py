"""The native kernel piece of ``reach_zone``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import GoalPiece, _kind_mask


class ReachZonePiece(GoalPiece):
    """``reach_zone``: a side with a piece (of the kind) in its zone wins."""

    KNOWN = frozenset({"zone", "piece"})
    WIDE = True

    def __init__(self, goal: Any, index: int) -> None:
        super().__init__(goal, index)
        self.zone = self.table("ZONE", goal.masks)

    def evaluate(self) -> list[str]:
        kinds = _kind_mask(self.goal.params.piece, self.goal.game)
        return ["named = np.int64(0)", "for s in range(S):",
                f"    if {self.m.get('s')} & {kinds} & {self.m.row(self.zone, 's')}:",
                "        named |= np.int64(1) << s", "return named != 0, False, named"]
