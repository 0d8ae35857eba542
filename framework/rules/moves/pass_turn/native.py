"""The native kernel piece of ``pass_turn``: one move without cells (the option's code
alone), the ``passes`` slot counted up by it and set back to 0 by any other move of the
phase (``upkeep``), the ko cell cleared."""

from __future__ import annotations

from typing import Any

from framework.engine.slots import KO, PASSES
from framework.kernel.pieces import PrimitivePiece
from framework.kernel.slots import slot_field


class PassTurnPiece(PrimitivePiece):
    KNOWN = frozenset({"notation"})
    PLACES = False
    UPKEEPS = True
    WIDE = True

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        game = option.game
        self.passes = slot_field(game, PASSES.name)
        self.ko = slot_field(game, KO.name) if option.ko >= 0 else ""
        self.SLOTS = (PASSES.name, *((KO.name,) if self.ko else ()))

    def functions(self) -> list[str]:
        return [*super().functions(),
                self.function("upkeep", "st, side, opt", [
                    f"if opt != {self.index}:", f"    st[{self.passes}] = ZERO"])]

    def gen(self) -> list[str]:
        return [f"buf[n] = {self.code}", "return n + 1"]

    def count(self) -> list[str]:
        return ["return 1"]

    def has(self) -> list[str]:
        return ["return True"]

    def apply(self) -> list[str]:
        return [f"st[{self.passes}] += ONE", *([f"st[{self.ko}] = ZERO"] if self.ko else [])]
