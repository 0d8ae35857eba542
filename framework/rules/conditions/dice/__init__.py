"""``dice``: what a ``roll`` phase rolled this turn (its dice added up), compared with a
number — a move, a phase or a consequence that depends on the roll (Mensch ärgere dich
nicht: bring a piece in on a six, roll again after a six).

```yaml
turn:
  - {name: roll, type: roll, dice: 1, faces: 6}
  - name: move
    type: moves
    options:
      - {type: advance, from: supply, roll: roll, tracks: ..., if: {type: dice, roll: roll,
                                                                   exactly: 6}}
  - {name: again, type: again, if: {type: dice, roll: roll, exactly: 6}}
```

The value is compared with ``at_least``, ``at_most`` and ``exactly`` (all those given must
hold). Before the roll this turn, the dice show nothing (0). A piece the dice choose by its
number is a test of each candidate move instead (``to_if: {dice: roll, ...}``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from framework.limits import MAX_COUNT
from framework.plugins import Condition, ConditionParams, Loc, Translate, untranslated
from framework.rules.conditions.count import compared

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class DiceParams(ConditionParams):
    type: Literal["dice"]
    roll: str = Field(description="the roll phase whose dice are read (added up)")
    at_least: int | None = Field(default=None, ge=0, le=MAX_COUNT,
                                 description="holds when the roll is at least this")
    at_most: int | None = Field(default=None, ge=0, le=MAX_COUNT,
                                description="holds when the roll is at most this")
    exactly: int | None = Field(default=None, ge=0, le=MAX_COUNT,
                                description="holds when the roll is exactly this")

    @model_validator(mode="after")
    def _compared(self) -> DiceParams:
        if self.at_least is None and self.at_most is None and self.exactly is None:
            raise ValueError("give at_least, at_most or exactly: what the roll is compared "
                             "with")
        return self


class Dice(Condition):
    """The roll of this turn, compared with a number."""

    keyword = "dice"
    Params = DiceParams
    reference = ".reference:RefDice"
    native = None
    no_twin_reason = "the kernels read no dice outside the race phase that plays them"

    def __init__(self, params: DiceParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        roll = next((p for p in game.spec.turn if p.name == params.roll), None)
        dice = getattr(roll, "dice", 0)
        self.die_slots = tuple(game.slots.index[f"die_{i + 1}"] for i in range(dice))

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        rolls = [p for p in ctx.spec.turn if p.type == "roll"]
        roll = next((p for p in rolls if p.name == params.roll), None)
        if roll is None:
            yield (*loc, "roll"), (f"{params.roll!r} is not a roll phase of the turn (the "
                                   "dice read come from one): the turn's rolls are "
                                   f"{[p.name for p in rolls] or 'none'}")
            return
        low, high = roll.dice, roll.dice * roll.faces
        for key in ("at_least", "at_most", "exactly"):
            value = getattr(params, key)
            if value is not None and not low <= value <= high:
                yield (*loc, key), (f"{params.roll!r} rolls {low} to {high}: {key} {value} "
                                    "makes the condition the same whatever the roll")

    def holds(self, state: State, mover: int) -> bool:
        return compared(sum(state.vars[s] for s in self.die_slots), self.params)

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        if p.exactly is not None:
            return _("the roll is {n}").format(n=p.exactly)
        if p.at_least is not None and p.at_most is not None:
            return _("the roll is from {low} to {high}").format(low=p.at_least, high=p.at_most)
        if p.at_least is not None:
            return _("the roll is at least {n}").format(n=p.at_least)
        return _("the roll is at most {n}").format(n=p.at_most)
