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

``reach: n`` takes the first ``n`` cells that way (Bao's two holes across, the opponent's
inner and outer rows), and ``landing: false`` leaves the landing cell's own pile where it
is. ``chain`` goes on from the landing cell the other way along a row: the cell one step
``step`` from it, then one step further, and so on, each taken while its pile holds
between ``at_least`` and ``at_most`` (the first that does not, or the edge, stops it).
``spare`` is Oware's grand slam: when what would be taken is every piece on the
opponents' cells of that zone, nothing is taken.

```yaml
then:
  - type: collect                 # Oware: 2 or 3 in an opponent's house, and those before
    piece: seed
    into: store
    chain: {step: right, at_least: 2, at_most: 3}
    spare: houses
    if:
      - {type: landed, zone: houses, of: opponents}
      - {type: pile, piece: seed, at_least: 2, at_most: 3}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from framework.board.direction_words import directions_phrase
from framework.engine.piles import check_piled, pile_slots, pile_total
from framework.engine.slots import LANDED
from framework.limits import MAX_CELLS, MAX_COUNT
from framework.plugins import Loc, Phase, PhaseParams, Translate, many, untranslated
from framework.rules.conditions.pile import steps_of
from framework.spec.zones import zone_cell_names

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class ChainParams(BaseModel):
    model_config = ConfigDict(extra="forbid")
    step: str = Field(description="the direction the chain goes from the landing cell")
    at_least: int = Field(default=1, ge=0, le=MAX_COUNT,
                          description="a cell is taken while its pile holds at least this")
    at_most: int = Field(default=MAX_COUNT, ge=0, le=MAX_COUNT,
                         description="and at most this")


class CollectParams(PhaseParams):
    type: Literal["collect"]
    piece: str = Field(description="the kind collected: one kept in piles")
    across: str | None = Field(default=None, description="the direction of the second cell "
                               "from the landing cell (default: the landing cell alone)")
    into: str = Field(description="a zone of one cell per player: where the pieces go")
    reach: int = Field(default=1, ge=1, le=MAX_CELLS, description="how many cells across "
                       "are taken (one after another that way)")
    landing: bool = Field(default=True, description="whether the landing cell's own pile "
                          "is taken")
    chain: ChainParams | None = Field(default=None, description="the cells from the "
                                      "landing cell on that way, taken while each holds "
                                      "between at_least and at_most")
    spare: str | None = Field(default=None, description="grand slam: nothing is taken when "
                              "it would be every piece on the opponents' cells of this zone")


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
        self.chain = steps_of(game, params.chain.step) if params.chain is not None else None
        sides = range(len(game.players))
        #: Per side, the opponents' cells of ``spare``.
        self.spared = tuple(_union(game.zone_mask(params.spare, o) for o in sides if o != s)
                            & ~game.zone_mask(params.spare, s) if params.spare else 0
                            for s in sides)
        self.into = tuple(game.zone_mask(params.into, s).bit_length() - 1
                          for s in range(len(game.players)))

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from check_piled(params.piece, loc, ctx)
        if params.across is not None:
            for where, message in ctx.check_directions([params.across], (*loc, "across")):
                yield where[:-1], message
        if params.chain is not None:
            for where, message in ctx.check_directions([params.chain.step],
                                                       (*loc, "chain", "step")):
                yield where[:-1], message
            if params.chain.at_least > params.chain.at_most:
                yield (*loc, "chain"), ("at_least is above at_most: the chain could take "
                                        "no cell")
        if params.reach > 1 and params.across is None:
            yield (*loc, "reach"), "reach counts cells across: give the direction, across"
        if not params.landing and params.across is None and params.chain is None:
            yield (*loc, "landing"), ("with landing: false and no across or chain, nothing "
                                      "is collected")
        if params.spare is not None and params.spare not in ctx.zones:
            yield (*loc, "spare"), ctx.unknown("zone", params.spare, ctx.zones)
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
        p = self.params
        cells = [cell] if p.landing else []
        if self.across is not None:
            there = cell
            for _ in range(p.reach):
                there = self.across[me][there]
                if there < 0:
                    break
                cells.append(there)
        if self.chain is not None and p.chain is not None:
            there = self.chain[me][cell]
            while there >= 0 and there not in cells and \
                    p.chain.at_least <= values[piles[there]] <= p.chain.at_most:
                cells.append(there)
                there = self.chain[me][there]
        if self.spared[me]:
            left = pile_total(state, piles, self.spared[me] & ~_union(1 << c for c in cells))
            if left == 0:
                return  # a grand slam: every piece the opponents have there, so none
        for taken in cells:
            values[piles[self.into[me]]] += values[piles[taken]]
            values[piles[taken]] = 0

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        if p.chain is None and p.spare is None and p.reach == 1 and p.landing:
            if p.across is None:
                return _("The {piece} where the last one fell go to your {into}.").format(
                    piece=many(_, p.piece), into=_(p.into))
            return _("The {piece} where the last one fell, and those on the cell one step "
                     "{across} from there, go to your {into}.").format(
                         piece=many(_, p.piece), across=_(p.across), into=_(p.into))
        if p.across is None:
            text = _("The {piece} where the last one fell go to your {into}").format(
                piece=many(_, p.piece), into=_(p.into))
        elif p.reach > 1 and not p.landing:
            text = _("The {piece} on the {n} cells one after another {across} from where "
                     "the last one fell go to your {into}").format(
                         piece=many(_, p.piece), n=p.reach, across=_(p.across),
                         into=_(p.into))
        elif not p.landing:
            text = _("The {piece} on the cell one step {across} from where the last one "
                     "fell go to your {into}").format(piece=many(_, p.piece),
                                                     across=_(p.across), into=_(p.into))
        elif p.reach > 1:
            text = _("The {piece} where the last one fell, and those on the {n} cells one "
                     "after another {across} from there, go to your {into}").format(
                         piece=many(_, p.piece), n=p.reach, across=_(p.across),
                         into=_(p.into))
        else:
            text = _("The {piece} where the last one fell, and those on the cell one step "
                     "{across} from there, go to your {into}").format(
                         piece=many(_, p.piece), across=_(p.across), into=_(p.into))
        if p.chain is not None:
            text += _(", and so do those on the cells after it one by one {step}, while "
                      "each holds between {low} and {high}").format(
                          step=directions_phrase([p.chain.step], _), low=p.chain.at_least,
                          high=p.chain.at_most)
        if p.spare is not None:
            text += _(", unless that would take every one your opponent has in their "
                      "{zone}: then none is taken (grand slam)").format(zone=_(p.spare))
        return text + "."


def _union(masks: Any) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total
