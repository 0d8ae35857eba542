"""The reference twin of ``convert_adjacent``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefPhase


class RefConvertAdjacent(RefPhase):
    """Enemy pieces within the distance of the landing cell change owner."""

    decides = False

    def run(self, s: RefState) -> None:
        landed = s.vars["landed"]
        if landed is None:
            return
        for cell in self.board.within(landed, self.params.distance):
            if cell in s.cells and s.cells[cell]["owner"] != s.to_move:
                s.cells[cell]["owner"] = s.to_move
