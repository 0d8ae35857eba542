"""``rotate``: the player turns one square region of the board a quarter turn, clockwise
or anticlockwise, with every piece on it (Pentago's twist of a quadrant).

```yaml
zones:
  nw: [a4, b4, c4, a5, b5, c5, a6, b6, c6]     # or with rows/columns: any square block
  ...
turn:
  - name: place
    type: moves
    options: [{type: place, piece: marble}]
  - name: twist
    type: moves
    options:
      - {type: rotate, zones: [nw, ne, se, sw]}   # written nw+ (clockwise), nw- (anti)
```

Each zone named in ``zones`` must be a full square of cells of a grid (2×2 or larger), the
same for every player. ``turns`` lists the quarter turns offered (default: both,
``clockwise`` and ``anticlockwise``, as the board is drawn with rank 1 at the bottom). A
rotation is always possible, an empty region's too, and every zone and turn is one action,
even where two of them leave the same position. Pieces keep their owner and kind; a hole
of the position stays where it is. Written as ``notation`` says: ``{zone}`` is the zone's
name and ``{turn}`` is ``+`` for clockwise, ``-`` for anticlockwise (default
``{zone}{turn}``); kind ``rotate``. A ``then:`` runs after every rotation; a rotation lands
no piece, so a consequence that acts around the cell a piece landed on (``custodial``,
``convert_adjacent``, ``capture_groups``, …) is refused under it, and one that does not
(``again`` with its ``if:``) may follow:

```yaml
      - {type: rotate, zones: [nw, ne, se, sw],
         then: [{type: again, if: {type: count, of: mover, at_most: 1}}]}
```
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.moves.base import Loc, Masks, Primitive
from framework.plugins import OptionParams, Translate, join_words, untranslated
from framework.spec.terms import zone_words
from framework.spec.zones import zone_cell_names

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext

Turn = Literal["clockwise", "anticlockwise"]
#: How ``{turn}`` is written.
TURN_MARKS = {"clockwise": "+", "anticlockwise": "-"}


class RotateParams(OptionParams):
    type: Literal["rotate"]
    zones: list[str] = Field(min_length=1, max_length=64, description="the square regions "
                             "(zones of the file) that may be turned")
    turns: list[Turn] = Field(default=["clockwise", "anticlockwise"], min_length=1,
                              description="the quarter turns offered")
    kind: str = Field(default="rotate", description="the action's kind in JSON and records")
    notation: str = Field(default="{zone}{turn}", description="how a rotation is written: "
                          "{zone} the zone's name, {turn} + (clockwise) or - (anticlockwise)")


def square_of(coords: dict[Any, tuple[int, int]]) -> tuple[int, int, int] | None:
    """(bottom row, left column, side) of cells at these (row, column) coordinates when
    they fill a square of side 2 or more exactly, else None."""
    if not coords:
        return None
    rows = [r for r, _ in coords.values()]
    cols = [c for _, c in coords.values()]
    side = max(rows) - min(rows) + 1
    if side < 2 or max(cols) - min(cols) + 1 != side or len(set(coords.values())) != \
            side * side or len(coords) != side * side:
        return None
    return min(rows), min(cols), side


def quarter_turn(i: int, j: int, side: int, turn: str) -> tuple[int, int]:
    """Where the cell ``i`` rows up and ``j`` columns right of a square's bottom-left
    corner goes by a quarter turn (rank 1 at the bottom: the top-left corner goes to the
    top-right one clockwise)."""
    if turn == "clockwise":
        return side - 1 - j, i
    return j, side - 1 - i


class Rotate(Primitive):
    keyword = "rotate"
    reference = ".reference:RefRotate"
    native = ".native:RotatePiece"
    Params = RotateParams
    by_source = False
    lands: ClassVar[bool] = False

    def __init__(self, params: RotateParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        board = game.board
        #: Per action (zone-major, then turn): (the zone's mask, [(from, to) per cell]).
        self.turnings: list[tuple[int, tuple[tuple[int, int], ...]]] = []
        made: list[Action] = []
        for zone in params.zones:
            mask = game.zone_mask(zone, 0)
            cells = {c: board.coords[c] for c in range(board.size) if mask >> c & 1}
            corner = square_of(cells)
            assert corner is not None, "refused by check_spec"
            row, col, side = corner
            at = {coords: c for c, coords in cells.items()}
            for turn in params.turns:
                pairs = []
                for c, (r, k) in cells.items():
                    i, j = quarter_turn(r - row, k - col, side, turn)
                    pairs.append((c, at[row + i, col + j]))
                self.turnings.append((mask, tuple(pairs)))
                made.append(Action(phase, params.kind, at=len(made), notation=written(
                    params.notation, zone, turn)))
        self.made = tuple(made)
        self.every = (1 << len(made)) - 1

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if ctx.spec.board.type != "grid":
            yield loc, (f"rotate turns square regions of a grid by a quarter turn; this "
                        f"board is of type {ctx.spec.board.type!r}")
            return
        nodes = ctx.graph.nodes
        for i, zone in enumerate(params.zones):
            if zone not in ctx.zones:
                yield (*loc, "zones", i), ctx.unknown("zone", zone, ctx.zones)
                continue
            per_player = [frozenset(zone_cell_names(ctx.spec, zone, p, ctx.graph))
                          for p in ctx.players]
            if any(cells != per_player[0] for cells in per_player):
                yield (*loc, "zones", i), (f"the zone {zone!r} is not the same for every "
                                           "player: a rotation turns one region for all")
                continue
            coords = {n: (nodes[n]["row"], nodes[n]["col"]) for n in per_player[0]}
            if square_of(coords) is None:
                yield (*loc, "zones", i), (
                    f"the zone {zone!r} ({len(coords)} cells) is not a full square of the "
                    "grid (2×2 or larger, no cell missing): only a square turns onto itself")
        written_ = [written(params.notation, z, t) for z in params.zones for t in params.turns]
        if len(set(written_)) != len(written_):
            yield (*loc, "notation"), (f"the notation {params.notation!r} writes two "
                                       "rotations alike: use {zone} and {turn} in it")
        if len(set(params.turns)) != len(params.turns):
            yield (*loc, "turns"), "a turn is listed twice"

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((params.kind, ""),)

    def targets(self, state: State, masks: Masks, src: int) -> int:
        # Not cells: bit i stands for the i-th rotation (``made``), all always possible.
        return self.every

    def surely_offers(self, state: State) -> bool:
        return True

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.made[dst]

    def apply(self, state: State, action: Action) -> None:
        mask, pairs = self.turnings[action.at]

        def turned(bits: int) -> int:
            moved = 0
            for a, b in pairs:
                if bits >> a & 1:
                    moved |= 1 << b
            return bits & ~mask | moved

        state.owner = [turned(m) for m in state.owner]
        state.kinds = [turned(m) for m in state.kinds]
        for values in state.attrs:
            old = list(values)
            for a, b in pairs:
                values[b] = old[a]

    def action_space(self) -> tuple[Action, ...]:
        return self.made

    def notation_pattern(self, cell: str) -> str:
        return "|".join(re.escape(a.notation) for a in self.made)

    def example(self) -> str:
        return self.made[0].notation

    def describe(self, _: Translate = untranslated) -> str:
        turns = {"clockwise": _("clockwise ({mark})"), "anticlockwise":
                 _("anticlockwise ({mark})")}
        how = join_words(_, [turns[t].format(mark=TURN_MARKS[t]) for t in self.params.turns],
                         either=True)
        return _("turn one of the regions {zones} a quarter turn {turns}, with every piece "
                 "on it (an empty region may be turned too)").format(
                     zones=join_words(_, [zone_words(self.game, z, _) for z in self.params.zones],
                                      either=True), turns=how)


def written(template: str, zone: str, turn: str) -> str:
    return template.replace("{zone}", zone).replace("{turn}", TURN_MARKS[turn])
