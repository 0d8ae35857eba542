"""``promote``: a piece that ends its move in a zone becomes another kind (a draughts man
crowned king on the far row).

```yaml
zones:
  far_row: {black: [{row: 8}], white: [{row: 1}]}
turn:
  - {name: move, type: moves, options: [...]}
  - {name: crown, type: promote, piece: man, to: king, zone: far_row}
```

Automatic (no decision): after the phases before it in the turn, if the cell the last action
landed a piece on is in the mover's ``zone`` (zones may differ per player) and holds the
mover's ``piece`` (any kind but ``to`` when not named), that piece becomes a ``to``; it keeps
its owner and attributes.

With a list of kinds the player chooses (a chess pawn on the last rank): the step is then a
decision of the same turn, offered only when a piece is due to promote (passed over
otherwise), one action per kind, written ``{at}={to}`` (``d8=queen``) or as ``notation``
says:

```yaml
  - {name: promotion, type: promote, piece: pawn, to: [queen, rook, bishop, knight],
     zone: last_rank}
``` After a chain of hops it acts once, on the cell the chain ended on
(in English draughts a man that reaches the far row has no hop left, so a crowning ends the
turn, as the rules say).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.engine.slots import DEPARTED, LANDED, Slot
from framework.moves.base import written
from framework.plugins import (
    Phase,
    PhaseParams,
    Translate,
    join_words,
    untranslated,
)
from framework.spec.terms import term, zone_words

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class PromoteParams(PhaseParams):
    type: Literal["promote"]
    zone: str = Field(description="the zone (declared under zones:) where a piece promotes; "
                                  "each player's own when the zone is per player")
    to: str | list[str] = Field(description="the kind the piece becomes, or the kinds the "
                                "player chooses from")
    notation: str = Field(default="{at}={to}", description="with a choice: how it is "
                          "written ({at}: the cell, {to}: the kind)")
    piece: str | None = Field(default=None, description="the kind that promotes (default: "
                              "any other kind)")
    from_zone: bool = Field(default=False, description="also a piece whose move (a step, "
                            "slide or leap) started in the zone; then only a piece that "
                            "moved promotes, never one put on the board (shogi)")


class Promote(Phase):
    """A piece that lands in the zone becomes another kind."""

    keyword = "promote"
    reference = ".reference:RefPromote"
    native = ".native:PromotePiece"
    Params = PromoteParams
    decides = False

    slots = (LANDED,)

    @classmethod
    def declare_slots(cls, params: Any) -> tuple[Slot, ...]:
        return (LANDED, DEPARTED) if params.from_zone else (LANDED,)

    def __new__(cls, params: PromoteParams, game: CompiledGame) -> Promote:
        # One keyword, two shapes: a list of kinds makes the step the player's choice.
        chosen = PromoteChoice if isinstance(params.to, list) else cls
        return super().__new__(chosen)

    def __init__(self, params: PromoteParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.landed = game.slots.index[LANDED.name]
        self.zone = game.zones[params.zone]
        kinds = params.to if isinstance(params.to, list) else [params.to]
        self.kinds = tuple(game.piece_kinds.index(k) for k in kinds)
        self.to = self.kinds[0]
        self.piece = game.piece_kinds.index(params.piece) if params.piece else -1
        self.departed = game.slots.index[DEPARTED.name] if params.from_zone else -1

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        if params.zone not in ctx.zones:
            yield (*loc, "zone"), ctx.unknown("zone", params.zone, ctx.zones)
        kinds = params.to if isinstance(params.to, list) else [params.to]
        for i, name in enumerate(kinds):
            if name not in ctx.pieces:
                where = (*loc, "to", i) if isinstance(params.to, list) else (*loc, "to")
                yield where, ctx.unknown("piece", name, ctx.pieces)
        if params.piece is not None and params.piece not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", params.piece, ctx.pieces)
        yield from ctx.check_landing_before(
            loc, params.name, "promotes the piece on the cell the last action landed a "
            "piece on")

    def due(self, state: State) -> int:
        """The cell of the mover's piece due to promote, -1 when none is."""
        cell = state.vars[self.landed]
        if cell < 0:
            return -1
        bit = 1 << cell
        me = state.to_move
        if self.departed >= 0:
            start = state.vars[self.departed]
            if start < 0:  # put on the board, not moved: no promotion
                return -1
            bit |= 1 << start
        if not (self.zone[me] & bit and state.owner[me] & (1 << cell)):
            return -1
        kind = state.kind_of(cell)
        if (self.piece >= 0 and kind != self.piece) or \
                (self.piece < 0 and kind in self.kinds):
            return -1
        return cell

    def run(self, state: State) -> None:
        cell = self.due(state)
        if cell >= 0:
            become(state, cell, self.to)

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        if not p.from_zone:
            return self._described(_)
        piece = _(p.piece) if p.piece else _("piece")
        zone = zone_words(self.game, p.zone, _)
        if isinstance(p.to, list):
            kinds = join_words(_, [_(k) for k in p.to], either=True)
            return _("A {piece} that moves into, out of or within {zone} becomes "
                     "the {to} of your choice (a piece put on the board does not promote "
                     "as it is put).").format(piece=piece, zone=zone, to=kinds)
        return _("A {piece} that moves into, out of or within {zone} becomes a "
                 "{to} (a piece put on the board does not promote as it is put).").format(
                     piece=piece, zone=zone, to=_(p.to))

    def _described(self, _: Translate) -> str:
        p = self.params
        zone = zone_words(self.game, p.zone, _)
        if isinstance(p.to, list):
            kinds = join_words(_, [_(k) for k in p.to], either=True)
            if p.piece:
                return _("A {piece} that ends its move on {zone} becomes the {to} of your "
                         "choice.").format(piece=_(p.piece), zone=zone, to=kinds)
            return _("A piece that ends its move on {zone} becomes the {to} of your "
                     "choice.").format(zone=zone, to=kinds)
        if p.piece:
            text = _("A {piece} that ends its move on {zone} becomes a {to}.").format(
                piece=_(p.piece), zone=zone, to=_(p.to))
            return text + self._after_a_chain(p.piece, p.to, zone, _)
        return _("A piece that ends its move on {zone} becomes a {to}.").format(
            zone=zone, to=_(p.to))

    def _after_a_chain(self, piece: str, to: str, zone: str, _: Translate) -> str:
        """What a chain of captures that reaches the zone does: this step comes when the
        move is over, so a piece that can only go on forward (it has reached the far row)
        stops there, and one that can go on does so unpromoted."""
        chains = [o for phase in self.game.phases for o in getattr(phase, "chaining", ())
                  if getattr(o.params, "piece", None) in (piece, None)]
        if not chains:
            return ""
        event = term(self.name) or _("promotion")
        forward_only = all(set(getattr(o.params, "directions", None) or ()) <= FORWARD
                           and getattr(o.params, "directions", None) for o in chains)
        if forward_only:
            text = _("{event} ends the move: a {piece} that reaches {zone} with a capture "
                     "becomes a {to} there and jumps no further in that turn.")
        else:
            text = _("A {piece} that passes over {zone} in the middle of a capture and can "
                     "jump on goes on as a {piece}: {event} comes only where its move ends.")
        text = text.format(event=event, piece=_(piece), zone=zone, to=_(to))
        return " " + text[:1].upper() + text[1:]


