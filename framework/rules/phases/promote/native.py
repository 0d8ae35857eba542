"""The native kernel piece of ``promote``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import Piece


class PromotePiece(Piece):
    """``promote`` to one kind: the mover's piece on the landing cell, in the mover's zone,
    becomes the kind (a list of kinds is the player's choice: a deciding phase, refused
    by the assembler)."""

    KNOWN = frozenset({"zone", "to", "piece"})

    HANDLED = frozenset({"if_"})

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params)
        self.zone = self.table("ZONE", phase.zone)
        self.to = phase.to
        # The named kind promotes, or (none named) any kind but the one it becomes.
        self.due = (f"st[KINDS + {phase.piece}] & bit" if phase.piece >= 0
                    else f"not st[KINDS + {phase.to}] & bit")

    def functions(self) -> list[str]:
        return [self.function("run", "st, side", [
            "landed = np.int64(st[LANDED]) - 1", "if landed < 0:", "    return",
            "bit = ONE << U64(landed)",
            f"if not ({self.zone}[side] & st[side] & bit) or not ({self.due}):",
            "    return", "for k in range(KINDS, KINDS + K):", "    st[k] &= ~bit",
            f"st[KINDS + {self.to}] |= bit"])]
