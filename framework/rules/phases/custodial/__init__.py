"""``custodial``: enemy pieces caught in a line between the piece that just landed and
another of the mover's pieces are removed (custodial capture: Hasami Shogi, Tablut,
Latrunculi).

```yaml
turn:
  - name: move
    type: moves
    options:
      - type: slide
        directions: [n, e, s, w]
        then:                                   # this option captures; another may not
          - {type: custodial, directions: [n, e, s, w], max_length: null}
```

Automatic (no decision), as a phase after the one that lands the piece or as a
consequence under an option's ``then:``. From the landing cell, along each direction, one
meets ``min_length`` to ``max_length`` enemy pieces in a row (default: exactly one; null: any
number) and then a piece of the mover's — or an empty cell of the zone ``hostile``, which
closes the line as an own piece would (a throne, the corners): all those enemy pieces are
taken off the board, in every direction at once. A line that runs into an empty cell, a
gap, a hole or the edge is safe, and so is a piece that moves in between two enemies (only
the piece that landed captures). With ``piece`` only pieces of that kind are taken (a line
holding another kind is safe); with ``counter`` the mover counts the pieces taken.

With ``royal`` a piece of that kind is never taken in a line (a line holding it is safe):
it is taken when it stands next to the landing cell and every cell next to it along the
capture's directions holds a piece of the mover's or is an empty cell of ``hostile`` —
Tablut's king, surrounded on four sides, or on three and the empty throne. A royal piece
at the edge of the board is never surrounded, so never taken.

```yaml
      - {type: custodial, directions: [n, e, s, w], hostile: throne, royal: king}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from framework.board.direction_words import directions_phrase
from framework.engine.slots import LANDED
from framework.limits import MAX_DISTANCE
from framework.plugins import Loc, Phase, PhaseParams, Translate, counted, many, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class CustodialParams(PhaseParams):
    type: Literal["custodial"]
    directions: list[str] | None = Field(
        default=None, min_length=1, max_length=32,
        description="the directions looked along from the landing cell (default: every "
                    "direction of the board)")
    min_length: int = Field(default=1, ge=1, le=MAX_DISTANCE,
                            description="the fewest enemy pieces in a line that are taken")
    max_length: int | None = Field(default=1, ge=1, le=MAX_DISTANCE,
                                   description="the most (null: any number)")
    hostile: str | None = Field(default=None, description="a zone whose empty cells close "
                                "a line as the mover's own piece would")
    piece: str | None = Field(default=None, description="only pieces of this kind are taken")
    counter: str | None = Field(default=None, description="a counter of the mover's that "
                                "goes up by the pieces taken")
    royal: str | None = Field(default=None, description="a kind taken only when surrounded "
                              "on every side (by the mover's pieces or empty hostile "
                              "cells), never in a line")

    @model_validator(mode="after")
    def _lengths(self) -> CustodialParams:
        if self.max_length is not None and self.max_length < self.min_length:
            raise ValueError("max_length is below min_length")
        return self


class Custodial(Phase):
    """Enemy lines closed by the piece that landed are taken."""

    keyword = "custodial"
    Params = CustodialParams
    decides = False
    reference = ".reference:RefCustodial"
    native = ".native:CustodialPiece"

    slots = (LANDED,)

    def __init__(self, params: CustodialParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        board = game.board
        self.step = board.step
        self.directions = tuple(board.direction(d) for d in params.directions) \
            if params.directions else tuple(range(len(board.directions)))
        self.landed = game.slots.index[LANDED.name]
        sides = range(len(game.players))
        self.hostile = tuple(game.zone_mask(params.hostile, s) if params.hostile else 0
                             for s in sides)
        self.kind = game.piece_kinds.index(params.piece) if params.piece else -1
        self.counter = game.counters.index(params.counter) if params.counter else -1
        self.longest = params.max_length or board.size
        self.royal = game.piece_kinds.index(params.royal) if params.royal else -1

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from ctx.check_landing_before(
            loc, params.name, "captures from the cell the last action landed a piece on",
            "or put it under the then: of an option that lands one")
        if params.hostile is not None and params.hostile not in ctx.zones:
            yield (*loc, "hostile"), ctx.unknown("zone", params.hostile, ctx.zones)
        if params.royal is not None:
            if params.royal not in ctx.pieces:
                yield (*loc, "royal"), ctx.unknown("piece", params.royal, ctx.pieces)
            elif params.piece is not None:
                yield (*loc, "royal"), (
                    f"with piece: {params.piece!r} only that kind is ever taken, so the "
                    f"royal {params.royal!r} never would be: drop one of the two")
        if not ctx.board_directions:
            yield loc, ("a custodial capture looks along the board's directions, but this "
                        "board has none (grids and hex boards have them, custom boards when "
                        "they name them)")
            return
        yield from ctx.check_directions(params.directions or (), (*loc, "directions"),
                                        board_only=True)

    def run(self, state: State) -> None:
        landed = state.vars[self.landed]
        if landed < 0:
            return
        me = state.to_move
        own, enemy = state.owner[me], 0
        for side, mask in enumerate(state.owner):
            if side != me:
                enemy |= mask
        royal = 0
        if self.kind >= 0:
            enemy &= state.kinds[self.kind]
        elif self.royal >= 0:
            royal = enemy & state.kinds[self.royal]
            enemy &= ~royal
        closing = own | (self.hostile[me] & state.empty())
        taken = 0
        step = self.step
        for d in self.directions:
            at, line, n = step[landed][d], 0, 0
            while at >= 0 and enemy >> at & 1 and n < self.longest:
                line |= 1 << at
                n += 1
                at = step[at][d]
            if n >= self.params.min_length and at >= 0 and closing >> at & 1:
                taken |= line
        if royal:
            for d in self.directions:
                at = step[landed][d]
                if at >= 0 and royal >> at & 1 and all(
                        step[at][e] >= 0 and closing >> step[at][e] & 1
                        for e in self.directions):
                    taken |= 1 << at
        if taken:
            clear = ~taken
            state.owner = [m & clear for m in state.owner]
            state.kinds = [m & clear for m in state.kinds]
            for values in state.attrs:
                for cell in range(len(values)):
                    if taken >> cell & 1:
                        values[cell] = 0
            if self.counter >= 0:
                state.counters[me][self.counter] += taken.bit_count()

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        # The enemy pieces named by their kind when only that kind is taken.
        one = _("An enemy {piece}").format(piece=counted(_, p.piece, 1)) if p.piece \
            else _("An enemy piece")
        pieces = _("enemy {pieces}").format(pieces=many(_, p.piece)) if p.piece \
            else _("enemy pieces")
        if p.max_length == 1:
            what = one
        elif p.max_length is None and p.min_length == 1:
            what = _("A line of {pieces}").format(pieces=pieces)
        elif p.max_length is None:
            what = _("A line of at least {n} {pieces}").format(n=p.min_length, pieces=pieces)
        elif p.min_length == 1:
            what = _("A line of up to {n} {pieces}").format(n=p.max_length, pieces=pieces)
        elif p.min_length == p.max_length:
            what = _("A line of exactly {n} {pieces}").format(n=p.max_length, pieces=pieces)
        else:
            what = _("A line of {low} to {high} {pieces}").format(
                low=p.min_length, high=p.max_length, pieces=pieces)
        text = _("{what} caught between the piece that just moved and another of yours "
                 "is taken off the board").format(what=what)
        if p.directions:
            text += f" ({directions_phrase(list(p.directions), _)})"
        if p.hostile:
            text += _("; an empty cell of {zone} closes the line as your piece would").format(
                zone=_(p.hostile))
        if p.royal:
            text += (_("; an enemy {royal} is not taken in a line: it is taken when your "
                       "pieces surround it on every side, an empty cell of {zone} counting "
                       "as one of yours").format(royal=_(p.royal), zone=_(p.hostile))
                     if p.hostile else
                     _("; an enemy {royal} is not taken in a line: it is taken when your "
                       "pieces surround it on every side").format(royal=_(p.royal)))
        if p.counter:
            text += _("; each piece taken adds 1 to your {counter}").format(
                counter=_(p.counter))
        return text + "."
