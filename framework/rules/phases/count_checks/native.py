"""The native kernel piece of ``count_checks``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.attacks import AttackPiece
from framework.kernel.pieces import Piece
from framework.kernel.slots import side_field, slot_field
from framework.rules.phases.count_checks import checks_slot_name


class CountChecksPiece(Piece):
    """``count_checks``: when a royal piece of another side is attacked after the mover's
    moves (the attack test the royal restriction uses), the mover's run of checks (its
    ``checks.<player>`` field) grows by one, else it is set back to 0."""

    KNOWN: frozenset[str] = frozenset()
    HANDLED = frozenset({"if_"})
    WIDE = True

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params, phase.game)
        game = phase.game
        self.kind = next(r.kind for r in game.restrictions if hasattr(r, "royal_cells"))
        self.helpers = (AttackPiece.of(game),)
        names = [checks_slot_name(str(p)) for p in game.players]
        self.SLOTS = tuple(names)
        #: The mover's field (``side`` picks it).
        self.run_field = side_field([slot_field(game, name) for name in names])

    def functions(self) -> list[str]:
        return [self.function("run", "st, side", [
            f"at = {self.run_field}",
            f"st[at] = st[at] + ONE if a_checks(st, side, {self.kind}) else ZERO"])]
