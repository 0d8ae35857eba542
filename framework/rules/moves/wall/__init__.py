"""``wall``: a wall goes up on the lines between cells, where it neither overlaps nor
crosses a standing wall (Quoridor's fences; the board says how long walls are).

```yaml
board: {type: grid, rows: 9, columns: 9, walls: 2}
counters: [walls]
turn:
  - name: play
    type: moves
    options:
      - {type: step, directions: [n, e, s, w], to_if: {not: {crosses: walls}}}
      - {type: wall, counter: walls, if: {type: counter, counter: walls, at_most: 9}}
```

The wall places are the board's (see ``framework/board/walls.py``: ``h@e4`` lies above e4
and f4, ``v@e4`` to the right of e4 and e5). A wall is named by its place (``notation``:
``{wall}``), its kind is ``wall``; no piece moves and none lands, so a consequence that acts
around a landed piece is refused under it. ``counter`` names the mover's counter that each
wall put up adds 1 to: with an ``if:`` on it, the players' stock of walls. A step, slide or
leap is kept from passing across a wall by its test ``{not: {crosses: walls}}``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from framework.board.walls import WALLS, walls_of
from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.engine.slots import Slot
from framework.moves.base import Loc, Masks, Primitive
from framework.plugins import OptionParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class WallParams(OptionParams):
    type: Literal["wall"]
    counter: str | None = Field(default=None, description="the mover's counter that each "
                                "wall put up adds 1 to")
    kind: str = Field(default="wall", description="the action's kind in JSON and records")
    notation: str = Field(default="{wall}", description="how a wall is written ({wall}: its "
                          "place, h@e4 or v@e4)")


class Wall(Primitive):
    keyword = "wall"
    reference = ".reference:RefWall"
    native = None
    no_twin_reason = "the native kernels keep no walls yet: the Python engine plays them"
    Params = WallParams
    by_source = False
    lands: ClassVar[bool] = False

    def __init__(self, params: WallParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        walls = walls_of(game)
        self.conflicts = walls.conflicts
        self.every = (1 << len(walls.names)) - 1
        self.slot = game.slots.index[WALLS.name]
        self.counter = game.counters.index(params.counter) if params.counter else -1
        # Each wall is told apart by its place's name (the action's attribute), not by a
        # cell: the wall places are no cells of the board.
        self.index = {name: i for i, name in enumerate(walls.names)}
        self.made = tuple(Action(phase, params.kind, attribute=name,
                                 notation=params.notation.replace("{wall}", name))
                          for name in walls.names)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if getattr(ctx.spec.board, "walls", None) is None:
            yield loc, ("wall puts a wall on the lines between cells, and the board has no "
                        "wall places: give a grid walls: <length> (board: {type: grid, ..., "
                        "walls: 2})")
        if params.counter is not None and params.counter not in ctx.counters:
            yield (*loc, "counter"), ctx.unknown("counter", params.counter, ctx.counters)
        if "{wall}" not in params.notation:
            yield (*loc, "notation"), ("the notation must name the wall's place: write "
                                       "{wall} in it")

    @classmethod
    def slots_of(cls, params: Any) -> tuple[Slot, ...]:
        return (WALLS,)

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((params.kind, ""),)

    def kinds(self) -> tuple[tuple[str, str], ...]:
        """One (kind, place) pair per wall place: the moves phase finds the option of an
        action by them."""
        return tuple((self.params.kind, a.attribute) for a in self.made)

    def targets(self, state: State, masks: Masks, src: int) -> int:
        standing = state.vars[self.slot]
        free = self.every
        for i in iter_bits(standing):
            free &= ~self.conflicts[i]
        return free

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.made[dst]

    def action_space(self) -> tuple[Action, ...]:
        return self.made

    def apply(self, state: State, action: Action) -> None:
        state.vars[self.slot] |= 1 << self.index[action.attribute]
        if self.counter >= 0:
            state.counters[state.to_move][self.counter] += 1

    def describe(self, _: Translate = untranslated) -> str:
        clause = _("a wall {n} cells long goes up on the lines between cells, where it "
                   "neither overlaps nor crosses a standing wall").format(
                       n=self.game.spec.board.walls)  # type: ignore[union-attr]
        if self.params.counter is None:
            return clause
        return _("{clause}; each wall adds 1 to your {counter}").format(
            clause=clause, counter=_(self.params.counter))
