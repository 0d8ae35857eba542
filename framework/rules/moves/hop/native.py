"""The native kernel piece of ``hop``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.engine.slots import CAPTURED, HOPPED_FROM, VISITED
from framework.kernel.pieces import FromSourcesPiece, Unsupported
from framework.kernel.slots import slot_field


class HopPiece(FromSourcesPiece):
    """``hop``: a piece jumps over a piece onto an empty cell beyond. A hop next to it
    reads per-player tables listing, per cell, the (jumped, landing) cells of the player's
    directions; a long-range hop (``approach``, ``landing``) walks per-player rays instead,
    as ``Hop.targets`` does. The jumped piece is taken at once, or with ``removed: at_end``
    marked in the ``captured`` slot (no longer jumpable, still in the way) and taken when
    the chain is over (``chain_over``, which the assembler calls where ``Moves`` calls
    ``Primitive.chain_over``). A chaining hop also gives ``gen_at`` and ``can_at``, the hops
    of the one piece in the middle of a chain (the assembler keeps the turn the player's
    while one of them can go on, as ``Moves`` does). With ``revisit: false`` the cells the
    chain has stood on this turn (its ``visited`` slot: a mask, of ``W`` words on a board over
    64 cells) are no landing cells, and each hop adds its two cells to them. With
    ``straight: true`` a chain goes on only the way its last hop went: the hop keeps its
    source in the ``hopped_from`` slot, and ``gen_at`` and ``can_at`` read the hop of that
    direction from tables by direction (``DOVER``, ``DLAND``).

    On a board over 64 cells, hops next to the piece are played (Chinese checkers); a
    long-range hop and ``removed: at_end`` are refused there, their code being written for
    one word."""

    KNOWN = frozenset({"piece", "directions", "over", "capture", "chain", "kind",
                       "notation", "resets_halfmove_clock", "approach", "landing", "removed",
                       "revisit", "straight"})
    PLACES = False
    WIDE = True

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        game = option.game
        size = game.board.size
        self.size = size
        jumps = option.jumps  # per player, per cell: (jumped, landing) pairs
        self.width = max(1, max(len(pairs) for rows in jumps for pairs in rows))
        padded = [pairs[i] if i < len(pairs) else (-1, -1)
                  for rows in jumps for pairs in rows for i in range(self.width)]
        self.over = self.table("OVER", [o for o, _ in padded], "int64")
        self.land = self.table("LAND", [t for _, t in padded], "int64")
        self.row = f"(side * {size} + {{}}) * {self.width}"
        self.long = option.long_range
        if self.m.wide and (self.long or option.captured >= 0):
            raise Unsupported(f"hop with {'a long range' if self.long else 'removed: at_end'} "
                              f"on a board of {size} cells (its native kernel piece is "
                              "written for one 64-bit word there, so boards of at most 64 "
                              "cells)")
        if self.long:  # RAY[((side * size + cell) * lines + line) * length + i]
            rays = option.rays
            self.lines = max(1, max(len(r) for rows in rays for r in rows))
            self.length = max(1, max(len(ray) for rows in rays for r in rows for ray in r))
            self.ray = self.table("RAY", [
                r[i][j] if i < len(r) and j < len(r[i]) else -1
                for rows in rays for r in rows for i in range(self.lines)
                for j in range(self.length)], "int64")
            self.approach, self.landing_most = option.approach, option.landing
        self.captured = ""  # the slot's field with removed: at_end
        slots: tuple[str, ...] = ()
        if option.captured >= 0:
            slots += (CAPTURED.name,)
            self.captured = f"st[{slot_field(game, CAPTURED.name)}]"
        #: With revisit: false, the first word of the visited slot (W words when wide).
        self.visited = slot_field(game, VISITED.name) if option.visited >= 0 else ""
        if self.visited:
            slots += (VISITED.name,)
        self.straight = ""  # the hopped_from slot's field with straight: true
        if option.hopped_from >= 0:
            slots += (HOPPED_FROM.name,)
            self.straight = slot_field(game, HOPPED_FROM.name)
            self._by_direction(option)
        if slots:
            self.SLOTS = slots
        jumpable = {"enemy": "enemy", "own": "own", "any": "(own | enemy)"}[option.params.over]
        self.jumpable = f"({jumpable} & ~{self.captured})" if self.captured else jumpable
        self.capture = option.capture
        self.chains = option.chain != "none"
        self.resets = option.resets_clock
        self.sources = ("own" if option.piece < 0 else
                        f"(own & {self.m.get(f'KINDS + {option.piece}')})")

    def _by_direction(self, option: Any) -> None:
        """Per player, cell and direction of the board: the jumped and the landing cell
        of the hop that way (-1: none), so that a direction is one index at every cell."""
        ways = len(option.game.board.directions)
        self.ways = ways
        over = [-1] * (len(option.heading_jumps) * self.size * ways)
        land = list(over)
        for side, rows in enumerate(option.heading_jumps):
            for cell, triples in enumerate(rows):
                for d, jumped, landing in triples:
                    at = (side * self.size + cell) * ways + d
                    over[at], land[at] = jumped, landing
        self.dover, self.dland = self.table("DOVER", over, "int64"), self.table(
            "DLAND", land, "int64")

    def _straight(self) -> list[str]:
        """The landing of the hop from ``at`` that goes the way the chain's last hop went
        (from the hopped_from cell onto ``at``), if it can be made."""
        m, ways = self.m, self.ways
        return [f"last = np.int64(st[{self.straight}]) - 1",
                f"before = (side * {self.size} + last) * {ways}",
                f"here = (side * {self.size} + at) * {ways}", f"for d in range({ways}):",
                f"    if {self.dland}[before + d] == at:",
                f"        o = {self.dover}[here + d]", f"        land = {self.dland}[here + d]",
                f"        if o >= 0 and {m.test('jumpable', 'o')} and "
                f"{m.test('empty', 'land')}:", f"            return {m.bit('land')}",
                "        break", f"return {m.zero}"]

    def functions(self) -> list[str]:
        found = [self.function("targets", "side, s, jumpable, empty",
                               self._long_targets() if self.long else self._targets()),
                 *super().functions()]
        if self.visited and self.m.wide:  # the slot's words as one mask, and back
            w = self.m.width
            words = "".join(f"st[{self.visited} + {j}], " for j in range(w))
            found += [self.function("seen", "st", [f"return wmake(({words}))"]),
                      self.function("mark", "st, src, dst", [
                          f"x = ({self.prefix}seen(st) | wbit(src) | wbit(dst)).w",
                          *(f"st[{self.visited} + {j}] = x[{j}]" for j in range(w))])]
        if self.straight:
            found.append(self.function("straight", "st, side, at, jumpable, empty",
                                       self._straight()))
        if self.chains:
            found += [
                self.function("gen_at", self.ARGS + ", at, buf, n", [
                    f"if not {self.m.test(self.sources, 'at')}:", "    return n",
                    f"t = {self._from('at')}", "while t:",
                    f"    buf[n] = {self.encoded('at', 'low(t)')}", "    n += 1",
                    "    t &= t - ONE", "return n"]),
                self.function("can_at", self.ARGS + ", at", [
                    f"if not {self.m.test(self.sources, 'at')}:", "    return False",
                    f"return {self._from('at')} != ZERO"])]
        if self.captured:
            found.append(self.function("chain_over", "st", [
                f"b = {self.captured}", "while b:", "    remove(st, low(b))", "    b &= b - ONE",
                f"{self.captured} = ZERO"]))
        return found

    def _targets(self) -> list[str]:
        m = self.m
        return [f"base = {self.row.format('s')}", f"t = {m.zero}",
                f"for i in range({self.width}):",
                f"    o = {self.over}[base + i]", "    if o < 0:", "        break",
                f"    land = {self.land}[base + i]",
                f"    if {m.test('jumpable', 'o')} and {m.test('empty', 'land')}:",
                f"        t |= {m.bit('land')}", "return t"]

    def _long_targets(self) -> list[str]:
        """Along each ray: past the empty cells (``approach`` at most), over the first
        piece if it is jumpable, onto the empty cells beyond (``landing`` at most)."""
        n, ray = self.length, self.ray
        return ["t = ZERO", f"for r in range({self.lines}):",
                f"    row = ((side * {self.size} + s) * {self.lines} + r) * {n}",
                "    j = 0",
                f"    while j < {n} and {ray}[row + j] >= 0 and "
                f"(empty >> U64({ray}[row + j])) & ONE:", "        j += 1",
                f"    if j > {self.approach} or j >= {n} or {ray}[row + j] < 0:",
                "        continue",
                f"    if not (jumpable >> U64({ray}[row + j])) & ONE:", "        continue",
                f"    for k in range(j + 1, min({n}, j + 1 + {self.landing_most})):",
                f"        c = {ray}[row + k]",
                "        if c < 0 or not (empty >> U64(c)) & ONE:", "            break",
                "        t |= ONE << U64(c)", "return t"]

    def _from(self, s: str) -> str:
        # A chain never lands where it has stood this turn (revisit: false); at the start
        # of a turn the slot is empty, so the mask is read whether a chain is on or not.
        empty = "empty"
        if self.visited:
            seen = f"{self.prefix}seen(st)" if self.m.wide else f"st[{self.visited}]"
            empty = f"(empty & ~{seen})"
        if self.straight and s == "at":  # in the middle of a chain: the way it went
            return f"{self.prefix}straight(st, side, at, {self.jumpable}, {empty})"
        return f"{self.prefix}targets(side, {s}, {self.jumpable}, {empty})"

    def apply(self) -> list[str]:
        lines: list[str] = []
        if self.capture and self.long:  # the one piece between src and dst on its ray
            n, ray = self.length, self.ray
            lines += ["own, enemy, empty = masks(st, side)", "jumped = np.int64(-1)",
                      f"for r in range({self.lines}):",
                      f"    row = ((side * {self.size} + src) * {self.lines} + r) * {n}",
                      "    o = np.int64(-1)", f"    for j in range({n}):",
                      f"        c = {ray}[row + j]", "        if c < 0:", "            break",
                      "        if c == dst:", "            jumped = o", "            break",
                      "        if not (empty >> U64(c)) & ONE:", "            o = c",
                      "    if jumped >= 0:", "        break"]
        elif self.capture:
            lines += [f"base = {self.row.format('src')}", "jumped = np.int64(-1)",
                      f"for i in range({self.width}):",
                      f"    if {self.land}[base + i] == dst:",
                      f"        jumped = {self.over}[base + i]", "        break"]
        lines.append("move_piece(st, src, dst)")
        if self.straight:  # where this hop began: the chain goes on this way only
            lines.append(f"st[{self.straight}] = U64(src + 1)")
        if self.capture and self.captured:  # taken when the chain is over
            lines.append(f"{self.captured} |= ONE << U64(jumped)")
        elif self.capture:  # the jumped piece leaves at once, as the Python engine does
            lines.append("remove(st, jumped)")
        if self.visited and self.m.wide:  # the chain has stood on both cells (Hop.apply)
            lines.append(f"{self.prefix}mark(st, src, dst)")
        elif self.visited:
            lines.append(f"st[{self.visited}] |= (ONE << U64(src)) | (ONE << U64(dst))")
        return lines + self.landing(self.resets)
