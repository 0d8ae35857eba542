"""The native kernel piece of ``leap``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from framework.kernel.pieces import StepTablePiece


class LeapPiece(StepTablePiece):
    """``leap``: to each fixed offset (or path), from its per-player reach table."""
