"""The reference twin of ``dice``: the roll's dice read by name from the position and
added up, then compared."""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefCondition


class RefDice(RefCondition):
    def holds(self, s: RefState, mover: str) -> bool:
        p = self.params
        roll = next(phase for phase in self.game.spec.turn if phase.name == p.roll)
        value = 0
        for i in range(roll.dice):
            value += s.vars[f"die_{i + 1}"]
        if p.exactly is not None and value != p.exactly:
            return False
        if p.at_least is not None and value < p.at_least:
            return False
        return p.at_most is None or value <= p.at_most
