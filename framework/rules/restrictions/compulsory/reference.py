"""The reference twin of ``compulsory``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import Effect, RefRestriction


class RefCompulsory(RefRestriction):
    """If any legal action is of one of the kinds, only those are legal."""

    def applies_to(self, phase: str) -> bool:
        return self.params.phases is None or phase in self.params.phases

    def allowed(self, s: RefState, moves: dict[str, Effect]) -> dict[str, Effect]:
        forced = {n: e for n, e in moves.items()
                  if getattr(e, "kind", None) in self.params.kinds}
        if not forced or not getattr(self.params, "longest", False):
            # a chain that may stop still may: the first capture is what is forced
            stop = {n: e for n, e in moves.items() if getattr(e, "kind", None) == "stop"}
            return {**forced, **stop} if forced else moves
        runs = {n: self._longest(s, e) for n, e in forced.items()}
        best = max(runs.values())
        return {n: e for n, e in forced.items() if runs[n] == best}

    def keeps_some(self, s: RefState, moves: dict[str, Effect]) -> bool:
        return bool(moves)  # the forced moves, or the longest of them, are never none

    def _longest(self, s: RefState, effect: Effect) -> int:
        """The most forced actions a turn that begins with ``effect`` can take, by trying
        every way on."""
        after = self.game.play_effect(s, effect)
        if after.result is not None or after.setup is not None or \
                (after.to_move, after.fullmove) != (s.to_move, s.fullmove):
            return 1
        phase = self.game.phases[after.phase]
        more = [e for e in phase.moves(after).values()
                if getattr(e, "kind", None) in self.params.kinds]
        return 1 + max((self._longest(after, e) for e in more), default=0)