#: The directions that only go forward: a piece on the far row can take none of them.
FORWARD = {"forward", "forward_left", "forward_right"}


class PromoteChoice(Promote):
    """``promote`` with a list of kinds: the player picks the kind (a decision)."""

    native = ".native:PromoteChoicesPiece"
    decides = True
    skip_when_impossible = True  # nothing to choose: the turn goes on

    def __init__(self, params: PromoteParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        names = game.board.written
        zones = 0
        for mask in self.zone:
            zones |= mask
        if params.from_zone:  # a move out of the zone promotes on a cell outside it
            zones = (1 << game.board.size) - 1
        self.choices = tuple(
            {k: Action(self.name, "promote", at=c, attribute=game.piece_kinds[k],
                       notation=written(params.notation.replace("{to}", game.piece_kinds[k]),
                                        names, dst=c)) for k in self.kinds}
            for c in range(game.board.size))
        self.space = tuple(a for c in range(game.board.size) if zones >> c & 1
                           for a in self.choices[c].values())
        self.pattern = "|".join(re.escape(a.notation) for a in self.space)
        self.notation_examples = tuple(a.notation for a in self.space[:1])

    def actions(self, state: State) -> list[Action]:
        cell = self.due(state)
        return list(self.choices[cell].values()) if cell >= 0 else []

    def apply(self, state: State, action: Action) -> None:
        become(state, action.at, self.game.piece_kinds.index(action.attribute))

    def run(self, state: State) -> None:
        """A decision: nothing happens by itself."""

    def action_space(self) -> tuple[Action, ...]:
        return self.space


def become(state: State, cell: int, kind: int) -> None:
    """The piece on ``cell`` becomes a ``kind``, keeping its owner and attributes."""
    bit = 1 << cell
    state.kinds[state.kind_of(cell)] ^= bit
    state.kinds[kind] |= bit

