"""The native kernel piece of ``no_pieces``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from framework.kernel.pieces import GoalPiece, _kind_mask


class NoPiecesPiece(GoalPiece):
    """``no_pieces``: a side without pieces ends the game (scored, or the last side with
    pieces wins)."""

    KNOWN = frozenset({"piece", "then"})
    WIDE = True

    def evaluate(self) -> list[str]:
        kinds = _kind_mask(self.goal.params.piece, self.goal.game)
        lines = ["survivors = np.int64(0)", "for s in range(S):",
                 f"    if {self.m.get('s')} & {kinds}:", "        survivors |= np.int64(1) << s",
                 "if survivors == (np.int64(1) << S) - 1:",
                 "    return False, False, np.int64(0)"]
        if self.goal.params.then == "score":
            return [*lines, "return True, True, np.int64(0)"]
        return [*lines, "if count(U64(survivors)) > 1:", "    return False, False, np.int64(0)",
                "if survivors == 0:", "    survivors = (np.int64(1) << S) - 1",
                "return True, False, survivors"]
