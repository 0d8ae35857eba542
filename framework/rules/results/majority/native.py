"""The native kernel piece of ``majority``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import ResultPiece, _kind_mask
from framework.kernel.slots import pile_field


class MajorityPiece(ResultPiece):
    """``majority``: most pieces (or the most of a counter) wins; a tie for the most is a
    draw or shared. A kind kept in piles counts the words of its piles on each side's own
    cells of ``zones``."""

    KNOWN = frozenset({"piece", "equal", "counter", "zones"})
    WIDE = True

    def __init__(self, result: Any) -> None:
        super().__init__(result)
        # A kind kept in piles: per side, its own cells of the zones (Majority.sides_cells).
        self.cells = self.table("CELLS", result.sides_cells) if result.piles else ""

    def winners(self) -> list[str]:
        params = self.result.params
        shared = params.equal == "shared"
        if self.result.counter >= 0:
            # The side's counter, an int64 kept in its word (it may be below 0).
            start = [f"best = np.int64({-(1 << 62)})", "leaders = np.int64(0)",
                     "for s in range(S):",
                     f"    c = np.int64(st[COUNTERS + s * C + {self.result.counter}])"]
        elif self.cells:  # the words of the kind's piles on the side's cells
            pile = pile_field(self.result.game, params.piece)
            start = ["best = -1", "leaders = np.int64(0)", "for s in range(S):",
                     "    c = 0", f"    z = {self.m.row(self.cells, 's')}", "    while z:",
                     f"        c += np.int64(st[{pile} + low(z)])", "        z &= z - ONE"]
        else:
            kinds = _kind_mask(params.piece, self.result.game)
            start = ["best = -1", "leaders = np.int64(0)", "for s in range(S):",
                     f"    c = count({self.m.get('s')} & {kinds})"]
        return [*start, "    if c > best:", "        best = c",
                "        leaders = np.int64(1) << s", "    elif c == best:",
                "        leaders |= np.int64(1) << s",
                "return leaders" if shared else
                "return leaders if count(U64(leaders)) == 1 else np.int64(0)"]
