"""``promote_choice``: a piece that ends its move in a zone becomes a kind its player
chooses (a chess pawn on the last rank: queen, rook, bishop or knight).

```yaml
zones:
  promotion: {white: [{row: 8}], black: [{row: 1}]}
turn:
  - {name: move, type: moves, piece_moves: true}
  - name: promote
    type: promote_choice
    piece: pawn
    zone: promotion
    choices: {q: queen, r: rook, b: bishop, n: knight}
```

A deciding step: right after the move, if the cell the last action landed a piece on is in
the mover's ``zone`` and holds the mover's ``piece``, the player picks one of ``choices``
(written as its key: ``e7e8 q`` is the whole turn, chess's ``e7e8q``) and the piece becomes
that kind, keeping its owner and attributes. Otherwise the step is passed over. (``promote``
turns the piece into one fixed kind with no decision.)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.engine.slots import LANDED
from framework.plugins import (
    Phase,
    PhaseParams,
    Translate,
    in_case,
    join_words,
    untranslated,
)
from framework.spec.terms import zone_words

if TYPE_CHECKING:
    from random import Random

    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class PromoteChoiceParams(PhaseParams):
    type: Literal["promote_choice"]
    zone: str = Field(description="the zone (declared under zones:) where a piece promotes; "
                                  "each player's own when the zone is per player")
    piece: str = Field(description="the kind that promotes")
    choices: dict[str, str] = Field(min_length=1, description="notation → the kind the "
                                    "piece may become (q: queen)")


class PromoteChoice(Phase):
    """A piece that lands in the zone becomes a kind its player chooses."""

    keyword = "promote_choice"
    reference = ".reference:RefPromoteChoice"
    native = ".native:PromoteChoicePiece"
    Params = PromoteChoiceParams
    slots = (LANDED,)
    skip_when_impossible = True

    def __init__(self, params: PromoteChoiceParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.landed = game.slots.index[LANDED.name]
        self.zone = game.zones[params.zone]
        self.piece = game.piece_kinds.index(params.piece)
        self.kinds = {kind: game.piece_kinds.index(kind) for kind in params.choices.values()}
        self.choices = tuple(Action(self.name, "promote", attribute=kind, notation=written)
                             for written, kind in params.choices.items())
        self.pattern = "|".join(re.escape(a.notation) for a in self.choices)
        self.notation_examples = (self.choices[0].notation,)

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        if params.zone not in ctx.zones:
            yield (*loc, "zone"), ctx.unknown("zone", params.zone, ctx.zones)
        for written, kind in params.choices.items():
            if kind not in ctx.pieces:
                yield (*loc, "choices", written), ctx.unknown("piece", kind, ctx.pieces)
            if not written or written.isspace() or " " in written:
                yield (*loc, "choices", written), "a choice is written as one word"

    def _cell(self, state: State) -> int:
        """The landed cell when a promotion is due there, else -1."""
        cell = state.vars[self.landed]
        me = state.to_move
        if cell < 0 or not self.zone[me] >> cell & 1:
            return -1
        if not (state.owner[me] & state.kinds[self.piece]) >> cell & 1:
            return -1
        return cell

    def may_act_after(self, state: State, action: Action) -> bool:
        """Only a move of a ``piece`` into the zone leads here."""
        dst = action.dst
        if dst < 0 or action.src < 0:
            return True
        me = state.to_move
        return bool(self.zone[me] >> dst & 1) and \
            bool((state.owner[me] & state.kinds[self.piece]) >> action.src & 1)

    def actions(self, state: State) -> list[Action]:
        return list(self.choices) if self._cell(state) >= 0 else []

    def count(self, state: State) -> int:
        return len(self.choices) if self._cell(state) >= 0 else 0

    def has_action(self, state: State) -> bool:
        return self._cell(state) >= 0

    def random_action(self, state: State, rng: Random) -> Action:
        return rng.choice(self.choices)

    def apply(self, state: State, action: Action) -> None:
        cell = self._cell(state)
        bit = 1 << cell
        state.kinds[self.piece] &= ~bit
        state.kinds[self.kinds[action.attribute]] |= bit

    def action_space(self) -> tuple[Action, ...]:
        return self.choices

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        # The kinds it becomes, in the accusative where a language declines them (Russian
        # «превращается в ферзя, ладью, слона или коня»).
        kinds = join_words(_, [in_case(_, "accusative", k) for k in p.choices.values()],
                           either=True)
        return _("A {piece} that ends its move on {zone} becomes, as its player chooses, a "
                 "{kinds}.").format(piece=_(p.piece), zone=zone_words(self.game, p.zone, _),
                                    kinds=kinds)
