"""The native kernel piece of ``step``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.engine.slots import HOPPED_FROM, VISITED
from framework.kernel.pieces import StepTablePiece, Unsupported
from framework.kernel.slots import slot_field


class StepPiece(StepTablePiece):
    """``step``: one cell along each direction, from its per-player reach table. A chaining
    step (``chain``) also gives ``gen_at`` and ``can_at``, the steps of the one piece in the
    middle of a chain, its tests of each candidate move read as in ``gen`` (the assembler
    keeps the turn the player's while one of them can go on, as ``Moves`` does). With
    ``revisit: false`` the cells the chain stood on this turn (its ``visited`` slot) are no
    targets, and each step adds its two cells; with ``repeat_direction: false`` the step
    keeps its source in the ``hopped_from`` slot, and the cell one more step the way the
    last one went (``ONWARD``, by source and target) is no target. Both slots are empty at
    the start of a turn, so the targets are read through them whether a chain is on or
    not (as ``Step.targets`` reads them in a chain only)."""

    KNOWN = StepTablePiece.KNOWN | {"chain", "revisit", "repeat_direction"}

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        game = option.game
        self.chains = option.chain != "none"
        self.visited = slot_field(game, VISITED.name) if option.visited >= 0 else ""
        self.stepped = slot_field(game, HOPPED_FROM.name) if option.stepped_from >= 0 else ""
        if (self.visited or self.stepped) and self.m.wide:
            raise Unsupported(f"step with a chain on a board of {game.board.size} cells (its "
                              "native kernel piece is written for one 64-bit word there, so "
                              "boards of at most 64 cells)")
        slots: tuple[str, ...] = ()
        if self.visited:
            slots += (VISITED.name,)
        if self.stepped:
            slots += (HOPPED_FROM.name,)
            size = game.board.size
            self.onward = self.table("ONWARD", [option.onward.get((a, b), -1)
                                                for a in range(size) for b in range(size)],
                                     "int64")
        if slots:
            self.SLOTS = slots

    def _from(self, s: str) -> str:
        found = super()._from(s)
        if self.visited:
            found = f"({found}) & ~st[{self.visited}]"
        if self.stepped:
            found = f"({found}) & ~{self.prefix}again(st, {s})"
        return found

    def functions(self) -> list[str]:
        found = super().functions()
        if self.stepped:
            found.append(self.function("again", "st, s", [
                f"last = np.int64(st[{self.stepped}]) - 1", "if last < 0:",
                "    return ZERO", f"a = {self.onward}[last * {self.size} + s]",
                "if a < 0:", "    return ZERO", "return ONE << U64(a)"]))
        if self.chains:
            targets = self.tested("at", self._from("at"))
            found += [
                self.function("gen_at", self.ARGS + ", at, buf, n", [
                    f"if not {self.m.test(self.sources, 'at')}:", "    return n",
                    f"t = {targets}", "while t:",
                    f"    buf[n] = {self.encoded('at', 'low(t)')}", "    n += 1",
                    "    t &= t - ONE", "return n"]),
                self.function("can_at", self.ARGS + ", at", [
                    f"if not {self.m.test(self.sources, 'at')}:", "    return False",
                    f"return {targets} != ZERO"])]
        return found

    def apply(self) -> list[str]:
        lines = super().apply()
        if self.visited:  # the chain has stood on both cells (Step.apply)
            lines.append(f"st[{self.visited}] |= (ONE << U64(src)) | (ONE << U64(dst))")
        if self.stepped:  # where this step began: the next may not go on that way
            lines.append(f"st[{self.stepped}] = U64(src + 1)")
        return lines
