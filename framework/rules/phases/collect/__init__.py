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
is. ``chain`` goes on from the landing cell: the cell one step ``step`` from it, then one
step further, and so on (Oware: the opponent's houses before the landing one), or with
``track`` the cells before it along that track, round and round (Mangala: the pits sown
before it, on either side); each is taken while its pile holds one of ``counts``, and the
first that does not, the edge, a cell already taken or the cell the sowing started from
stops it. ``spare`` is Oware's grand slam: when what would be taken is every piece on the
opponents' cells of that zone, nothing is taken.

```yaml
then:
  - type: collect                 # Oware: 2 or 3 in an opponent's house, and those before
    piece: seed
    into: store
    chain: {step: right, counts: [2, 3]}
    spare: houses
    if:
      - {type: landed, zone: houses, of: opponents}
      - {type: pile, piece: seed, at_least: 2, at_most: 3}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from framework.board.direction_words import directions_phrase
from framework.engine.piles import check_piled, pile_slots, pile_total
from framework.engine.slots import DEPARTED, LANDED, Slot
from framework.limits import MAX_CELLS, MAX_COUNT
from framework.plugins import (
    Loc,
    Phase,
    PhaseParams,
    Translate,
    join_words,
    many,
    untranslated,
)
from framework.rules.conditions.pile import steps_of
from framework.spec.zones import zone_cell_names

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class ChainParams(BaseModel):
    model_config = ConfigDict(extra="forbid")
    step: str | None = Field(default=None, description="the direction the chain goes from "
                             "the landing cell (a row's cells before it)")
    track: list[str] | dict[str, list[str]] | None = Field(
        default=None, description="or the track it goes back along, from the landing cell "
        "(by player name, each player's own)")
    counts: list[int] = Field(min_length=1, max_length=MAX_COUNT, description="a cell is "
                              "taken while its pile holds one of these numbers")

    @model_validator(mode="after")
    def _one_way(self) -> ChainParams:
        if (self.step is None) == (self.track is None):
            raise ValueError("give the chain one way to go: step (a direction) or track "
                             "(back along it)")
        return self


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
                                      "one of counts")
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

    @classmethod
    def declare_slots(cls, params: Any) -> tuple[Slot, ...]:
        # A chain stops at the cell the sowing started from, which the sowing records.
        return (LANDED, DEPARTED) if params.chain is not None else (LANDED,)
    native = ".native:CollectPiece"

    def __init__(self, params: CollectParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.landed = game.slots.index[LANDED.name]
        self.piles = pile_slots(game, params.piece)
        self.across = steps_of(game, params.across) if params.across is not None else None
        self.chain = _chain_steps(game, params.chain) if params.chain is not None else None
        self.departed = game.slots.index.get(DEPARTED.name, -1)
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
        if params.chain is not None and params.chain.step is not None:
            for where, message in ctx.check_directions([params.chain.step],
                                                       (*loc, "chain", "step")):
                yield where[:-1], message
        if params.chain is not None and params.chain.track is not None:
            tracks = params.chain.track
            for player, cells in (tracks.items() if isinstance(tracks, dict)
                                  else [("", tracks)]):
                where = (*loc, "chain", "track", player) if player else (*loc, "chain", "track")
                if player and player not in ctx.players:
                    yield where, ctx.unknown("player", player, ctx.players)
                for i, cell in enumerate(cells):
                    if cell not in ctx.cells:
                        yield (*where, i), ctx.unknown("cell", cell, tuple(sorted(ctx.cells)))
                if len(set(cells)) != len(cells):
                    yield where, "a cell is on the chain's track twice"
            if isinstance(tracks, dict) and set(tracks) != set(ctx.players):
                yield (*loc, "chain", "track"), ("give every player a track, or one for "
                                                 "all")
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
            origin = values[self.departed] if self.departed >= 0 else -1
            counts = p.chain.counts
            there = self.chain[me][cell]
            while there >= 0 and there != origin and there not in cells and \
                    values[piles[there]] in counts:
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
            counts = join_words(_, [str(n) for n in p.chain.counts], either=True)
            if p.chain.step is not None:
                text += _(", and so do those on the cells after it one by one {step}, "
                          "while each holds {counts}").format(
                              step=directions_phrase([p.chain.step], _), counts=counts)
            else:
                text += _(", and so do those on the cells before it along the track one by "
                          "one, while each holds {counts} (never the cell sown from)").format(
                              counts=counts)
        if p.spare is not None:
            text += _(", unless that would take every one your opponent has in their "
                      "{zone}: then none is taken (grand slam)").format(zone=_(p.spare))
        return text + "."


def _union(masks: Any) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total


def _chain_steps(game: CompiledGame, chain: ChainParams) -> tuple[tuple[int, ...], ...]:
    """Per side and cell, the next cell of the chain (-1: none): one step that way, or the
    cell before it along the player's track."""
    if chain.step is not None:
        return steps_of(game, chain.step)
    board, found = game.board, []
    for player in game.players:
        track = chain.track[str(player)] if isinstance(chain.track, dict) else chain.track
        before = [-1] * board.size
        for i, name in enumerate(track or ()):
            before[board.cell(name)] = board.cell(track[i - 1]) if track else -1
        found.append(tuple(before))
    return tuple(found)
