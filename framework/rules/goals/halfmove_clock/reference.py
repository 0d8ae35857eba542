"""The reference twin of ``halfmove_clock``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefGoal, RefVerdict


class RefHalfmoveClock(RefGoal):
    def verdict(self, s: RefState) -> RefVerdict:
        if s.halfmove < self.params.limit:
            return None
        return "score" if self.params.winner == "score" else set()
