"""The native kernel piece of ``reach``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import PrimitivePiece, Unsupported


class ReachPiece(PrimitivePiece):
    """``reach``: a clone (named by its target) or a move at an exact distance."""

    KNOWN = frozenset({"distance", "anywhere", "effect", "kind", "piece", "to", "notation",
                       "resets_halfmove_clock", "directions"})
    WIDE = True

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        self.clone = option.clone
        if option.rings is None:
            self.ring = self.table("RING", option.ring)
            self.row = ""
        else:  # directions (a player's own when relative): one row per player
            self.ring = self.table("RING", [m for row in option.rings for m in row])
            self.row = f"side * {option.game.board.size} + "
        self.resets = option.resets_clock
        self.made = option.made
        self.allowed = {"empty": "empty", "enemy": "enemy",
                        "empty_or_enemy": "(empty | enemy)"}[option.to]
        self.captures = option.to != "empty"
        self.sources = ("own" if option.piece < 0 else
                        f"(own & {self.m.get(f'KINDS + {option.piece}')})")

    @staticmethod
    def attack_lines(attacks: Any, i: int, option: Any, pieces: str) -> list[str]:
        """A move at a distance reaches its ring whatever the board: a reverse table."""
        if option.attack_check() is None:
            raise Unsupported("the attacks of a reach along directions, that clones, or "
                              "with a test of each candidate move")
        found: list[str] = attacks.reverse(i, tuple(option.ring for _ in
                                                   option.game.players), pieces)
        return found

    def _ring(self, cell: str) -> str:
        return self.m.row(self.ring, f"{self.row}{cell}")

    def _near(self) -> list[str]:
        return [f"b = {self.sources}", f"near = {self.m.zero}", "while b:",
                f"    near |= {self._ring('low(b)')}", "    b &= b - ONE",
                f"near &= {self.allowed}"]

    def gen(self) -> list[str]:
        if self.clone:
            return [*self._near(), "while near:", f"    buf[n] = {self.code} | low(near)",
                    "    n += 1", "    near &= near - ONE", "return n"]
        return [f"b = {self.sources}", "while b:", "    s = low(b)", "    b &= b - ONE",
                f"    t = {self._ring('s')} & {self.allowed}", "    while t:",
                f"        buf[n] = {self.encoded('s', 'low(t)')}", "        n += 1",
                "        t &= t - ONE", "return n"]

    def count(self) -> list[str]:
        if self.clone:
            return [*self._near(), "return count(near)"]
        return [f"b = {self.sources}", "n = 0", "while b:",
                f"    n += count({self._ring('low(b)')} & {self.allowed})",
                "    b &= b - ONE", "return n"]

    def has(self) -> list[str]:
        return [f"b = {self.sources}", "while b:",
                f"    if {self._ring('low(b)')} & {self.allowed}:", "        return True",
                "    b &= b - ONE", "return False"]

    def apply(self) -> list[str]:
        lines = ["remove(st, dst)"] if self.captures else []
        if self.clone:
            lines.append(f"place(st, dst, side, {self.made})")
        else:
            lines.append("move_piece(st, src, dst)")
        return lines + self.landing(self.resets)
