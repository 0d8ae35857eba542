"""The reference twin of ``flip_flanked``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.moves import outflanked_from
from framework.reference.position import RefState
from framework.reference.rules import RefPhase


class RefFlipFlanked(RefPhase):
    """Every enemy run between the landing cell and an own piece, along each direction,
    changes owner."""

    decides = False

    def run(self, s: RefState) -> None:
        landed = s.vars["landed"]
        if landed is None:
            return
        for cell in outflanked_from(self, s, landed, self.params.directions):
            s.cells[cell]["owner"] = s.to_move
