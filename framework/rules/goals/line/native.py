"""The native kernel piece of ``line``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import GoalPiece, _kind_mask
from framework.rules.goals.line import line_windows


class LinePiece(GoalPiece):
    """``line``: a side with a row of ``length`` pieces wins."""

    KNOWN = frozenset({"length", "directions", "exactly", "piece"})
    WIDE = True

    def __init__(self, goal: Any, index: int) -> None:
        super().__init__(goal, index)
        windows = line_windows(goal.game.board, goal.params.length, goal.params.directions)
        self.count = len(windows)
        self.windows = self.table("WIN", [w for w, _ in windows])
        self.ends = self.table("ENDS", [e for _, e in windows])

    def evaluate(self) -> list[str]:
        params = self.goal.params
        kinds = _kind_mask(params.piece, self.goal.game)
        extends = " and not (mine & e)" if params.exactly else ""
        return ["named = np.int64(0)", "for s in range(S):",
                f"    mine = {self.m.get('s')} & {kinds}",
                f"    if count(mine) < {params.length}:", "        continue",
                f"    for w in range({self.count}):",
                f"        win = {self.m.row(self.windows, 'w')}",
                f"        e = {self.m.row(self.ends, 'w')}",
                f"        if mine & win == win{extends}:",
                "            named |= np.int64(1) << s", "            break",
                "return named != 0, False, named"]
