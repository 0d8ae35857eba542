"""``shuffle``: chance deals a player's pieces onto given cells before the first turn,
each arrangement as likely as any other (Einstein würfelt nicht's cubes in their corner).

```yaml
setup:
  - {type: shuffle, owner: black, piece: cube, attribute: pips,
     values: [1, 2, 3, 4, 5, 6], cells: [a5, b5, c5, a4, b4, a3]}
  - {type: shuffle, owner: white, piece: cube, attribute: pips,
     values: [1, 2, 3, 4, 5, 6], cells: [e3, d2, e2, c1, d1, e1], to_move: white}
```

A chance node (``framework.engine.chance``): one piece of ``piece`` for ``owner`` on each
of ``cells``, its ``attribute`` one of ``values`` (each value used once: as many values as
cells). The outcomes are the different orders of the values, listed in increasing order
(as words of numbers: 1-2-3 before 1-3-2), each as likely as any other (equal values give
fewer orders, each as likely as the ways it comes about); an outcome is
written as its values in the order of the cells (``deal:1-2-3-4-6-5``: 1 on the first cell,
5 on the last). ``to_move`` says who moves first once the pieces are down (default: the
first player).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import permutations
from math import factorial
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.engine.chance import CHANCE
from framework.plugins import Rule, Setup, Translate, join_words, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext

SHUFFLE_KIND = "deal"
#: The most arrangements one step may deal (8 values: 40,320).
MAX_ARRANGEMENTS = 40_320


class ShuffleParams(Rule):
    type: Literal["shuffle"]
    name: str | None = Field(default=None, description="the step's name in positions and "
                                                       "messages (default: its type)")
    owner: str = Field(description="the player whose pieces are dealt")
    piece: str | None = Field(default=None, description="the kind dealt (default: the first)")
    attribute: str = Field(description="the attribute the values are given to")
    values: list[int] = Field(min_length=1, description="the values dealt, one per cell")
    cells: list[str] = Field(min_length=1, description="the cells dealt onto, in the order "
                             "an outcome writes their values")
    to_move: str | None = Field(default=None, description="the player who moves first "
                                                          "(default: the first player)")


def arrangements(values: Sequence[int]) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every different order of ``values`` in increasing order, with its probability."""
    ways = Counter(permutations(sorted(values)))
    total = factorial(len(values))
    return [(order, Fraction(n, total)) for order, n in sorted(ways.items())]


class Shuffle(Setup):
    """Chance deals the pieces onto the cells."""

    keyword = "shuffle"
    reference = ".reference:RefShuffle"
    native = None
    no_twin_reason = ("chance deals the pieces before play, and the kernels start from "
                      "a position, drawing no chance in a setup")
    Params = ShuffleParams
    decides = True
    chance = True
    pattern = r"deal:\d+(-\d+)*"

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        for key in ("owner", "to_move"):
            player = getattr(params, key)
            if player is not None and player not in ctx.players:
                yield (*loc, key), ctx.unknown("player", player, ctx.players)
        kind = params.piece or next(iter(ctx.spec.pieces))
        if kind not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", kind, ctx.pieces)
        else:
            own = ctx.spec.pieces[kind].attributes
            if params.attribute not in own:
                yield (*loc, "attribute"), ctx.unknown("attribute", params.attribute,
                                                       tuple(own))
            else:
                top = own[params.attribute].max
                for i, value in enumerate(params.values):
                    if value < 0 or (top is not None and value > top):
                        yield (*loc, "values", i), (f"{params.attribute} {value} is outside "
                                                    f"0..{top}")
        for i, cell in enumerate(params.cells):
            if cell not in ctx.cells:
                yield (*loc, "cells", i), ctx.unknown("cell", cell, ctx.cells)
        if len(set(params.cells)) != len(params.cells):
            yield (*loc, "cells"), "a cell is dealt one piece: each cell once"
        if len(params.values) != len(params.cells):
            yield (*loc, "values"), (f"one value per cell: {len(params.values)} values for "
                                     f"{len(params.cells)} cells")
        if len(params.values) <= 12 and len(arrangements(params.values)) > MAX_ARRANGEMENTS:
            yield (*loc, "values"), (f"at most {MAX_ARRANGEMENTS:,} arrangements (8 values) "
                                     "are dealt by one step: split the cells in two steps")
        elif len(params.values) > 12:
            yield (*loc, "values"), "at most 8 different values are dealt by one step"

    def __init__(self, params: ShuffleParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.side = game.players.index(params.owner)
        self.kind = game.piece_kinds.index(params.piece) if params.piece else 0
        self.attr = game.attributes.index(params.attribute)
        self.cells = tuple(game.board.cell(c) for c in params.cells)
        self._outcomes = [(self._action(order), p) for order, p in
                          arrangements(params.values)]
        self.notation_examples = (self._outcomes[len(self._outcomes) // 2][0].notation,)

    def _action(self, order: Sequence[int]) -> Action:
        text = "-".join(map(str, order))
        return Action(self.name, SHUFFLE_KIND, attribute=text, notation=f"deal:{text}")

    def actor(self, state: State) -> int:
        return CHANCE

    def outcomes(self, state: State) -> list[tuple[Action, Fraction]]:
        return self._outcomes

    def actions(self, state: State) -> list[Action]:
        return [a for a, _ in self._outcomes]

    def apply(self, state: State, action: Action) -> None:
        for cell, value in zip(self.cells, action.attribute.split("-"), strict=True):
            if state.owner_of(cell) >= 0:
                state.remove(cell)
            state.place(cell, self.side, self.kind)
            state.attrs[self.attr][cell] = int(value)
        players = self.game.players
        state.to_move = players.index(self.params.to_move) if self.params.to_move else 0
        state.last_mover = self.game.turn_order.previous(state.to_move, state.fullmove)

    def finished(self, state: State) -> bool:
        """Dealt once every cell holds a piece of the owner (a position read after the deal
        says so by its pieces)."""
        return all(state.owner[self.side] >> c & 1 for c in self.cells)

    def action_space(self) -> tuple[Action, ...]:
        return tuple(a for a, _ in self._outcomes)

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        values = join_words(_, [str(v) for v in p.values])
        text = _("Chance deals {player}'s pieces onto {cells}, one on each, carrying "
                 "{values} {attribute} in an order each as likely as any other.").format(
            player=_(p.owner), cells=join_words(_, list(p.cells)), values=values,
            attribute=_(p.attribute))
        if p.to_move:
            text += " " + _("The player with {first} moves first.").format(first=_(p.to_move))
        return text
