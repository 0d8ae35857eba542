"""The native kernel piece of ``line``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import GoalPiece, _kind_mask
from framework.rules.goals.line import line_windows
from framework.rules.goals.placed import OPENING, places_one_piece, unchanged


class LinePiece(GoalPiece):
    """``line``: a side with a row of ``length`` pieces wins: a window of the board's rows
    (``WIN``) all the side's, and with ``exactly`` neither cell just past it (``ENDS``).

    Where a turn only puts one piece down (``framework/rules/goals/placed.py``: Gomoku,
    Connect Four) and the board has many windows, a new row holds the stone just put down:
    only the mover's windows through that cell (``THROUGH``) are looked at, as OpenSpiel's
    games look."""

    KNOWN = frozenset({"length", "directions", "exactly", "piece"})
    WIDE = True

    def __init__(self, goal: Any, index: int) -> None:
        super().__init__(goal, index)
        windows = line_windows(goal.game.board, goal.params.length, goal.params.directions)
        self.count = len(windows)
        self.windows = self.table("WIN", [w for w, _ in windows])
        self.ends = self.table("ENDS", [e for _, e in windows])
        # Per cell, the windows holding it (-1 after the last). Looking only there pays
        # where they are few beside all of them: measured, Gomoku's 572 windows (20 through
        # a cell) 2.9x as many plies a second, Connect Four's 69 (13) 1.2x, and
        # Tic-tac-toe's 8 (4) 0.72x, so it is left to a board with many.
        through = [[i for i, (w, _) in enumerate(windows) if w >> c & 1]
                   for c in range(goal.game.board.size)]
        self.per = max(1, *(len(t) for t in through))
        self.incremental = places_one_piece(goal.game) and 2 * self.per < self.count
        if self.incremental:
            self.through = self.table("THROUGH", [t[i] if i < len(t) else -1 for t in through
                                                  for i in range(self.per)], "int64")

    def _found(self, window: str) -> list[str]:
        """Lines that mark side ``s`` the winner, leaving the loop over windows, when the
        window numbered ``window`` is a row of ``mine``."""
        extends = " and not (mine & e)" if self.goal.params.exactly else ""
        return [f"win = {self.m.row(self.windows, window)}",
                f"e = {self.m.row(self.ends, window)}", f"if mine & win == win{extends}:",
                "    named |= np.int64(1) << s", "    break"]

    def evaluate(self) -> list[str]:
        params = self.goal.params
        kinds = _kind_mask(params.piece, self.goal.game)
        every = [f"    for w in range({self.count}):",
                 *("        " + line for line in self._found("w"))]
        if self.incremental:  # the windows through the stone just put down, if one was
            every = ["    if at >= 0:", *("        " + line for line in unchanged(self.m)),
                     f"        for i in range({self.per}):",
                     f"            w = {self.through}[at * {self.per} + i]",
                     "            if w < 0:", "                break",
                     *("            " + line for line in self._found("w")),
                     "        continue", *every]
        return ["named = np.int64(0)", *(OPENING if self.incremental else []),
                "for s in range(S):", f"    mine = {self.m.get('s')} & {kinds}",
                "    pieces = mine", f"    if count(mine) < {params.length}:",
                "        continue", *every, "return named != 0, False, named"]
