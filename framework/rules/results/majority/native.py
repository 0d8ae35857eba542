"""The native kernel piece of ``majority``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from framework.kernel.pieces import ResultPiece, _kind_mask


class MajorityPiece(ResultPiece):
    """``majority``: most pieces (or the most of a counter) wins; a tie for the most is a
    draw or shared. Piles (``zones``) are refused: the compact state keeps no numbers per
    cell."""

    KNOWN = frozenset({"piece", "equal", "counter"})
    WIDE = True

    def winners(self) -> list[str]:
        params = self.result.params
        shared = params.equal == "shared"
        if self.result.counter >= 0:
            # The side's counter, an int64 kept in its word (it may be below 0).
            start = [f"best = np.int64({-(1 << 62)})", "leaders = np.int64(0)",
                     "for s in range(S):",
                     f"    c = np.int64(st[COUNTERS + s * C + {self.result.counter}])"]
        else:
            kinds = _kind_mask(params.piece, self.result.game)
            start = ["best = -1", "leaders = np.int64(0)", "for s in range(S):",
                     f"    c = count({self.m.get('s')} & {kinds})"]
        return [*start, "    if c > best:", "        best = c",
                "        leaders = np.int64(1) << s", "    elif c == best:",
                "        leaders |= np.int64(1) << s",
                "return leaders" if shared else
                "return leaders if count(U64(leaders)) == 1 else np.int64(0)"]
