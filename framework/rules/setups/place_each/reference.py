"""The reference twin of ``place_each``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import Effect, RefSetup


class RefPlaceEach(RefSetup):
    """One seat places a bare piece of each side in player order, on empty cells."""

    def _next(self, s: RefState) -> str | None:
        kind = self.kind(self.params.piece)
        return next((p for p in self.game.players if not s.pieces_of(p, kind)), None)

    def moves(self, s: RefState) -> dict[str, Effect]:
        side = self._next(s)
        if side is None:
            return {}
        return {f"{side}@{cell}": self._place(side, cell)
                for cell in self.board.cells if s.empty(cell)}

    def _place(self, side: str, cell: str) -> Effect:
        def play(s: RefState) -> None:
            s.cells[cell] = self.game.new_piece(side, self.kind(self.params.piece))
        return play

    def finished(self, s: RefState) -> bool:
        return self._next(s) is None
