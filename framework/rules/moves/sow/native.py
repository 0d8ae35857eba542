"""The native kernel piece of ``sow``: the piles are words of the compact state (a region
of one word per cell, ``st[PILE<k> + cell]``); a move is named by the cell sown from (its
target, no source), and the pieces go one by one along a per-side table of the next cell
(the opponents' cells of ``skip`` already stepped over, as ``Sow.next`` has them; a
player's own track is that player's row of the table). A lap passes over the cell a pile
was taken from (``skip_origin``); a relay takes the landing cell's pile up again while it
held some (not a cell of ``skip``), at most ``relay`` times; the must-feed rule (``feed``)
plays each candidate sowing on a copy of the state when the opponents' cells are empty
and keeps those that dropped a piece there."""

from __future__ import annotations

from typing import Any

from framework.engine.slots import DEPARTED
from framework.kernel.pieces import AtCellsPiece
from framework.kernel.slots import pile_field, slot_field


class SowPiece(AtCellsPiece):
    """``sow``: every piece of a pile of yours dropped one by one along the track."""

    KNOWN = frozenset({"piece", "zone", "track", "skip", "kind", "notation", "skip_origin",
                       "relay", "feed", "at_least", "at_most"})
    PLACES = False  # no piece is made: the piles only change hands along the track
    WIDE = True

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        game = option.game
        self.option = option
        self.size = game.board.size
        self.pile = pile_field(game, option.params.piece)
        self.next = self.table("NEXT", [c for row in option.next for c in row], "int64")
        self.zone = self.table("FROM", option.sown_from)  # per side: the cells sown from
        self.fed = self.table("FED", option.fed)  # per side: the opponents' cells of zone
        self.stores = self.table("STORES", option.no_relay)  # per side: no relay from there
        self.departed = (slot_field(game, DEPARTED.name) if DEPARTED.name in game.slots.index
                         else "")

    def functions(self) -> list[str]:
        return [self.function("sow", "st, side, cell", self._sow()), *super().functions()]

    def _sow(self) -> list[str]:
        """As ``Sow._sow``: the sowing played on ``st`` from ``cell``; the last cell, and
        whether a piece fell on an opponent's cell of the zone."""
        p, m, pile = self.option.params, self.m, self.pile
        skip = ["        if cell == origin:", "            continue"] if p.skip_origin else []
        feed = [f"        if {m.test(m.row(self.fed, 'side'), 'cell')} != ZERO:",
                "            fed = True"] if p.feed else []
        return ["relays = np.int64(" + str(p.relay or 0) + ")", "fed = False", "while True:",
                "    origin = cell", f"    n = st[{pile} + cell]", f"    st[{pile} + cell] = ZERO",
                "    while n != ZERO:", f"        cell = {self.next}[side * {self.size} + cell]",
                *skip, f"        st[{pile} + cell] += ONE", *feed, "        n -= ONE",
                f"    if relays > 0 and st[{pile} + cell] > ONE and "
                f"{m.test(m.row(self.stores, 'side'), 'cell')} == ZERO:",
                "        relays -= 1", "        continue", "    return cell, fed"]

    def cells(self) -> list[str]:
        """Lines that leave in ``t`` the cells of the side's zone whose pile is not empty
        (while the opponents are starved, only those whose sowing feeds them)."""
        lines = [f"b = {self.m.row(self.zone, 'side')}", f"t = {self.m.zero}"]
        fed = ""
        if self.option.params.feed:
            lines += [f"f = {self.m.row(self.fed, 'side')}", "theirs = ZERO", "while f:",
                      "    c = low(f)", "    f &= f - ONE", f"    theirs += st[{self.pile} + c]"]
            fed = f" and (theirs != ZERO or {self.prefix}sow(st.copy(), side, c)[1])"
        p = self.option.params
        size = f"st[{self.pile} + c] >= U64({p.at_least})" + (
            f" and st[{self.pile} + c] <= U64({p.at_most})" if p.at_most is not None else "")
        return [*lines, "while b:", "    c = low(b)", "    b &= b - ONE",
                f"    if {size}{fed}:", f"        t |= {self.m.bit('c')}"]

    def apply(self) -> list[str]:
        # As Sow.apply: the sowing, its last piece's cell the landing.
        departed = [f"st[{self.departed}] = U64(dst + 1)"] if self.departed else []
        return [*departed, f"cell, fed = {self.prefix}sow(st, side, np.int64(dst))",
                "st[LANDED] = U64(cell + 1)"]
