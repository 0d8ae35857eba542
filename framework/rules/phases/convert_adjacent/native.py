"""The native kernel piece of ``convert_adjacent``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import Piece


class ConvertPiece(Piece):
    """``convert_adjacent``: the enemies around the landing cell change sides."""

    KNOWN = frozenset({"distance"})

    HANDLED = frozenset({"if_"})
    WIDE = True

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params, phase.game)
        self.around = self.table("AROUND", phase.around)

    def functions(self) -> list[str]:
        return [self.function("run", "st, side", [
            "landed = np.int64(st[LANDED]) - 1", "if landed < 0:", "    return",
            f"area = {self.m.row(self.around, 'landed')}", "for s in range(S):",
            "    if s != side:", f"        taken = {self.m.get('s')} & area",
            f"        {self.m.update('s', '^', 'taken')}",
            f"        {self.m.update('side', '|', 'taken')}"])]
