"""The native kernel piece of ``area``: each side's stones, the empty regions flooded over
the board's links (``framework/kernel/groups.py``) and scored for the one side that borders
each alone, komi added; the higher score wins."""

from __future__ import annotations

from typing import Any

from framework.kernel.groups import GroupsPiece
from framework.kernel.pieces import ResultPiece


class AreaPiece(ResultPiece):
    KNOWN = frozenset({"komi", "equal"})
    WIDE = True

    def __init__(self, result: Any) -> None:
        super().__init__(result)
        self.helpers = (GroupsPiece(result.game),)
        self.komi = self.table("KOMI", result.komi, "float64")  # points, by side

    def winners(self) -> list[str]:
        m = self.m
        shared = self.result.params.equal == "shared"
        return [
            "totals = np.empty(S)", f"occupied = {m.get('GAPS')}", "for s in range(S):",
            f"    totals[s] = count({m.get('s')}) + {self.komi}[s]",
            f"    occupied |= {m.get('s')}", "left = ALL & ~occupied", "while left:",
            "    region = grp_group(low(left), left)", "    left &= ~region",
            "    border = grp_around(region)", "    touching = -1", "    for s in range(S):",
            f"        if {m.get('s')} & border:",
            "            touching = s if touching == -1 else -2",
            "    if touching >= 0:", "        totals[touching] += count(region)",
            "best = totals.max()", "leaders = np.int64(0)", "for s in range(S):",
            "    if totals[s] == best:", "        leaders |= np.int64(1) << s",
            "return leaders" if shared else
            "return leaders if count(U64(leaders)) == 1 else np.int64(0)"]
