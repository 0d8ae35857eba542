"""``path_exists``: an action is legal only while every player's pieces of a kind can still
reach that player's cells of a zone, step by step along links no wall stands across
(Quoridor: a wall may not cut a pawn off from its goal row).

```yaml
board: {type: grid, rows: 9, columns: 9, walls: 2}
zones:
  goal: {white: [{row: 9}], black: [{row: 1}]}
restrictions:
  - {type: path_exists, piece: pawn, zone: goal, kinds: [wall]}
```

After the action, from each piece of kind ``piece`` (every player's), the cells reachable
over the board's links — other pieces do not block, a standing wall does (see
``framework/board/walls.py``) — must hold one of its owner's cells of ``zone``. ``kinds``
limits the rule to actions of those kinds (Quoridor's walls: a step cuts no path off);
default every kind. Only walls change which links may be walked, so ``validate`` refuses
the rule on a board without wall places.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.board.walls import WALLS, walls_of
from framework.engine.bits import iter_bits
from framework.plugins import Restriction, Rule, Translate, untranslated
from framework.spec.terms import zone_words

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class PathExistsParams(Rule):
    type: Literal["path_exists"]
    piece: str = Field(description="the kind whose pieces must keep a path")
    zone: str = Field(description="the zone each piece must still reach (its owner's cells "
                      "of it, for a zone per player)")
    kinds: list[str] | None = Field(default=None, min_length=1, description="only actions "
                                    "of these kinds are checked (default: every action)")


class PathExists(Restriction):
    """No action may cut a piece off from its zone."""

    keyword = "path_exists"
    reference = ".reference:RefPathExists"
    native = None
    no_twin_reason = "the native kernels keep no walls yet: the Python engine plays them"
    Params = PathExistsParams
    slots = (WALLS,)

    def __init__(self, params: PathExistsParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        board = game.board
        self.kind = game.piece_kinds.index(params.piece)
        self.targets = tuple(game.zone_mask(params.zone, p) for p in range(len(game.players)))
        self.slot = game.slots.index[WALLS.name]
        blocks = walls_of(game).blocks
        #: Per cell, (neighbour, the walls across the link to it).
        self.links = tuple(tuple((n, blocks.get((c, n), 0)) for n in board.neighbours[c])
                           for c in range(board.size))

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        if params.piece not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", params.piece, ctx.pieces)
        if params.zone not in ctx.zones:
            yield (*loc, "zone"), ctx.unknown("zone", params.zone, ctx.zones)
        if getattr(ctx.spec.board, "walls", None) is None:
            yield loc, ("path_exists keeps walls from cutting a piece off, and the board has "
                        "no wall places (give a grid walls: <length>): no action could ever "
                        "cut a path")

    def allowed(self, state: State, actions: list[Action]) -> list[Action]:
        kinds = self.params.kinds
        return [a for a in actions
                if (kinds is not None and a.kind not in kinds) or self.open(self._after(state, a))]

    def _after(self, state: State, action: Action) -> State:
        """The position right after the action's own effect: its phase applies it to a
        copy, and the turn goes no further (whether the next player can move would ask
        this rule again, of every action of theirs)."""
        after = state.clone()
        phase = next(p for p in self.game.phases if p.name == action.phase)
        phase.apply(after, action)
        return after

    def open(self, state: State) -> bool:
        """Whether every piece of the kind reaches its owner's zone."""
        walls = state.vars[self.slot]
        for side, owned in enumerate(state.owner):
            goal = self.targets[side]
            for cell in iter_bits(owned & state.kinds[self.kind]):
                if not self._reaches(cell, goal, walls):
                    return False
        return True

    def _reaches(self, start: int, goal: int, walls: int) -> bool:
        if goal >> start & 1:
            return True
        seen, todo = 1 << start, [start]
        links = self.links
        while todo:
            cell = todo.pop()
            for n, across in links[cell]:
                if not seen >> n & 1 and not across & walls:
                    if goal >> n & 1:
                        return True
                    seen |= 1 << n
                    todo.append(n)
        return False

    def describe(self, _: Translate = untranslated) -> str:
        return _("No move may leave a {piece} without a path to {zone}: every {piece} must "
                 "still be able to get there step by step, around the walls (other pieces "
                 "do not block the way).").format(
                     piece=_(self.params.piece), zone=zone_words(self.game, self.params.zone, _))
