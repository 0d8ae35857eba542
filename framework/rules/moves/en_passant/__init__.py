"""``en_passant``: a piece steps onto the cell an enemy ``rush`` has just passed over and
captures the rushing piece (a chess pawn's capture en passant).

```yaml
      - {type: en_passant, piece: pawn, directions: [forward_left, forward_right],
         victim: backward, resets_halfmove_clock: true}
```

The capture lands on the cell in the ``passed`` slot (default ``en_passant``, written by a
rush and kept for one turn) when one step in one of ``directions`` leads there, and removes
the enemy piece one step beyond it in the direction ``victim`` (seen by the capturing
player: ``backward`` is where the rushing piece came to rest). Written ``{from}{to}``
(``e5d6``), kind ``en_passant``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from framework.board.direction_words import directions_phrase
from framework.engine.action import Action
from framework.engine.slots import Slot
from framework.moves.base import (
    Loc,
    Masks,
    Primitive,
    kind_index,
    masks_of,
    own_of_kind,
    written,
)
from framework.plugins import OptionParams, Translate, untranslated
from framework.rules.moves.rush import passed_slot

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class EnPassantParams(OptionParams):
    type: Literal["en_passant"]
    piece: str | None = Field(default=None, description="the kind that captures (default: "
                              "any)")
    directions: list[str] = Field(min_length=1, description="the steps that lead onto the "
                                  "passed cell: the board's, or relative to the player's "
                                  "forward")
    victim: str = Field(default="backward", description="the direction from the passed cell "
                        "to the captured piece, for the capturing player")
    passed: str = Field(default="en_passant", description="the slot a rush writes the "
                        "passed cell in")
    kind: str = Field(default="en_passant", description="the action's kind in JSON and "
                      "records")
    notation: str = Field(default="{from}{to}", description="how the capture is written")
    resets_halfmove_clock: bool = Field(default=False, description="this action resets "
                                        "the half-move clock (at the end of the turn)")


class EnPassant(Primitive):
    keyword = "en_passant"
    reference = ".reference:RefEnPassant"
    native = ".native:EnPassantPiece"
    Params = EnPassantParams
    attacks: ClassVar[bool] = False  # it lands on an empty cell

    def __init__(self, params: EnPassantParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        board = game.board
        self.piece = kind_index(game, params.piece)
        self.slot = game.slots.index[params.passed]
        players = range(len(game.players))
        #: Per player, per passed cell: the cells a capture onto it starts from.
        self.starts = []
        for p in players:
            dirs = [game.board_direction(n, p) for n in params.directions]
            back = [0] * board.size
            for src in range(board.size):
                for d in dirs:
                    dst = board.step[src][d] if d >= 0 else -1
                    if dst >= 0:
                        back[dst] |= 1 << src
            self.starts.append(tuple(back))
        #: Per player, per passed cell: the cell of the captured piece (-1: none).
        self.victims = []
        for p in players:
            d = game.board_direction(params.victim, p)
            self.victims.append(tuple(board.step[c][d] if d >= 0 else -1
                                      for c in range(board.size)))
        self.moves = {(s, d): Action(phase, params.kind, src=s, dst=d,
                                     notation=written(params.notation, board.written, s, d))
                      for table in self.starts for d, srcs in enumerate(table)
                      for s in range(board.size) if srcs >> s & 1}

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.piece and params.piece not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", params.piece, ctx.pieces)
        for i, name in enumerate([*params.directions, params.victim]):
            if name not in ctx.directions:
                where = (*loc, "directions", i) if i < len(params.directions) else \
                    (*loc, "victim")
                yield where, ctx.unknown("direction", name, ctx.directions)

    @classmethod
    def slots_of(cls, params: Any) -> tuple[Slot, ...]:
        return (passed_slot(params.passed),)

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((params.kind, ""),)

    def action_space(self) -> tuple[Action, ...]:
        return tuple(self.moves[k] for k in sorted(self.moves))

    def _victim(self, state: State, masks: Masks) -> tuple[int, int]:
        """The passed cell and the enemy piece's cell, or (-1, -1)."""
        passed = state.vars[self.slot]
        if passed < 0 or not masks.empty >> passed & 1:
            return -1, -1
        victim = self.victims[state.to_move][passed]
        if victim < 0 or not masks.enemy >> victim & 1:
            return -1, -1
        return passed, victim

    def sources(self, state: State, masks: Masks) -> int:
        passed, _ = self._victim(state, masks)
        if passed < 0:
            return 0
        return own_of_kind(state, masks, self.piece) & self.starts[state.to_move][passed]

    def targets(self, state: State, masks: Masks, src: int) -> int:
        passed, _ = self._victim(state, masks)
        if passed < 0 or not self.starts[state.to_move][passed] >> src & 1:
            return 0
        return 1 << passed

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.moves[src, dst]

    def repetition_values(self, state: State) -> dict[int, int]:
        """The passed cell counts for a repetition only when a piece of the player to move
        stands to capture onto it (whether or not that would be legal otherwise: OpenSpiel
        counts it so); a cell nobody can take is no right."""
        passed = state.vars[self.slot]
        if passed < 0:
            return {}
        me = state.to_move
        own = state.owner[me] if self.piece < 0 else state.owner[me] & state.kinds[self.piece]
        if own & self.starts[me][passed] and self.sources(state, masks_of(state)):
            return {}  # (the cheap test first: most passed cells have no pawn beside them)
        return {self.slot: -1}

    def repetition_reads(self) -> tuple[int, ...]:
        return (self.slot,)

    def apply(self, state: State, action: Action) -> None:
        state.remove(self.victims[state.to_move][action.dst])
        state.move_piece(action.src, action.dst)
        self.landed_on(state, action.dst)

    def describe(self, _: Translate = untranslated) -> str:
        piece = _(self.params.piece) if self.params.piece else _("piece")
        return _("a {piece} steps {directions} onto the cell an enemy piece passed over in "
                 "its rush on the turn just played, and captures that piece (en passant)"
                 ).format(piece=piece, directions=directions_phrase(
                     list(self.params.directions), _))
