"""The reference twin of ``turn``: the position's full-move number."""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefCondition


class RefTurn(RefCondition):
    def holds(self, s: RefState, mover: str) -> bool:
        p = self.params
        return all(bound is None or ok for bound, ok in (
            (p.at_least, p.at_least is not None and s.fullmove >= p.at_least),
            (p.at_most, p.at_most is not None and s.fullmove <= p.at_most),
            (p.exactly, s.fullmove == p.exactly)))
