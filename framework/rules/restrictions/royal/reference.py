"""The reference twin of ``royal``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.attacks import _light_copy, royal_attacked
from framework.reference.position import RefState
from framework.reference.rules import Effect, RefRestriction


class RefRoyal(RefRestriction):
    """An action is legal only if, right after it, no royal piece of the mover is
    attacked."""

    def applies_to(self, phase: str) -> bool:
        return self.params.phases is None or phase in self.params.phases

    def allowed(self, s: RefState, moves: dict[str, Effect]) -> dict[str, Effect]:
        kept = {}
        for notation, effect in moves.items():
            after = _light_copy(s)
            effect(after)
            if not royal_attacked(self.game, after, self.params.piece, s.to_move):
                kept[notation] = effect
        return kept
