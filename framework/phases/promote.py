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
its owner and attributes. After a chain of hops it acts once, on the cell the chain ended on
(in English draughts a man that reaches the far row has no hop left, so a crowning ends the
turn, as the rules say).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.slots import LANDED
from framework.plugins import Phase, PhaseParams, Plugin, Translate, plugins, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


class PromoteParams(PhaseParams):
    type: Literal["promote"]
    zone: str = Field(description="the zone (declared under zones:) where a piece promotes; "
                                  "each player's own when the zone is per player")
    to: str = Field(description="the kind the piece becomes")
    piece: str | None = Field(default=None, description="the kind that promotes (default: "
                              "any other kind)")


class Promote(Phase):
    """A piece that lands in the zone becomes another kind."""

    keyword = "promote"
    Params = PromoteParams
    decides = False

    slots = (LANDED,)

    def __init__(self, params: PromoteParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.landed = game.slots.index[LANDED.name]
        self.zone = game.zones[params.zone]
        self.to = game.piece_kinds.index(params.to)
        self.piece = game.piece_kinds.index(params.piece) if params.piece else -1

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: Any
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        if params.zone not in ctx.zones:
            yield (*loc, "zone"), ctx.unknown("zone", params.zone, ctx.zones)
        for key in ("to", "piece"):
            name = getattr(params, key)
            if name is not None and name not in ctx.pieces:
                yield (*loc, key), ctx.unknown("piece", name, ctx.pieces)
        turn = ctx.spec.turn
        index = next(i for i, p in enumerate(turn) if p.name == params.name)
        if not any(_lands(plugins("phases")[p.type], p) for p in turn[:index]):
            yield loc, (f"phase {params.name!r} promotes the piece on the cell the last "
                        "action landed a piece on, but no phase before it in the turn "
                        "lands one")

    def run(self, state: State) -> None:
        cell = state.vars[self.landed]
        if cell < 0:
            return
        bit = 1 << cell
        me = state.to_move
        if not (self.zone[me] & bit and state.owner[me] & bit):
            return
        kind = state.kind_of(cell)
        if kind == self.to or (self.piece >= 0 and kind != self.piece):
            return
        state.kinds[kind] ^= bit
        state.kinds[self.to] |= bit

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        if p.piece:
            return _("A {piece} that ends its move in the zone {zone} becomes a {to}."
                     ).format(piece=_(p.piece), zone=_(p.zone), to=_(p.to))
        return _("A piece that ends its move in the zone {zone} becomes a {to}.").format(
            zone=_(p.zone), to=_(p.to))


def _lands(block: type[Plugin], params: Any) -> bool:
    return issubclass(block, Phase) and block.lands_piece(params)
