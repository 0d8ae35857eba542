"""The native kernel piece of ``rush``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.scanned import ScannedPiece, _sources
from framework.kernel.slots import slot_field


class RushPiece(ScannedPiece):
    """``rush``: a piece in its start zone moves straight ahead through empty cells; the cell
    it passed over is kept in the slot until the next move that is not a rush."""

    UPKEEPS = True
    KNOWN = frozenset({"piece", "zone", "direction", "distance", "passed", "kind",
                       "notation", "resets_halfmove_clock"})

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        size = option.game.board.size
        self.size = size
        self.SLOTS = (option.params.passed,)
        self.slot = slot_field(option.game, option.params.passed)
        self.zone = self.table("ZONE", option.zone)
        rows = [row for table in option.paths for row in table]  # [side * size + cell]
        self.path = self.table("PATH", [r[0] for r in rows])
        self.end = self.table("END", [r[1] for r in rows], "int64")
        self.passed = self.table("PASSED", [r[2] for r in rows], "int64")
        self.resets = option.resets_clock
        self.sources = _sources(option)
        self.MOST = max(1, len(option.moves))

    def functions(self) -> list[str]:
        return [*super().functions(),
                self.function("upkeep", "st, side, opt", [
                    f"if opt != {self.index}:", f"    st[{self.slot}] = ZERO"])]

    def gen(self) -> list[str]:
        return [f"b = {self.sources} & {self.zone}[side]", "while b:", "    s = low(b)",
                "    b &= b - ONE", f"    at = side * {self.size} + s", f"    e = {self.end}[at]",
                f"    if e >= 0 and not ({self.path}[at] & ~empty):",
                f"        buf[n] = {self.encoded('s', 'e')}", "        n += 1",
                "return n"]

    def apply(self) -> list[str]:
        return ["move_piece(st, src, dst)", *self.landing(self.resets),
                f"st[{self.slot}] = U64({self.passed}[side * {self.size} + src] + 1)"]
