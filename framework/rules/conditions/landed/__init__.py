"""``landed``: a piece has landed this turn — the last move's landing cell, in a zone, of a
kind. With ``not: true``: nothing has landed yet this turn (the turn's first step).

```yaml
turn:
  - name: place
    type: moves
    if: {type: count, where: hand, piece: stone, at_least: 1}
    options: [{type: place, piece: stone}]
  - name: move                              # only in a turn that placed nothing
    type: moves
    if: [{type: count, where: hand, piece: stone, exactly: 0}, {type: landed, not: true}]
    options: [{type: step}]
```

A phase's ``if:`` is read when the turn reaches the phase, so a phase meant only for turns
that have not acted yet says so with this condition. ``zone`` (the player's own when
declared per player) and ``piece`` narrow it to a landing in that zone, of that kind;
``of: opponents`` reads an opponent's cells of the zone instead of the player's own
(Oware's captures: the last seed in one of the opponent's houses).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from framework.engine.slots import LANDED, Slot
from framework.plugins import Condition, ConditionParams, Loc, Translate, untranslated
from framework.spec.terms import zone_words

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class LandedParams(ConditionParams):
    type: Literal["landed"]
    zone: str | None = Field(default=None, description="only a landing in this zone")
    piece: str | None = Field(default=None, description="only a piece of this kind")
    of: Literal["mover", "opponents"] = Field(default="mover", description="whose cells of "
                                              "the zone: the player's own, or an opponent's")


class Landed(Condition):
    """A piece has landed this turn (in a zone, of a kind)."""

    keyword = "landed"
    #: ``describe`` words ``not: true`` itself.
    words_negation = True
    Params = LandedParams
    reference = ".reference:RefLanded"
    native = ".native:LandedPiece"
    slots: ClassVar[tuple[Slot, ...]] = (LANDED,)

    def __init__(self, params: LandedParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.slot = game.slots.index[LANDED.name]
        sides = range(len(game.players))
        if params.zone and params.of == "opponents":
            self.zone = tuple(_theirs(game, params.zone, s) for s in sides)
        else:
            self.zone = tuple(game.zone_mask(params.zone, s) if params.zone
                              else game.board.all_mask for s in sides)
        self.kind = game.piece_kinds.index(params.piece) if params.piece else -1

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.zone is not None and params.zone not in ctx.zones:
            yield (*loc, "zone"), ctx.unknown("zone", params.zone, ctx.zones)
        if params.of != "mover" and params.zone is None:
            yield (*loc, "of"), ("of names whose cells of the zone are read: give the zone "
                                 "too")

    def holds(self, state: State, mover: int) -> bool:
        cell = state.vars[self.slot]
        if cell < 0 or not self.zone[mover] >> cell & 1:
            return False
        return self.kind < 0 or bool(state.kinds[self.kind] >> cell & 1)

    def describe(self, _: Translate = untranslated) -> str:
        if self.params.of == "opponents" and self.params.zone:
            where = _(" in your opponent's {zone}").format(zone=_(self.params.zone))
        else:
            where = _(" in {zone}").format(zone=zone_words(self.game, self.params.zone, _)) \
                if self.params.zone else ""
        if self.negated:
            return _("no piece has landed yet this turn")
        return _("a piece landed{where} this turn").format(where=where)


def _theirs(game: CompiledGame, zone: str, side: int) -> int:
    """The opponents' cells of ``zone`` (those that are not also ``side``'s)."""
    found = 0
    for other in range(len(game.players)):
        if other != side:
            found |= game.zone_mask(zone, other)
    return found & ~game.zone_mask(zone, side)
