"""``collect``: the pile on the cell where the last piece landed, and the pile on the cell
across from it, go to the mover's cell of a zone (Kalah's capture into the store).

```yaml
then:
  - type: collect
    piece: seed
    across: forward           # the pit across: one step forward from the landing cell
    into: store               # the mover's store (one cell per player)
    if:
      - {type: landed, zone: pits}
      - {type: pile, piece: seed, exactly: 1}
      - {type: pile, piece: seed, step: forward, at_least: 1}
```

Automatic, as a consequence under an option's ``then:`` (the option lands the last
piece) or as a phase after one. ``piece`` is a kind kept in piles; ``across`` (a
direction, or one named from the player's forward) names the second cell, one step from
the landing cell (without it only the landing cell's pile goes); ``into`` is a zone that
holds exactly one cell for each player. Both piles are emptied and their pieces added to
that cell. Its ``if:`` says when it happens.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.piles import check_piled, pile_slots
from framework.engine.slots import LANDED
from framework.plugins import Loc, Phase, PhaseParams, Translate, many, untranslated
from framework.rules.conditions.pile import steps_of
from framework.spec.zones import zone_cell_names

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class CollectParams(PhaseParams):
    type: Literal["collect"]
    piece: str = Field(description="the kind collected: one kept in piles")
    across: str | None = Field(default=None, description="the direction of the second cell "
                               "from the landing cell (default: the landing cell alone)")
    into: str = Field(description="a zone of one cell per player: where the pieces go")


class Collect(Phase):
    """The piles where the last piece landed and across from it go to the mover's cell."""

    keyword = "collect"
    #: Its ``piece`` may be a kind kept in piles (validate refuses one elsewhere).
    reads_piles = True
    Params = CollectParams
    decides = False
    slots = (LANDED,)
    reference = ".reference:RefCollect"
    native = ".native:CollectPiece"

    def __init__(self, params: CollectParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.landed = game.slots.index[LANDED.name]
        self.piles = pile_slots(game, params.piece)
        self.across = steps_of(game, params.across) if params.across is not None else None
        self.into = tuple(game.zone_mask(params.into, s).bit_length() - 1
                          for s in range(len(game.players)))

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from check_piled(params.piece, loc, ctx)
        if params.across is not None:
            for where, message in ctx.check_directions([params.across], (*loc, "across")):
                yield where[:-1], message
        if params.into not in ctx.zones:
            yield (*loc, "into"), ctx.unknown("zone", params.into, ctx.zones)
        else:
            for player in ctx.players:
                cells = zone_cell_names(ctx.spec, params.into, player, ctx.graph)
                if len(cells) != 1:
                    yield (*loc, "into"), (f"zone {params.into!r} holds {len(cells)} cells "
                                           f"for {player}: collect needs exactly one per "
                                           "player, where the pieces go")
                    break
        yield from ctx.check_landing_before(loc, params.name, "collects the pile where the "
                                            "last piece landed")

    def run(self, state: State) -> None:
        cell = state.vars[self.landed]
        if cell < 0:
            return
        values, piles, me = state.vars, self.piles, state.to_move
        cells = [cell]
        if self.across is not None and self.across[me][cell] >= 0:
            cells.append(self.across[me][cell])
        for taken in cells:
            values[piles[self.into[me]]] += values[piles[taken]]
            values[piles[taken]] = 0

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        if p.across is None:
            return _("The {piece} where the last one fell go to your {into}.").format(
                piece=many(_, p.piece), into=_(p.into))
        return _("The {piece} where the last one fell, and those on the cell one step "
                 "{across} from there, go to your {into}.").format(
                     piece=many(_, p.piece), across=_(p.across), into=_(p.into))
