"""The native kernel piece of ``draw``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from framework.kernel.pieces import ResultPiece


class DrawPiece(ResultPiece):
    """``draw`` (or no result rule): nobody wins."""

    WIDE = True

    def winners(self) -> list[str]:
        return ["return np.int64(0)"]
