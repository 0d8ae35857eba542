"""The native kernel piece of ``counter_at_least``: every side whose counter word (an int64,
``st[COUNTERS + side * C + counter]``) has reached the value is named a winner."""

from __future__ import annotations

from framework.kernel.pieces import GoalPiece


class CounterAtLeastPiece(GoalPiece):
    KNOWN = frozenset({"counter", "value"})
    WIDE = True  # reads no mask

    def evaluate(self) -> list[str]:
        return ["winners = np.int64(0)", "for s in range(S):",
                f"    if np.int64(st[COUNTERS + s * C + {self.goal.counter}]) >= "
                f"{self.goal.params.value}:",
                "        winners |= np.int64(1) << s",
                "return winners != 0, False, winners"]
