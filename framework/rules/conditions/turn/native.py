"""The native kernel piece of ``turn``: the full-move field of the compact state."""

from __future__ import annotations

from framework.kernel.pieces import ConditionPiece


class TurnPiece(ConditionPiece):
    KNOWN = frozenset({"at_least", "at_most", "exactly", "not_"})
    WIDE = True

    def holds(self) -> list[str]:
        p = self.condition.params
        bounds = [f"n >= {p.at_least}" if p.at_least is not None else "",
                  f"n <= {p.at_most}" if p.at_most is not None else "",
                  f"n == {p.exactly}" if p.exactly is not None else ""]
        return ["n = np.int64(st[FULLMOVE])", f"return {' and '.join(b for b in bounds if b)}"]
