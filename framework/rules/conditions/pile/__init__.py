"""``pile``: how many pieces the pile holds on the cell the last piece landed on this turn
(or on the cell one step from it) — Kalah's capture, when the last seed falls into an empty
pit of yours (it now holds 1) and the pit across holds some.

```yaml
then:
  - type: collect
    piece: seed
    across: forward
    into: store
    if:
      - {type: landed, zone: pits}
      - {type: pile, piece: seed, exactly: 1}
      - {type: pile, piece: seed, step: forward, at_least: 1}
```

``piece`` is a kind kept in piles; ``step`` (a direction, or one named from the player's
forward) reads the cell one step that way from the landing cell instead. The number is
compared with ``at_least``, ``at_most`` and ``exactly`` (all those given must hold). Before
anything has landed this turn, or when the step leaves the board, it does not hold.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field, model_validator

from framework.engine.piles import check_piled, pile_slots
from framework.engine.slots import LANDED, Slot
from framework.limits import MAX_COUNT
from framework.plugins import Condition, ConditionParams, Loc, Translate, counted, untranslated
from framework.rules.conditions.count import compared

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class PileParams(ConditionParams):
    type: Literal["pile"]
    piece: str = Field(description="the kind counted: one kept in piles")
    step: str | None = Field(default=None, description="read the cell one step this way "
                             "from the landing cell (default: the landing cell itself)")
    at_least: int | None = Field(default=None, ge=0, le=MAX_COUNT,
                                  description="holds when the pile is at least this")
    at_most: int | None = Field(default=None, ge=0, le=MAX_COUNT,
                                 description="holds when the pile is at most this")
    exactly: int | None = Field(default=None, ge=0, le=MAX_COUNT,
                                 description="holds when the pile is exactly this")

    @model_validator(mode="after")
    def _compared(self) -> PileParams:
        if self.at_least is None and self.at_most is None and self.exactly is None:
            raise ValueError("give at_least, at_most or exactly: what the pile is compared "
                             "with")
        return self


def steps_of(game: CompiledGame, direction: str | None) -> tuple[tuple[int, ...], ...]:
    """Per side and cell, the cell one step ``direction`` (the cell itself without one;
    -1 off the board)."""
    size = game.board.size
    if direction is None:
        return tuple(tuple(range(size)) for _ in game.players)
    found = []
    for side in range(len(game.players)):
        d = game.board_direction(direction, side)
        found.append(tuple(game.board.step[c][d] if d >= 0 else -1 for c in range(size)))
    return tuple(found)


class Pile(Condition):
    """The pile where the last piece landed (or one step from it), compared with a number."""

    keyword = "pile"
    #: Its ``piece`` may be a kind kept in piles (validate refuses one elsewhere).
    reads_piles = True
    Params = PileParams
    reference = ".reference:RefPile"
    native = ".native:PilePiece"
    slots: ClassVar[tuple[Slot, ...]] = (LANDED,)

    def __init__(self, params: PileParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.landed = game.slots.index[LANDED.name]
        self.piles = pile_slots(game, params.piece)
        self.cell_of = steps_of(game, params.step)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from check_piled(params.piece, loc, ctx)
        if params.step is not None:
            for where, message in ctx.check_directions([params.step], (*loc, "step")):
                yield where[:-1], message

    def holds(self, state: State, mover: int) -> bool:
        landed = state.vars[self.landed]
        cell = self.cell_of[mover][landed] if landed >= 0 else -1
        return cell >= 0 and compared(state.vars[self.piles[cell]], self.params)

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        if p.exactly is not None:
            amount = _("exactly {n}").format(n=p.exactly)
        elif p.at_least is not None and p.at_most is not None:
            amount = _("between {low} and {high}").format(low=p.at_least, high=p.at_most)
        elif p.at_least is not None:
            amount = _("at least {n}").format(n=p.at_least)
        else:
            amount = _("at most {n}").format(n=p.at_most)
        if p.step is None:
            return _("the cell where the last {piece} fell now holds {amount}").format(
                piece=counted(_, p.piece, 1), amount=amount)
        return _("the cell one step {step} from where the last {piece} fell holds "
                 "{amount}").format(step=_(p.step), piece=counted(_, p.piece, 1),
                                    amount=amount)
