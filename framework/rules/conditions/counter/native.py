"""The native kernel piece of ``counter``: the words of the named sides' counter (an int64
in each word, ``st[COUNTERS + side * C + counter]``) added up and compared with the bounds."""

from __future__ import annotations

from framework.kernel.pieces import ConditionPiece
from framework.rules.conditions.pile.native import bounds


class CounterPiece(ConditionPiece):
    KNOWN = frozenset({"counter", "of", "at_least", "at_most", "exactly", "not_"})
    WIDE = True  # reads no mask

    def holds(self) -> list[str]:
        counter = self.condition
        p = counter.params
        select = self.sides_counted(p.of)
        return ["n = np.int64(0)", "for s in range(S):", f"    if {select}:",
                f"        n += np.int64(st[COUNTERS + s * C + {counter.counter}])",
                f"return {bounds(p, 'n')}"]
