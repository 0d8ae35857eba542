"""The reference twin of ``passes``: the passes in a row, as the pass twin counts them."""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefCondition


class RefPasses(RefCondition):
    def holds(self, s: RefState, mover: str) -> bool:
        return bool(s.vars["passes"] >= self.params.at_least)
