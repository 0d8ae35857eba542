"""``connect``: a player whose pieces form one chain of touching pieces reaching every
listed zone wins (Hex: each player joins their own two sides of the board).

```yaml
zones:
  first_side: {black: [{row: 1}], white: [{column: a}]}
  second_side: {black: [{row: 11}], white: [{column: k}]}
goals:
  - {type: connect, zones: [first_side, second_side]}
```

With ``at_least: k`` one chain reaching any k of the listed zones is enough (Havannah's fork:
a chain touching 3 of the board's 6 sides, corners not counted as side cells; its bridge: 2
of the 6 corners, each a zone of one cell):

```yaml
zones:
  side_s: [{side: s, corners: false}]
  # ... one zone per side
goals:
  - {type: connect, zones: [side_s, side_se, side_ne, side_n, side_nw, side_sw], at_least: 3}
```

A chain is a set of the player's pieces each of which touches the next (neighbours on the
board: links, not directions). The zones are read per player (see Zones): a player whose
copy of some zone is empty never wins this way. ``piece`` counts only one kind. The whole
board is looked at on every goal check, so a chain made by any rule counts; if two players
complete a chain at the same check, the game's ``tie_break`` decides.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.plugins import (
    Goal,
    GoalParams,
    Translate,
    Verdict,
    join_words,
    ngettext,
    untranslated,
)
from framework.spec.zones import (
    ColumnZone,
    CornerZone,
    EdgeZone,
    RowZone,
    SideZone,
    ZoneCells,
    outline_words,
    per_player,
)

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class ConnectParams(GoalParams):
    type: Literal["connect"]
    zones: list[str] = Field(min_length=2, max_length=16,
                             description="the zones (see Zones) one chain of a player's "
                                         "pieces must reach, each read for that player")
    piece: str | None = Field(default=None, description="the kind counted (default: every "
                                                         "kind)")
    at_least: int | None = Field(default=None, ge=1, le=16,
                                 description="how many of the zones one chain must reach "
                                             "(default: every one)")


def chain_from(start: int, pieces: int, neighbours: tuple[int, ...]) -> int:
    """Every piece of ``pieces`` joined to the cells of ``start`` through touching pieces
    (``start`` must be part of ``pieces``): a flood fill on int masks."""
    reached = frontier = start
    while frontier:
        grown = 0
        while frontier:
            low = frontier & -frontier
            grown |= neighbours[low.bit_length() - 1]
            frontier ^= low
        frontier = grown & pieces & ~reached
        reached |= frontier
    return reached


class Connect(Goal):
    """A chain of own pieces joining the player's zones wins."""

    unordered_zones = ("zones",)  # one chain touching each: the order is no matter

    keyword = "connect"
    reference = ".reference:RefConnect"
    native = ".native:ConnectPiece"
    Params = ConnectParams

    def __init__(self, params: ConnectParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.kind = game.piece_kinds.index(params.piece) if params.piece else -1
        self.neighbours = game.board.neighbour_masks
        #: Per side, its zone masks (the first one is where every flood starts).
        self.targets = tuple(tuple(game.zone_mask(z, side) for z in params.zones)
                             for side in range(len(game.players)))
        self.drawn_edges = self.targets
        self.needed = params.at_least or len(params.zones)

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        for i, name in enumerate(params.zones):
            if name not in ctx.zones:
                yield (*loc, "zones", i), ctx.unknown("zone", name, ctx.zones)
        if params.piece and params.piece not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", params.piece, ctx.pieces)
        if params.at_least is not None and params.at_least > len(params.zones):
            yield (*loc, "at_least"), (f"at_least {params.at_least} is more than the "
                                       f"{len(params.zones)} zones listed: no chain could "
                                       "ever reach that many")

    def connected(self, pieces: int, zones: tuple[int, ...]) -> bool:
        """Whether one chain of ``pieces`` reaches ``needed`` masks of ``zones``."""
        if self.needed < len(zones):
            return self._reaches_some(pieces, zones)
        if not all(pieces & zone for zone in zones):
            return False
        starts = pieces & zones[0]
        while starts:
            low = starts & -starts
            chain = chain_from(low, pieces, self.neighbours)
            if all(chain & zone for zone in zones[1:]):
                return True
            starts &= ~chain  # the other pieces of this chain would find the same chain
        return False

    def _reaches_some(self, pieces: int, zones: tuple[int, ...]) -> bool:
        touched = [zone for zone in zones if pieces & zone]
        if len(touched) < self.needed:
            return False
        starts = pieces & sum(touched)  # zones overlap rarely; an overlap only adds starts
        while starts:
            low = starts & -starts
            chain = chain_from(low, pieces, self.neighbours)
            if sum(1 for zone in touched if chain & zone) >= self.needed:
                return True
            starts &= ~chain
        return False

    def evaluate(self, state: State) -> Verdict | None:
        kind_mask = state.kinds[self.kind] if self.kind >= 0 else -1
        winners = [side for side, owned in enumerate(state.owner)
                   if self.connected(owned & kind_mask, self.targets[side])]
        return Verdict(frozenset(winners)) if winners else None

    def reason(self, state: State, _: Translate = untranslated) -> str:
        if self.needed < len(self.params.zones):
            return _("one chain joins {n} of the zones").format(n=self.needed)
        return _("one chain joins the zones")

    def describe(self, _: Translate = untranslated) -> str:
        players = self.game.players
        if self.needed < len(self.params.zones):
            return self._describe_some(_)
        joins = [_("{player} joins {zones}").format(
            player=_(player), zones=join_words(_, [zone_words(_, items) for items in zones]))
            for player, zones in zip(players, self._zone_items(), strict=True)]
        return _("A player wins with one chain of touching pieces that joins their zones: "
                 "{joins}.").format(joins="; ".join(joins))

    def _describe_some(self, _: Translate) -> str:
        per_player = [[zone_words(_, items) for items in zones] for zones in self._zone_items()]
        if all(words == per_player[0] for words in per_player):
            zones = join_words(_, per_player[0])
        else:
            zones = "; ".join(_("for {player}: {zones}").format(
                player=_(player), zones=join_words(_, words))
                for player, words in zip(self.game.players, per_player, strict=True))
        return ngettext("A player wins with one chain of touching pieces that reaches at "
                        "least {n} of these: {zones}.",
                        "A player wins with one chain of touching pieces that reaches at "
                        "least {n} of these: {zones}.", self.needed, _).format(
            n=self.needed, zones=zones)

    def _zone_items(self) -> list[list[ZoneCells]]:
        """Per player, the items of each of its zones as the game file writes them."""
        players = tuple(str(p) for p in self.game.players)
        per_zone = [per_player(self.game.spec.zones[z], players) for z in self.params.zones]
        return [[zone[p] for zone in per_zone] for p in players]


def zone_words(_: Translate, items: ZoneCells) -> str:
    """A zone in words: ``row 1``, ``column a``, ``the w edge``, cell names."""
    words = []
    for item in items:
        if isinstance(item, RowZone):
            words.append(_("row {n}").format(n=item.row))
        elif isinstance(item, ColumnZone):
            words.append(_("column {x}").format(x=item.column))
        elif isinstance(item, EdgeZone):
            words.append(_("the {direction} edge").format(direction=item.edge))
        elif isinstance(item, CornerZone | SideZone):
            words.append(outline_words(_, item))
        else:
            words.append(item)
    return join_words(_, words, either=True) if words else _("nothing")
