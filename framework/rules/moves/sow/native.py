"""The native kernel piece of ``sow``: the piles are words of the compact state (a region
of one word per cell, ``st[PILE<k> + cell]``); a move is named by the cell sown from (its
target, no source), and the pieces go one by one along a per-side table of the next cell
(the opponents' cells of ``skip`` already stepped over, as ``Sow.next`` has them)."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import AtCellsPiece
from framework.kernel.slots import pile_field


class SowPiece(AtCellsPiece):
    """``sow``: every piece of a pile of yours dropped one by one along the track."""

    KNOWN = frozenset({"piece", "zone", "track", "skip", "kind", "notation"})
    PLACES = False  # no piece is made: the piles only change hands along the track
    WIDE = True

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        game = option.game
        self.size = game.board.size
        self.pile = pile_field(game, option.params.piece)
        self.next = self.table("NEXT", [c for row in option.next for c in row], "int64")
        self.zone = self.table("FROM", option.sown_from)  # per side: the cells sown from

    def cells(self) -> list[str]:
        """Lines that leave in ``t`` the cells of the side's zone whose pile is not empty."""
        return [f"b = {self.m.row(self.zone, 'side')}", f"t = {self.m.zero}", "while b:",
                "    c = low(b)", "    b &= b - ONE", f"    if st[{self.pile} + c] != ZERO:",
                f"        t |= {self.m.bit('c')}"]

    def apply(self) -> list[str]:
        # As Sow.apply: the pile taken up, one piece on each next cell, the last one's
        # cell the landing.
        return ["cell = dst", f"n = st[{self.pile} + cell]", f"st[{self.pile} + cell] = ZERO",
                "while n != ZERO:", f"    cell = {self.next}[side * {self.size} + cell]",
                f"    st[{self.pile} + cell] += ONE", "    n -= ONE",
                "st[LANDED] = U64(cell + 1)"]
