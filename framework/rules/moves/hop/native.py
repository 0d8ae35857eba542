"""The native kernel piece of ``hop``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import FromSourcesPiece


class HopPiece(FromSourcesPiece):
    """``hop``: a piece jumps over the piece next to it onto the empty cell beyond, the
    jumped piece taken at once. Its per-player tables list, per cell, the (jumped, landing)
    cells of the player's directions. A chaining hop also gives ``gen_at`` and ``can_at``,
    the hops of the one piece in the middle of a chain (the assembler keeps the turn the
    player's while one of them can go on, as ``Moves`` does)."""

    KNOWN = frozenset({"piece", "directions", "over", "capture", "chain", "kind",
                       "notation", "resets_halfmove_clock"})
    PLACES = False

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        size = option.game.board.size
        jumps = option.jumps  # per player, per cell: (jumped, landing) pairs
        self.width = max(1, max(len(pairs) for rows in jumps for pairs in rows))
        padded = [pairs[i] if i < len(pairs) else (-1, -1)
                  for rows in jumps for pairs in rows for i in range(self.width)]
        self.over = self.table("OVER", [o for o, _ in padded], "int64")
        self.land = self.table("LAND", [t for _, t in padded], "int64")
        self.row = f"(side * {size} + {{}}) * {self.width}"
        self.jumpable = {"enemy": "enemy", "own": "own",
                         "any": "(own | enemy)"}[option.params.over]
        self.capture = option.capture
        self.chains = option.chain != "none"
        self.resets = option.resets_clock
        self.sources = "own" if option.piece < 0 else f"(own & st[KINDS + {option.piece}])"

    def functions(self) -> list[str]:
        w = self.width
        targets = self.function("targets", "side, s, jumpable, empty", [
            f"base = {self.row.format('s')}", "t = ZERO", f"for i in range({w}):",
            f"    o = {self.over}[base + i]", "    if o < 0:", "        break",
            f"    land = {self.land}[base + i]",
            "    if (jumpable >> U64(o)) & ONE and (empty >> U64(land)) & ONE:",
            "        t |= ONE << U64(land)", "return t"])
        found = [targets, *super().functions()]
        if self.chains:
            found += [
                self.function("gen_at", self.ARGS + ", at, buf, n", [
                    f"if not ({self.sources} >> U64(at)) & ONE:", "    return n",
                    f"t = {self._from('at')}", "while t:",
                    f"    buf[n] = {self.code} | ((at + 1) << 8) | low(t)", "    n += 1",
                    "    t &= t - ONE", "return n"]),
                self.function("can_at", self.ARGS + ", at", [
                    f"if not ({self.sources} >> U64(at)) & ONE:", "    return False",
                    f"return {self._from('at')} != ZERO"])]
        return found

    def _from(self, s: str) -> str:
        return f"{self.prefix}targets(side, {s}, {self.jumpable}, empty)"

    def apply(self) -> list[str]:
        lines = ["move_piece(st, src, dst)"]
        if self.capture:  # the jumped piece leaves at once, as the Python engine does
            lines += [f"base = {self.row.format('src')}", f"for i in range({self.width}):",
                      f"    if {self.land}[base + i] == dst:",
                      f"        remove(st, {self.over}[base + i])", "        break"]
        return lines + self.landing(self.resets)
