"""The reference twin of ``facing``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.attacks import _light_copy
from framework.reference.position import RefState
from framework.reference.rules import Effect, RefRestriction


class RefFacing(RefRestriction):
    """An action is legal only if, right after it, no piece of the first kind and piece of
    the second kind of another player see each other along a line, nothing between."""

    def applies_to(self, phase: str) -> bool:
        return self.params.phases is None or phase in self.params.phases

    def allowed(self, s: RefState, moves: dict[str, Effect]) -> dict[str, Effect]:
        kept = {}
        for notation, effect in moves.items():
            after = _light_copy(s)
            effect(after)
            if not self._facing(after):
                kept[notation] = effect
        return kept

    def _facing(self, s: RefState) -> bool:
        board = self.game.board
        a, b = self.params.pieces
        directions = self.params.directions or list(board.directions)
        for cell, piece in s.cells.items():
            if piece["piece"] not in (a, b):
                continue
            wanted = {b} if piece["piece"] == a else {a}  # the other kind of the pair
            if a == b:
                wanted = {a}
            for d in directions:
                at = board.step(cell, d)
                while at is not None and at != cell and at not in s.gaps \
                        and at not in s.cells:
                    at = board.step(at, d)
                if at is None or at == cell or at in s.gaps:
                    continue
                seen = s.cells[at]
                if seen["piece"] in wanted and seen["owner"] != piece["owner"]:
                    return True
        return False
