"""``reach``: to a cell at an exact board distance from one of your pieces — a new piece
appears there (``effect: clone``) or the piece itself goes (``effect: move``).

```yaml
turn:
  - name: move
    type: moves
    options:
      - {type: reach, distance: 1, effect: clone, resets_halfmove_clock: true}
      - {type: reach, distance: 2, effect: move, kind: jump}
```

Distances are board distances, measured across holes. ``anywhere: true`` instead of a
distance reaches every other cell of the board (a flying man in Nine Men's Morris:
``{type: reach, anywhere: true, to: empty}``). ``directions`` keeps only the cells
straight along the listed directions (the board's, or named from the player's forward), so
``{distance: 1, directions: [forward_left, forward_right]}`` is a draughts man's step.
A clone is named by its target alone (two pieces that could clone to one cell make one
action, written ``c3``); a move by its cells (``a1c3``). With ``to: enemy`` or
``to: empty_or_enemy`` the landing captures the enemy piece there
(by replacement). A clone needs a piece of its kind in the supply.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import reduce
from operator import or_
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.engine.supply import piece_supply, take_from_supply
from framework.limits import MAX_DISTANCE
from framework.moves.base import (
    Loc,
    Masks,
    Primitive,
    kind_index,
    own_of_kind,
    written,
)
from framework.plugins import OptionParams, Translate, ngettext, untranslated
from framework.rules.moves.hop import direction_words

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.moves.attacks import Check
    from framework.spec.semantics import SpecContext


class ReachParams(OptionParams):
    type: Literal["reach"]
    distance: int | None = Field(default=None, ge=1, le=MAX_DISTANCE,
                                 description="the exact board distance")
    anywhere: bool = Field(default=False, description="to any other cell of the board, at "
                           "whatever distance (instead of distance: a flying piece)")
    effect: Literal["clone", "move"] = Field(
        default="move", description="clone: a new piece appears and the source stays; "
                                    "move: the piece leaves its cell")
    kind: str | None = Field(default=None, description="the action's kind in JSON and "
                             "records (default: the effect's name)")
    piece: str | None = Field(default=None, description="the kind that moves or is "
                              "cloned (default: any moves, the first kind is cloned)")
    to: Literal["empty", "enemy", "empty_or_enemy"] = Field(
        default="empty", description="which target cells are allowed")
    notation: str = Field(default="", description="how the action is written, with {from} "
                          "and {to} for cells (default: {to} for a clone, {from}{to} for "
                          "a move)")
    resets_halfmove_clock: bool = Field(default=False, description="this action resets "
                                        "the half-move clock (at the end of the turn)")
    directions: list[str] | None = Field(default=None, min_length=1, description="only "
                                         "cells straight along these directions (the "
                                         "board's, or named from the player's forward)")


    @model_validator(mode="after")
    def _how_far(self) -> ReachParams:
        if (self.distance is None) == (not self.anywhere):
            raise ValueError("give either distance (the exact board distance) or anywhere: "
                             "true (any cell of the board)")
        if self.anywhere and self.directions is not None:
            raise ValueError("directions keep the cells straight along them at a distance: "
                             "they do not go with anywhere")
        return self


class Reach(Primitive):
    keyword = "reach"
    reference = ".reference:RefReach"
    native = ".native:ReachPiece"
    Params = ReachParams

    def __init__(self, params: ReachParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        board = game.board
        names = board.written
        self.clone = params.effect == "clone"
        self.by_source = not self.clone
        self.kind_name = params.kind or params.effect
        self.template = params.notation or ("{to}" if self.clone else "{from}{to}")
        self.ring = tuple(board.all_mask & ~(1 << c) for c in range(board.size)) \
            if params.anywhere else board.ring(params.distance or 1)
        #: Per player, per cell: the cells straight along ``directions`` (None: all).
        self.rings: tuple[tuple[int, ...], ...] | None = None
        if params.directions is not None:
            self.rings = tuple(self._straight(game, player)
                               for player in range(len(game.players)))
            self.ring = tuple(reduce(or_, masks) for masks in zip(*self.rings, strict=True))
        self.piece = kind_index(game, params.piece)
        self.made = max(self.piece, 0)
        self.to = params.to
        if self.clone:
            self.clones = tuple(Action(phase, self.kind_name, dst=c,
                                       notation=written(self.template, names, dst=c))
                                for c in range(board.size))
        else:  # only the pairs a move can join
            self.moves = tuple(
                {d: Action(phase, self.kind_name, src=s, dst=d,
                           notation=written(self.template, names, s, d))
                 for d in iter_bits(self.ring[s])} for s in range(board.size))

    def _straight(self, game: CompiledGame, player: int) -> tuple[int, ...]:
        step = game.board.step
        dirs = [d for d in (game.board_direction(n, player) for n in self.params.directions or ())
                if d >= 0]
        masks = []
        for cell in range(game.board.size):
            mask = 0
            for d in dirs:
                at = cell
                for _ in range(self.params.distance or 1):
                    at = step[at][d] if at >= 0 else -1
                if at >= 0:
                    mask |= 1 << at
            masks.append(mask & self.ring[cell])
        return tuple(masks)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.piece and params.piece not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", params.piece, ctx.pieces)
        yield from ctx.check_directions(params.directions or (), (*loc, "directions"))

    def example(self) -> str:
        names = self.game.board.written  # a jump across the board: a1g7
        return written(self.template, names, 0, len(names) - 1 if self.by_source else 0)

    def action_space(self) -> tuple[Action, ...]:
        if self.clone:  # a cell with no cell at the distance is never cloned to
            return tuple(a for c, a in enumerate(self.clones) if self.ring[c])
        return tuple(a for row in self.moves for a in row.values())

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((params.kind or params.effect, ""),)

    def _allowed(self, masks: Masks) -> int:
        if self.to == "empty":
            return masks.empty
        return masks.enemy if self.to == "enemy" else masks.empty | masks.enemy

    def sources(self, state: State, masks: Masks) -> int:
        return own_of_kind(state, masks, self.piece)

    def plain(self) -> bool:
        return not self.clone

    def attack_check(self) -> Check | None:
        """A move at a distance reaches its ring whatever stands on the board: read
        backwards by a reverse table (one along directions, or with tests of each
        candidate move, is asked the generic way)."""
        if self.clone or self.rings is not None or self.candidates is not None:
            return None
        from framework.moves.attacks import reverse_check

        return reverse_check(self.game, tuple(self.ring for _ in self.game.players),
                             self.piece)

    def targets(self, state: State, masks: Masks, src: int) -> int:
        ring = self.ring if self.rings is None else self.rings[state.to_move]
        if src >= 0:
            return ring[src] & self._allowed(masks)
        left = piece_supply(state, state.to_move, self.made)
        if left is not None and left <= 0:
            return 0
        near = 0
        for s in iter_bits(own_of_kind(state, masks, self.piece)):
            near |= ring[s]
        return near & self._allowed(masks)

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.clones[dst] if src < 0 else self.moves[src][dst]

    def apply(self, state: State, action: Action) -> None:
        dst = action.dst
        if self.to != "empty" and state.owner_of(dst) >= 0:
            state.remove(dst)
        if self.clone:
            state.place(dst, state.to_move, self.made)
            take_from_supply(state, state.to_move, self.made)
        else:
            state.move_piece(action.src, dst)
        self.landed_on(state, dst)

    def describe(self, _: Translate = untranslated) -> str:
        d = self.params.distance or 1
        if self.params.anywhere:
            text = _("a new piece of yours appears on any cell") if self.clone else \
                _("one of your pieces moves to any cell of the board")
        elif self.params.directions is not None and not self.clone:
            directions = direction_words(_, self.params.directions)
            piece = _(self.params.piece) if self.params.piece else _("piece")
            text = ngettext("a {piece} moves {distance} cell {direction}",
                            "a {piece} moves {distance} cells {direction}", d, _
                            ).format(piece=piece, distance=d, direction=directions)
        elif self.clone:
            text = _("a new piece of yours appears on a cell at distance {distance} from one "
                     "of your pieces").format(distance=d)
        else:
            text = _("one of your pieces moves to a cell at distance {distance}").format(
                distance=d)
        return text + " " + {
            "empty": _("(an empty cell)"),
            "enemy": _("(a cell with an enemy piece, which is captured)"),
            "empty_or_enemy": _("(an empty cell or one with an enemy piece, which is "
                                "captured)")}[self.to]
