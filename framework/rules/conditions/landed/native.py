"""The native kernel piece of ``landed``: the landing field of the compact state (cell + 1,
0: none), tested against the zone and kind masks."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import ConditionPiece


class LandedPiece(ConditionPiece):
    KNOWN = frozenset({"zone", "piece", "not_", "of"})
    WIDE = True

    def __init__(self, condition: Any, prefix: str) -> None:
        super().__init__(condition, prefix)
        self.zone = self.table("ZONE", condition.zone)

    def holds(self) -> list[str]:
        kind, m = self.condition.kind, self.m
        lines = ["at = np.int64(st[LANDED]) - 1", "if at < 0:", "    return False",
                 f"if not {m.test(m.row(self.zone, 'side'), 'at')}:", "    return False"]
        if kind >= 0:
            return [*lines, f"return bool({m.test(m.get(f'KINDS + {kind}'), 'at')})"]
        return [*lines, "return True"]
