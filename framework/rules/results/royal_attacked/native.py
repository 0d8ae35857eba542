"""The native kernel piece of ``royal_attacked``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.attacks import AttackPiece
from framework.kernel.pieces import ResultPiece


class RoyalAttackedPiece(ResultPiece):
    """``royal_attacked``: the player to move loses if a royal piece of theirs is attacked
    (every other side wins), else nobody wins."""

    KNOWN = frozenset({"piece"})

    def __init__(self, result: Any) -> None:
        super().__init__(result)
        self.kind = result.kind
        self.helpers = (AttackPiece.of(result.game),)

    def winners(self) -> list[str]:
        return ["me = np.int64(st[TO_MOVE])", f"b = st[me] & st[KINDS + {self.kind}]",
                "while b:", "    if a_attacked(st, low(b), me):",
                "        return ((np.int64(1) << S) - 1) & ~(np.int64(1) << me)",
                "    b &= b - ONE", "return np.int64(0)"]
