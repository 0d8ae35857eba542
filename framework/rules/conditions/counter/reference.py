"""The reference twin of ``counter``: the named sides' counter, read from the position's
counters by player name."""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefCondition


class RefCounter(RefCondition):
    def holds(self, s: RefState, mover: str) -> bool:
        p = self.params
        players = self.game.players
        if p.of == "mover":
            whose = [mover]
        elif p.of == "opponents":
            whose = [q for q in players if q != mover]
        else:
            whose = list(players) if p.of == "all" else [p.of]
        value = sum(s.counters[q][p.counter] for q in whose)
        return ((p.at_least is None or value >= p.at_least)
                and (p.at_most is None or value <= p.at_most)
                and (p.exactly is None or value == p.exactly))
