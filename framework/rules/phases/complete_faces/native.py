"""The native kernel piece of ``complete_faces``: the faces the landing completes
(``completes_face``'s table and code) added to the mover's counter in the compact state
(``st[COUNTERS + side * C + counter]``)."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import Piece
from framework.rules.conditions.completes_face.native import completed_lines


class CompleteFacesPiece(Piece):
    """``complete_faces``: each face the landing completes scores one for the mover."""

    KNOWN = frozenset({"counter"})
    HANDLED = frozenset({"if_"})
    WIDE = True

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params, phase.game)
        self.counter = phase.counter
        self.lines = completed_lines(self, phase.faces)

    def functions(self) -> list[str]:
        return [self.function("run", "st, side", [
            *self.lines, "if done:",
            f"    st[COUNTERS + side * C + {self.counter}] += U64(done)"])]
