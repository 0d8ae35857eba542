"""``material``: the points a side's pieces are worth — on the board (in a zone) and in
hand — compared with a number (shogi's entering king, as OpenSpiel scores it).

```yaml
goals:
  - type: outcome
    winner: mover
    if:
      - {type: count, piece: king, zone: camp, at_least: 1}
      - {type: material, zone: camp, hand: true, ignore: [king], at_least: 28,
         weights: {rook: 5, bishop: 5, dragon: 5, horse: 5}}
```

Each piece of the side (``of``: ``mover`` by default, ``opponents``, ``all`` or a player's
name, as ``count`` reads it) is worth its kind's ``weight`` (1 when the kind is not
listed; a kind in ``ignore`` is worth nothing). The pieces counted are those on the board —
only in ``zone`` when one is named (the side's own, for a zone per player) — and, with
``hand: true``, every piece of a kind kept in hand that the side holds. The sum is compared
with ``at_least``, ``at_most`` and ``exactly`` (all those given must hold).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from framework.engine.slots import hand_slot_name
from framework.limits import MAX_COUNT
from framework.plugins import Condition, Loc, Translate, join_words, untranslated
from framework.rules.conditions.count import (
    SideNumberParams,
    bound,
    check_side_and_zone,
    compared,
    sides_of,
    zone_masks,
)
from framework.spec.terms import zone_words

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class MaterialParams(SideNumberParams):
    measured: ClassVar[str] = "sum"
    type: Literal["material"]
    zone: str | None = Field(default=None, description="only the pieces on the board in "
                             "this zone (the side's own for a zone per player)")
    hand: bool = Field(default=False, description="also every piece the side holds in hand")
    weights: dict[str, int] = Field(default_factory=dict, description="the points of a "
                                    "piece of each kind named (others: 1)")
    ignore: list[str] = Field(default_factory=list, description="kinds worth nothing")
    at_least: int | None = bound("sum", "at least", MAX_COUNT * 100)
    at_most: int | None = bound("sum", "at most", MAX_COUNT * 100)
    exactly: int | None = bound("sum", "exactly", MAX_COUNT * 100)


class Material(Condition):
    """The points of a side's pieces, compared with a number."""

    keyword = "material"
    Params = MaterialParams
    reference = ".reference:RefMaterial"
    native = ".native:MaterialPiece"

    def __init__(self, params: MaterialParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.players = tuple(str(p) for p in game.players)
        kinds = game.piece_kinds
        self.worth = tuple(0 if k in params.ignore else params.weights.get(k, 1) for k in kinds)
        sides = range(len(game.players))
        self.zone = zone_masks(game, params.zone)
        #: Per side, (slot, worth) of each kind it keeps in hand.
        self.hands = tuple(tuple((game.slots.index[hand_slot_name(self.players[s], k)],
                                  self.worth[i]) for i, k in enumerate(kinds)
                                 if params.hand and game.spec.pieces[k].hand)
                           for s in sides)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from check_side_and_zone(params, loc, ctx)
        for key, names in (("weights", list(params.weights)), ("ignore", params.ignore)):
            for name in names:
                if name not in ctx.pieces:
                    yield (*loc, key, name), ctx.unknown("piece", name, ctx.pieces)
        if params.hand and not any(p.hand for p in ctx.spec.pieces.values()):
            yield (*loc, "hand"), ("hand: true adds the pieces in hand, and no kind is kept "
                                   "in hand (pieces.<kind>.hand)")

    def points(self, state: State, side: int) -> int:
        mask = state.owner[side] & self.zone[side]
        total = sum(worth * (mask & state.kinds[k]).bit_count()
                    for k, worth in enumerate(self.worth) if worth)
        return total + sum(worth * state.vars[slot] for slot, worth in self.hands[side])

    def holds(self, state: State, mover: int) -> bool:
        return compared(sum(self.points(state, s) for s in
                            sides_of(self.params.of, mover, self.players)), self.params)

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        whose = {"mover": _("your pieces"), "opponents": _("your opponents' pieces"),
                 "all": _("all the pieces")}.get(p.of) or _("the pieces of {player}").format(
                     player=_(p.of))
        where = _(" in {zone}").format(zone=zone_words(self.game, p.zone, _)) if p.zone else ""
        hand = _(" and in hand") if p.hand else ""
        bounds = [_("at least {n}").format(n=p.at_least) if p.at_least is not None else "",
                  _("at most {n}").format(n=p.at_most) if p.at_most is not None else "",
                  _("exactly {n}").format(n=p.exactly) if p.exactly is not None else ""]
        worth = [_("{piece} {n}").format(piece=_(k), n=n) for k, n in p.weights.items()]
        text = _("{whose} on the board{where}{hand} are worth {amount} points").format(
            whose=whose, where=where, hand=hand,
            amount=join_words(_, [b for b in bounds if b]))
        if worth:
            text += _(" (each piece 1, but {weights}").format(weights=", ".join(worth))
            text += _("; {ignored} nothing)").format(ignored=join_words(
                _, [_(k) for k in p.ignore])) if p.ignore else ")"
        return text
