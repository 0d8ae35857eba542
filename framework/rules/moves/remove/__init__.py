"""``remove``: take one enemy piece off the board, chosen by the mover — sparing the pieces
that stand in a row, unless every enemy piece does (Nine Men's Morris after a mill).

```yaml
turn:
  - name: move
    type: moves
    options: [{type: step}]
  - name: remove
    type: moves
    if: {type: line_formed, length: 3}
    options: [{type: remove, spare_in_line: 3}]     # written x<cell>: xd7
```

An action is named by the cell of the piece taken (``notation``, ``{to}`` for the cell).
``piece`` takes only pieces of that kind. With ``spare_in_line: n``, an enemy piece that
stands in a row of ``n`` of its owner's pieces (along ``directions``, by default every
direction of the board, as for the ``line`` goal) may not be taken while some enemy piece
of the kind stands in none; when all of them do, any may be taken. The piece leaves the
game: it goes back to its owner's supply only when that supply is derived from the board
(a kind kept in ``hand`` does not get it back). Nothing lands, so an option of this kind
has no ``then:``.

``whose: own`` takes one of the mover's own pieces instead (Konane's opening removals);
``zone`` takes only pieces in that zone (the mover's own when the zone is declared per
player); ``next_to_empty: true`` only pieces with an empty cell next to them (along the
board's links).

```yaml
      - {type: remove, whose: own, zone: centre_or_corner}   # the first removal
      - {type: remove, whose: own, next_to_empty: true}      # the second, next to the gap
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.limits import MAX_CELLS
from framework.moves.base import Loc, Masks, Primitive, written
from framework.moves.rows import in_row, rows_through
from framework.plugins import OptionParams, Translate, ngettext, untranslated
from framework.rules.conditions.line_formed import check_rows
from framework.spec.terms import zone_words

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class RemoveParams(OptionParams):
    type: Literal["remove"]
    piece: str | None = Field(default=None, description="only pieces of this kind are taken "
                              "(default: any kind)")
    spare_in_line: int | None = Field(
        default=None, ge=2, le=MAX_CELLS, description="spare the enemy pieces that stand in "
        "a row of this many of their owner's pieces, unless all of them do")
    directions: list[str] | None = Field(
        default=None, description="the directions the rows of spare_in_line run along "
                                  "(default: every direction of the board)")
    whose: Literal["enemy", "own"] = Field(default="enemy", description="whose piece is "
                                           "taken: an enemy's, or one of the mover's own")
    zone: str | None = Field(default=None, description="only pieces in this zone (the "
                             "mover's own when declared per player)")
    next_to_empty: bool = Field(default=False, description="only pieces with an empty cell "
                                "next to them")
    kind: str = Field(default="remove", description="the action's kind in JSON and records")
    notation: str = Field(default="x{to}", description="how a removal is written ({to}: "
                          "the cell of the piece taken)")


class Remove(Primitive):
    keyword = "remove"
    reference = ".reference:RefRemove"
    native = ".native:RemoveMovePiece"
    Params = RemoveParams
    by_source = False
    lands: ClassVar[bool] = False

    def __init__(self, params: RemoveParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        names = game.board.written
        self.kind = game.piece_kinds.index(params.piece) if params.piece else -1
        self.rows = rows_through(game.board, params.spare_in_line, params.directions) \
            if params.spare_in_line is not None else None
        sides = range(len(game.players))
        self.zone = tuple(game.zone_mask(params.zone, s) if params.zone
                          else game.board.all_mask for s in sides)
        self.neighbour_masks = game.board.neighbour_masks
        self.removals = tuple(Action(phase, params.kind, at=c,
                                     notation=written(self.template, names, dst=c))
                              for c in range(game.board.size))

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.piece and params.piece not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", params.piece, ctx.pieces)
        if params.zone is not None and params.zone not in ctx.zones:
            yield (*loc, "zone"), ctx.unknown("zone", params.zone, ctx.zones)
        if params.whose == "own" and params.spare_in_line is not None:
            yield (*loc, "spare_in_line"), ("spare_in_line spares enemy pieces: it goes "
                                            "with whose: enemy")
        if "{to}" not in params.notation and "{at}" not in params.notation:
            yield (*loc, "notation"), ("a removal's notation names the cell of the piece "
                                       "taken: put {to} in it (x{to})")
        if params.spare_in_line is not None:
            yield from check_rows(params, loc, ctx, "remove with spare_in_line")
        elif params.directions is not None:
            yield (*loc, "directions"), ("directions say which rows spare a piece: they go "
                                         "with spare_in_line")

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((params.kind, ""),)

    def targets(self, state: State, masks: Masks, src: int) -> int:
        enemy = masks.own if self.params.whose == "own" else masks.enemy
        if self.kind >= 0:
            enemy &= state.kinds[self.kind]
        enemy &= self.zone[state.to_move]
        if self.params.next_to_empty and enemy:
            empty, near = masks.empty, self.neighbour_masks
            enemy = sum(1 << c for c in iter_bits(enemy) if near[c] & empty)
        if self.rows is None or not enemy:
            return enemy
        rows, spared = self.rows, 0
        for cell in iter_bits(enemy):
            owned = state.owner[state.owner_of(cell)]
            if self.kind >= 0:
                owned &= state.kinds[self.kind]
            if in_row(rows[cell], owned):
                spared |= 1 << cell
        return enemy & ~spared or enemy  # all in rows: any may go

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.removals[dst]

    def apply(self, state: State, action: Action) -> None:
        state.remove(action.at)

    def action_space(self) -> tuple[Action, ...]:
        return self.removals

    def example(self) -> str:
        return written(self.template, self.game.board.written, dst=0)

    def describe(self, _: Translate = untranslated) -> str:
        n = self.params.spare_in_line
        p = self.params
        if p.whose == "own" or p.zone or p.next_to_empty:
            which = _("one of your pieces") if p.whose == "own" else _("an enemy piece")
            if p.piece:
                which += " " + _("of kind {piece}").format(piece=_(p.piece))
            where = []
            if p.zone:
                where.append(_("in {zone}").format(zone=zone_words(self.game, p.zone, _)))
            if p.next_to_empty:
                where.append(_("next to an empty cell"))
            text = _("take {which} off the board").format(which=" ".join([which, *where]))
            if n is not None:
                text += " " + ngettext("(not one in a row of {n} of its owner's pieces, "
                                       "unless all of them are)",
                                       "(not one in a row of {n} of its owner's pieces, "
                                       "unless all of them are)", n, _).format(n=n)
            return text
        if n is None:
            return _("take any enemy piece off the board")
        return ngettext("take an enemy piece off the board that is not in a row of {n} of "
                        "its owner's pieces (any enemy piece when all of them are)",
                        "take an enemy piece off the board that is not in a row of {n} of "
                        "its owner's pieces (any enemy piece when all of them are)",
                        n, _).format(n=n)
