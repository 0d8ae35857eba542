"""What the goals over each side's own pieces share (``reach_zone``, ``fill_zone``,
``one_group``, ``ring``): the kind counted (``piece``), the zone (``zone``, the side's own
when declared per player), their checks against the game file, and a verdict that names
every side meeting the goal at one check (the game's ``tie_break`` settles two).

A goal of this shape says only when one side's pieces meet it (``met``); it is not a unit
of its own (no keyword), so it is registered nowhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from framework.board.direction_words import edge_words
from framework.plugins import Goal, Loc, Translate, Verdict, join_words
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


class SideGoal(Goal):
    """A goal each side meets, or not, by its own pieces (of the kind ``piece`` names)."""

    def __init__(self, params: Any, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.kind = game.piece_kinds.index(params.piece) if params.piece else -1

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        zone = getattr(params, "zone", None)
        if zone is not None and zone not in ctx.zones:
            yield (*loc, "zone"), ctx.unknown("zone", zone, ctx.zones)
        if params.piece and params.piece not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", params.piece, ctx.pieces)

    def met(self, state: State, side: int, pieces: int) -> bool:
        """Whether ``side``, whose pieces counted are ``pieces`` (a mask), meets the goal."""
        raise NotImplementedError

    def evaluate(self, state: State) -> Verdict | None:
        kind = state.kinds[self.kind] if self.kind >= 0 else -1
        winners = frozenset(side for side, owned in enumerate(state.owner)
                            if self.met(state, side, owned & kind))
        return Verdict(winners) if winners else None


class ZoneGoal(SideGoal):
    """A goal about each side's pieces in a zone (``masks[side]``: the side's cells)."""

    def __init__(self, params: Any, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.masks = game.zones[params.zone]

    def cells_words(self, _: Translate) -> str:
        """The zone's cells as the rulebook words them, player by player for a zone per
        player ("white: row 8; black: row 1")."""
        zone = self.game.spec.zones[self.params.zone]
        if isinstance(zone, dict):
            return "; ".join(f"{_(p)}: {zone_words(zone.get(p, []), _)}"
                             for p in self.game.players)
        return zone_words(zone, _)


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
