"""The native kernel piece of ``passes``: the ``passes`` slot's field of the compact state
(``pass_turn`` keeps it)."""

from __future__ import annotations

from framework.engine.slots import PASSES
from framework.kernel.pieces import ConditionPiece
from framework.kernel.slots import slot_field


class PassesPiece(ConditionPiece):
    KNOWN = frozenset({"at_least", "not_"})
    WIDE = True

    def holds(self) -> list[str]:
        field = slot_field(self.condition.game, PASSES.name)
        return [f"return np.int64(st[{field}]) >= {self.condition.params.at_least}"]
