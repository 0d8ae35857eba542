"""The native kernel piece of ``line_formed``: a row through the landing cell (the rows of
the length through each cell, a table) all the mover's pieces (of the kind)."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import ConditionPiece
from framework.kernel.rows import RowTables


class LineFormedPiece(ConditionPiece):
    KNOWN = frozenset({"length", "directions", "piece", "not_"})

    def __init__(self, condition: Any, prefix: str) -> None:
        super().__init__(condition, prefix)
        self.rows = RowTables(self, condition.rows)

    def holds(self) -> list[str]:
        kind, m = self.condition.kind, self.m
        mine = m.get("side") + (f" & {m.get(f'KINDS + {kind}')}" if kind >= 0 else "")
        return ["at = np.int64(st[LANDED]) - 1", "if at < 0:", "    return False",
                f"mine = {mine}", *self.rows.in_row("at", "mine", ["return True"]),
                "return False"]
