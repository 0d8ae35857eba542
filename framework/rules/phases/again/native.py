"""The native kernel piece of ``again``: it sets the ``again`` slot's field of the compact
state; the assembler's ``pass_turn`` reads the field and keeps the turn with the mover (as
``State._pass_turn`` does), and the turn's slots are reset after the goals, as every
turn's are."""

from __future__ import annotations

from typing import Any

from framework.engine.slots import AGAIN
from framework.kernel.pieces import Piece
from framework.kernel.slots import slot_field


class AgainPiece(Piece):
    """``again``: the mover plays the next turn too."""

    HANDLED = frozenset({"if_"})  # the assembler's guard: when the mover plays again
    WIDE = True
    SLOTS = (AGAIN.name,)

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params, phase.game)
        self.field = slot_field(phase.game, AGAIN.name)

    def functions(self) -> list[str]:
        return [self.function("run", "st, side", [f"st[{self.field}] = ONE"])]
