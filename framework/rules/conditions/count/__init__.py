"""``count``: how many pieces a side has — on the board (of a kind, in a zone) or in hand.

```yaml
turn:
  - name: place                        # placement while the mover has a stone in hand
    type: moves
    if: {type: count, where: hand, at_least: 1}
    options: [{type: place}]
  - name: move                         # then movement
    type: moves
    if: {type: count, where: hand, exactly: 0}
    options: [{type: step}]
goals:
  - {type: outcome, winner: mover, if: {type: count, of: opponents, at_most: 2}}
```

``of`` says whose pieces are counted: ``mover`` (default: the player whose turn it is; for
a goal checked at the end of a turn, the player who just moved), ``opponents`` (every
other player, added up), ``all``, or a player's name. ``where: board`` (default) counts
pieces on the board — of the kind ``piece`` if given, in the zone ``zone`` if given (the
player's own when the zone is declared per player); ``where: hand`` counts the pieces of
kind ``piece`` still off the board (its ``supply`` minus those on the board: a kind with
an unlimited supply has no hand; for a kind declared with ``hand: true``, the pieces its
hand still holds, which captures never refill); ``where: pile`` adds up the piles of the
kind ``piece`` (one kept in piles, ``pieces.<kind>.piles``) on the cells of ``zone`` (the
side's own; the whole board without a zone): a side whose pits are all empty has
``exactly: 0``. The count is compared with ``at_least``, ``at_most``
and ``exactly`` (all those given must hold).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field, model_validator

from framework.engine.piles import check_piled, pile_slots, pile_total
from framework.engine.supply import piece_supply
from framework.limits import MAX_COUNT
from framework.plugins import (
    Condition,
    ConditionParams,
    Loc,
    Translate,
    counted,
    untranslated,
)
from framework.spec.terms import zone_words

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


def bound(what: str, relation: str, most: int = MAX_COUNT) -> Any:
    """The field of one bound a number is compared with (``at_least``: relation "at
    least")."""
    return Field(default=None, ge=0, le=most,
                 description=f"holds when the {what} is {relation} this")


class SideNumberParams(ConditionParams):
    """What ``count`` and ``material`` share: whose pieces are counted (``of``) and the
    bounds their number is compared with (at least one of them given)."""

    #: What the number is, as the error for a condition with no bound words it.
    measured: ClassVar[str] = "count"
    of: str = Field(default="mover", description="whose pieces: mover, opponents (added "
                    "up), all, or a player's name")
    at_least: int | None = bound("count", "at least")
    at_most: int | None = bound("count", "at most")
    exactly: int | None = bound("count", "exactly")

    @model_validator(mode="after")
    def _compared(self) -> SideNumberParams:
        if self.at_least is None and self.at_most is None and self.exactly is None:
            raise ValueError(f"give at_least, at_most or exactly: what the {self.measured} "
                             "is compared with")
        return self


def check_side_and_zone(params: Any, loc: Loc, ctx: SpecContext
                        ) -> Iterator[tuple[Loc, str]]:
    """The errors of a side selector (``of``) and a zone that the game does not have."""
    if params.of not in ("mover", "opponents", "all", *ctx.players):
        yield (*loc, "of"), ctx.unknown("side", params.of,
                                        ("mover", "opponents", "all", *ctx.players))
    if params.zone is not None and params.zone not in ctx.zones:
        yield (*loc, "zone"), ctx.unknown("zone", params.zone, ctx.zones)


def zone_masks(game: CompiledGame, zone: str | None) -> tuple[int, ...]:
    """Per side, the cells of ``zone`` (the side's own for a zone per player; the whole
    board without one)."""
    return tuple(game.zone_mask(zone, s) if zone else game.board.all_mask
                 for s in range(len(game.players)))


class CountParams(SideNumberParams):
    type: Literal["count"]
    piece: str | None = Field(default=None, description="only pieces of this kind "
                              "(required with where: hand)")
    zone: str | None = Field(default=None, description="only pieces in this zone "
                             "(where: board)")
    where: Literal["board", "hand", "pile"] = Field(
        default="board", description="on the board, in hand (the kind's supply not yet "
        "placed), or in the piles of a kind kept in piles (on the cells of the zone)")


def sides_of(selector: str, mover: int, players: tuple[str, ...]) -> tuple[int, ...]:
    """The sides a ``mover``/``opponents``/``all``/name selector stands for."""
    if selector == "mover":
        return (mover,)
    if selector == "opponents":
        return tuple(s for s in range(len(players)) if s != mover)
    if selector == "all":
        return tuple(range(len(players)))
    return (players.index(selector),)


def compared(n: int, params: Any) -> bool:
    """Whether ``n`` meets every bound ``params`` gives."""
    return ((params.at_least is None or n >= params.at_least)
            and (params.at_most is None or n <= params.at_most)
            and (params.exactly is None or n == params.exactly))


def npgettext(context: str, singular: str, plural: str, n: int, _: Translate) -> str:
    """The form for ``n`` of a word in a context (Babel extracts ``npgettext`` calls)."""
    owner = getattr(_, "__self__", None)
    if owner is not None and hasattr(owner, "npgettext"):
        return str(owner.npgettext(context, singular, plural, n))
    return singular if n == 1 else plural


class Count(Condition):
    """How many pieces a side has, compared with a number."""

    keyword = "count"
    #: Its ``piece`` may be a kind kept in piles (validate refuses one elsewhere).
    reads_piles = True
    Params = CountParams
    reference = ".reference:RefCount"
    native = ".native:CountPiece"

    def __init__(self, params: CountParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.players = tuple(str(p) for p in game.players)
        self.kind = game.piece_kinds.index(params.piece) if params.piece else -1
        self.zone = zone_masks(game, params.zone)
        self.piles = pile_slots(game, params.piece) \
            if params.where == "pile" and params.piece else ()

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from check_side_and_zone(params, loc, ctx)
        if params.where == "hand":
            if params.zone is not None:
                yield (*loc, "zone"), "pieces in hand are in no zone: leave 'zone' out"
            if params.piece is None:
                yield (*loc, "piece"), "a count in hand names the kind of piece (piece: …)"
            elif params.piece in ctx.pieces and ctx.spec.pieces[params.piece].supply is None \
                    and ctx.spec.pieces[params.piece].piles is None:
                yield (*loc, "where"), (f"{params.piece!r} has an unlimited supply, so no "
                                        "hand to count: give the kind a 'supply'")

        if params.where == "pile":
            if params.piece is None:
                yield (*loc, "piece"), "a count of piles names the kind of piece (piece: …)"
            yield from check_piled(params.piece, loc, ctx)
        elif params.piece in ctx.pieces and ctx.spec.pieces[params.piece].piles is not None:
            yield (*loc, "where"), (f"{params.piece!r} is kept in piles, never on the "
                                    "board nor in hand: count it with where: pile")

    def holds(self, state: State, mover: int) -> bool:
        return compared(sum(self.count_of(state, s) for s in
                            sides_of(self.params.of, mover, self.players)), self.params)

    def count_of(self, state: State, side: int) -> int:
        if self.piles:
            return pile_total(state, self.piles, self.zone[side])
        if self.params.where == "hand":
            left = piece_supply(state, side, self.kind)
            return left if left is not None else 0
        mask = state.owner[side] & self.zone[side]
        if self.kind >= 0:
            mask &= state.kinds[self.kind]
        return mask.bit_count()

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        one_opponent = len(self.players) == 2
        whose = {"mover": _("you have"),
                 "opponents": _("your opponent has") if one_opponent
                 else _("your opponents have"),
                 "all": _("the players have")}.get(p.of) or _("{player} has").format(
                     player=_(p.of))
        n = p.exactly if p.exactly is not None else p.at_least if p.at_least is not None \
            else p.at_most
        if p.exactly is not None:
            amount = _("exactly {n}").format(n=p.exactly)
        elif p.at_least is not None and p.at_most is not None:  # two bounds: one range
            n = p.at_most
            amount = _("between {low} and {high}").format(low=p.at_least, high=p.at_most)
        elif p.at_least is not None:
            amount = _("at least {n}").format(n=p.at_least)
        else:
            amount = _("at most {n}").format(n=p.at_most)
        # A count of piles reads as one of pieces: "you have exactly 0 seeds in the zone
        # pits".
        where = _(" in hand") if p.where == "hand" else (
            _(" in {zone}").format(zone=zone_words(self.game, p.zone, _)) if p.zone else "")
        # Without a kind every piece is counted: the game's word when it has one kind
        # ("4 men"), else the generic word (never the first kind's: "exactly 1 man" read
        # wrong in a game of men and kings).
        kinds = list(self.game.spec.pieces)
        word = p.piece or (kinds[0] if len(kinds) == 1 else None)
        pieces = counted(_, word, n or 0) if word else \
            npgettext("any kind", "piece", "pieces", n or 0, _)
        return _("{whose} {amount} {pieces}{where}").format(
            whose=whose, amount=amount, pieces=pieces, where=where)
