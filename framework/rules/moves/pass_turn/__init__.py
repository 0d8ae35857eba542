"""``pass_turn``: the player passes — a move that changes nothing on the board, always
legal while the option is offered (Go's pass).

```yaml
turn:
  - name: play
    type: moves
    options:
      - {type: place, piece: stone}
      - {type: pass_turn, notation: pass}
goals:
  - {type: outcome, winner: score, if: {type: passes, at_least: 2}}   # two passes in a row
```

Unlike the engine's own pass (``no_legal_move: pass``, for a player who has no move), this
is a move of its own, offered beside the others and listed after them in its option's
place. The game's ``passes`` slot counts the passes played in a row: a pass adds one, any
other action of the phase sets it back to 0; the ``passes`` condition reads it. A pass also
clears the ``ko`` cell (``capture_groups``) when the game has one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.engine.slots import KO, PASSES, Slot
from framework.moves.base import Masks, Primitive
from framework.plugins import OptionParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State

#: The kind of its actions (the engine's own ``pass`` is reserved for a player without a
#: move, so this one has a kind of its own).
PASS_TURN = "pass_turn"


class PassTurnParams(OptionParams):
    type: Literal["pass_turn"]
    notation: str = Field(default="pass", min_length=1, pattern=r"^\S+$",
                          description="how a pass is written")


class PassTurn(Primitive):
    keyword = "pass_turn"
    reference = ".reference:RefPassTurn"
    native = ".native:PassTurnPiece"
    Params = PassTurnParams
    by_source = False
    lands: ClassVar[bool] = False
    upkeeps: ClassVar[bool] = True

    def __init__(self, params: PassTurnParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        self.made = Action(phase, PASS_TURN, notation=params.notation)
        self.passes = game.slots.index[PASSES.name]
        self.ko = game.slots.index.get(KO.name, -1)

    @classmethod
    def slots_of(cls, params: Any) -> tuple[Slot, ...]:
        return (PASSES,)

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((PASS_TURN, ""),)

    def targets(self, state: State, masks: Masks, src: int) -> int:
        # The moves phase counts and picks actions by the bits of a mask; a pass has no
        # cell, so it stands as one bit whose cell means nothing (``action`` ignores it).
        return 1

    def surely_offers(self, state: State) -> bool:
        return True

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.made

    def apply(self, state: State, action: Action) -> None:
        state.vars[self.passes] += 1
        if self.ko >= 0:
            state.vars[self.ko] = -1

    def upkeep(self, state: State, action: Action) -> None:
        if action.kind != PASS_TURN:
            state.vars[self.passes] = 0

    def action_space(self) -> tuple[Action, ...]:
        return (self.made,)

    def example(self) -> str:
        return self.params.notation

    def describe(self, _: Translate = untranslated) -> str:
        return _("you pass ({notation}): nothing changes on the board").format(
            notation=self.params.notation)
