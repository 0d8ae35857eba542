"""``rotate``: the players take turns in the order of ``players:``, round and round
(two players alternate; with four, 1 → 2 → 3 → 4 → 1 …). The default.

```yaml
players: [red, green, blue, yellow]
turn_order: rotate
```
"""

from __future__ import annotations

from typing import Literal

from framework.plugins import Rule, Translate, TurnOrder, untranslated


class RotateParams(Rule):
    type: Literal["rotate"]


class Rotate(TurnOrder):
    """Each player in turn, in the order of ``players:``."""

    keyword = "rotate"
    reference = ".reference:RefRotate"
    native = None
    no_twin_reason = ("the kernels' turn flow is built in "
                      "(framework/native/assemble.py): rotate only")
    Params = RotateParams

    def next(self, side: int, fullmove: int) -> tuple[int, bool]:
        after = (side + 1) % self.sides
        return after, after == 0

    def previous(self, side: int, fullmove: int) -> int:
        return (side - 1) % self.sides

    def describe(self, _: Translate = untranslated) -> str:
        return _("The players take turns in this order: {order}, then {first} again.").format(
            order=", ".join(_(p) for p in self.game.players), first=_(self.game.players[0]))
