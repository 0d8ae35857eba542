"""The native kernel piece of ``capture_groups``: the enemy groups next to the landing cell
flooded over the board's links (``framework/kernel/groups.py``), those without a liberty
cleared from every mask, and the ko cell written as the Python engine writes it."""

from __future__ import annotations

from typing import Any

from framework.engine.slots import KO
from framework.kernel.groups import GroupsPiece
from framework.kernel.pieces import Piece
from framework.kernel.slots import slot_field


class CaptureGroupsPiece(Piece):
    KNOWN = frozenset({"ko"})
    HANDLED = frozenset({"if_"})
    WIDE = True

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params, phase.game)
        self.helpers = (GroupsPiece(phase.game),)
        self.near = self.table("NEAR", phase.game.board.neighbour_masks)
        self.ko = slot_field(phase.game, KO.name) if phase.ko >= 0 else ""
        self.SLOTS = (KO.name,) if self.ko else ()

    def functions(self) -> list[str]:
        m = self.m
        body = [
            "landed = np.int64(st[LANDED]) - 1", "if landed < 0:", "    return",
            "own, enemy, empty = masks(st, side)", f"near = {m.row(self.near, 'landed')}",
            # Surrounded: no linked cell was empty or the mover's when the piece landed.
            f"surrounded = (near & (empty | (own & ~({m.bit('landed')})))) == ZERO",
            f"taken = {m.zero}", "for s in range(S):", "    if s == side:", "        continue",
            f"    stones = {m.get('s')}", "    left = near & stones", "    while left:",
            "        g = grp_group(low(left), stones)", "        left &= ~g",
            "        if (grp_around(g) & empty) == ZERO:", "            taken |= g",
            "if taken:", "    clear = ~taken", "    for i in range(S + K):",
            f"        {m.update('i', '&', 'clear')}"]
        if self.ko:  # the cell of a lone piece taken by a lone piece, + 1 (0: none)
            body += ["if surrounded and count(taken) == 1:",
                     f"    st[{self.ko}] = U64(low(taken) + 1)", "else:",
                     f"    st[{self.ko}] = ZERO"]
        return [self.function("run", "st, side", body)]
