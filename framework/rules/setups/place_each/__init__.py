"""``place_each``: one seat places one piece of every side on empty cells of its choice,
in player order (the first half of the pie rule).

```yaml
setup:
  - {type: place_each, by: first, piece: adaptoid}
  - {type: choose_side, by: second}
```

A placement is written ``white@D2``: the side of the piece, then the cell. The step is over
when every side has a piece of the kind on the board.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.engine.supply import take_from_supply
from framework.moves.optional import cell_pattern
from framework.plugins import Rule, Setup, Translate, join_words, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext

SEATS = {"first": 0, "second": 1}


class PlaceEachParams(Rule):
    type: Literal["place_each"]
    name: str | None = Field(default=None, description="the step's name in positions and "
                                                       "messages (default: its type)")
    by: Literal["first", "second"] = Field(default="first", description="the seat that places")
    piece: str | None = Field(default=None, description="the kind placed (default: the first)")


class PlaceEach(Setup):
    """One seat places a piece of each side."""

    keyword = "place_each"
    reference = ".reference:RefPlaceEach"
    native = ".native:PlaceEachPiece"
    Params = PlaceEachParams
    decides = True

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        piece = params.piece or next(iter(ctx.spec.pieces))
        if piece in ctx.spec.pieces and ctx.spec.pieces[piece].supply == 0:
            yield (*loc, "piece"), (f"place_each places one {piece} of each side, but the "
                                    f"supply of {piece} is 0")

    def __init__(self, params: PlaceEachParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.kind = game.piece_kinds.index(params.piece) if params.piece else 0
        names = game.board.names
        self.placements = tuple(
            tuple(Action(self.name, "place", at=c, side=s, notation=f"{player}@{names[c]}")
                  for c in range(game.board.size))
            for s, player in enumerate(game.players))
        players = "|".join(re.escape(p) for p in game.players)
        self.pattern = f"(?:{players})@{cell_pattern(names)}"
        self.notation_examples = (f"{game.players[0]}@{names[0]}",)

    def _next_side(self, state: State) -> int:
        kind_mask = state.kinds[self.kind]
        return next((s for s, mask in enumerate(state.owner) if not mask & kind_mask), -1)

    def actor(self, state: State) -> int:
        return SEATS[self.params.by]

    def actions(self, state: State) -> list[Action]:
        side = self._next_side(state)
        if side < 0:
            return []
        row = self.placements[side]
        return [row[c] for c in iter_bits(state.empty())]

    def apply(self, state: State, action: Action) -> None:
        state.place(action.at, action.side, self.kind)
        take_from_supply(state, action.side, self.kind)

    def action_space(self) -> tuple[Action, ...]:
        return tuple(a for row in self.placements for a in row)

    def finished(self, state: State) -> bool:
        return self._next_side(state) < 0

    def describe(self, _: Translate = untranslated) -> str:
        return _("The board starts empty. The {seat} player places one {piece} of each side "
                 "({players}) on any empty cells.").format(
                     seat=_(self.params.by), piece=_(self.game.piece_kinds[self.kind]),
                     players=join_words(_, [_(p) for p in self.game.players]))
