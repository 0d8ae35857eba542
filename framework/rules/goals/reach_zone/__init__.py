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

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.board.direction_words import edge_words
from framework.plugins import Goal, GoalParams, Translate, Verdict, join_words, untranslated
from framework.spec.zones import (
    ColumnZone,
    CornerZone,
    EdgeZone,
    RowZone,
    SideZone,
    outline_words,
)

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class ReachZoneParams(GoalParams):
    type: Literal["reach_zone"]
    zone: str = Field(description="the zone (see Zones): the player's own when declared per "
                                  "player")
    piece: str | None = Field(default=None, description="only a piece of this kind counts "
                              "(default: any)")


class ReachZone(Goal):
    """A piece in the zone wins."""

    keyword = "reach_zone"
    reference = ".reference:RefReachZone"
    native = ".native:ReachZonePiece"
    Params = ReachZoneParams

    def __init__(self, params: ReachZoneParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.kind = game.piece_kinds.index(params.piece) if params.piece else -1
        self.masks = game.zones[params.zone]

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        if params.zone not in ctx.zones:
            yield (*loc, "zone"), ctx.unknown("zone", params.zone, ctx.zones)
        if params.piece and params.piece not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", params.piece, ctx.pieces)

    def evaluate(self, state: State) -> Verdict | None:
        kind = state.kinds[self.kind] if self.kind >= 0 else -1
        winners = frozenset(s for s, mine in enumerate(state.owner)
                            if mine & kind & self.masks[s])
        return Verdict(winners) if winners else None

    def reason(self, state: State, _: Translate = untranslated) -> str:
        if self.params.piece:
            return _("a {piece} on the goal cells").format(piece=_(self.params.piece))
        return _("a piece on the goal cells")

    def describe(self, _: Translate = untranslated) -> str:
        zone = self.game.spec.zones[self.params.zone]
        if isinstance(zone, dict):  # one per player: "white: row 8; black: row 1"
            cells = "; ".join(f"{_(p)}: {zone_words(zone.get(p, []), _)}"
                              for p in self.game.players)
        else:
            cells = zone_words(zone, _)
        if self.params.piece:
            return _("A player with a {piece} on its goal cells wins ({cells}).").format(
                piece=_(self.params.piece), cells=cells)
        return _("A player with a piece on its goal cells wins ({cells}).").format(
            cells=cells)


def zone_words(items: list[Any], _: Translate) -> str:
    """A zone's items as the rulebook words them: cells by name, then rows, columns,
    edges."""
    words = []
    edges = {item.edge for item in items if isinstance(item, EdgeZone)}
    if edges == {"n", "e", "s", "w"}:
        words.append(_("any edge of the board"))
        items = [item for item in items if not isinstance(item, EdgeZone)]
    for item in items:
        if isinstance(item, RowZone):
            words.append(_("row {row}").format(row=item.row))
        elif isinstance(item, ColumnZone):
            words.append(_("column {column}").format(column=item.column))
        elif isinstance(item, EdgeZone):
            words.append(edge_words(item.edge, _))
        elif isinstance(item, CornerZone | SideZone):
            words.append(outline_words(_, item))
        else:
            words.append(str(item))
    return join_words(_, words) if words else _("none")
