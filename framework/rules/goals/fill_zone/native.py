"""The native kernel piece of ``fill_zone``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import GoalPiece, _kind_mask


class FillZonePiece(GoalPiece):
    """``fill_zone``: a side whose pieces (of the kind) fill its zone wins; with
    ``filled_by: any_with_own`` the zone needs only be full with one of them the side's."""

    KNOWN = frozenset({"zone", "piece", "filled_by"})
    WIDE = True

    def __init__(self, goal: Any, index: int) -> None:
        super().__init__(goal, index)
        self.zone = self.table("ZONE", goal.masks)

    def evaluate(self) -> list[str]:
        kinds = _kind_mask(self.goal.params.piece, self.goal.game)
        full = ("(occupied & z) == z" if self.goal.params.filled_by == "any_with_own"
                else "mine == z")
        m = self.m
        return [f"occupied = {m.zero}", "for s in range(S):", f"    occupied |= {m.get('s')}",
                "named = np.int64(0)", "for s in range(S):", f"    z = {m.row(self.zone, 's')}",
                f"    mine = {m.get('s')} & {kinds} & z",
                f"    if z and mine and ({full}):",
                "        named |= np.int64(1) << s", "return named != 0, False, named"]
