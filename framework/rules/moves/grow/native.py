"""The native kernel piece of ``grow``: one of the mover's pieces that carries the
attribute gains ``by`` of it, while the mover's supply of it (derived: the declared supply
less what its pieces on the board carry) holds that much and within the kind's caps
(``Grow.targets``). A move is named by the cell."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import AtCellsPiece
from framework.kernel.slots import attribute_field


class GrowPiece(AtCellsPiece):
    """``grow``: an attribute of one of the mover's pieces grows by ``by``."""

    KNOWN = frozenset({"attribute", "by", "notation"})
    PLACES = False
    WIDE = True

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        game = option.game
        table = option.limits
        a = option.attribute
        self.by = option.params.by
        self.field = attribute_field(game, option.params.attribute)
        self.size = game.board.size
        self.carried = len(game.attributes)
        self.supply = table.attribute_supply[a]
        self.carriers = option.carriers
        kinds = range(len(game.piece_kinds))
        self.cap = self.table("CAP", [-1 if table.attribute_max[k][a] is None
                                      else table.attribute_max[k][a] for k in kinds], "int64")
        self.total = self.table("TOTAL", [-1 if table.total_max[k] is None
                                          else table.total_max[k] for k in kinds], "int64")

    def cells(self) -> list[str]:
        m, by = self.m, self.by
        carriers = " | ".join(m.get(f"KINDS + {k}") for k in self.carriers) or m.zero
        lines = [f"t = {m.zero}", f"b = own & ({carriers})"]
        if self.supply is not None:  # what the mover's pieces carry comes off the supply
            lines += ["held = np.int64(0)", "f = own", "while f:",
                      f"    held += np.int64(st[{self.field} + low(f)])", "    f &= f - ONE",
                      f"if {self.supply} - held < {by}:", f"    b = {m.zero}"]
        return [*lines, "while b:", "    c = low(b)", "    b &= b - ONE",
                "    k = 0", "    for i in range(K):",
                f"        if {m.test(m.get('KINDS + i'), 'c')}:", "            k = i",
                "            break", f"    v = np.int64(st[{self.field} + c])",
                f"    if {self.cap}[k] >= 0 and v + {by} > {self.cap}[k]:", "        continue",
                "    total = np.int64(0)", f"    for a in range({self.carried}):",
                f"        total += np.int64(st[ATTRS + a * {self.size} + c])",
                f"    if {self.total}[k] >= 0 and total + {by} > {self.total}[k]:",
                "        continue", f"    t |= {m.bit('c')}"]

    def apply(self) -> list[str]:
        return [f"st[{self.field} + dst] += U64({self.by})"]
