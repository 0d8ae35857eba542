"""The native kernel piece of ``insufficient_material``: a popcount per counted kind, and
each combination's counts and shade tested in turn."""

from __future__ import annotations

from framework.kernel.pieces import GoalPiece


class InsufficientMaterialPiece(GoalPiece):
    KNOWN = frozenset({"ignore", "draws"})

    def evaluate(self) -> list[str]:
        goal = self.goal
        lines = [f"n{k} = count(st[KINDS + {k}])" for k in goal.counted]
        for wanted, shade, shaded in goal.combinations:
            tests = [f"n{k} == {w}" for k, w in zip(goal.counted, wanted, strict=True)
                     if w >= 0] or ["True"]
            lines += [f"if {' and '.join(tests)}:"]
            if shade:
                on = " | ".join(f"st[KINDS + {k}]" for k in shaded)
                lines += [f"    on = {on}",
                          f"    if not ((on & U64({shade})) and (on & ~U64({shade}))):",
                          "        return True, False, np.int64(0)"]
            else:
                lines += ["    return True, False, np.int64(0)"]
        return [*lines, "return False, False, np.int64(0)"]
