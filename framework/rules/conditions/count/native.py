"""The native kernel piece of ``count``: popcounts of the sides' masks (a hand: the kind's
supply less its pieces on the board; piles: the words of the kind's piles on the zone)."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import ConditionPiece
from framework.kernel.slots import pile_field


class CountPiece(ConditionPiece):
    KNOWN = frozenset({"of", "piece", "zone", "where", "at_least", "at_most", "exactly",
                       "not_"})
    WIDE = True

    def __init__(self, condition: Any, prefix: str) -> None:
        super().__init__(condition, prefix)
        self.zone = self.table("ZONE", condition.zone)  # per side (its own zone)

    def holds(self) -> list[str]:
        count = self.condition
        p = count.params
        m = self.m
        kind = m.get(f"KINDS + {count.kind}") if count.kind >= 0 else "ALL"
        zone = self.zone
        if p.where == "pile":  # the words of the kind's piles on the side's zone
            pile = pile_field(count.game, p.piece)
            per_side = None
        elif p.where == "hand" and count.game.spec.pieces[p.piece].hand:
            # The hand's field (``HAND``: per kind and side, the field of its slot).
            pile, per_side = "", f"np.int64(st[HAND[{count.kind} * S + s]])"
        elif p.where == "hand":
            supply = count.game.spec.pieces[p.piece].supply
            per_side = f"{supply} - count({m.get('s')} & {kind})"
        else:
            per_side = f"count({m.get('s')} & {kind} & {m.row(zone, 's')})"
        select = self.sides_counted(p.of)
        bounds = [f"n >= {p.at_least}" if p.at_least is not None else "",
                  f"n <= {p.at_most}" if p.at_most is not None else "",
                  f"n == {p.exactly}" if p.exactly is not None else ""]
        if per_side is None:
            added = [f"        z = {m.row(zone, 's')}", "        while z:",
                     f"            n += np.int64(st[{pile} + low(z)])", "            z &= z - ONE"]
        else:
            added = [f"        n += {per_side}"]
        return ["n = 0", "for s in range(S):", f"    if {select}:", *added,
                f"return {' and '.join(b for b in bounds if b)}"]
