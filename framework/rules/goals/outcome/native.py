"""The native kernel piece of ``outcome``: its verdict as a mask of sides (the assembler
guards every goal with its ``if:``)."""

from __future__ import annotations

from framework.kernel.pieces import GoalPiece


class OutcomePiece(GoalPiece):
    KNOWN = frozenset({"winner", "if_"})
    WIDE = True

    def evaluate(self) -> list[str]:
        winner = self.goal.params.winner
        every = "((np.int64(1) << S) - 1)"
        mover = "(np.int64(1) << np.int64(st[LAST_MOVER]))"
        if winner == "score":
            return ["return True, True, np.int64(0)"]
        if winner == "draw":
            return ["return True, False, np.int64(0)"]
        if winner == "mover":
            return [f"return True, False, {mover}"]
        if winner == "opponents":
            return [f"return True, False, {every} & ~{mover}"]
        return [f"return True, False, np.int64({1 << self.goal.players.index(winner)})"]
