"""``advance``: a piece moves along its player's track as many cells as a ``roll`` phase
rolled this turn (its dice added up), landing exactly; or, with ``from: supply``, a new
piece enters on the track's first cell (Ludo, Mensch ärgere dich nicht).

```yaml
pieces:
  man: {symbols: {red: r, blue: b}, supply: 4}   # what is not on the board waits at home
tracks:
  ring: {red: [a7, b7, ..., e7], blue: [k5, j5, ..., g5]}
turn:
  - {name: roll, type: roll, dice: 1, faces: 6}
  - name: move
    type: moves
    options:
      - {type: advance, from: supply, roll: roll, track: ring,
         if: {type: dice, roll: roll, exactly: 6}}
      - {type: advance, roll: roll, track: ring}
```

``track`` names one of the file's ``tracks``: for each player, its cells from the first
(where a piece enters) to the last (the end of its home stretch); the tracks of different
players may share cells (the common ring). A piece on a cell
of its player's track moves forward exactly the number rolled, passing over any pieces; a
move that would go past the last cell is no move. ``to`` says where it may land: on a cell
without a piece of its own player's (``empty_or_enemy``, the default: a piece of another
player there is taken off, back to its owner's supply when the kind has one), or only on
an empty cell (``empty``). With ``from: supply`` the move brings a piece of ``piece`` out
of the mover's supply onto the track's first cell, landing there as ``to`` says, whatever
the number rolled. A move is written ``{from}-{to}``, an entry ``+{to}``, unless
``notation`` says otherwise; the kinds are ``advance`` and ``enter`` unless ``kind`` says
otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.engine.supply import capture, piece_supply, take_from_supply
from framework.moves.base import Loc, Masks, Primitive, kind_index, own_of_kind, written
from framework.plugins import OptionParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class AdvanceParams(OptionParams):
    type: Literal["advance"]
    roll: str = Field(description="the roll phase whose dice (added up) say how far")
    track: str = Field(description="the track (one of the file's tracks) pieces move along")
    piece: str | None = Field(default=None, description="the kind that moves or enters "
                              "(default: any of the player's pieces; entering: the first)")
    from_: Literal["board", "supply"] = Field(
        default="board", alias="from", description="board: a piece on its track moves on; "
        "supply: a new piece enters on the track's first cell")
    to: Literal["empty", "empty_or_enemy"] = Field(
        default="empty_or_enemy", description="where a piece may land: a cell without a "
        "piece of its own (another player's piece there is taken), or an empty cell")
    kind: str | None = Field(default=None, description="the action's kind in JSON and "
                             "records (default: advance, or enter from the supply)")
    notation: str = Field(default="", description="how the action is written, with {from} "
                          "and {to} for cells (default: {from}-{to}; +{to} from the supply)")


class Advance(Primitive):
    keyword = "advance"
    reference = ".reference:RefAdvance"
    native = None
    no_twin_reason = "the kernels keep no dice for a move to read"
    Params = AdvanceParams

    def __init__(self, params: AdvanceParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        board = game.board
        self.entering = params.from_ == "supply"
        self.by_source = not self.entering
        self.kind_name = params.kind or ("enter" if self.entering else self.keyword)
        self.template = params.notation or ("+{to}" if self.entering else "{from}-{to}")
        self.piece = kind_index(game, params.piece)
        self.made = max(self.piece, 0)
        tracks = game.spec.tracks[params.track]
        self.tracks = tuple(tuple(board.cell(c) for c in tracks[str(p)])
                            for p in game.players)
        #: Per player, per cell: its place on the player's track (-1: off it).
        self.place = tuple(tuple(track.index(c) if c in track else -1
                                 for c in range(board.size)) for track in self.tracks)
        roll = next(p for p in game.spec.turn if p.name == params.roll)
        self.die_slots = tuple(game.slots.index[f"die_{i + 1}"] for i in range(roll.dice))
        self.faces = roll.dice * roll.faces
        names = board.written
        self.enters = {c: Action(phase, self.kind_name, dst=c,
                                 notation=written(self.template, names, dst=c))
                       for c in dict.fromkeys(t[0] for t in self.tracks)}
        self.steps: dict[tuple[int, int], Action] = {}
        for track in self.tracks:
            for i, src in enumerate(track):
                for dst in track[i + 1:i + 1 + self.faces]:
                    self.steps.setdefault((src, dst), Action(
                        phase, self.kind_name, src=src, dst=dst,
                        notation=written(self.template, names, src, dst)))

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.piece and params.piece not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", params.piece, ctx.pieces)
        rolls = [p for p in ctx.spec.turn if p.type == "roll"]
        if params.roll not in [p.name for p in rolls]:
            yield (*loc, "roll"), (f"{params.roll!r} is not a roll phase of the turn (the "
                                   "number moved comes from one): the turn's rolls are "
                                   f"{[p.name for p in rolls] or 'none'}")
        tracks = ctx.spec.tracks.get(params.track)
        if tracks is None:
            yield (*loc, "track"), ctx.unknown("track", params.track, tuple(ctx.spec.tracks))
        else:
            for player in ctx.players:
                if player not in tracks:
                    yield (*loc, "track"), (f"the track {params.track!r} has no cells for "
                                            f"{player!r}")
        if params.from_ == "supply":
            kind = params.piece or next(iter(ctx.spec.pieces))
            if kind in ctx.spec.pieces and ctx.spec.pieces[kind].supply is None:
                yield (*loc, "from"), (f"from: supply brings in a {kind} from the player's "
                                       f"supply, and {kind} has no supply (unlimited): give "
                                       "it one, the pieces waiting off the board")

    @classmethod
    def starts_from_cell(cls, params: Any) -> bool:
        return bool(params.from_ == "board")

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((params.kind or ("enter" if params.from_ == "supply" else cls.keyword), ""),)

    def ways(self, player: int, src: int, dst: int) -> tuple[int, ...]:
        """The cells of the track strictly between ``src`` and ``dst``."""
        place, track = self.place[player], self.tracks[player]
        if place[src] < 0 or place[dst] < 0:
            return (0,)
        passed = 0
        for c in track[place[src] + 1:place[dst]]:
            passed |= 1 << c
        return (passed,)

    @classmethod
    def has_path(cls, params: Any) -> bool:
        return bool(params.from_ == "board")

    def _rolled(self, state: State) -> int:
        return sum(state.vars[s] for s in self.die_slots)

    def _landing(self, masks: Masks) -> int:
        return masks.empty if self.params.to == "empty" else masks.empty | masks.enemy

    def sources(self, state: State, masks: Masks) -> int:
        return own_of_kind(state, masks, self.piece)

    def targets(self, state: State, masks: Masks, src: int) -> int:
        me = state.to_move
        track = self.tracks[me]
        if self.entering:
            left = piece_supply(state, me, self.made)
            if left is not None and left <= 0:
                return 0
            return (1 << track[0]) & self._landing(masks)
        rolled = self._rolled(state)
        at = self.place[me][src]
        if at < 0 or rolled <= 0 or at + rolled >= len(track):
            return 0
        return (1 << track[at + rolled]) & self._landing(masks)

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.enters[dst] if src < 0 else self.steps[src, dst]

    def apply(self, state: State, action: Action) -> None:
        dst = action.dst
        if state.owner_of(dst) >= 0:
            capture(state, dst, state.to_move)
        if action.src < 0:
            state.place(dst, state.to_move, self.made)
            take_from_supply(state, state.to_move, self.made)
        else:
            state.move_piece(action.src, dst)
        self.landed_on(state, dst)

    def action_space(self) -> tuple[Action, ...]:
        return (*self.enters.values(), *self.steps.values()) if self.entering else \
            tuple(self.steps.values())

    def describe(self, _: Translate = untranslated) -> str:
        landing = _("onto an empty cell") if self.params.to == "empty" else \
            _("onto a cell without a piece of your own (a piece of another player there "
              "goes back off the board)")
        if self.entering:
            return _("a new piece of yours enters on the first cell of your track, "
                     "{landing}").format(landing=landing)
        return _("one of your pieces moves along your track exactly as many cells as the "
                 "roll shows, passing over any pieces, {landing}; never past the track's "
                 "last cell").format(landing=landing)
