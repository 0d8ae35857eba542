"""``sow``: take every piece of a pile on one of your cells and drop them one by one on the
cells that follow along a track (Kalah's seeds, sown counter-clockwise round the pits).

```yaml
pieces:
  seed: {piles: {pits: 4}}            # four seeds in each pit, the stores empty
turn:
  - name: sow
    type: moves
    options:
      - type: sow
        piece: seed
        zone: pits                    # a pit of yours that is not empty
        track: [a1, b1, c1, d1, e1, f1, S, f2, e2, d2, c2, b2, a2, N]
        skip: store                   # the opponent's store is passed over
        then:
          - {type: again, if: {type: landed, zone: store}}
```

The action is named by the cell sown from (``notation``, ``{at}``). ``piece`` is a kind
kept in piles (``pieces.<kind>.piles``); ``zone`` holds the cells a player may sow from
(the player's own when the zone is declared per player), one of them with a pile that is
not empty. The pieces go one per cell to the cells after it along ``track``, which goes
round (after its last cell comes its first), passing over the cells of the zone ``skip``
that are an opponent's (a lap of the track drops a piece on the cell sown from too). The
last piece's cell is where the action landed (the ``landed`` slot): the consequences under
``then:`` and the conditions on ``landed`` read it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.engine.piles import check_piled, pile_slots, pile_total
from framework.engine.slots import DEPARTED
from framework.limits import MAX_COUNT
from framework.moves.base import Loc, Masks, Primitive, written
from framework.plugins import OptionParams, Translate, many, untranslated
from framework.spec.terms import zone_words
from framework.spec.zones import zone_cell_names

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class SowParams(OptionParams):
    type: Literal["sow"]
    piece: str = Field(description="the kind sown: one kept in piles")
    zone: str = Field(description="the cells a player may sow from (the player's own when "
                                  "the zone is declared per player)")
    track: list[str] | dict[str, list[str]] = Field(
        description="the cells the pieces are dropped on, in order (after the last comes "
                    "the first again); or, by player name, each player's own track")
    skip: str | None = Field(default=None, description="a zone whose opponents' cells "
                             "the sowing passes over (the other player's store)")
    skip_origin: bool = Field(default=False, description="every lap passes over the cell "
                              "the pieces were taken from (Oware)")
    relay: int | None = Field(default=None, ge=1, le=MAX_COUNT, description="relay sowing: "
                              "a last piece that falls on a cell already holding some (not "
                              "one of skip) takes that pile up and sows on, at most this "
                              "many times an action")
    feed: bool = Field(default=False, description="must feed: while the opponents' cells "
                       "of zone are empty, only sowings that drop a piece on one of them")
    at_least: int = Field(default=1, ge=1, le=MAX_COUNT, description="sow only from a pile "
                          "of at least this many")
    at_most: int | None = Field(default=None, ge=1, le=MAX_COUNT, description="and of at "
                                "most this many (a single counter, sown only when no "
                                "other sowing exists: a phase of its own after one with "
                                "at_least: 2)")
    kind: str = Field(default="sow", description="the action's kind in JSON and records")
    notation: str = Field(default="{at}", description="how a sowing is written ({at}: the "
                          "cell sown from)")


class Sow(Primitive):
    keyword = "sow"
    #: Its ``piece`` may be a kind kept in piles (validate refuses one elsewhere).
    reads_piles = True
    reference = ".reference:RefSow"
    native = ".native:SowPiece"
    Params = SowParams
    by_source = False

    def __init__(self, params: SowParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        board = game.board
        sides = range(len(game.players))
        self.piles = pile_slots(game, params.piece)
        self.departed = game.slots.index.get(DEPARTED.name, -1)
        #: The piles a sowing may start from: at least ``low``, at most ``high``.
        self.low, self.high = params.at_least, params.at_most or MAX_COUNT
        self.sown_from = tuple(game.zone_mask(params.zone, s) for s in sides)
        #: Per side, the opponents' cells of ``zone`` (the cells the must-feed rule reads).
        self.fed = tuple(sum_masks(self.sown_from[o] for o in sides if o != s) & ~self.sown_from[s]
                         for s in sides)
        # Per side and cell of the track, the next cell a piece goes to: the skipped cells
        # (an opponent's part of ``skip``) are stepped over once, here.
        self.next: list[list[int]] = []
        #: Per side, the cells a relay may not go on from (the cells of ``skip``).
        self.no_relay: list[int] = []
        for side in sides:
            track = [board.cell(c) for c in side_track(params, str(game.players[side]))]
            skipped = 0
            stores = 0
            if params.skip is not None:
                for other in sides:
                    stores |= game.zone_mask(params.skip, other)
                    skipped |= game.zone_mask(params.skip, other) if other != side else 0
                skipped &= ~game.zone_mask(params.skip, side)
            following = [-1] * board.size
            for i, cell in enumerate(track):
                j = (i + 1) % len(track)
                while skipped >> track[j] & 1:
                    j = (j + 1) % len(track)
                following[cell] = track[j]
            self.next.append(following)
            self.no_relay.append(stores)
        every = 0
        for mask in self.sown_from:
            every |= mask
        self.sowings = tuple(Action(phase, params.kind, at=c,
                                    notation=written(self.template, board.written, dst=c))
                             for c in range(board.size))
        self.space = tuple(self.sowings[c] for c in range(board.size) if every >> c & 1)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from check_piled(params.piece, loc, ctx)
        for field in ("zone", "skip"):
            zone = getattr(params, field)
            if zone is not None and zone not in ctx.zones:
                yield (*loc, field), ctx.unknown("zone", zone, ctx.zones)
        if isinstance(params.track, dict):
            for player in params.track:
                if player not in ctx.players:
                    yield (*loc, "track", player), ctx.unknown("player", player, ctx.players)
            for player in ctx.players:
                if player not in params.track:
                    yield (*loc, "track"), (f"the track has no cells for {player}: give "
                                            "every player a track, or one for all")
                    return
        if params.feed and params.zone in ctx.zones and not any(
                zone_cell_names(ctx.spec, params.zone, p, ctx.graph)
                != zone_cell_names(ctx.spec, params.zone, ctx.players[0], ctx.graph)
                for p in ctx.players):
            yield (*loc, "feed"), (f"feed reads the opponents' cells of zone {params.zone!r}, "
                                   "but every player has the same cells there: declare the "
                                   "zone per player")
        single = not isinstance(params.track, dict)
        for n, player in enumerate(ctx.players):
            track = side_track(params, player)
            key: tuple[str | int, ...] = (*loc, "track") if single else \
                (*loc, "track", player)
            seen = set(track)
            if not single or n == 0:  # the one track's cells are checked once
                if len(track) < 2:
                    yield key, "a track needs at least two cells"
                found: set[str] = set()
                for i, cell in enumerate(track):
                    if cell not in ctx.cells:
                        yield (*key, i), ctx.unknown("cell", cell, tuple(sorted(ctx.cells)))
                    elif cell in found:
                        yield (*key, i), f"{cell!r} is on the track twice"
                    found.add(cell)
            if params.zone in ctx.zones:
                mine = zone_cell_names(ctx.spec, params.zone, player, ctx.graph)
                if not mine <= seen:
                    yield (*loc, "zone"), (f"the cells of zone {params.zone!r} must be on "
                                           f"{player}'s track: the sowing starts there")
        if "{at}" not in params.notation and "{to}" not in params.notation:
            yield (*loc, "notation"), ("a sowing's notation names the cell sown from: put "
                                       "{at} in it")
        if params.at_most is not None and params.at_most < params.at_least:
            yield (*loc, "at_most"), ("at_most is below at_least: no pile could be sown")

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((params.kind, ""),)

    def targets(self, state: State, masks: Masks, src: int) -> int:
        values, piles = state.vars, self.piles
        side = state.to_move
        found, mask = 0, self.sown_from[side]
        starving = self.params.feed and pile_total(state, piles, self.fed[side]) == 0
        while mask:
            low = mask & -mask
            cell = low.bit_length() - 1
            n = values[piles[cell]]
            if self.low <= n <= self.high and (not starving or
                                               self._feeds(state, side, cell)):
                found |= low
            mask ^= low
        return found

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.sowings[dst]

    def _sow(self, values: list[int], side: int, cell: int) -> tuple[int, int]:
        """Sow from ``cell`` in ``values`` (relays included); the last cell, and the mask
        of every cell a piece fell on."""
        piles, following = self.piles, self.next[side]
        skip_origin, relays = self.params.skip_origin, self.params.relay or 0
        no_relay, dropped = self.no_relay[side], 0
        while True:
            origin = cell
            n, values[piles[cell]] = values[piles[cell]], 0
            while n:
                cell = following[cell]
                if skip_origin and cell == origin:
                    continue
                values[piles[cell]] += 1
                dropped |= 1 << cell
                n -= 1
            if relays and values[piles[cell]] > 1 and not no_relay >> cell & 1:
                relays -= 1
                continue
            return cell, dropped

    def _feeds(self, state: State, side: int, cell: int) -> bool:
        """Whether sowing from ``cell`` drops a piece on an opponent's cell of ``zone``."""
        _, dropped = self._sow(list(state.vars), side, cell)
        return bool(dropped & self.fed[side])

    def apply(self, state: State, action: Action) -> None:
        if self.departed >= 0:  # where the sowing started (a chain of captures stops there)
            state.vars[self.departed] = action.at
        cell, _ = self._sow(state.vars, state.to_move, action.at)
        self.landed_on(state, cell)

    def action_space(self) -> tuple[Action, ...]:
        return self.space

    def example(self) -> str:
        return self.space[0].notation if self.space else \
            side_track(self.params, str(self.game.players[0]))[0]

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        if isinstance(p.track, dict):
            text = _("take all the {piece} from a cell of yours in {zone} that holds "
                     "some, and drop them one on each cell that follows along your own "
                     "track ({tracks}; round again after the last)").format(
                         piece=many(_, p.piece), zone=zone_words(self.game, p.zone, _),
                         tracks="; ".join(_("{player}: {track}").format(
                             player=_(player), track=", ".join(cells))
                             for player, cells in p.track.items()))
        else:
            text = _("take all the {piece} from a cell of yours in {zone} that holds "
                     "some, and drop them one on each cell that follows along the track "
                     "{track} (round again after {last})").format(
                         piece=many(_, p.piece), zone=zone_words(self.game, p.zone, _),
                         track=", ".join(p.track),
                         last=p.track[-1])
        if p.at_least > 1 or p.at_most is not None:
            if p.at_most is None:
                size = _("at least {n}").format(n=p.at_least)
            elif p.at_most == p.at_least:
                size = _("exactly {n}").format(n=p.at_least)
            else:
                size = _("between {low} and {high}").format(low=p.at_least, high=p.at_most)
            text += _(" (only from a cell that holds {size})").format(size=size)
        if p.skip is not None:
            text += _(", passing over your opponent's {skip}").format(skip=_(p.skip))
        if p.skip_origin:
            text += _(", never into the cell they were taken from (a lap passes over it)")
        if p.relay is not None:
            text += _("; when the last one falls on a cell that already held some, you take "
                      "up that cell's {piece} and sow them on in the same way (at most {n} "
                      "times a turn)").format(piece=many(_, p.piece), n=p.relay)
        if p.feed:
            text += _("; while your opponent has no {piece} in their {zone}, you must sow "
                      "so that at least one falls there").format(
                          piece=many(_, p.piece), zone=_(p.zone))
        return text


def side_track(params: SowParams, player: str) -> list[str]:
    """The track ``player`` sows along: the one track, or the player's own."""
    return params.track[player] if isinstance(params.track, dict) else params.track


def sum_masks(masks: Iterator[int] | Any) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total
