"""The native kernel piece of ``castle``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.attacks import AttackPiece
from framework.kernel.pieces import Unsupported
from framework.kernel.scanned import ScannedPiece
from framework.kernel.slots import slot_field


class CastlePiece(ScannedPiece):
    """``castle``: a piece and its partner, both unmoved (the route's right), move together
    when the cells between are empty and — ``safe`` — the piece's cells are not attacked
    (the attack tables read from the game's own moves: ``framework.kernel.attacks``)."""

    UPKEEPS = True
    KNOWN = frozenset({"piece", "partner", "routes", "rights", "safe", "kind", "notation"})

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        game = option.game
        if len(option.routes) > 63:
            raise Unsupported("castle with more than 63 routes")
        self.SLOTS = (option.params.rights,)
        self.slot = slot_field(game, option.params.rights)
        self.piece, self.partner = option.piece, option.partner
        routes = option.routes  # (bit, player, from, to, partner_from, partner_to, empty, safe)
        self.count_routes = len(routes)
        self.width = max(1, max(len(r[7]) for r in routes))
        self.player = self.table("PLAYER", [r[1] for r in routes], "int64")
        self.src = self.table("SRC", [r[2] for r in routes], "int64")
        self.dst = self.table("DST", [r[3] for r in routes], "int64")
        self.psrc = self.table("PSRC", [r[4] for r in routes], "int64")
        self.pdst = self.table("PDST", [r[5] for r in routes], "int64")
        self.empty = self.table("EMPTY", [r[6] for r in routes])
        self.safe = self.table("SAFE", [r[7][i] if i < len(r[7]) else -1 for r in routes
                                        for i in range(self.width)], "int64")
        self.MOST = self.count_routes
        self.helpers = (AttackPiece.of(game),) if option.params.safe else ()
        self.attacked = "a_attacked"

    def _stands(self, side: str, kind: int, cell: str) -> str:
        return f"((st[{side}] & st[KINDS + {kind}]) >> U64({cell})) & ONE"

    def gen(self) -> list[str]:
        safe = [f"    for j in range({self.width}):",
                f"        c = {self.safe}[r * {self.width} + j]", "        if c < 0:",
                "            break", f"        if {self.attacked}(st, c, side):",
                "            ok = False", "            break"] if self.helpers else []
        return [f"rights = st[{self.slot}]", "if rights == ZERO:", "    return n",
                f"for r in range({self.count_routes}):",
                f"    if {self.player}[r] != side or not (rights >> U64(r)) & ONE:",
                "        continue", f"    src = {self.src}[r]",
                f"    if not {self._stands('side', self.piece, 'src')}:", "        continue",
                f"    if not {self._stands('side', self.partner, self.psrc + '[r]')}:",
                "        continue", f"    if {self.empty}[r] & ~empty:", "        continue",
                "    ok = True", *safe, "    if ok:",
                f"        buf[n] = {self.encoded('src', self.dst + '[r]')}",
                "        n += 1", "return n"]

    def apply(self) -> list[str]:
        return [f"for r in range({self.count_routes}):",
                f"    if {self.player}[r] == side and {self.src}[r] == src and "
                f"{self.dst}[r] == dst:",
                "        remove(st, src)", f"        remove(st, {self.psrc}[r])",
                f"        place(st, dst, side, {self.piece})",
                f"        place(st, {self.pdst}[r], side, {self.partner})",
                "        break", *self.landing(False)]

    def functions(self) -> list[str]:
        return [*super().functions(), self.function("upkeep", "st, side, opt", [
            f"rights = st[{self.slot}]", "if rights == ZERO:", "    return",
            f"for r in range({self.count_routes}):", "    bit = ONE << U64(r)",
            "    if rights & bit:", f"        p = {self.player}[r]",
            f"        if not {self._stands('p', self.piece, self.src + '[r]')} or not "
            f"{self._stands('p', self.partner, self.psrc + '[r]')}:",
            "            rights &= ~bit", f"st[{self.slot}] = rights"])]
