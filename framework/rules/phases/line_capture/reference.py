"""The reference twin of ``line_capture``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.lines import into_hand
from framework.reference.position import RefState
from framework.reference.rules import RefPhase
from framework.reference.straight import _straight


class RefLineCapture(RefPhase):
    """From the landing cell on (ahead), or from the starting cell back (behind), along the
    move's line: every enemy piece until a cell that holds none."""

    decides = False

    def run(self, s: RefState) -> None:
        src, dst = s.vars.get("departed"), s.vars.get("landed")
        if src is None or dst is None:
            return
        board = self.board
        way = next((d for d in board.directions if _straight(self, src, dst, d) is not None),
                   None)
        if way is None:
            return
        if self.params.side == "ahead":
            at = board.step(dst, way)
        else:
            way = board.opposite(way)
            at = board.step(src, way)
        while at is not None and at in s.cells and s.cells[at]["owner"] != s.to_move:
            into_hand(self.game.spec, s, s.cells.pop(at))
            at = board.step(at, way)
