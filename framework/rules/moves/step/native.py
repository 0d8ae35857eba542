"""The native kernel piece of ``step``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from framework.kernel.pieces import StepTablePiece


class StepPiece(StepTablePiece):
    """``step``: one cell along each direction, from its per-player reach table."""
