"""``snake``: the order of ``players:`` in odd rounds and its reverse in even rounds, so
the last player of a round also opens the next one (two players: 1 2 2 1 1 2 …; four:
1 2 3 4 4 3 2 1 1 2 …). It evens out the first player's advantage.

```yaml
turn_order: snake
```

A round is a full-move: the full-move number says which way the round goes, so a position
needs nothing more than the side to move and the full-move number.
"""

from __future__ import annotations

from typing import Literal

from framework.plugins import Rule, Translate, TurnOrder, untranslated


class SnakeParams(Rule):
    type: Literal["snake"]


class Snake(TurnOrder):
    """Forwards in odd rounds, backwards in even ones."""

    keyword = "snake"
    reference = ".reference:RefSnake"
    native = None
    no_twin_reason = ("the kernels' turn flow is built in "
                      "(framework/native/assemble.py): rotate only")
    Params = SnakeParams
    round_matters = True

    def next(self, side: int, fullmove: int) -> tuple[int, bool]:
        forwards = fullmove % 2 == 1
        last = self.sides - 1 if forwards else 0
        if side == last:
            return side, True
        return (side + 1, False) if forwards else (side - 1, False)

    def describe(self, _: Translate = untranslated) -> str:
        order = ", ".join(_(p) for p in self.game.players)
        return _("The players take turns in this order in odd rounds ({order}) and in the "
                 "reverse order in even rounds: the last player of a round also opens the "
                 "next one.").format(order=order)
