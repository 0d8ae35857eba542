"""The reference twin of ``sweep``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefPhase


class RefSweep(RefPhase):
    """Remove, all at once, every enemy piece with fewer empty neighbours than the sum of
    the listed attributes; the mover scores one per piece."""

    decides = False

    def run(self, s: RefState) -> None:
        p = self.params
        doomed = []
        for cell, piece in s.cells.items():
            if piece["owner"] == s.to_move or p.piece not in (None, piece["piece"]):
                continue
            need = sum(piece.get(a, 0) for a in p.attributes)
            room = sum(1 for n in self.board.neighbours(cell) if s.empty(n))
            if room < need:
                doomed.append(cell)
        for cell in doomed:
            del s.cells[cell]
        if p.score:
            s.counters[s.to_move][p.score] += len(doomed)
