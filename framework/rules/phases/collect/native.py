"""The native kernel piece of ``collect``: the piles of the landing cell and of the cell
across from it (a per-side step table) added to the mover's cell of ``into``, in the
compact state's words of piles."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import Piece
from framework.kernel.slots import pile_field


class CollectPiece(Piece):
    """``collect``: the piles where the last piece landed and across go to the mover."""

    KNOWN = frozenset({"piece", "across", "into"})
    HANDLED = frozenset({"if_"})
    WIDE = True

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params, phase.game)
        self.size = phase.game.board.size
        self.pile = pile_field(phase.game, phase.params.piece)
        self.into = self.table("INTO", phase.into, "int64")
        self.across = self.table("ACROSS", [c for row in phase.across for c in row],
                                 "int64") if phase.across is not None else ""

    def functions(self) -> list[str]:
        pile = self.pile
        # As Collect.run: each cell in turn emptied into the mover's cell.
        take = [f"st[{pile} + into] += st[{pile} + taken]", f"st[{pile} + taken] = ZERO"]
        lines = ["landed = np.int64(st[LANDED]) - 1", "if landed < 0:", "    return",
                 f"into = {self.into}[side]", "taken = landed", *take]
        if self.across:
            lines += [f"taken = {self.across}[side * {self.size} + landed]", "if taken >= 0:",
                      *("    " + line for line in take)]
        return [self.function("run", "st, side", lines)]
