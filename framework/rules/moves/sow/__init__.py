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
from framework.engine.piles import check_piled, pile_slots
from framework.limits import MAX_CELLS
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
    track: list[str] = Field(min_length=2, max_length=MAX_CELLS,
                             description="the cells the pieces are dropped on, in order; "
                                         "after the last comes the first again")
    skip: str | None = Field(default=None, description="a zone whose opponents' cells "
                             "the sowing passes over (the other player's store)")
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
        self.sown_from = tuple(game.zone_mask(params.zone, s) for s in sides)
        track = [board.cell(c) for c in params.track]
        # Per side and cell of the track, the next cell a piece goes to: the skipped cells
        # (an opponent's part of ``skip``) are stepped over once, here.
        self.next: list[list[int]] = []
        for side in sides:
            skipped = 0
            if params.skip is not None:
                for other in sides:
                    skipped |= game.zone_mask(params.skip, other) if other != side else 0
                skipped &= ~game.zone_mask(params.skip, side)
            following = [-1] * board.size
            for i, cell in enumerate(track):
                j = (i + 1) % len(track)
                while skipped >> track[j] & 1:
                    j = (j + 1) % len(track)
                following[cell] = track[j]
            self.next.append(following)
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
        seen: set[str] = set()
        for i, cell in enumerate(params.track):
            if cell not in ctx.cells:
                yield (*loc, "track", i), ctx.unknown("cell", cell, tuple(sorted(ctx.cells)))
            elif cell in seen:
                yield (*loc, "track", i), f"{cell!r} is on the track twice"
            seen.add(cell)
        if "{at}" not in params.notation and "{to}" not in params.notation:
            yield (*loc, "notation"), ("a sowing's notation names the cell sown from: put "
                                       "{at} in it")
        zone_cells = frozenset().union(*(zone_cell_names(ctx.spec, params.zone, p, ctx.graph)
                                         for p in ctx.players)) \
            if params.zone in ctx.zones else frozenset()
        if not zone_cells <= seen:
            yield (*loc, "zone"), (f"the cells of zone {params.zone!r} must be on the "
                                   "track: the sowing starts there")

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((params.kind, ""),)

    def targets(self, state: State, masks: Masks, src: int) -> int:
        values, piles = state.vars, self.piles
        found, mask = 0, self.sown_from[state.to_move]
        while mask:
            low = mask & -mask
            if values[piles[low.bit_length() - 1]]:
                found |= low
            mask ^= low
        return found

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.sowings[dst]

    def apply(self, state: State, action: Action) -> None:
        values, piles, following = state.vars, self.piles, self.next[state.to_move]
        cell = action.at
        n, values[piles[cell]] = values[piles[cell]], 0
        while n:
            cell = following[cell]
            values[piles[cell]] += 1
            n -= 1
        self.landed_on(state, cell)

    def action_space(self) -> tuple[Action, ...]:
        return self.space

    def example(self) -> str:
        return self.space[0].notation if self.space else self.params.track[0]

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        text = _("take all the {piece} from a cell of yours in {zone} that holds "
                 "some, and drop them one on each cell that follows along the track "
                 "{track} (round again after {last})").format(
                     piece=many(_, p.piece), zone=zone_words(self.game, p.zone, _),
                     track=", ".join(p.track),
                     last=p.track[-1])
        if p.skip is not None:
            text += _(", passing over your opponent's {skip}").format(skip=_(p.skip))
        return text
