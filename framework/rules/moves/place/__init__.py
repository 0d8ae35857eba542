"""``place``: a new piece from the player's supply on an empty cell — anywhere, or next to
one of the player's pieces.

```yaml
turn:
  - name: build
    type: moves
    options:
      - {type: place, piece: adaptoid, where: adjacent_to_own, kind: create,
         notation: "+{to}"}
```

A placement is named by its cell (written as ``notation`` says, ``{to}`` for the cell) and
needs a piece of its kind in the supply.

``gravity`` names a direction of the board (see Boards) the piece falls along, Connect Four
style: the player picks a line by the cell where the piece enters it (the last cell of the
line against the fall: ``d6`` for column d of a 7×6 board falling ``s``), and the piece
drops from there to the farthest empty cell before the board's edge or another piece. A
full line cannot be played. Gravity goes with ``where: anywhere``.

```yaml
      - {type: place, piece: disc, gravity: s}       # Connect Four: a1..g6, drop into d6
```

Where the piece lands depends on the position, so a drop is not written by a cell: in
``notation``, ``{line}`` writes the line by the part of its cells' names they all share
(``d`` for the column d1..d6), as Connect Four players write a move. ``{to}`` still writes
the entry cell, which the piece does not reach unless the line is empty.

```yaml
      - {type: place, piece: disc, gravity: s, notation: "{line}"}   # d: a disc into d
```

``must_flank: true`` makes a placement legal only where it outflanks at least one run of
enemy pieces along some direction of the board (Othello): going from the cell that way one
meets one or more enemy pieces in a row, then one of the player's own. It is a condition
only: the ``flip_flanked`` consequence after the phase turns the runs over.

```yaml
      - {type: place, piece: disc, must_flank: true}  # Othello
```

``suicide: false`` makes a placement legal only where the new piece's group (the pieces of
the mover connected to it over the board's links) has a liberty — an empty cell next to
it — once the enemy groups it leaves without a liberty are taken off; ``ko: true`` makes
the cell of the game's ``ko`` slot illegal for the one action after it is set (a simple ko:
the cell where a lone piece was just captured by a lone piece). Both are conditions only:
the ``capture_groups`` consequence under the option's ``then:`` takes the groups off and
writes the ``ko`` slot.

```yaml
      - {type: place, piece: stone, suicide: false, ko: true,   # Go
         then: [{type: capture_groups, ko: true}]}
```

Drops from a hand (shogi) say where a piece may not go. ``zone`` keeps a kind off the cells
where it could never move again (a pawn on the last rank); ``once_per_line`` names a
direction of the board and makes a placement illegal on a line along it (both ways) that
already holds one of the mover's pieces of the placed kind (shogi's two pawns on a file,
nifu); ``mates: false`` makes a placement illegal where it gives checkmate at once — the
new piece attacks an enemy royal piece (``restrictions: royal``) and that player has no
legal action (shogi's pawn drop mate, uchifuzume):

```yaml
      - {type: place, piece: pawn, zone: pawn_drops, once_per_line: n, mates: false,
         notation: "P*{to}"}
```
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.board.direction_words import motion
from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.engine.slots import AGAIN, KO, Slot, found_slot
from framework.engine.supply import piece_supply, take_from_supply
from framework.moves.base import Loc, Masks, Primitive, written
from framework.moves.candidate import Place as TestedPlace
from framework.moves.flank import Flanker
from framework.moves.groups import Links
from framework.plugins import CandidateField, OptionParams, Translate, untranslated
from framework.spec.terms import zone_words

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class PlaceParams(OptionParams):
    type: Literal["place"]
    piece: str | None = Field(default=None, description="the kind placed (default: the "
                              "first)")
    where: Literal["anywhere", "adjacent_to_own"] | CandidateField = Field(
        default="anywhere", description="any empty cell, an empty cell next to one of "
        "the player's pieces, or an empty cell a test of the cell holds for (the test of "
        "to_if: {around: to, owner: enemy, exactly: 1})")
    gravity: str | None = Field(
        default=None, description="a direction of the board the piece falls along to the "
                                  "farthest empty cell; the action names the line's entry cell")
    must_flank: bool = Field(default=False, description="legal only where the piece "
                             "outflanks at least one run of enemy pieces (Othello)")
    suicide: bool = Field(default=True, description="false: legal only where the new piece's "
                          "group has a liberty once the enemy groups it leaves without "
                          "one are taken (Go)")
    ko: bool = Field(default=False, description="not on the cell the ko slot names (a "
                     "simple ko, written by capture_groups)")
    zone: str | None = Field(default=None, description="legal only on a cell of this zone "
                             "(the mover's cells of it, for a zone per player)")
    once_per_line: str | None = Field(
        default=None, description="a direction of the board: not on a line along it that "
        "already holds one of the mover's pieces of this kind (shogi's nifu: n)")
    mates: bool = Field(default=True, description="false: not where the new piece "
                        "attacks an enemy royal piece whose player then has no legal "
                        "action (shogi's pawn drop mate)")
    blind: bool = Field(default=False, description="true: the mover tries any cell empty "
                        "as far as it sees (the game's view:); a try on a cell an unseen "
                        "piece holds places nothing, shows the mover that piece, and the "
                        "mover tries again (the phantom rule)")
    kind: str = Field(default="place", description="the action's kind in JSON and records")
    notation: str = Field(default="{to}", description="how a placement is written "
                          "({to}: its cell; with gravity, {line}: the line dropped into)")
    resets_halfmove_clock: bool = Field(default=False, description="this action resets "
                                        "the half-move clock (at the end of the turn)")


class Place(Primitive):
    keyword = "place"
    reference = ".reference:RefPlace"
    native = ".native:PlacePiece"
    Params = PlaceParams
    by_source = False

    def __init__(self, params: PlaceParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        names = game.board.written
        self.made = game.piece_kinds.index(params.piece) if params.piece else 0
        self.near = params.where == "adjacent_to_own"
        self.neighbours = game.board.neighbour_masks
        board = game.board
        # With gravity: the fall's direction, and the mask of entry cells (those with no
        # cell before them against the fall); an action targets its entry cell.
        self.fall = board.direction(params.gravity) if params.gravity else -1
        self.places = tuple(Action(phase, params.kind, at=c, notation=written(
            self.template, names, dst=c).replace("{line}", self._line_name(c)))
                            for c in range(game.board.size))
        self.entries = sum(1 << c for c in range(board.size)
                           if board.step[c][board.opposite[self.fall]] < 0) \
            if self.fall >= 0 else -1
        self.step = board.step
        self.zone = game.zones[params.zone] if params.zone else None
        self.flanker = Flanker(board, range(len(board.directions))) \
            if params.must_flank else None
        self.suicide = params.suicide
        self.links = Links.of(board)
        self.ko = game.slots.index[KO.name] if params.ko else -1
        # Per cell, the whole line through it along once_per_line (both ways).
        self.lines: tuple[int, ...] = ()
        if params.once_per_line is not None:
            d = board.direction(params.once_per_line)
            self.lines = tuple(_line_through(board, c, d) for c in range(board.size))
        self.mates = params.mates
        # The phantom rule: the mover's found cells and the slot that gives it another try.
        self.blind = params.blind
        if self.blind:
            self.found = tuple(game.slots.index[found_slot(p).name] for p in game.players)
            self.again = game.slots.index[AGAIN.name]

    def _line_name(self, entry: int) -> str:
        """The name part every cell of the line from ``entry`` along the fall shares."""
        if self.fall < 0 or "{line}" not in self.template:
            return ""
        board, cells, cell = self.game.board, [], entry
        while cell >= 0:
            cells.append(board.names[cell])
            cell = board.step[cell][self.fall]
        return shared_name_part(cells) or board.names[entry]

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if "{line}" in params.notation and params.gravity is None:
            yield (*loc, "notation"), ("{line} names the line a piece is dropped into: it "
                                       "goes with gravity (without it, write {to})")
        elif "{line}" in params.notation and params.gravity in tuple(
                ctx.graph.graph.get("directions", ())):
            unnamed = _unnamed_line(ctx.graph, params.gravity)
            if unnamed:
                yield (*loc, "notation"), (f"{{line}}: the cells of the line from {unnamed!r} "
                                           "share no part of their names (such as the "
                                           "column's letter), so the line has no name; "
                                           "write {to}")
        if params.piece and params.piece not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", params.piece, ctx.pieces)
        if params.zone is not None and params.zone not in ctx.zones:
            yield (*loc, "zone"), ctx.unknown("zone", params.zone, ctx.zones)
        if params.gravity is not None:
            graph = ctx.graph
            known = tuple(graph.graph.get("directions", ()))
            if params.gravity not in known:
                yield (*loc, "gravity"), ctx.unknown("direction", params.gravity, known)
            elif not _has_entry_cell(graph, params.gravity):
                yield (*loc, "gravity"), (f"no piece can ever be dropped: every cell has "
                                          f"another before it against the fall "
                                          f"{params.gravity!r} (the direction goes round a "
                                          "ring), so there is no cell to drop it into")
            if params.where != "anywhere":
                yield (*loc, "gravity"), ("gravity goes with where: anywhere (the piece "
                                          "lands where it falls, not where it is put)")
            if params.must_flank:
                yield (*loc, "must_flank"), ("must_flank does not go with gravity (the "
                                             "piece outflanks from where it falls)")
            if not params.suicide or params.ko:
                yield (*loc, "gravity"), ("suicide: false and ko: true do not go with "
                                          "gravity (they judge the cell the piece is put on)")
        if params.blind:
            yield from _blind_issues(params, loc, ctx)
        if params.once_per_line is not None:
            known = tuple(ctx.graph.graph.get("directions", ()))
            if params.once_per_line not in known:
                yield (*loc, "once_per_line"), ctx.unknown("direction", params.once_per_line,
                                                           known)
        if not params.mates and not any(r.type == "royal" for r in ctx.spec.restrictions):
            yield (*loc, "mates"), ("mates: false forbids a placement that checkmates an "
                                    "enemy royal piece, and the game has none: add "
                                    "restrictions: [{type: royal, piece: ...}]")
        captures = [t for t in getattr(params, "then", ()) if t.type == "capture_groups"]
        if not params.suicide and not captures:
            yield (*loc, "suicide"), ("suicide: false judges a placement after the enemy "
                                      "groups it leaves without liberties are taken: put "
                                      "{type: capture_groups} under this option's then:")
        if params.ko and not any(getattr(t, "ko", False) for t in captures):
            yield (*loc, "ko"), ("ko: true reads the ko cell that capture_groups writes: put "
                                 "{type: capture_groups, ko: true} under this option's then:")
        if params.must_flank and not ctx.graph.graph.get("directions"):
            yield (*loc, "must_flank"), ("must_flank needs a board with named directions "
                                         "(grids, hex boards, custom boards that name "
                                         "them; this board has none)")

    @classmethod
    def candidate_tests(cls, params: Any) -> list[tuple[Any, TestedPlace, str]]:
        found = super().candidate_tests(params)
        if not isinstance(params.where, str):  # where: a test of the cell
            found.insert(0, (params.where, "to", "where"))
        return found

    def example(self) -> str:
        if "{line}" in self.template:  # a line's name, not a cell's
            return self.action_space()[0].notation
        return super().example()

    @classmethod
    def slots_of(cls, params: Any) -> tuple[Slot, ...]:
        return ((KO,) if params.ko else ()) + ((AGAIN,) if params.blind else ())

    def action_space(self) -> tuple[Action, ...]:
        if self.fall >= 0:  # with gravity only the entry cells are ever played
            return tuple(self.places[c] for c in iter_bits(self.entries))
        return self.places

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((params.kind, ""),)

    def targets(self, state: State, masks: Masks, src: int) -> int:
        left = piece_supply(state, state.to_move, self.made)
        if left is not None and left <= 0:
            return 0
        if self.blind:  # every cell empty in the mover's view, while any is empty at all
            seen = masks.own | state.vars[self.found[state.to_move]] | state.gaps
            free = state.game.board.all_mask & ~seen if masks.empty else 0
            found = free if not self.near else free & _next_to(self.neighbours, masks.own)
        elif not self.near:
            found = masks.empty & self.entries
        else:
            near = 0
            neighbours = self.neighbours
            for c in iter_bits(masks.own):
                near |= neighbours[c]
            found = near & masks.empty
        if self.zone is not None:
            found &= self.zone[state.to_move]
        if self.flanker is not None:
            found = self.flanker.cells(found, masks.own, masks.enemy)
        if self.ko >= 0 and state.vars[self.ko] >= 0:
            found &= ~(1 << state.vars[self.ko])
        if not self.suicide:
            found = self._breathing(state, masks, found)
        if self.lines and found:
            for c in iter_bits(masks.own & state.kinds[self.made]):
                found &= ~self.lines[c]
        if not self.mates and found:
            found &= ~self._mating(state, found)
        return found

    def _mating(self, state: State, cells: int) -> int:
        """The cells of ``cells`` where the new piece gives checkmate: it attacks an enemy
        royal piece, and that player has no legal action in reply."""
        royal = next((r for r in self.game.restrictions if hasattr(r, "royal_cells")), None)
        if royal is None:
            return 0
        from framework.moves.attacks import attacks_of  # the table is built on first use

        attacks, me = attacks_of(self.game), state.to_move
        others = [side for side in range(len(state.owner)) if side != me]
        trial = state.clone()
        mating = 0
        for cell in iter_bits(cells):
            bit = 1 << cell
            trial.owner[me] |= bit
            trial.kinds[self.made] |= bit
            checks = any(attacks.attacked(trial, r, side) for side in others
                         for r in iter_bits(royal.royal_cells(trial, side)))
            # A placement that leaves the mover's own royal piece attacked is illegal
            # anyway: no need to look further (and no endless look-ahead between players).
            exposed = any(attacks.attacked(trial, r, me)
                          for r in iter_bits(royal.royal_cells(trial, me)))
            trial.owner[me] &= ~bit
            trial.kinds[self.made] &= ~bit
            if checks and not exposed:
                after = state.clone()
                self.apply(after, self.places[cell])
                if not after._someone_else_can_act():
                    mating |= bit
        return mating

    def _breathing(self, state: State, masks: Masks, cells: int) -> int:
        """The cells of ``cells`` where a new piece's group would have a liberty once the
        enemy groups it leaves without one are taken."""
        me = state.to_move
        enemies = [m for side, m in enumerate(state.owner) if side != me]
        return self.links.breathing(cells, masks.own, enemies, masks.empty)

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.places[dst]

    def apply(self, state: State, action: Action) -> None:
        cell = action.at
        if self.blind and state.occupied() >> cell & 1:  # an unseen piece: found, try again
            state.vars[self.found[state.to_move]] |= 1 << cell
            state.vars[self.again] = 1
            return
        if self.fall >= 0:
            blocked, step, fall = state.occupied() | state.gaps, self.step, self.fall
            below = step[cell][fall]
            while below >= 0 and not blocked >> below & 1:  # a gap stops the fall too
                cell, below = below, step[below][fall]
        state.place(cell, state.to_move, self.made)
        take_from_supply(state, state.to_move, self.made)
        self.landed_on(state, cell)

    def describe(self, _: Translate = untranslated) -> str:
        clause = self._clause(_)
        if self.blind:
            clause = _("{clause}, tried blind: you may try any cell that is empty as far "
                       "as you see; if a piece you cannot see holds it, nothing is placed, "
                       "that piece is shown to you, and you try again").format(clause=clause)
        if not self.suicide:
            clause = _("{clause}, but not where its group would be left without a liberty "
                       "(an empty cell next to it) once the enemy groups it leaves without "
                       "one are taken: no suicide").format(clause=clause)
        if self.ko >= 0:
            clause = _("{clause}; not on the cell where a lone piece was just captured by "
                       "a lone piece placed among enemy pieces (ko)").format(clause=clause)
        if self.lines:
            clause = _("{clause}, not on a line (along {direction}) that already holds one "
                       "of your pieces of that kind").format(
                           clause=clause, direction=self.params.once_per_line)
        if not self.mates:
            clause = _("{clause}, and not where it gives checkmate at once (it attacks an "
                       "enemy royal piece whose player then has no legal move)").format(
                           clause=clause)
        if self.params.zone is None:
            return clause
        return _("{clause}, only on {zone}").format(
            clause=clause, zone=zone_words(self.game, self.params.zone, _))

    def _clause(self, _: Translate) -> str:
        if self.fall >= 0:
            return _("a new piece from your supply is dropped into a line that is not full "
                     "(named by its entry cell) and falls {direction} to the farthest empty "
                     "cell").format(direction=motion(self.params.gravity or "", _))
        if self.params.must_flank:
            if self.near:
                return _("a new piece from your supply goes on an empty cell next to one of "
                         "your pieces, where it outflanks at least one line of enemy pieces: "
                         "in some direction, one or more enemy pieces in a row, then one of "
                         "yours")
            return _("a new piece from your supply goes on an empty cell where it outflanks "
                     "at least one line of enemy pieces: in some direction, one or more "
                     "enemy pieces in a row, then one of yours")
        if self.near:
            return _("a new piece from your supply goes on an empty cell next to one of your "
                     "pieces")
        if self.params.piece and self.game.spec.pieces[self.params.piece].hand and \
                len(self.game.spec.pieces) > 1:  # which kind, when the game has several
            return _("a {piece} from your hand goes on any empty cell").format(
                piece=_(self.params.piece))
        return _("a new piece from your supply goes on any empty cell")


def _next_to(neighbours: tuple[int, ...] | list[int], cells: int) -> int:
    """The cells next to any of ``cells``."""
    near = 0
    for c in iter_bits(cells):
        near |= neighbours[c]
    return near


def _blind_issues(params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
    """A blind placement needs a view that hides something, and judges nothing it cannot
    see: the rules that read the enemy pieces around a cell do not go with it."""
    view = ctx.spec.view
    if view is None:
        yield (*loc, "blind"), ("blind: true tries cells as the mover sees them, and the "
                                "game has no view: add view: {hide: [<piece>]}")
    if not isinstance(params.where, str) or params.to_if is not None:
        yield (*loc, "where" if not isinstance(params.where, str) else "to_if"), (
            "a test of the cell does not go with blind: true (it judges a cell by pieces "
            "the mover may not see)")
    for name, default in (("gravity", None), ("must_flank", False), ("suicide", True),
                          ("ko", False), ("mates", True)):
        if getattr(params, name) != default:
            yield (*loc, name), (f"{name} does not go with blind: true (it judges a cell "
                                 "by pieces the mover may not see)")
    if getattr(params, "then", None):
        yield (*loc, "then"), ("then: does not go with blind: true (a try that finds a "
                               "piece places nothing for the consequences to act on)")


def _line_through(board: Any, cell: int, direction: int) -> int:
    """The mask of the cells on the line through ``cell`` along ``direction``, both ways."""
    mask = 1 << cell
    for d in (direction, board.opposite[direction]):
        c = board.step[cell][d]
        while c >= 0:
            mask |= 1 << c
            c = board.step[c][d]
    return mask


def shared_name_part(names: list[str]) -> str:
    """The letters, or else the digits, that every name of ``names`` is written with
    (``d`` of ``d1``..``d6``); empty when they share neither."""
    parts = [re.fullmatch(r"([A-Za-z]+)(\d+)|(\d+)([A-Za-z]+)", n) for n in names]
    if not names or not all(parts):
        return ""
    letters = {m.group(1) or m.group(4) for m in parts if m}
    digits = {m.group(2) or m.group(3) for m in parts if m}
    if len(letters) == 1 and len(names) > 1:
        return letters.pop()
    if len(digits) == 1 and len(names) > 1:
        return digits.pop()
    return ""


def _unnamed_line(graph: Any, gravity: str) -> str:
    """The entry cell of a line along ``gravity`` whose cells share no name part, or ''."""
    real = {n for n in graph.nodes if not graph.nodes[n]["hole"]}
    along: dict[str, str] = {}  # a cell -> the next one along the fall
    for a, b, dirs in graph.edges(data="dirs"):
        if dirs and a in real and b in real:
            if dirs[a] == gravity:
                along[a] = b
            if dirs[b] == gravity:
                along[b] = a
    entries = real - set(along.values())
    for entry in sorted(entries, key=str):
        line: list[str] = []
        cell = entry
        while cell is not None and len(line) <= len(real):
            line.append(str(graph.nodes[cell].get("name", cell)))
            cell = along.get(cell)
        if not shared_name_part(line):
            return line[0]
    return ""


def _has_entry_cell(graph: Any, gravity: str) -> bool:
    """Whether some cell has no cell before it against the fall (where a piece enters)."""
    against = graph.graph["opposite"][gravity]
    real = {n for n in graph.nodes if not graph.nodes[n]["hole"]}
    # ``dirs[end]``: the link's direction seen from that end; against the fall, the other
    # end lies before it.
    preceded = {end for a, b, dirs in graph.edges(data="dirs")
                if dirs and a in real and b in real
                for end in (a, b) if dirs[end] == against}
    return bool(real - preceded)
