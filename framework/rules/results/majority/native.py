"""The native kernel piece of ``majority``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from framework.kernel.pieces import ResultPiece, _kind_mask


class MajorityPiece(ResultPiece):
    """``majority``: most pieces wins; a tie for the most is a draw or shared."""

    KNOWN = frozenset({"piece", "equal"})
    WIDE = True

    def winners(self) -> list[str]:
        params = self.result.params
        kinds = _kind_mask(params.piece, self.result.game)
        shared = params.equal == "shared"
        return ["best = -1", "leaders = np.int64(0)", "for s in range(S):",
                f"    c = count({self.m.get('s')} & {kinds})", "    if c > best:",
                "        best = c",
                "        leaders = np.int64(1) << s", "    elif c == best:",
                "        leaders |= np.int64(1) << s",
                "return leaders" if shared else
                "return leaders if count(U64(leaders)) == 1 else np.int64(0)"]
