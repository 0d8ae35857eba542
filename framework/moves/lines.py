"""What ``step``, ``slide`` and ``leap`` share: where a move starts (an own piece, or the
piece that just landed), which cells it may end on (``to:``), and what landing does (the
piece moves there, capturing by replacement, or a new piece is placed there).

Each of the three only says which cells a move from one cell reaches — per player, since
directions may be relative to the player's ``forward`` — as an int mask; this module turns
that into targets, actions and their effect.

- ``to``: ``empty`` (default), ``enemy``, ``own``, ``any`` or ``empty_or_enemy``: the
  cells a move may end on. A piece on the target is removed (capture by replacement).
- ``from``: ``piece`` (default: every own piece, of the kind ``piece`` when given) or
  ``landed``: only the cell where the previous action of this turn landed a piece
  (Amazons: the arrow is shot from where the queen stopped).
- ``effect``: ``move`` (default: the piece goes to the target) or ``place`` (a new piece of
  kind ``piece`` from the supply goes on the target and the mover stays: a shot). A placing
  move is named by its target alone (``{to}``), a moving one by both cells (``{from}{to}``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from framework.board.direction_words import directions_phrase
from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.engine.slots import CLOCK_RESET, DEPARTED, LANDED, Slot
from framework.engine.supply import capture, piece_supply, take_from_supply
from framework.moves.base import Loc, Masks, Primitive, kind_index, own_of_kind, written
from framework.plugins import OptionParams, Rule, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.moves.attacks import Check
    from framework.spec.semantics import SpecContext

Target = Literal["empty", "enemy", "own", "any", "empty_or_enemy"]

class LineParams(OptionParams):
    """The parameters ``step``, ``slide`` and ``leap`` share."""

    piece: str | None = Field(default=None, description="the kind that moves (default: any "
                              "of the player's pieces); with effect: place, the kind placed")
    to: Target = Field(default="empty", description="which cells a move may end on; a "
                       "piece there is removed (capture by replacement)")
    from_: Literal["piece", "landed"] = Field(
        default="piece", alias="from", description="piece: from every own piece; landed: "
        "only from the cell where this turn's previous action landed a piece")
    effect: Literal["move", "place"] = Field(
        default="move", description="move: the piece goes to the target; place: a new piece "
                                    "of kind 'piece' goes there and the mover stays")
    kind: str | None = Field(default=None, description="the action's kind in JSON and "
                             "records (default: the primitive's name)")
    notation: str = Field(default="", description="how the action is written, with {from} "
                          "and {to} for cells (default: {from}{to}; {to} with effect: place)")
    resets_halfmove_clock: bool = Field(default=False, description="this action resets the "
                                        "half-move clock (at the end of the turn)")
    resets_halfmove_clock_on_capture: bool = Field(
        default=False, description="an action that captures resets the half-move clock (at "
        "the end of the turn): chess's fifty-move rule")


def direction_word(name: str, _: Translate) -> str:
    """One direction in words ("forward", "north-eastwards")."""
    return directions_phrase([name], _)


class Line(Primitive):
    """A primitive whose moves from one cell reach a mask of cells (``reach``)."""

    Params: ClassVar[type[Rule]] = LineParams

    def __init__(self, params: Any, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        names = game.board.written
        size = game.board.size
        self.placing = params.effect == "place"
        self.by_source = not self.placing
        self.from_landed = params.from_ == "landed"
        self.kind_name = params.kind or self.keyword
        self.template = params.notation or ("{to}" if self.placing else "{from}{to}")
        self.piece = -1 if self.placing else kind_index(game, params.piece)
        self.made = kind_index(game, params.piece) if self.placing else -1
        self.made = max(self.made, 0)
        self.to = params.to
        self.removes = params.to != "empty"
        self.capture_resets = params.resets_halfmove_clock_on_capture
        self.departed = game.slots.index.get(DEPARTED.name, -1)
        #: Per player, per cell: the cells a move from there can reach on an empty board.
        self.reach = tuple(self.reach_table(p) for p in range(len(game.players)))
        if self.placing:
            self.places = tuple(Action(phase, self.kind_name, dst=c,
                                       notation=written(self.template, names, dst=c))
                                for c in range(size))
        else:
            self.moves = tuple(
                {d: Action(phase, self.kind_name, src=s, dst=d,
                           notation=written(self.template, names, s, d))
                 for d in iter_bits(self._anywhere(s))} for s in range(size))

    # What a subclass provides -----------------------------------------------------------
    def reach_table(self, player: int) -> tuple[int, ...]:
        """Per cell, every cell a move of ``player`` from there reaches on an empty board."""
        raise NotImplementedError

    def reached(self, player: int, src: int, occupied: int) -> int:
        """The cells a move of ``player`` from ``src`` reaches, with ``occupied`` cells in
        the way (a slide stops at the first; a step or a leap ignores them)."""
        return self.reach[player][src]

    # Shared ------------------------------------------------------------------------------
    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.piece and params.piece not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", params.piece, ctx.pieces)

    @classmethod
    def slots_of(cls, params: Any) -> tuple[Slot, ...]:
        return (LANDED,) if params.from_ == "landed" else ()

    @classmethod
    def starts_from_cell(cls, params: Any) -> bool:
        return bool(params.effect != "place")  # a shot's moves are named by their target

    @classmethod
    def has_path(cls, params: Any) -> bool:
        return cls.starts_from_cell(params)

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((params.kind or cls.keyword, ""),)

    def _anywhere(self, src: int) -> int:
        found = 0
        for table in self.reach:
            found |= table[src]
        return found

    def action_space(self) -> tuple[Action, ...]:
        if self.placing:
            reachable = 0
            for src in range(len(self.places)):
                reachable |= self._anywhere(src)
            return tuple(self.places[c] for c in iter_bits(reachable))
        return tuple(a for row in self.moves for a in row.values())

    def _allowed(self, masks: Masks) -> int:
        to = self.to
        if to == "empty":
            return masks.empty
        if to == "enemy":
            return masks.enemy
        if to == "own":
            return masks.own
        if to == "any":
            return masks.empty | masks.enemy | masks.own
        return masks.empty | masks.enemy

    def sources(self, state: State, masks: Masks) -> int:
        if self.from_landed:
            cell = state.vars[self.landed] if self.landed >= 0 else -1
            return 1 << cell if cell >= 0 else 0
        return own_of_kind(state, masks, self.piece)

    def targets(self, state: State, masks: Masks, src: int) -> int:
        me = state.to_move
        occupied = masks.own | masks.enemy | state.gaps
        if src >= 0:
            return self.reached(me, src, occupied) & self._allowed(masks)
        left = piece_supply(state, me, self.made)
        if left is not None and left <= 0:
            return 0
        found = 0
        for s in iter_bits(self.sources(state, masks)):
            found |= self.reached(me, s, occupied)
        return found & self._allowed(masks)

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.places[dst] if src < 0 else self.moves[src][dst]

    # Attacks -----------------------------------------------------------------------------
    def plain(self) -> bool:
        return not self.placing

    def attack_check(self) -> Check | None:
        """A step or a leap reaches the same cells whatever stands on the board: read
        backwards by a reverse table of ``reach`` (each move then tested as a candidate
        when the option has tests). A move from the landed cell, or one that places, is
        asked the generic way."""
        if self.from_landed or self.placing:
            return None
        from framework.moves.attacks import reverse_check

        return reverse_check(self.game, self.reach, self.piece,
                             tested=self if self.candidates is not None else None)

    def apply(self, state: State, action: Action) -> None:
        dst = action.dst
        if self.removes and state.owner_of(dst) >= 0:
            capture(state, dst, state.to_move)
            if self.capture_resets:
                state.vars[CLOCK_RESET] = 1
        if self.placing:
            state.place(dst, state.to_move, self.made)
            take_from_supply(state, state.to_move, self.made)
        else:
            state.move_piece(action.src, dst)
        if self.departed >= 0:
            state.vars[self.departed] = action.src
        self.landed_on(state, dst)

    # Words -------------------------------------------------------------------------------
    def who(self, _: Translate) -> str:
        if self.from_landed:
            return _("the piece that just moved")
        if self.params.piece and not self.placing:
            return _("a {piece}").format(piece=_(self.params.piece))
        return _("one of your pieces")

    def directions_text(self, names: Sequence[str] | None, _: Translate) -> str:
        if not names:
            return _("in any direction")
        return directions_phrase(list(names), _)

    def target_text(self, _: Translate) -> str:
        return {
            "empty": _("(an empty cell)"),
            "enemy": _("(a cell with an enemy piece, which is captured)"),
            "own": _("(a cell with one of your pieces, which is removed)"),
            "any": _("(any cell: a piece there is removed)"),
            "empty_or_enemy": _("(an empty cell or one with an enemy piece, which is "
                                "captured)")}[self.to]

    def describe_move(self, motion: str, _: Translate = untranslated) -> str:
        """The clause of a move whose motion is ``motion`` ("steps one cell …")."""
        if self.placing:
            made = _(self.game.piece_kinds[self.made])
            return _("a new {piece} from your supply goes on a cell that "
                     "{who} could reach if it {motion}").format(
                         piece=made, who=self.who(_), motion=motion) + " " + \
                self.target_text(_)
        return _("{who} {motion}").format(who=self.who(_), motion=motion) + " " + \
            self.target_text(_)
