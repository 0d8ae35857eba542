"""The native kernel piece of ``swap``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import PrimitivePiece


class SwapPiece(PrimitivePiece):
    """``swap`` (the pie rule): on the first round, a player with no piece while exactly one
    other piece is on the board may take it over — on its cell, or on its mirror cell
    across the long diagonal. One move, with no cells in it (as the Python action has
    none)."""

    KNOWN = frozenset({"mirror", "kind", "notation"})
    PLACES = False
    WIDE = True

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        self.mirror = self.table("MIRROR", option.mirror, "int64")

    def _can(self) -> str:
        return "st[FULLMOVE] == ONE and own == ZERO and count(enemy) == 1"

    def gen(self) -> list[str]:
        return [f"if {self._can()}:", f"    buf[n] = {self.code}", "    n += 1", "return n"]

    def count(self) -> list[str]:
        return [f"return 1 if {self._can()} else 0"]

    def has(self) -> list[str]:
        return [f"return {self._can()}"]

    def apply(self) -> list[str]:
        # The one piece on the board, whoever's, becomes the mover's on its mirror cell.
        m = self.m
        return [f"occupied = {m.zero}", "for s in range(S):", f"    occupied |= {m.get('s')}",
                "cell = low(occupied)", "kind = 0", "for k in range(K):",
                f"    if {m.test(m.get('KINDS + k'), 'cell')}:", "        kind = k",
                "remove(st, cell)", f"place(st, {self.mirror}[cell], side, kind)"]
