"""``majority`` (a result rule): the side with the most pieces on the board wins.

```yaml
result: {type: majority, equal: draw}
result: {type: majority, counter: boxes}                       # most boxes
result: {type: majority, piece: seed, zones: [pits, store]}    # most seeds on your side
```

``counter`` counts a per-player counter instead (the boxes each player has closed); a
``piece`` kept in piles (``pieces.<kind>.piles``) counts the pieces in the piles on the
player's own cells of ``zones`` (Kalah: the seeds in your pits and your store, so the seeds
left in your pits at the end are yours).

``equal`` says what a tie for the most pieces is: ``draw`` (nobody wins), or ``shared``
(every player tied for the most wins; with more than two players the others lose). A shared
win is the result rule's own verdict: the game's ``tie_break`` does not undo it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.piles import pile_slots, pile_total
from framework.limits import MAX_COUNT
from framework.plugins import Loc, Result, ResultParams, Translate, join_words, many, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class MajorityParams(ResultParams):
    type: Literal["majority"]
    piece: str | None = Field(default=None, description="the kind counted (default: every "
                                                         "kind)")
    counter: str | None = Field(default=None, description="count this per-player counter "
                                "instead of pieces")
    zones: list[str] | None = Field(default=None, description="for a kind kept in piles: "
                                    "the zones whose cells (each player's own) are counted")
    equal: Literal["draw", "shared"] = Field(
        default="draw", description="a tie for the most pieces: a draw, or a win shared by "
                                    "the players tied")


class Majority(Result):
    """Most pieces wins."""

    keyword = "majority"
    #: Its ``piece`` may be a kind kept in piles (validate refuses one elsewhere).
    reads_piles = True
    reference = ".reference:RefMajority"
    native = ".native:MajorityPiece"
    Params = MajorityParams

    def __init__(self, params: MajorityParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.counter = game.counters.index(params.counter) if params.counter else -1
        self.piles: tuple[int, ...] = ()
        self.sides_cells: tuple[int, ...] = ()
        if params.zones is not None and params.piece is not None:
            self.piles = pile_slots(game, params.piece)
            cells = []
            for side in range(len(game.players)):
                mask = 0
                for zone in params.zones:
                    mask |= game.zone_mask(zone, side)
                cells.append(mask)
            self.sides_cells = tuple(cells)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.counter is not None and params.piece is not None:
            yield loc, "count either a counter or a kind of piece, not both"
        piled = params.piece in ctx.pieces and ctx.spec.pieces[params.piece].piles is not None
        if piled and not params.zones:
            yield (*loc, "zones"), (f"{params.piece!r} is kept in piles, owned by nobody: "
                                    "name the zones whose cells count for each player")
        if params.zones is not None and not piled:
            yield (*loc, "zones"), "zones go with a kind kept in piles (piece: …)"
        for i, zone in enumerate(params.zones or ()):
            if zone not in ctx.zones:
                yield (*loc, "zones", i), ctx.unknown("zone", zone, ctx.zones)

    def counts(self, state: State) -> list[int]:
        """What each side has of what is counted."""
        if self.counter >= 0:
            return [values[self.counter] for values in state.counters]
        if self.piles:
            return [pile_total(state, self.piles, mask) for mask in self.sides_cells]
        kinds = state.game.piece_kinds
        kind_mask = state.kinds[kinds.index(self.params.piece)] if self.params.piece else -1
        return [(m & kind_mask).bit_count() for m in state.owner]

    #: Its counts are the sides' scores (a margin may be their difference).
    scored = True

    def scores(self, state: State) -> list[float]:
        return [float(c) for c in self.counts(state)]

    def score_bound(self) -> float:
        """Pieces on the board number at most its cells; a counter or piles, at most
        ``MAX_COUNT``."""
        if self.counter >= 0 or self.piles:
            return float(MAX_COUNT)
        return float(self.game.board.size)

    def winners(self, state: State) -> frozenset[int]:
        counts = self.counts(state)
        best = max(counts)
        leaders = [s for s, c in enumerate(counts) if c == best]
        if len(leaders) == 1 or self.params.equal == "shared":
            return frozenset(leaders)
        return frozenset()

    def reason(self, state: State, _: Translate = untranslated) -> str:
        p = self.params
        if p.counter is not None:
            return _("the most {what}").format(what=many(_, p.counter))
        return _("the most pieces on the board")

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        if p.counter is not None or self.piles:
            what = many(_, p.counter) if p.counter is not None else _(
                "{pieces} on their own cells of {zones}").format(
                    pieces=many(_, p.piece or ""),
                    zones=join_words(_, [_(z) for z in p.zones or ()]))
            if p.equal == "shared":
                return _("The player with the most {what} wins; players tied for the most "
                         "all win.").format(what=what)
            return _("The player with the most {what} wins; a tie for the most is a "
                     "draw.").format(what=what)
        if self.params.equal == "shared":
            return _("The player with the most pieces on the board wins; players tied for "
                     "the most all win.")
        if len(self.game.players) > 2:
            return _("The player with the most pieces on the board wins; a tie for the most "
                     "is a draw.")
        return _("The player with more pieces on the board wins; equal numbers are a draw.")
