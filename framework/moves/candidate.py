"""Tests of one candidate move: what stands at the cells it starts from, ends on, passes
over, or around them (Ludii's ``(to if:…)``, ``(between …)``, ``(count Sites in:(sites
Around (to) Own))``, ``(what at:…)``).

Every move option takes two such tests beside its ``if:`` (which is read once for the
whole option): ``to_if`` keeps only the candidate moves it holds for, and ``path_if`` is
the same test read by default on the cells the move passes over (``between``). A placement's
``where:`` may be one too. A list is all of its tests. The tests are read on the position
before the move, for the player making it.

One construct, a **cell test**, reads a set of cells and compares:

- ``at``: the place — ``to`` (the cell the move ends on; the default of ``to_if`` and
  ``where``), ``from`` (where it starts), ``between`` (the cells it passes over, ``from``
  and ``to`` left out: along the board's straight line from one to the other, or a
  ``leap``'s path; the default of ``path_if``), ``landed`` (where this turn's previous
  action landed a piece), ``last.from`` and ``last.to`` (where the previous move of a
  ``moves`` phase, anyone's, started and ended: no ``last.from`` after a placement),
  ``ahead`` and ``behind`` (the cell one step beyond the target on the line the move goes
  along, from ``from`` towards ``to``, and the cell one step behind its start on that line:
  Fanorona's capture by approach and by withdrawal; none for a move that is not straight).
  ``around: <place>`` reads instead the cells next to that place
  (linked to it on the board), ``directions`` narrowing them to those directions (the
  board's, or relative to the player's forward).
- ``owner`` (``own``, ``enemy``, ``empty``, ``occupied``: anyone's piece, ``any``: every
  cell, the default), ``kind`` (a piece kind, or a list of them) and ``zone`` say which
  of those cells fit.
- ``at_least``, ``at_most``, ``exactly`` compare the number of cells that fit; with no
  bound every cell read must fit (true of no cell at all: a step passes over none).

``{stack: from, at_least: 2}`` reads a stack's height, in a game of stacks (``stacks:``):
it holds when the stack on that place (``to``, ``from``, ``landed``, ``last.from`` or
``last.to``) holds that many pieces (an empty cell holds 0, a single piece 1).

``{direction: [n, s]}`` holds when the move goes straight along one of the directions
(from ``from`` towards ``to``). ``{dice: roll, attribute: pips}`` holds when the moving
piece's ``attribute`` equals what the ``roll`` phase rolled this turn (its dice added up),
and, with ``otherwise: nearest``, when the mover has no piece of that number, for the
pieces of the nearest number below it and of the nearest above it (Einstein würfelt nicht,
where the die chooses the cube: ``to_if: {dice: roll, attribute: pips, otherwise:
nearest}``). ``{all: [...]}``, ``{any: [...]}`` and ``{not: {...}}`` combine tests. A
place that does not exist (``landed`` before anything landed) fails every test that reads
it. ``validate`` refuses a test its move cannot answer: ``from``,
``between`` or a direction for a placement (its moves start from no cell), ``between`` for
a move that passes over nothing (``reach``), a test that says nothing (``{around: to}``).

Worked examples, one per query:

```yaml
# owner at the target: a step onto any cell that holds no piece of one's own
- {type: step, to: any, to_if: {not: {owner: own}}}
# kind at the target: a rook takes only pawns and knights (or goes to an empty cell)
- {type: slide, piece: rook, to: empty_or_enemy,
   to_if: {any: [{owner: empty}, {kind: [pawn, knight]}]}}
# zone at the start: a pawn moves sideways only from outside the river
- {type: step, piece: pawn, directions: [left, right], to_if: {not: {at: from, zone: river}}}
# neighbours counted: Gopher, next to exactly one enemy stone and none of one's own
- {type: place, where: {all: [{around: to, owner: enemy, exactly: 1},
                              {around: to, owner: own, exactly: 0}]}}
# neighbours in some directions: a landing with an empty cell straight ahead of it
- {type: step, to_if: {around: to, directions: [forward], owner: empty, exactly: 1}}
# any neighbour at all: Abak, a stone next to any piece
- {type: place, where: {around: to, owner: occupied, at_least: 1}}
# path emptiness: the xiangqi horse, whose leg (the first step) must be empty
- {type: leap, piece: horse, paths: [[n, ne], [n, nw], [e, ne], [e, se],
                                     [s, se], [s, sw], [w, nw], [w, sw]],
   to: empty_or_enemy, path_if: {owner: empty}}
# pieces between counted: a jump two ahead over exactly one piece
- {type: leap, paths: [[forward, forward]], path_if: {owner: occupied, exactly: 1}}
# the landed cell: a second placement only while the first stone has 3 empty neighbours
- {type: place, where: {around: landed, owner: empty, at_least: 3}}
# the cell ahead of the move: Fanorona's approach, the next cell the same way an enemy's
- {type: step, kind: approach, to_if: {at: ahead, owner: enemy},
   then: [{type: line_capture, side: ahead}]}
# the move's direction: forward onto an empty cell, sideways only onto an enemy piece
- {type: step, directions: [forward, left, right], to: empty_or_enemy,
   to_if: {any: [{all: [{direction: [forward]}, {owner: empty}]}, {owner: enemy}]}}
```
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import AfterValidator, Discriminator, Field, Tag, field_validator, model_validator

from framework.engine.bits import iter_bits
from framework.engine.slots import LAST_FROM, LAST_TO, Slot
from framework.limits import MAX_COUNT
from framework.plugins import Loc, Rule, Translate, join_words, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.moves.base import Masks
    from framework.spec.semantics import SpecContext

Place = Literal["to", "from", "between", "landed", "last.from", "last.to", "ahead", "behind"]
Owner = Literal["own", "enemy", "empty", "occupied", "any"]
#: The places a test reads by default where it is written.
DEFAULT_PLACE: dict[str, Place] = {"to_if": "to", "where": "to", "path_if": "between"}


def _bound(relation: str) -> Any:
    return Field(default=None, ge=0, le=MAX_COUNT,
                 description=f"holds when the number of cells that fit is {relation} this")


class CellTest(Rule):
    """What stands on a set of cells of the candidate move."""

    at: Place | None = Field(default=None, description="the cells read: to, from, between "
                             "(the cells passed over), landed, last.from or last.to (the "
                             "previous move's cells), ahead or behind (the cell beyond the "
                             "target, and behind the start, on the move's line) (default: "
                             "to; between under path_if)")
    around: Place | None = Field(default=None, description="read the cells next to this "
                                 "place instead (its neighbours on the board)")
    directions: list[str] | None = Field(default=None, min_length=1, description="with "
                                         "around: only the neighbours in these directions")
    owner: Owner = Field(default="any", description="which cells fit: own, enemy, empty, "
                         "occupied (anyone's piece) or any")
    kind: list[str] | None = Field(default=None, min_length=1, description="only cells "
                                   "with a piece of one of these kinds fit")
    zone: str | None = Field(default=None, description="only cells of this zone fit (the "
                             "mover's cells of it, for a zone per player)")
    at_least: int | None = _bound("at least")
    at_most: int | None = _bound("at most")
    exactly: int | None = _bound("exactly")

    @field_validator("kind", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @model_validator(mode="after")
    def _meaningful(self) -> CellTest:
        if self.at is not None and self.around is not None:
            raise ValueError("give 'at' (the cells themselves) or 'around' (the cells next "
                             "to a place), not both")
        if self.directions is not None and self.around is None:
            raise ValueError("'directions' narrows 'around': say around which place")
        if self.kind is not None and self.owner == "empty":
            raise ValueError("an empty cell holds no piece of any kind: owner: empty does "
                             "not go with 'kind'")
        if self.owner == "any" and self.kind is None and self.zone is None \
                and not self.bounded:
            raise ValueError("this test says nothing: give owner, kind or zone (which "
                             "cells fit), or at_least, at_most or exactly (how many)")
        return self

    @property
    def bounded(self) -> bool:
        return (self.at_least, self.at_most, self.exactly) != (None, None, None)

    def place(self, default: Place) -> Place:
        return self.around or self.at or default


class DirectionTest(Rule):
    direction: list[str] = Field(min_length=1, description="holds when the move goes "
                                 "straight from its cell towards its target along one of "
                                 "these directions")


class StackTest(Rule):
    """The height of the stack on one place of the candidate move (a game of stacks)."""

    stack: Literal["to", "from", "landed", "last.from", "last.to"] = Field(
        description="the place whose stack is read: to, from, landed, last.from or last.to")
    at_least: int | None = Field(default=None, ge=0, le=MAX_COUNT, description="holds when "
                                 "the stack holds at least this many pieces")
    at_most: int | None = Field(default=None, ge=0, le=MAX_COUNT, description="holds when "
                                "the stack holds at most this many pieces")
    exactly: int | None = Field(default=None, ge=0, le=MAX_COUNT, description="holds when "
                                "the stack holds exactly this many pieces")

    @model_validator(mode="after")
    def _bounded(self) -> StackTest:
        if (self.at_least, self.at_most, self.exactly) == (None, None, None):
            raise ValueError("this test says nothing: give at_least, at_most or exactly "
                             "(how many pieces the stack holds)")
        return self

    def place(self, default: Place) -> Place:
        return self.stack

class DiceTest(Rule):
    dice: str = Field(description="the roll phase whose dice (added up) choose the piece "
                      "that moves: the one whose attribute shows that number")
    attribute: str = Field(description="the moving piece's attribute compared with the roll")
    otherwise: Literal["none", "nearest"] = Field(
        default="none", description="when the mover has no piece of the number rolled: "
        "none moves (none), or the pieces of the nearest number below and above (nearest)")


def dice_chosen(rolled: int, values: Sequence[int], otherwise: str) -> set[int]:
    """The numbers a roll lets move among the mover's pieces' ``values``."""
    if rolled in values:
        return {rolled}
    if otherwise != "nearest":
        return set()
    below = [v for v in values if v < rolled]
    above = [v for v in values if v > rolled]
    chosen = set()
    if below:
        chosen.add(max(below))
    if above:
        chosen.add(min(above))
    return chosen


class RegionTest(Rule):
    region: str = Field(description="holds when the target cell lies in a block of these "
                        "regions (see Regions) that is not decided: not won, not full")
    sent_by: Place | None = Field(default=None, description="and in the block that the "
                                  "cell at this place names by its place in its own block "
                                  "(last.to: the previous move's), while that block is "
                                  "not decided and the place exists; else any block that "
                                  "is not decided")


class CrossTest(Rule):
    crosses: Literal["walls"] = Field(description="holds when the move passes across a "
                                      "standing wall (see framework/board/walls.py): on a "
                                      "link between two cells it goes through, from its "
                                      "cell to its target")


class AllTest(Rule):
    all: list[CandidateTest] = Field(min_length=1, description="every test holds")


class AnyTest(Rule):
    any: list[CandidateTest] = Field(min_length=1, description="at least one test holds")


class NotTest(Rule):
    not_: CandidateTest = Field(alias="not", description="the test fails")


def _variant(value: Any) -> str:
    if isinstance(value, dict):
        return next((k for k in ("all", "any", "not", "direction", "stack", "dice",
                                 "region", "crosses") if k in value), "cell")
    tags: dict[type[Rule], str] = {AllTest: "all", AnyTest: "any", NotTest: "not",
                                   DirectionTest: "direction", StackTest: "stack",
                                   DiceTest: "dice", RegionTest: "region",
                                   CrossTest: "crosses"}
    return tags.get(type(value), "cell")


CandidateTest = Annotated[Union[  # noqa: UP007 (the tags need the Union form)
    Annotated[CellTest, Tag("cell")], Annotated[DirectionTest, Tag("direction")],
    Annotated[StackTest, Tag("stack")],
    Annotated[DiceTest, Tag("dice")],
    Annotated[RegionTest, Tag("region")], Annotated[CrossTest, Tag("crosses")],
    Annotated[AllTest, Tag("all")], Annotated[AnyTest, Tag("any")],
    Annotated[NotTest, Tag("not")]], Discriminator(_variant)]

for _model in (AllTest, AnyTest, NotTest):
    _model.model_rebuild()


def _all_of(tests: list[Any]) -> AllTest:
    return AllTest.model_construct(all=tests)


#: What an option's ``to_if`` or ``path_if`` holds: a test, or a list of them, all of
#: which must hold (read as one ``all``).
CandidateTests = Union[  # noqa: UP007
    CandidateTest, Annotated[list[CandidateTest], Field(min_length=1), AfterValidator(_all_of)]]


def parts(test: Any) -> Iterator[Any]:
    """The test and every test inside it."""
    yield test
    for inner in getattr(test, "all", None) or getattr(test, "any", None) or \
            ([test.not_] if isinstance(test, NotTest) else []):
        yield from parts(inner)


def slots_read(tests: Sequence[tuple[Any, Place]]) -> list[Slot]:
    """The state slots that tests read (the landed cell, the previous move's cells)."""
    from framework.engine.slots import LANDED

    read = set().union(*(places_read(t, place) for t, place in tests)) if tests else set()
    if read & {"last.from", "last.to"}:  # the moves phases write both, or neither
        read |= {"last.from", "last.to"}
    if any(isinstance(p, CrossTest) for t, _ in tests for p in parts(t)):
        from framework.board.walls import WALLS

        walls = [WALLS]
    else:
        walls = []
    return [slot for place, slot in (("landed", LANDED), ("last.from", LAST_FROM),
                                     ("last.to", LAST_TO)) if place in read] + walls


def places_read(test: Any, default: Place) -> set[str]:
    """The places a test reads (``direction`` for a direction test)."""
    found = {p.place(default) if isinstance(p, CellTest | StackTest) else
             "direction" if isinstance(p, DirectionTest) else "from"
             for p in parts(test)
             if isinstance(p, CellTest | DirectionTest | StackTest | DiceTest)}
    found |= {place for p in parts(test) if isinstance(p, RegionTest)
              for place in (default, p.sent_by) if place is not None}
    return found


# Checks of meaning -----------------------------------------------------------------------
def test_issues(test: Any, loc: Loc, ctx: SpecContext, default: Place, *, sources: bool,
                path: bool, keyword: str) -> Iterator[tuple[Loc, str]]:
    """What a test names that the game lacks, and the places its move has not (a
    placement starts from no cell; a move with no path passes over none)."""
    if isinstance(test, AllTest | AnyTest):
        for i, inner in enumerate(test.all if isinstance(test, AllTest) else test.any):
            yield from test_issues(inner, (*loc, "all" if isinstance(test, AllTest) else "any",
                                           i), ctx, default, sources=sources, path=path,
                                   keyword=keyword)
        return
    if isinstance(test, NotTest):
        yield from test_issues(test.not_, (*loc, "not"), ctx, default, sources=sources,
                               path=path, keyword=keyword)
        return
    if isinstance(test, DirectionTest):
        if not sources:
            yield (*loc, "direction"), (f"{keyword} moves no piece from a cell, so its "
                                        "moves have no direction")
        yield from ctx.check_directions(test.direction, (*loc, "direction"))
        return
    if isinstance(test, StackTest):
        if ctx.spec.stacks is None:
            yield (*loc, "stack"), ("a stack's height is for a game of stacks: declare "
                                    "'stacks:' in the file (a cell holds one piece otherwise)")
        if test.stack == "from" and not sources:
            yield (*loc, "stack"), (f"from: {keyword} moves no piece from a cell (its moves "
                                    "are named by one cell), so there is no cell to read there")
        return
    if isinstance(test, DiceTest):
        if not sources:
            yield (*loc, "dice"), (f"{keyword} moves no piece from a cell, so no die can "
                                   "choose the piece that moves")
        rolls = [p.name for p in ctx.spec.turn if p.type == "roll"]
        if test.dice not in rolls:
            yield (*loc, "dice"), (f"{test.dice!r} is not a roll phase of the turn (the "
                                   f"dice read come from one): the turn's rolls are "
                                   f"{rolls or 'none'}")
        attributes = {a for piece in ctx.spec.pieces.values() for a in piece.attributes}
        if test.attribute not in attributes:
            yield (*loc, "attribute"), ctx.unknown("attribute", test.attribute,
                                                   tuple(sorted(attributes)))
        return
    if isinstance(test, RegionTest):
        yield from _region_issues(test, loc, ctx, default, keyword=keyword)
        return
    if isinstance(test, CrossTest):
        if not sources:
            yield (*loc, "crosses"), (f"{keyword} moves no piece from a cell, so its moves "
                                      "pass across no wall")
        if getattr(ctx.spec.board, "walls", None) is None:
            yield (*loc, "crosses"), ("the board has no wall places: give a grid walls: "
                                      "<length>")
        return
    place = test.place(default)
    key = "around" if test.around else "at"
    if place in ("from", "between", "ahead", "behind") and not sources:
        yield (*loc, key), (f"{place}: {keyword} moves no piece from a cell (its moves are "
                            "named by one cell), so there is no cell to read there")
    elif place == "between" and not path:
        yield (*loc, key), (f"between: {keyword} passes over no cells (it has no path from "
                            "its cell to its target)")
    if place == "between" and test.around:
        yield (*loc, "around"), "around: between is not a place: read at: between"
    yield from ctx.check_directions(test.directions or [], (*loc, "directions"))
    for i, kind in enumerate(test.kind or []):
        if kind not in ctx.pieces:
            yield (*loc, "kind", i), ctx.unknown("piece", kind, ctx.pieces)
    if test.zone is not None and test.zone not in ctx.zones:
        yield (*loc, "zone"), ctx.unknown("zone", test.zone, ctx.zones)


def _region_issues(test: RegionTest, loc: Loc, ctx: SpecContext, default: Place, *,
                   keyword: str) -> Iterator[tuple[Loc, str]]:
    regions = getattr(ctx.spec, "regions", {})
    if test.region not in regions:
        yield (*loc, "region"), ctx.unknown("regions", test.region, tuple(regions))
        return
    if default != "to":
        yield (*loc, "region"), (f"a region test reads the cell a move ends on: it goes "
                                 f"under where or to_if, not where {default} is read")
    if test.sent_by in ("from", "between"):
        yield (*loc, "sent_by"), (f"sent_by names one cell whose place in its block names "
                                  f"a block: {test.sent_by} is no such place")
    if test.sent_by is not None and ctx.spec.board.type == "grid":
        from framework.spec.regions import block_layout

        block = regions[test.region]
        if block_layout(ctx.graph, block) != (block.rows, block.columns):
            up, across = block_layout(ctx.graph, block)
            yield (*loc, "sent_by"), (
                f"a cell's place in its block names the block at the same place only when "
                f"the board of blocks ({up} × {across}) is laid out as one block's cells "
                f"({block.rows} × {block.columns}): no cell names a block here")


# The engine's form: closures over masks, made once ---------------------------------------
#: A compiled test: (state, masks, mover, source, target, cells passed over) -> holds.
Holds = Callable[["State", "Masks", int, int, int, int], bool]


class Candidates:
    """The tests of one option, compiled: ``keep`` narrows a mask of targets."""

    def __init__(self, tests: Sequence[tuple[Any, Place]], primitive: Any,
                 game: CompiledGame) -> None:
        self.game = game
        self.primitive = primitive
        self.tests = tuple(tests)
        players = range(len(game.players))
        self._neighbours: dict[tuple[str, ...] | None, tuple[tuple[int, ...], ...]] = {}
        #: Per (from, to) of a straight move: the cells ahead of it and behind it (-1: none).
        self._ends: dict[tuple[int, int], tuple[int, int]] = {}
        self.checks = tuple(self._compile(t, place, players) for t, place in tests)
        #: Whether a test reads the cells passed over (then each way is tried).
        self.walks = any("between" in places_read(t, p) for t, p in tests)

    def keep(self, state: State, masks: Masks, src: int, targets: int) -> int:
        """The cells of ``targets`` the candidate move from ``src`` passes every test to."""
        me = state.to_move
        kept = 0
        checks = self.checks
        for dst in iter_bits(targets):
            ways = self.primitive.ways(me, src, dst) if self.walks else (0,)
            if any(all(c(state, masks, me, src, dst, way) for c in checks) for way in ways):
                kept |= 1 << dst
        return kept

    # Compilation --------------------------------------------------------------------------
    def _compile(self, test: Any, default: Place, players: range) -> Holds:
        if isinstance(test, AllTest):
            inner = tuple(self._compile(t, default, players) for t in test.all)
            return lambda *a: all(f(*a) for f in inner)
        if isinstance(test, AnyTest):
            inner = tuple(self._compile(t, default, players) for t in test.any)
            return lambda *a: any(f(*a) for f in inner)
        if isinstance(test, NotTest):
            negated = self._compile(test.not_, default, players)
            return lambda *a: not negated(*a)
        if isinstance(test, DirectionTest):
            return self._direction(test, players)
        if isinstance(test, StackTest):
            return self._height(test)
        if isinstance(test, DiceTest):
            return self._dice(test)
        if isinstance(test, RegionTest):
            return self._region(test)
        if isinstance(test, CrossTest):
            return self._crosses()
        return self._cells(test, default, players)

    def _height(self, test: StackTest) -> Holds:
        place = test.stack
        slot = {"landed": "landed", "last.from": LAST_FROM.name, "last.to": LAST_TO.name}
        held = self.game.slots.index.get(slot.get(place, ""), -1)
        low = test.at_least if test.at_least is not None else test.exactly
        high = test.at_most if test.at_most is not None else test.exactly

        def holds(state: State, masks: Masks, me: int, src: int, dst: int, way: int) -> bool:
            cell = dst if place == "to" else src if place == "from" else \
                state.vars[held] if held >= 0 else -1
            if cell < 0:
                return False
            n = state.height(cell)
            return (low is None or n >= low) and (high is None or n <= high)

        return holds

    def _dice(self, test: DiceTest) -> Holds:
        game = self.game
        roll = next(p for p in game.spec.turn if p.name == test.dice)
        slots = tuple(game.slots.index[f"die_{i + 1}"] for i in range(roll.dice))
        attr = game.attributes.index(test.attribute)
        otherwise = test.otherwise

        def holds(state: State, masks: Masks, me: int, src: int, dst: int, way: int) -> bool:
            rolled = sum(state.vars[s] for s in slots)
            values = state.attrs[attr]
            mine = [values[c] for c in iter_bits(masks.own)]
            return src >= 0 and masks.own >> src & 1 == 1 and \
                values[src] in dice_chosen(rolled, mine, otherwise)
        return holds

    def _crosses(self) -> Holds:
        """A standing wall across a link of the way from the move's cell to its target
        (the straight line of the board between them, or the one link joining them)."""
        from framework.board.walls import WALLS, walls_of

        board = self.game.board
        blocks = walls_of(self.game).blocks
        slot = self.game.slots.index[WALLS.name]

        def holds(state: State, masks: Masks, me: int, src: int, dst: int, way: int) -> bool:
            standing = state.vars[slot]
            if not standing or src < 0:
                return False
            for d in range(len(board.directions)):
                if straight_line(board, src, dst, d) is None:
                    continue
                at = src
                while at != dst:
                    ahead = board.step[at][d]
                    if blocks.get((at, ahead), 0) & standing:
                        return True
                    at = ahead
                return False
            return bool(blocks.get((src, dst), 0) & standing)
        return holds

    def _region(self, test: RegionTest) -> Holds:
        """In a block not decided, and in the block the ``sent_by`` cell names while that
        one is not decided."""
        from framework.spec.regions import won_slot

        game = self.game
        regions = game.regions[test.region]
        masks, of_cell, names = regions.masks, regions.of_cell, regions.names
        won = tuple(i for i in (game.slots.index.get(won_slot(test.region, p).name, -1)
                                for p in game.players) if i >= 0)
        slot = {"landed": "landed", "last.from": LAST_FROM.name, "last.to": LAST_TO.name}
        held = game.slots.index.get(slot.get(test.sent_by or "", ""), -1)
        sends = test.sent_by is not None

        def open_block(state: State, masks_: Masks, block: int) -> bool:
            cells = masks[block]
            if not cells & masks_.empty:
                return False
            return not any(state.vars[i] & cells for i in won)

        def holds(state: State, masks_: Masks, me: int, src: int, dst: int, way: int) -> bool:
            block = of_cell[dst]
            if not open_block(state, masks_, block):
                return False
            if not sends:
                return True
            cell = state.vars[held] if held >= 0 else -1
            named = names[cell] if cell >= 0 else -1
            if named < 0 or not open_block(state, masks_, named):
                return True
            return block == named
        return holds

    def _direction(self, test: DirectionTest, players: range) -> Holds:
        board = self.game.board
        wanted = tuple(frozenset(d for d in (self.game.board_direction(n, p)
                                             for n in test.direction) if d >= 0)
                       for p in players)

        def holds(state: State, masks: Masks, me: int, src: int, dst: int, way: int) -> bool:
            return any(straight_line(board, src, dst, d) is not None for d in wanted[me])
        return holds

    def _cells(self, test: CellTest, default: Place, players: range) -> Holds:
        game = self.game
        place = test.place(default)
        slot = {"landed": "landed", "last.from": LAST_FROM.name, "last.to": LAST_TO.name}
        held = game.slots.index.get(slot.get(place, ""), -1)  # a place a slot keeps
        near = self._neighbour_table(test.directions, players) if test.around else None
        kinds = tuple(game.piece_kinds.index(k) for k in test.kind or ())
        zone = tuple(game.zone_mask(test.zone, p) for p in players) if test.zone else None
        owner = test.owner
        bounded = test.bounded
        low = test.at_least if test.at_least is not None else test.exactly
        high = test.at_most if test.at_most is not None else test.exactly

        ends = self._line_ends

        def cells(state: State, me: int, src: int, dst: int, way: int) -> int | None:
            if place == "between":
                return way
            if place in ("ahead", "behind"):
                cell = ends(src, dst)[place == "behind"]
                if cell < 0:
                    return None
                return near[me][cell] if near is not None else 1 << cell
            cell = dst if place == "to" else src if place == "from" else \
                state.vars[held] if held >= 0 else -1
            if cell < 0:
                return None
            return near[me][cell] if near is not None else 1 << cell

        def holds(state: State, masks: Masks, me: int, src: int, dst: int, way: int) -> bool:
            read = cells(state, me, src, dst, way)
            if read is None:
                return False
            fit = read & _owned(masks, owner, game.board.all_mask)
            if kinds:
                of_kind = 0
                for k in kinds:
                    of_kind |= state.kinds[k]
                fit &= of_kind
            if zone is not None:
                fit &= zone[me]
            if not bounded:
                return fit == read
            n = fit.bit_count()
            return (low is None or n >= low) and (high is None or n <= high)
        return holds

    def _line_ends(self, src: int, dst: int) -> tuple[int, int]:
        """The cell one step beyond ``dst`` and the cell one step behind ``src`` on the
        straight line from ``src`` to ``dst`` (-1: off the board, or not straight)."""
        found = self._ends.get((src, dst))
        if found is None:
            board = self.game.board
            found = (-1, -1)
            if src >= 0:
                for d in range(len(board.directions)):
                    if straight_line(board, src, dst, d) is not None:
                        found = (board.step[dst][d], board.step[src][board.opposite[d]])
                        break
            self._ends[src, dst] = found
        return found

    def _neighbour_table(self, names: list[str] | None, players: range
                         ) -> tuple[tuple[int, ...], ...]:
        """Per player, per cell: its neighbours (along ``names`` when given)."""
        key = tuple(names) if names else None
        if key not in self._neighbours:
            board = self.game.board
            if names is None:
                table = tuple(board.neighbour_masks for _ in players)
            else:
                table = tuple(tuple(
                    sum(1 << board.step[c][d] for d in {self.game.board_direction(n, p)
                                                        for n in names}
                        if d >= 0 and board.step[c][d] >= 0)
                    for c in range(board.size)) for p in players)
            self._neighbours[key] = table
        return self._neighbours[key]


def _owned(masks: Masks, owner: str, every: int) -> int:
    if owner == "own":
        return masks.own
    if owner == "enemy":
        return masks.enemy
    if owner == "empty":
        return masks.empty
    if owner == "occupied":
        return masks.own | masks.enemy
    return every


def straight_line(board: Any, src: int, dst: int, d: int) -> int | None:
    """The cells strictly between ``src`` and ``dst`` when ``dst`` is straight along
    direction ``d`` from ``src`` (None when it is not)."""
    passed, at = 0, board.step[src][d] if src >= 0 else -1
    seen = 0
    while at >= 0 and at != dst and not seen >> at & 1:
        passed |= 1 << at
        seen |= 1 << at
        at = board.step[at][d]
    return passed if at == dst else None


def straight_ways(board: Any, src: int, dst: int) -> tuple[int, ...]:
    """The cells a move from ``src`` to ``dst`` passes over along a straight line of the
    board (one way per direction that leads there; none: it passes over no cell)."""
    found = tuple(dict.fromkeys(w for d in range(len(board.directions))
                                if (w := straight_line(board, src, dst, d)) is not None))
    return found or (0,)


# Words -------------------------------------------------------------------------------------
def describe_test(test: Any, game: CompiledGame, default: Place,
                  _: Translate = untranslated) -> str:
    """A test as a clause of the rulebook ("the target has exactly one enemy piece next to
    it")."""
    if isinstance(test, AllTest):
        return join_words(_, [describe_test(t, game, default, _) for t in test.all])
    if isinstance(test, AnyTest):  # in brackets: it may stand in a list of "and"
        choices = join_words(_, [describe_test(t, game, default, _) for t in test.any],
                             either=True)
        return "(" + _("either {choices}").format(choices=choices) + ")" \
            if len(test.any) > 1 else choices
    if isinstance(test, NotTest):
        return _("it is not so that {clause}").format(
            clause=describe_test(test.not_, game, default, _))
    if isinstance(test, RegionTest):
        return _region_clause(test, game, _)
    if isinstance(test, CrossTest):
        return _("the move passes across a wall")
    if isinstance(test, DirectionTest):
        from framework.board.direction_words import directions_phrase
        return _("the move goes straight {directions}").format(
            directions=directions_phrase(list(test.direction), _))
    if isinstance(test, StackTest):
        return _("the stack on {place} holds {number} pieces").format(
            place=_place_words(test.stack, _), number=_number(test, _))
    if isinstance(test, DiceTest):
        text = _("the moving piece carries as many {attribute} as the roll shows").format(
            attribute=_(test.attribute))
        if test.otherwise == "nearest":
            text += " " + _("(or, when none of your pieces carries that many, the nearest "
                            "number below or above it that one of them carries)")
        return text
    return _cell_clause(test, game, test.place(default), _)


def _place_words(place: str, _: Translate) -> str:
    return {"to": _("the target cell"), "from": _("the starting cell"),
            "between": _("the cells passed over"),
            "landed": _("the cell where a piece just landed"),
            "last.from": _("the cell the previous move started from"),
            "last.to": _("the cell the previous move ended on"),
            "ahead": _("the cell just beyond the target cell on the line of the move"),
            "behind": _("the cell just behind the starting cell on the line of the move")
            }[place]


def _holding(test: CellTest, _: Translate) -> str:
    """What a cell that fits is or holds, after "that" or a cell ("is empty", "holds an
    enemy pawn or horse"); empty when any cell fits (a zone or a number says the rest)."""
    kinds = join_words(_, [_(k) for k in test.kind or ()], either=True)
    if test.owner == "empty":
        return _("is empty")
    if kinds:
        return {"own": _("holds one of your {kinds}"), "enemy": _("holds an enemy {kinds}"),
                "occupied": _("holds a {kinds}"),
                "any": _("holds a {kinds}")}[test.owner].format(kinds=kinds)
    return {"own": _("holds one of your pieces"), "enemy": _("holds an enemy piece"),
            "occupied": _("holds a piece"), "any": ""}[test.owner]


def _predicate(test: CellTest, game: CompiledGame, _: Translate) -> str:
    """What a cell that fits is, zone included ("is empty and in the river")."""
    holding = _holding(test, _)
    if test.zone is None:
        return holding
    from framework.spec.terms import zone_words
    zone = _("is in {zone}").format(zone=zone_words(game, test.zone, _))
    return _("{holding} and {zone}").format(holding=holding, zone=zone) if holding else zone


def _number(test: CellTest | StackTest, _: Translate) -> str:
    if test.exactly is not None:
        return _("exactly {n}").format(n=test.exactly)
    if test.at_least is not None and test.at_most is not None:
        return _("from {low} to {high}").format(low=test.at_least, high=test.at_most)
    if test.at_least is not None:
        return _("at least {n}").format(n=test.at_least)
    return _("at most {n}").format(n=test.at_most)


def _cell_clause(test: CellTest, game: CompiledGame, place: str, _: Translate) -> str:
    """"the target cell is empty", "every cell next to the target cell holds a piece", "the
    number of cells passed over that hold a piece is exactly 1"."""
    where = _place_words(place, _)
    predicate = _predicate(test, game, _)
    if test.around:
        from framework.board.direction_words import directions_phrase
        cells = _("the cells next to {place}").format(place=where) if not test.directions \
            else _("the cells next to {place} {directions}").format(
                place=where, directions=directions_phrase(list(test.directions), _))
    else:
        cells = where
    if test.bounded:
        if not predicate:
            return _("the number of {cells} is {number}").format(
                cells=cells, number=_number(test, _))
        return _("the number of {cells} where the cell {predicate} is {number}").format(
            cells=cells, predicate=predicate, number=_number(test, _))
    if test.around or place == "between":
        return _("each of {cells} {predicate}").format(cells=cells, predicate=predicate)
    return _("{place} {predicate}").format(place=where, predicate=predicate)


def _region_clause(test: RegionTest, game: CompiledGame, _: Translate) -> str:
    spec = game.spec.regions[test.region]
    blocks = _("the target cell lies in a block of {rows} × {columns} cells ({regions}) that "
               "is not decided (neither won nor full)").format(
                   rows=spec.rows, columns=spec.columns, regions=_(test.region))
    if test.sent_by is None:
        return blocks
    return _("{blocks}, and in the block that {place} names by its place in its own block "
             "(the cell in a block's top-left corner names the top-left block, and so on) "
             "unless that block is decided or there is no such cell; then in any block "
             "that is not decided").format(blocks=blocks,
                                           place=_place_words(test.sent_by, _))
