"""The reference twin of ``place_each``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.engine.slots import hand_slot_name
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
            kind = self.kind(self.params.piece)
            s.cells[cell] = self.game.new_piece(side, kind)
            if self.game.spec.pieces[kind].hand:  # out of the side's hand
                s.vars[hand_slot_name(side, kind)] -= 1
        return play

    def finished(self, s: RefState) -> bool:
        return self._next(s) is None
