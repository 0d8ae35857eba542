"""The native kernel piece of ``pile``: the word of the pile where the last piece landed
(or one step from there: a per-side step table) compared with the condition's bounds."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import ConditionPiece
from framework.kernel.slots import pile_field


def bounds(params: Any, n: str) -> str:
    """The expression that holds when ``n`` meets every bound of ``params`` (``compared``)."""
    found = [f"{n} >= {params.at_least}" if params.at_least is not None else "",
             f"{n} <= {params.at_most}" if params.at_most is not None else "",
             f"{n} == {params.exactly}" if params.exactly is not None else ""]
    return " and ".join(b for b in found if b) or "True"


class PilePiece(ConditionPiece):
    KNOWN = frozenset({"piece", "step", "at_least", "at_most", "exactly", "not_"})
    WIDE = True

    def __init__(self, condition: Any, prefix: str) -> None:
        super().__init__(condition, prefix)
        game = condition.game
        self.size = game.board.size
        self.pile = pile_field(game, condition.params.piece)
        self.cell = self.table("CELL", [c for row in condition.cell_of for c in row], "int64")

    def holds(self) -> list[str]:
        return ["landed = np.int64(st[LANDED]) - 1", "if landed < 0:", "    return False",
                f"cell = {self.cell}[side * {self.size} + landed]", "if cell < 0:",
                "    return False", f"n = np.int64(st[{self.pile} + cell])",
                f"return {bounds(self.condition.params, 'n')}"]
