"""The native kernel piece of ``en_passant``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.scanned import ScannedPiece, _sources
from framework.kernel.slots import slot_field


class EnPassantPiece(ScannedPiece):
    """``en_passant``: a step onto the cell a rush just passed over, capturing the rusher."""

    KNOWN = frozenset({"piece", "directions", "victim", "passed", "kind", "notation",
                       "resets_halfmove_clock"})

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        self.size = option.game.board.size
        self.SLOTS = (option.params.passed,)
        self.slot = slot_field(option.game, option.params.passed)
        self.starts = self.table("STARTS", [m for table in option.starts for m in table])
        self.victims = self.table("VICTIM", [c for table in option.victims for c in table],
                                  "int64")
        self.resets = option.resets_clock
        self.sources = _sources(option)
        self.MOST = max(1, len(option.moves))

    def gen(self) -> list[str]:
        return [f"p = np.int64(st[{self.slot}]) - 1",
                "if p < 0 or not (empty >> U64(p)) & ONE:", "    return n",
                f"v = {self.victims}[side * {self.size} + p]",
                "if v < 0 or not (enemy >> U64(v)) & ONE:", "    return n",
                f"b = {self.sources} & {self.starts}[side * {self.size} + p]", "while b:",
                f"    buf[n] = {self.encoded('low(b)', 'p')}", "    n += 1",
                "    b &= b - ONE", "return n"]

    def apply(self) -> list[str]:
        return [f"remove(st, {self.victims}[side * {self.size} + dst])",
                "move_piece(st, src, dst)", *self.landing(self.resets)]
