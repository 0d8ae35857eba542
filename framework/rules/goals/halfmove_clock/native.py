"""The native kernel piece of ``halfmove_clock``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from framework.kernel.pieces import GoalPiece


class HalfmoveClockPiece(GoalPiece):
    """``halfmove_clock``: a draw at the limit, or the game scored there."""

    KNOWN = frozenset({"limit", "winner"})
    WIDE = True

    def evaluate(self) -> list[str]:
        scored = self.goal.params.winner == "score"
        return [f"return st[HALFMOVE] >= U64({self.goal.params.limit}), {scored}, "
                "np.int64(0)"]
