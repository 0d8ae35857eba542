"""The native kernel piece of ``rotate``: its share of a game's generated numba module, as
Python source (``framework.kernel``; no numba import here).

A rotation is a choice folded into the move before it (``framework.native.assemble``: the
choice in the move's bits from ``CHOICE_SHIFT`` up), so one native move is a whole turn, a
placement and its rotation, as OpenSpiel's Pentago action is.
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import Piece


class RotatePiece(Piece):
    """``rotate``, folded into the move: always due; choice ``k`` turns the zone of the
    k-th rotation, each of its cells' bits going to the cell the quarter turn sends it to,
    in every side's and kind's mask."""

    KNOWN = frozenset({"zones", "turns", "kind", "notation"})
    #: A choice folded into the move of the phase before (not a primitive of its own).
    FOLDS = True

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(f"c{index}_", option.keyword, option.params)
        self.option = option
        #: The actions of the choice, in the order of the move's choice bits.
        self.choices = option.made
        self.width = max(len(pairs) for _, pairs in option.turnings)
        self.zone = self.table("ZONE", [mask for mask, _ in option.turnings])
        pad = [(-1, -1)] * self.width
        flat = [p for _, pairs in option.turnings for p in (list(pairs) + pad)[:self.width]]
        self.src = self.table("FROM", [a for a, _ in flat], "int64")
        self.dst = self.table("TO", [b for _, b in flat], "int64")

    def functions(self) -> list[str]:
        w = self.width
        return [
            self.function("due_plain", "st, side, src, dst", ["return True"]),
            self.function("due", "st, side", ["return True"]),
            self.function("apply", "st, side, choice", [
                f"zone = {self.zone}[choice]", "for i in range(S + K):", "    moved = ZERO",
                f"    for k in range({w}):", f"        a = {self.src}[choice * {w} + k]",
                "        if a < 0:", "            break",
                "        if (st[i] >> U64(a)) & ONE:",
                f"            moved |= ONE << U64({self.dst}[choice * {w} + k])",
                "    st[i] = (st[i] & ~zone) | moved"])]
