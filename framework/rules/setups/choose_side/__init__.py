"""``choose_side``: one seat chooses which side it plays (the second half of the pie rule);
the other seat plays the other side.

```yaml
setup:
  - {type: place_each, by: first}
  - {type: choose_side, by: second, to_move: white}   # then white moves first
```

The choice is written as the side's name (``white``). Sides keep their colours and turn
order; only the seats (who plays which side) change, so ``returns()`` follows the seats.
Two players only: ``validate`` refuses it in a game with more.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.plugins import Rule, Setup, Translate, untranslated
from framework.rules.setups.place_each import SEATS

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class ChooseSideParams(Rule):
    type: Literal["choose_side"]
    name: str | None = Field(default=None, description="the step's name in positions and "
                                                       "messages (default: its type)")
    by: Literal["first", "second"] = Field(default="second", description="the seat that chooses")
    to_move: str | None = Field(default=None, description="the side that moves first after "
                                                          "the choice (default: the first)")


class ChooseSide(Setup):
    """One seat picks its side."""

    keyword = "choose_side"
    reference = ".reference:RefChooseSide"
    native = ".native:ChooseSidePiece"
    Params = ChooseSideParams
    decides = True

    def __init__(self, params: ChooseSideParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.choices = [Action(self.name, "choose", side=s, notation=p)
                        for s, p in enumerate(game.players)]
        self.pattern = "|".join(re.escape(p) for p in game.players)
        self.notation_examples = (game.players[0],)

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        if params.to_move is not None and params.to_move not in ctx.players:
            yield (*loc, "to_move"), ctx.unknown("player", params.to_move, ctx.players)
        if len(ctx.players) > 2:
            yield loc, (f"choose_side (the pie rule) is for two players, and this game has "
                        f"{len(ctx.players)}: when one seat picks a side, nothing would say "
                        "which side each of the other seats plays; balance the first move "
                        "another way (turn_order: snake)")

    def actor(self, state: State) -> int:
        return SEATS[self.params.by]

    def actions(self, state: State) -> list[Action]:
        return list(self.choices)

    def apply(self, state: State, action: Action) -> None:
        chooser = SEATS[self.params.by]
        others = iter(s for s in range(len(self.game.players)) if s != chooser)
        state.seat_of_side = [chooser if side == action.side else next(others)
                              for side in range(len(self.game.players))]
        players = self.game.players
        state.to_move = players.index(self.params.to_move) if self.params.to_move else 0
        state.last_mover = self.game.turn_order.previous(state.to_move, state.fullmove)

    def action_space(self) -> tuple[Action, ...]:
        return tuple(self.choices)

    def finished(self, state: State) -> bool:
        return state.setup_actions > 0

    def describe(self, _: Translate = untranslated) -> str:
        first = self.params.to_move or self.game.players[0]
        return _("Then the {seat} player chooses which side to play. The player with {first} "
                 "moves first.").format(seat=_(self.params.by), first=_(first))
