"""The native kernel piece of ``promote_choice``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import Piece


class PromoteChoicePiece(Piece):
    """``promote_choice``, folded into the move: due when the piece that just landed is the
    mover's ``piece`` in the mover's zone (``due_plain``: the same before a plain move from
    ``src`` to ``dst`` is played); the choice makes it the chosen kind."""

    KNOWN = frozenset({"zone", "piece", "choices"})

    def __init__(self, phase: Any, index: int) -> None:
        super().__init__(f"c{index}_", phase.keyword, phase.params)
        self.phase = phase
        #: The actions of the choice, in the order of the move's choice bits.
        self.choices = phase.choices
        self.zone = self.table("ZONE", phase.zone)
        self.piece = phase.piece
        self.kinds = self.table("KINDS", [phase.kinds[a.attribute] for a in phase.choices],
                                "int64")

    def functions(self) -> list[str]:
        return [
            self.function("due_plain", "st, side, src, dst", [
                f"return ((st[side] & st[KINDS + {self.piece}]) >> U64(src)) & ONE != ZERO "
                f"and ({self.zone}[side] >> U64(dst)) & ONE != ZERO"]),
            self.function("due", "st, side", [
                "c = np.int64(st[LANDED]) - 1", "if c < 0:", "    return False",
                "bit = ONE << U64(c)",
                f"return (st[side] & st[KINDS + {self.piece}] & {self.zone}[side] & bit) "
                "!= ZERO"]),
            self.function("apply", "st, side, choice", [
                "bit = ONE << U64(np.int64(st[LANDED]) - 1)",
                f"st[KINDS + {self.piece}] &= ~bit",
                f"st[KINDS + {self.kinds}[choice]] |= bit"])]
