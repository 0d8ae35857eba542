"""``area`` (a result rule): area scoring, Tromp-Taylor's way — each player scores the
cells their pieces stand on plus the empty regions bordered by their pieces alone, and
``komi`` points given to players; the higher score wins.

```yaml
result: {type: area, komi: {white: 7.5}}
```

An empty region is a set of empty cells connected over the board's links; it belongs to a
player when every piece linked to it is theirs (a region that touches no piece, or pieces
of two players, belongs to nobody). ``equal`` says what equal best scores are: ``draw``, or
``shared`` (those players all win).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.moves.groups import Links
from framework.plugins import Loc, Result, ResultParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class AreaParams(ResultParams):
    type: Literal["area"]
    komi: dict[str, float] = Field(default_factory=dict, description="points added to "
                                   "players' scores, by player (white: 7.5)")
    equal: Literal["draw", "shared"] = Field(
        default="draw", description="equal best scores: a draw, or a win shared by the "
                                    "players tied")


class Area(Result):
    """Stones plus surrounded empty regions, plus komi."""

    keyword = "area"
    reference = ".reference:RefArea"
    native = ".native:AreaPiece"
    Params = AreaParams

    def __init__(self, params: AreaParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.komi = [params.komi.get(str(p), 0.0) for p in game.players]
        self.links = Links.of(game.board)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        for player in params.komi:
            if player not in ctx.players:
                yield (*loc, "komi", player), ctx.unknown("player", player, ctx.players)

    def scores(self, state: State) -> list[float]:
        """Each side's area score: its pieces, the empty regions it alone borders, komi."""
        owner = state.owner
        totals = [mask.bit_count() + self.komi[side] for side, mask in enumerate(owner)]
        links = self.links
        for region in links.regions(state.empty()):
            border = links.around(region)
            touching = [side for side, mask in enumerate(owner) if mask & border]
            if len(touching) == 1:
                totals[touching[0]] += region.bit_count()
        return totals

    #: Its area scores are the sides' scores (a margin may be their difference).
    scored = True

    def score_bound(self) -> float:
        """Every cell scored for one side, and the most komi given."""
        return self.game.board.size + max([0.0, *self.komi])

    def winners(self, state: State) -> frozenset[int]:
        totals = self.scores(state)
        best = max(totals)
        leaders = [s for s, t in enumerate(totals) if t == best]
        if len(leaders) == 1 or self.params.equal == "shared":
            return frozenset(leaders)
        return frozenset()

    def reason(self, state: State, _: Translate = untranslated) -> str:
        return _("the higher score by area")

    def describe(self, _: Translate = untranslated) -> str:
        text = _("Each player scores one point for every cell one of their pieces stands on "
                 "and one for every empty cell of a region bordered by their pieces alone "
                 "(an empty region is a set of empty cells connected along the lines of the "
                 "board; one that touches pieces of both players, or none, scores for "
                 "nobody).")
        for player, points in self.params.komi.items():
            text += " " + _("Komi: {player} adds {points} points.").format(
                player=_(player), points=f"{points:g}")
        if self.params.equal == "shared":
            return text + " " + _("The highest score wins; players tied for it all win.")
        return text + " " + _("The higher score wins; equal scores are a draw.")
