"""``conserved``: pieces (or attribute units) are neither made nor lost beyond the supply —
for each player, what is on the board plus the derived supply equals the declared supply,
so the board never holds more than the supply.

```yaml
pieces:
  adaptoid: {supply: 12, attributes: {legs: {supply: 12}, pincers: {supply: 12}}}
invariants:
  - {type: conserved, piece: adaptoid}          # at most 12 adaptoids of a player on board
  - {type: conserved, attribute: legs}          # at most 12 legs on a player's adaptoids
```

Supplies are derived (declared supply minus what is on the board), so the conservation law
is broken exactly when a rule puts on the board something the supply does not have. A kind
kept in hand (``pieces.<kind>.hand``) loses for good what leaves the board, so there the law
is that the board plus the hand never hold more than the supply.

Pieces that leave the board for counted places — a race's bar and borne-off checkers, a
store, captured pieces kept as a number — are named by ``counters``: then, for each player,
the pieces (or attribute units) on the board plus those counters never change from one
position to the next, with or without a supply (a checker taken off whole, or one that
vanishes on a hit, breaks it):

```yaml
invariants:
  - {type: conserved, attribute: count, counters: [bar, borne_off]}   # race's checkers
```

A kind kept in piles (``pieces.<kind>.piles``: a sowing game's seeds) is counted on every
cell, pits and stores alike, whoever owns them: the piles of the whole board add up to the
same number in every position (a sowing that drops a seed too many, or a capture that
loses one on the way to the store, breaks it).

```yaml
invariants:
  - {type: conserved, piece: seed}     # seeds in the pits plus the stores never change
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from framework.engine.counting import attribute_sum, kind_mask, kinds_with_attribute
from framework.engine.piles import pile_slots
from framework.engine.supply import piece_supply
from framework.plugins import Invariant, Rule, Translate, many, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class ConservedParams(Rule):
    type: Literal["conserved"]
    piece: str | None = Field(default=None, description="the kind of piece counted")
    attribute: str | None = Field(default=None, description="the attribute counted (on "
                                  "`piece`, or on every kind that has it)")
    counters: list[str] | None = Field(default=None, description="the counters that hold "
                                "a player's pieces off the board (a bar, the borne off, a "
                                "store): the board plus these never change")

    @model_validator(mode="after")
    def _something(self) -> ConservedParams:
        if self.piece is None and self.attribute is None:
            raise ValueError("name the 'piece' or the 'attribute' that is conserved")
        return self


class Conserved(Invariant):
    """On the board plus in the supply, each player always has the declared supply; on the
    board plus in the named counters, each player always has as many as before."""

    keyword = "conserved"
    #: Its ``piece`` may be a kind kept in piles: the piles of the whole board are counted.
    reads_piles = True
    Params = ConservedParams

    def __init__(self, params: ConservedParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        pieces = game.spec.pieces
        #: (what is counted, piece kind, attribute or None, declared supply)
        self.pools: list[tuple[str, str, str | None, int]] = []
        #: The kinds counted on the board with the counters (all of them, supply or not).
        self.kinds = [params.piece or ""] if params.attribute is None else \
            kinds_with_attribute(game, params.attribute, params.piece)
        self.counters = params.counters or []
        self.counter_ids = [game.counters.index(c) for c in self.counters]
        #: For a kind kept in piles: the pile slot of each cell (all of them are counted).
        self.piles: tuple[int, ...] = ()
        if params.attribute is None and pieces[params.piece or ""].piles is not None:
            self.piles = pile_slots(game, params.piece or "")
            return
        if params.attribute is None:
            kind = params.piece or ""
            supply = pieces[kind].supply
            if supply is not None:
                self.pools.append((kind, kind, None, supply))
        else:
            for kind in self.kinds:
                supply = pieces[kind].attributes[params.attribute].supply
                if supply is not None:
                    self.pools.append((f"{params.attribute} on {kind}", kind,
                                       params.attribute, supply))

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        pieces = ctx.spec.pieces
        for i, name in enumerate(params.counters or ()):
            if name not in ctx.counters:
                yield (*loc, "counters", i), ctx.unknown("counter", name, ctx.counters)
        if params.counters:
            return  # the board and the counters together: conserved with or without supply
        if params.attribute is None and params.piece in pieces and \
                pieces[params.piece].piles is not None:
            return  # the piles of the whole board: their total never changes
        if params.attribute is None:
            if params.piece in pieces and pieces[params.piece].supply is None:
                yield (*loc, "piece"), (f"the piece {params.piece!r} has no supply (it is "
                                        "unlimited), so nothing is conserved; declare "
                                        f"pieces.{params.piece}.supply")
            return
        if params.attribute not in ctx.attributes or \
                (params.piece is not None and params.piece not in pieces):
            return  # the generic checks name the unknown name
        limited = [k for k, p in pieces.items() if params.piece in (None, k)
                   and params.attribute in p.attributes
                   and p.attributes[params.attribute].supply is not None]
        if not limited:
            yield (*loc, "attribute"), (f"the attribute {params.attribute!r} has no supply "
                                        "(it is unlimited), so nothing is conserved; declare "
                                        "its supply under pieces.<piece>.attributes")

    def violation(self, state: State, before: State | None) -> str | None:
        if self.piles:
            if before is None:
                return None
            was, now = (sum(s.vars[i] for i in self.piles) for s in (before, state))
            return None if was == now else (
                f"the {self.params.piece} on the board went from {was} to {now} with the "
                f"last action: {abs(now - was)} {'lost' if now < was else 'made'}")
        return self._over_supply(state) or (
            self._changed(state, before) if before is not None and self.counter_ids else None)

    def _held(self, state: State, side: int) -> int:
        """What ``side`` has on the board (pieces, or attribute units) and in the counters."""
        attribute = self.params.attribute
        total = sum(state.counters[side][c] for c in self.counter_ids)
        for kind in self.kinds:
            total += (state.owner[side] & kind_mask(state, kind)).bit_count() \
                if attribute is None else attribute_sum(state, side, attribute, kind)
        return total

    def _changed(self, state: State, before: State) -> str | None:
        what = self.params.attribute or self.params.piece
        places = " + ".join(["the board", *self.counters])
        for side, player in enumerate(self.game.players):
            was, now = self._held(before, side), self._held(state, side)
            if now != was:
                return (f"{player}'s {what} on {places} went from {was} to {now} with the "
                        f"last action: {abs(now - was)} {'lost' if now < was else 'made'}")
        return None

    def _over_supply(self, state: State) -> str | None:
        players = self.game.players
        for what, kind, attribute, supply in self.pools:
            for side, player in enumerate(players):
                if attribute is None:
                    on_board = (state.owner[side] & kind_mask(state, kind)).bit_count()
                else:
                    on_board = attribute_sum(state, side, attribute, kind)
                if on_board > supply:
                    return (f"{player} has {on_board} {what} on the board but a supply of "
                            f"only {supply} (derived supply {supply - on_board})")
                held = piece_supply(state, side, self.game.piece_kinds.index(kind)) \
                    if attribute is None and self.game.spec.pieces[kind].hand else None
                if held is not None and on_board + held > supply:
                    return (f"{player} has {on_board} {what} on the board and {held} in "
                            f"hand, more than the supply of {supply}")
        return None

    def describe(self, _: Translate = untranslated) -> str:
        if self.piles:
            return _("The {piece} on all the cells of the board, stores included, always "
                     "add up to the same number.").format(piece=many(_, self.params.piece or ""))
        what = self.params.attribute or self.params.piece
        if self.counters:
            return _("Each player's {what} on the board and in {places} always add up to the "
                     "same number.").format(
                what=what, places=", ".join(_(c) for c in self.counters))
        return _("Each player's {what} on the board never exceed the supply.").format(
            what=what)
