"""The reference twin of ``fixed``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefSetup


class RefFixed(RefSetup):
    """Pieces on the listed cells; optionally a side other than the first moves first."""

    def prepare(self, s: RefState) -> None:
        for cell, value in self.params.cells.items():
            owner = value if isinstance(value, str) else value.owner
            piece = None if isinstance(value, str) else value.piece
            s.cells[cell] = self.game.new_piece(owner, self.kind(piece))
            if not isinstance(value, str):
                s.cells[cell].update(value.attributes)
        if self.params.to_move:
            s.to_move = self.params.to_move
            s.last_mover = self.game.previous(s.to_move, s.fullmove)
