"""The native kernel piece of ``collect``: the cells taken are gathered first, as
``Collect.run`` gathers them (the landing cell, ``reach`` cells across by a per-side step
table, the chain by a per-side table of its next cell while the pile holds one of
``counts``, never the cell the sowing started from), the grand slam (``spare``) leaves
them all where they are when the opponents' other cells of the zone are empty, and the
piles are then added to the mover's cell of ``into``, in the compact state's words."""

from __future__ import annotations

from typing import Any

from framework.engine.slots import DEPARTED
from framework.kernel.pieces import Piece
from framework.kernel.slots import pile_field, slot_field


class CollectPiece(Piece):
    """``collect``: the piles where the last piece landed, across and along a chain go to
    the mover."""

    KNOWN = frozenset({"piece", "across", "into", "reach", "landing", "chain", "spare"})
    HANDLED = frozenset({"if_"})
    WIDE = True

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params, phase.game)
        game = phase.game
        self.params = phase.params
        self.size = game.board.size
        self.pile = pile_field(game, phase.params.piece)
        self.into = self.table("INTO", phase.into, "int64")
        self.across = self.table("ACROSS", [c for row in phase.across for c in row],
                                 "int64") if phase.across is not None else ""
        self.chain = self.table("CHAIN", [c for row in phase.chain for c in row],
                                "int64") if phase.chain is not None else ""
        self.spared = self.table("SPARE", phase.spared) if phase.params.spare else ""
        self.departed = (slot_field(game, DEPARTED.name) if DEPARTED.name in game.slots.index
                         else "")
        #: The chain reads where the sowing started (the sow piece writes it).
        self.SLOTS = (DEPARTED.name,) if self.chain and self.departed else ()

    def functions(self) -> list[str]:
        p, m, pile, size = self.params, self.m, self.pile, self.size
        lines = ["landed = np.int64(st[LANDED]) - 1", "if landed < 0:", "    return",
                 f"taken = np.full({size + 2}, np.int64(-1))", "k = 0"]
        if p.landing:
            lines += ["taken[k] = landed", "k += 1"]
        if self.across:
            lines += ["there = landed", f"for _ in range({p.reach}):",
                      f"    there = {self.across}[side * {size} + there]", "    if there < 0:",
                      "        break", "    taken[k] = there", "    k += 1"]
        if self.chain:
            held = " or ".join(f"st[{pile} + there] == U64({n})" for n in p.chain.counts)
            origin = f"np.int64(st[{self.departed}]) - 1" if self.departed else "np.int64(-1)"
            lines += [f"origin = {origin}", f"there = {self.chain}[side * {size} + landed]",
                      "while there >= 0 and there != origin:", "    seen = False",
                      "    for i in range(k):", "        if taken[i] == there:",
                      "            seen = True", "    if seen or not (" + held + "):",
                      "        break", "    taken[k] = there", "    k += 1",
                      f"    there = {self.chain}[side * {size} + there]"]
        if self.spared:
            lines += [f"f = {m.row(self.spared, 'side')}", "left = ZERO", "while f:",
                      "    c = low(f)", "    f &= f - ONE", "    seen = False",
                      "    for i in range(k):", "        if taken[i] == c:",
                      "            seen = True", "    if not seen:",
                      f"        left += st[{pile} + c]", "if left == ZERO:", "    return"]
        # As Collect.run: each cell in turn emptied into the mover's cell.
        lines += [f"into = {self.into}[side]", "for i in range(k):", "    taken_cell = taken[i]",
                  f"    st[{pile} + into] += st[{pile} + taken_cell]",
                  f"    st[{pile} + taken_cell] = ZERO"]
        return [self.function("run", "st, side", lines)]
