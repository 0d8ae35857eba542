"""The native kernel piece of ``connect``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import GoalPiece, _kind_mask
from framework.rules.goals.placed import OPENING, places_one_piece, unchanged


class ConnectPiece(GoalPiece):
    """``connect``: a side wins when one chain of its touching pieces (of the kind) reaches
    every one of its zones — a flood fill on the neighbour masks from each piece in the
    first zone not yet in a chain tried; with ``at_least``, from each piece in any zone, a
    chain counting the zones it reaches.

    Where a turn only puts one piece down (``framework/rules/goals/placed.py``: Havannah,
    Y), only the mover's chain through the stone just put down can be new: the flood starts
    there alone, and every zone is counted on it."""

    KNOWN = frozenset({"zones", "piece", "at_least"})
    WIDE = True

    def __init__(self, goal: Any, index: int) -> None:
        super().__init__(goal, index)
        self.count = len(goal.params.zones)
        self.zones = self.table("ZONES", [m for side in goal.targets for m in side])
        self.near = self.table("NEAR", goal.neighbours)
        self.incremental = places_one_piece(goal.game)

    def _starts(self, usual: list[str]) -> list[str]:
        """The lines that set ``starts``, the pieces a chain is flooded from: the stone just
        put down where a turn only puts one down (the other sides skipped), else ``usual``."""
        if not self.incremental:
            return usual
        return ["    if at >= 0:", *("        " + line for line in unchanged(self.m)),
                f"        starts = {self.m.bit('at')}", "    else:",
                *("    " + line for line in usual)]

    def _flood(self) -> list[str]:
        """The chain of ``low(starts)``, as the mask ``reached``."""
        m = self.m
        return [f"        reached = {m.bit('low(starts)')}", "        frontier = reached",
                "        while frontier:", f"            grown = {m.zero}",
                "            f = frontier", "            while f:",
                f"                grown |= {m.row(self.near, 'low(f)')}",
                "                f &= f - ONE", "            frontier = grown & pieces & ~reached",
                "            reached |= frontier"]

    def evaluate(self) -> list[str]:
        kinds = _kind_mask(self.goal.params.piece, self.goal.game)
        z, nz, m = self.zones, self.count, self.m
        if self.goal.needed < nz:
            return self._evaluate_some(kinds)
        # A chain from a piece of the first zone has no need to look for that zone again;
        # one from the stone just put down counts every zone.
        first = 0 if self.incremental else 1
        return ["named = np.int64(0)", *(OPENING if self.incremental else []),
                "for s in range(S):",
                f"    pieces = {m.get('s')} & {kinds}", "    ok = True",
                f"    for j in range({nz}):",
                f"        if not (pieces & {m.row(z, f's * {nz} + j')}):", "            ok = False",
                "    if not ok:", "        continue",
                *self._starts([f"    starts = pieces & {m.row(z, f's * {nz}')}"]),
                "    while starts:", *self._flood(), "        joined = True",
                f"        for j in range({first}, {nz}):",
                f"            if not (reached & {m.row(z, f's * {nz} + j')}):",
                "                joined = False", "        if joined:",
                "            named |= np.int64(1) << s", "            break",
                "        starts &= ~reached", "return named != 0, False, named"]

    def _evaluate_some(self, kinds: str) -> list[str]:
        z, nz, k, m = self.zones, self.count, self.goal.needed, self.m
        usual = [f"    starts = {m.zero}", f"    for j in range({nz}):",
                 f"        starts |= {m.row(z, f's * {nz} + j')}", "    starts &= pieces"]
        return ["named = np.int64(0)", *(OPENING if self.incremental else []),
                "for s in range(S):", f"    pieces = {m.get('s')} & {kinds}",
                *self._starts(usual), "    while starts:", *self._flood(), "        hit = 0",
                f"        for j in range({nz}):",
                f"            if reached & {m.row(z, f's * {nz} + j')}:",
                "                hit += 1",
                f"        if hit >= {k}:", "            named |= np.int64(1) << s",
                "            break", "        starts &= ~reached",
                "return named != 0, False, named"]
