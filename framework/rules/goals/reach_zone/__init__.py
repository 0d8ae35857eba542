"""``reach_zone``: a player with a piece in a zone wins (Breakthrough: the far row).

```yaml
zones:
  goal: {white: [{row: 8}], black: [{row: 1}]}
goals:
  - {type: reach_zone, zone: goal}                 # any piece of the player's
  - {type: reach_zone, zone: hill, piece: king}    # only a king counts
```

The zone is the player's own when it is declared per player. Checked, like every goal, at
the end of each turn (and after the phases ``goal_checks`` lists); if two players are in
their zones at one check, the game's ``tie_break`` decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from framework.plugins import GoalParams, Translate, untranslated
from framework.rules.goals.sides import ZoneGoal

if TYPE_CHECKING:
    from framework.engine.state import State


class ReachZoneParams(GoalParams):
    type: Literal["reach_zone"]
    zone: str = Field(description="the zone (see Zones): the player's own when declared per "
                                  "player")
    piece: str | None = Field(default=None, description="only a piece of this kind counts "
                              "(default: any)")


class ReachZone(ZoneGoal):
    """A piece in the zone wins."""

    keyword = "reach_zone"
    reference = ".reference:RefReachZone"
    native = ".native:ReachZonePiece"
    Params = ReachZoneParams

    def met(self, state: State, side: int, pieces: int) -> bool:
        return bool(pieces & self.masks[side])

    def reason(self, state: State, _: Translate = untranslated) -> str:
        if self.params.piece:
            return _("a {piece} on the goal cells").format(piece=_(self.params.piece))
        return _("a piece on the goal cells")

    def describe(self, _: Translate = untranslated) -> str:
        cells = self.cells_words(_)
        if self.params.piece:
            return _("A player with a {piece} on its goal cells wins ({cells}).").format(
                piece=_(self.params.piece), cells=cells)
        return _("A player with a piece on its goal cells wins ({cells}).").format(
            cells=cells)
