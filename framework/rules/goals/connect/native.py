"""The native kernel piece of ``connect``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import GoalPiece, _kind_mask


class ConnectPiece(GoalPiece):
    """``connect``: a side wins when one chain of its touching pieces (of the kind) reaches
    every one of its zones — a flood fill on the neighbour masks from each piece in the
    first zone not yet in a chain tried; with ``at_least``, from each piece in any zone, a
    chain counting the zones it reaches."""

    KNOWN = frozenset({"zones", "piece", "at_least"})
    WIDE = True

    def __init__(self, goal: Any, index: int) -> None:
        super().__init__(goal, index)
        self.count = len(goal.params.zones)
        self.zones = self.table("ZONES", [m for side in goal.targets for m in side])
        self.near = self.table("NEAR", goal.neighbours)

    def evaluate(self) -> list[str]:
        kinds = _kind_mask(self.goal.params.piece, self.goal.game)
        z, nz, m = self.zones, self.count, self.m
        if self.goal.needed < nz:
            return self._evaluate_some(kinds)
        return ["named = np.int64(0)", "for s in range(S):",
                f"    pieces = {m.get('s')} & {kinds}", "    ok = True",
                f"    for j in range({nz}):",
                f"        if not (pieces & {m.row(z, f's * {nz} + j')}):", "            ok = False",
                "    if not ok:", "        continue",
                f"    starts = pieces & {m.row(z, f's * {nz}')}", "    while starts:",
                f"        reached = {m.bit('low(starts)')}", "        frontier = reached",
                "        while frontier:", f"            grown = {m.zero}",
                "            f = frontier", "            while f:",
                f"                grown |= {m.row(self.near, 'low(f)')}",
                "                f &= f - ONE", "            frontier = grown & pieces & ~reached",
                "            reached |= frontier", "        joined = True",
                f"        for j in range(1, {nz}):",
                f"            if not (reached & {m.row(z, f's * {nz} + j')}):",
                "                joined = False", "        if joined:",
                "            named |= np.int64(1) << s", "            break",
                "        starts &= ~reached", "return named != 0, False, named"]

    def _evaluate_some(self, kinds: str) -> list[str]:
        z, nz, k, m = self.zones, self.count, self.goal.needed, self.m
        return ["named = np.int64(0)", "for s in range(S):",
                f"    pieces = {m.get('s')} & {kinds}", f"    starts = {m.zero}",
                f"    for j in range({nz}):", f"        starts |= {m.row(z, f's * {nz} + j')}",
                "    starts &= pieces", "    while starts:",
                f"        reached = {m.bit('low(starts)')}", "        frontier = reached",
                "        while frontier:", f"            grown = {m.zero}",
                "            f = frontier", "            while f:",
                f"                grown |= {m.row(self.near, 'low(f)')}",
                "                f &= f - ONE", "            frontier = grown & pieces & ~reached",
                "            reached |= frontier", "        hit = 0",
                f"        for j in range({nz}):",
                f"            if reached & {m.row(z, f's * {nz} + j')}:",
                "                hit += 1",
                f"        if hit >= {k}:", "            named |= np.int64(1) << s",
                "            break", "        starts &= ~reached",
                "return named != 0, False, named"]
