"""The reference twin of ``counter_at_least``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefGoal, RefVerdict


class RefCounterAtLeast(RefGoal):
    def verdict(self, s: RefState) -> RefVerdict:
        p = self.params
        winners = {player for player in self.game.players
                   if s.counters[player][p.counter] >= p.value}
        return winners or None
