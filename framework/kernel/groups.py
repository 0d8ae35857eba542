"""Groups of pieces in the kernels: the cells linked to a mask, a cell's group, its
liberties, and where a new piece would breathe (Go's captures, suicide and area scoring).

The same algorithm as ``framework.moves.groups.Links``, the one the Python engine runs: on
a regular board every link goes from a cell ``c`` to ``c + k`` for a few offsets ``k``,
so the cells next to a whole mask are a few shifts of it (each of the cells that have a
link with that offset), frozen into the code as constants; a board with many offsets
reads the neighbour table cell by cell. ``GroupsPiece`` is a helper: the pieces that flood
groups (``place`` with ``suicide: false``, ``capture_groups``, ``area``) each list it in
``helpers``, and the assembler writes it once.
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import Piece
from framework.moves.groups import Links


class GroupsPiece(Piece):
    """``grp_around(m)``, ``grp_group(cell, stones)`` and ``grp_breathing(st, side,
    cells, own, empty)``."""

    WIDE = True

    def __init__(self, game: Any) -> None:
        super().__init__("grp_", "groups", None, game)
        board = game.board
        self.links = Links.of(board)
        if self.links.shifts is None:
            self.near = self.table("NEAR", board.neighbour_masks)

    def functions(self) -> list[str]:
        return [self.function("around", "m", self._around()),
                self.function("group", "cell, stones", [
                    f"g = {self.m.bit('cell')}", "f = g", "while f:",
                    "    f = grp_around(f) & stones & ~g", "    g |= f", "return g"]),
                self.function("breathing", "st, side, cells, own, empty", self._breathing())]

    def _around(self) -> list[str]:
        m = self.m
        if self.links.shifts is None:
            return [f"found = {m.zero}", "while m:", f"    found |= {m.row(self.near, 'low(m)')}",
                    "    m &= m - ONE", "return found"]
        terms = [f"((m & {m.const(sources)}) << U64({k}))" if k > 0 else
                 f"((m & {m.const(sources)}) >> U64({-k}))" for k, sources in self.links.shifts]
        return [f"return {' | '.join(terms)}"]

    def _breathing(self) -> list[str]:
        """As ``Links.breathing``: the cells of ``cells`` where a new piece of ``side``
        has a liberty once the enemy groups it leaves without one are taken off."""
        m = self.m
        return [
            "free = cells & grp_around(empty)", "surrounded = cells & ~free",
            "if surrounded == ZERO:", "    return free", "near = grp_around(surrounded)",
            "left = own & near", "while left:",  # an own group that keeps a liberty
            "    g = grp_group(low(left), own)", "    left &= ~g",
            "    libs = grp_around(g) & empty",
            "    if libs & (libs - ONE):", "        free |= grp_around(g) & surrounded",
            "for s in range(S):", "    if s == side:", "        continue",
            f"    stones = {m.get('s')}", "    left = stones & near", "    while left:",
            "        g = grp_group(low(left), stones)", "        left &= ~g",
            "        libs = grp_around(g) & empty",
            "        if (libs & (libs - ONE)) == ZERO:",  # in atari: its last liberty takes it
            "            free |= (libs if libs else grp_around(g)) & surrounded",
            "return free"]
