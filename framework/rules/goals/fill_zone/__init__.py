"""``fill_zone``: a player whose pieces fill a zone wins (Chinese checkers: the star point
opposite the player's own).

```yaml
zones:
  target: {red: [Q5, P5, P6, ...], green: [A1, B1, B2, ...]}
goals:
  - {type: fill_zone, zone: target}                         # every cell one of yours
  - {type: fill_zone, zone: target, filled_by: any_with_own} # the anti-spoiling rule
```

The zone is the player's own when it is declared per player. ``filled_by: own`` (the
default) wants a piece of the player's (of the kind ``piece``, when named) on every cell
of the zone. ``filled_by: any_with_own`` is the usual rule against a player who never
leaves their home to block the opponent's target: every cell holds a piece, at least one
of them the player's, and the other players' pieces standing there count as the player's.
Checked, like every goal, at the end of each turn; if two players fill their zones at one
check, the game's ``tie_break`` decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from framework.plugins import GoalParams, Translate, untranslated
from framework.rules.goals.sides import ZoneGoal

if TYPE_CHECKING:
    from framework.engine.state import State


class FillZoneParams(GoalParams):
    type: Literal["fill_zone"]
    zone: str = Field(description="the zone (see Zones): the player's own when declared per "
                                  "player")
    piece: str | None = Field(default=None, description="only pieces of this kind count as "
                              "the player's (default: any)")
    filled_by: Literal["own", "any_with_own"] = Field(
        default="own", description="own: every cell holds one of the player's pieces; "
        "any_with_own: every cell holds a piece, at least one of them the player's (other "
        "players' pieces left there count as the player's)")


class FillZone(ZoneGoal):
    """Every cell of the zone filled: the player wins."""

    keyword = "fill_zone"
    reference = ".reference:RefFillZone"
    native = ".native:FillZonePiece"
    Params = FillZoneParams

    def met(self, state: State, side: int, pieces: int) -> bool:
        zone = self.masks[side]
        counted = pieces & zone
        if not zone or not counted:
            return False
        return counted == zone or (self.params.filled_by == "any_with_own"
                                   and state.occupied() & zone == zone)

    def reason(self, state: State, _: Translate = untranslated) -> str:
        return _("the goal cells filled")

    def describe(self, _: Translate = untranslated) -> str:
        cells = self.cells_words(_)
        piece = _("a piece of kind {piece}").format(piece=_(self.params.piece)) \
            if self.params.piece else _("one of their pieces")
        if self.params.filled_by == "any_with_own":
            return _("A player wins when every one of their goal cells holds a piece and at "
                     "least one of them holds {piece}: other players' pieces left there "
                     "count as theirs, so nobody can block a goal by staying in it "
                     "({cells}).").format(piece=piece, cells=cells)
        return _("A player wins when every one of their goal cells holds {piece} "
                 "({cells}).").format(piece=piece, cells=cells)
