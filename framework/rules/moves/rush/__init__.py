"""``rush``: a piece standing in a start zone moves several cells straight ahead through empty
cells (a chess pawn's double step), and the cell it passed over is remembered for one turn,
so that an ``en_passant`` capture can land there.

```yaml
zones:
  start: {white: [{row: 2}], black: [{row: 7}]}
turn:
  - name: move
    type: moves
    options:
      - {type: rush, piece: pawn, zone: start, direction: forward, distance: 2,
         resets_halfmove_clock: true}
```

The piece must stand in ``zone`` (for its player), every cell on the way and the landing
cell must be empty. The position slot ``passed`` (default ``en_passant``) then holds the cell
just before the landing cell; it goes back to "none" after the next action of the phase
that is not a rush. Written ``{from}{to}`` (``e2e4``), kind ``rush``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from framework.board.direction_words import directions_phrase
from framework.engine.action import Action
from framework.engine.slots import Slot
from framework.limits import MAX_DISTANCE
from framework.moves.base import Loc, Masks, Primitive, kind_index, own_of_kind, written
from framework.plugins import OptionParams, Translate, untranslated
from framework.spec.terms import zone_words

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


def passed_slot(name: str) -> Slot:
    """The slot with the cell a rush just passed over (-1: none), shared by ``rush`` and
    ``en_passant``."""
    return Slot(name, scope="position", default=-1, kind="cell")


class RushParams(OptionParams):
    type: Literal["rush"]
    piece: str | None = Field(default=None, description="the kind that rushes (default: any)")
    zone: str = Field(description="the zone the piece must stand in (its start cells)")
    direction: str = Field(default="forward", description="the direction of the rush: the "
                           "board's, or relative to the player's forward")
    distance: int = Field(default=2, ge=2, le=MAX_DISTANCE,
                          description="how many cells the piece moves")
    passed: str = Field(default="en_passant", description="the position slot that keeps the "
                        "cell passed over, for one turn")
    kind: str = Field(default="rush", description="the action's kind in JSON and records")
    notation: str = Field(default="{from}{to}", description="how a rush is written")
    resets_halfmove_clock: bool = Field(default=False, description="this action resets "
                                        "the half-move clock (at the end of the turn)")


class Rush(Primitive):
    keyword = "rush"
    reference = ".reference:RefRush"
    native = ".native:RushPiece"
    Params = RushParams
    attacks: ClassVar[bool] = False  # it never lands on a piece
    upkeeps: ClassVar[bool] = True

    def __init__(self, params: RushParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        board = game.board
        self.piece = kind_index(game, params.piece)
        self.slot = game.slots.index[params.passed]
        self.kind_name = params.kind
        #: Per player: the zone's mask, and per cell (path mask, landing cell, passed cell).
        self.zone = tuple(game.zone_mask(params.zone, p) for p in range(len(game.players)))
        self.paths: list[list[tuple[int, int, int]]] = []
        for player in range(len(game.players)):
            d = game.board_direction(params.direction, player)
            per_cell = []
            for cell in range(board.size):
                path = [cell]
                for _ in range(params.distance):
                    nxt = board.step[path[-1]][d] if d >= 0 and path[-1] >= 0 else -1
                    path.append(nxt)
                if -1 in path:
                    per_cell.append((0, -1, -1))
                else:
                    per_cell.append((sum(1 << c for c in path[1:]), path[-1], path[-2]))
            self.paths.append(per_cell)
        ends = {(s, end) for table in self.paths for s, (_, end, _) in enumerate(table)
                if end >= 0}
        self.moves = {(s, d): Action(phase, params.kind, src=s, dst=d,
                                     notation=written(params.notation, board.written, s, d))
                      for s, d in sorted(ends)}

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.piece and params.piece not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", params.piece, ctx.pieces)
        if params.zone not in ctx.zones:
            yield (*loc, "zone"), ctx.unknown("zone", params.zone, ctx.zones)
        if params.direction not in ctx.directions:
            yield (*loc, "direction"), ctx.unknown("direction", params.direction,
                                                   ctx.directions)

    @classmethod
    def slots_of(cls, params: Any) -> tuple[Slot, ...]:
        return (passed_slot(params.passed),)

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((params.kind, ""),)

    def action_space(self) -> tuple[Action, ...]:
        return tuple(self.moves.values())

    def plain(self) -> bool:
        return True  # a pawn from its cell to one further on

    def sources(self, state: State, masks: Masks) -> int:
        return own_of_kind(state, masks, self.piece) & self.zone[state.to_move]

    def targets(self, state: State, masks: Masks, src: int) -> int:
        path, end, _ = self.paths[state.to_move][src]
        if end < 0 or path & ~masks.empty:
            return 0
        return 1 << end

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.moves[src, dst]

    def apply(self, state: State, action: Action) -> None:
        state.move_piece(action.src, action.dst)
        self.landed_on(state, action.dst)
        state.vars[self.slot] = self.paths[state.to_move][action.src][2]

    def upkeep(self, state: State, action: Action) -> None:
        if action.kind != self.kind_name:
            state.vars[self.slot] = -1

    def describe(self, _: Translate = untranslated) -> str:
        piece = _(self.params.piece) if self.params.piece else _("piece")
        return _("a {piece} on {zone} may move {distance} cells {direction} through empty "
                 "cells (the cell it passes over may be captured en passant on the next "
                 "turn)").format(piece=piece, zone=zone_words(self.game, self.params.zone, _),
                                 distance=self.params.distance,
                                 direction=directions_phrase([self.params.direction], _))
