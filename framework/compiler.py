"""Spec → ``CompiledGame``: networkx builds and checks the board, then everything is lowered
to int cell ids, neighbour tuples, a distance table and int bitmasks. The engine uses only
these tables; networkx is imported here and nowhere on the hot path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import networkx as nx

from framework.board import build_board
from framework.board.directions import RELATIVE_DIRECTIONS, direction_bearings
from framework.board.symmetry import Search, find_symmetries
from framework.engine.action import Action
from framework.engine.slots import AGAIN, SlotTable
from framework.engine.trail import trail_key_of
from framework.engine.view import View
from framework.errors import BoardspecError, PositionError, SpecError, SpecIssue
from framework.plugins import (
    Condition,
    Goal,
    Phase,
    Restriction,
    Result,
    Setup,
    TurnOrder,
    conditions_of,
    plugins,
)
from framework.restrictions.wrap import restrict
from framework.spec.declared import declared_slots
from framework.spec.models import GameBase
from framework.spec.regions import Regions, compile_regions
from framework.spec.yamlsource import YamlSource, format_path
from framework.spec.zones import compile_zones

if TYPE_CHECKING:
    from framework.codec import ActionCodec
    from framework.observation import Observer


@dataclass(frozen=True, eq=False)
class CompiledBoard:
    """The board as int tables. Cell ids follow rows bottom to top, left to right."""

    names: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    neighbour_masks: tuple[int, ...]
    distance: tuple[tuple[int, ...], ...]  # -1 = unreachable
    pos: tuple[tuple[float, float], ...]
    rows: tuple[tuple[int, ...], ...]  # bottom row first
    shape: str
    all_mask: int
    #: Whether rows have names that the cell names share (a grid's ranks, a hex board's row
    #: letters): a custom board's cells are only named one by one.
    named_rows: bool
    index: dict[str, int] = field(repr=False)
    _folded: dict[str, int] = field(repr=False)
    #: Per cell, its (row, column) on the board's lattice (grids and hex-hex boards; empty
    #: for a custom board, whose rows are only for display). Observation planes use them.
    coords: tuple[tuple[int, int], ...] = ()
    #: The board's named directions (a grid's compass points, a hex board's six; none on a
    #: custom board), and per direction the index of its opposite.
    directions: tuple[str, ...] = ()
    opposite: tuple[int, ...] = ()
    #: ``step[cell][d]``: the cell one step from ``cell`` in direction ``d`` (-1: off the
    #: board or a hole); ``rays[cell][d]``: the mask of every cell reached by repeating that
    #: step (the cell itself excluded).
    step: tuple[tuple[int, ...], ...] = ()
    rays: tuple[tuple[int, ...], ...] = ()
    #: Each direction's bearing in degrees, clockwise from north on the drawing (a grid
    #: also knows the compass points it has no links for): relative directions turn by it.
    bearings: dict[str, float] = field(default_factory=dict, repr=False)
    #: Per face of the board (an ``edges`` board's boxes), the mask of the cells round it.
    faces: tuple[int, ...] = ()
    #: Drawn with row 1 at the top (a grid's ``row_one: top``): diagrams mirror the rows.
    mirrored: bool = False
    #: One colour for every cell in diagrams (a grid's ``colour``); "": the wooden chequer.
    colour: str = ""
    #: Per cell, how actions name it: its number when the file's ``notation.numbers``
    #: numbers the cells (draughts' 1-50), else empty and the names are used.
    numbers: tuple[str, ...] = ()
    #: Tables derived on demand (``ring``), kept with the board so that they go with it
    #: (a module-level cache would keep every board a long ``serve`` ever compiled).
    derived: dict[Any, Any] = field(default_factory=dict, repr=False)

    @property
    def size(self) -> int:
        return len(self.names)

    @property
    def written(self) -> tuple[str, ...]:
        """Per cell, its name in actions' notation (its number, or its name)."""
        return self.numbers or self.names

    def cell(self, name: str) -> int:
        """Cell id of a name (case-insensitive when unambiguous)."""
        found = self.index.get(name)
        if found is None:
            found = self._folded.get(name.lower())
        if found is None:
            raise PositionError(f"{name!r} is not a cell of this board")
        return found

    def direction(self, name: str) -> int:
        """Index of a direction by name."""
        if name not in self.directions:
            raise PositionError(f"{name!r} is not a direction of this board; expected one "
                                f"of: {', '.join(self.directions) or '(none)'}")
        return self.directions.index(name)

    def relative(self, name: str, forward: str) -> int:
        """The direction ``name`` (one of :data:`RELATIVE_DIRECTIONS`) for a player whose
        forward is ``forward``, as an index into ``directions``; -1 when the board has no
        direction that way (diagonals on an orthogonal grid, left on a hex board)."""
        low, high = RELATIVE_DIRECTIONS[name]
        base = self.bearings[forward]
        best, found = 361.0, -1
        for i, d in enumerate(self.directions):
            turn = round((self.bearings[d] - base) % 360, 6)
            inside = low == high == turn or low < turn < high
            # Within a range, the direction nearest the range's first bound.
            if inside and abs(turn - low) < best:
                best, found = abs(turn - low), i
        return found

    def ray_cells(self, cell: int, d: int) -> list[int]:
        """The cells from ``cell`` (excluded) in direction ``d``, nearest first; on a custom
        board whose direction goes round a ring, once round, up to ``cell``."""
        cells = []
        at = self.step[cell][d]
        while at >= 0 and at != cell:
            cells.append(at)
            at = self.step[at][d]
        return cells

    def ring(self, k: int) -> tuple[int, ...]:
        """Per cell, the mask of cells at distance exactly ``k``."""
        key = ("ring", k)
        found = self.derived.get(key)
        if found is None:
            found = self.derived[key] = tuple(sum(1 << j for j, d in enumerate(row) if d == k)
                                              for row in self.distance)
        return found

    def symmetries(self) -> Search:
        """The board's symmetries: every permutation of cells and directions that keeps
        distances and steps (``framework/board/symmetry.py``), the identity first; found
        once and kept with the board."""
        found = self.derived.get("symmetries")
        if found is None:
            found = self.derived["symmetries"] = find_symmetries(
                self.distance, self.neighbours, self.step, self.opposite, self.directions,
                self.bearings)
        return found

    def within(self, k: int) -> tuple[int, ...]:
        """Per cell, the mask of cells at distance 1..k (one pass: k may be large)."""
        return tuple(sum(1 << j for j, d in enumerate(row) if 0 < d <= k)
                     for row in self.distance)


def compile_board(spec: GameBase, src: YamlSource | None = None,
                  graph: nx.Graph | None = None) -> CompiledBoard:
    """Lower the board's graph (``graph``, or built from the file) to int tables."""
    if graph is None:
        graph = build_board(spec.board)
    # Generated boards may be disconnected on purpose (a diagonal grid); a custom board
    # with an island is almost always a missing link.
    if spec.board.type == "custom" and graph.number_of_nodes() > 1 \
            and not nx.is_connected(graph):
        parts = sorted((sorted(c) for c in nx.connected_components(graph)), key=len)
        message = (f"the board is not connected: {', '.join(parts[0][:5])} cannot be "
                   f"reached from {parts[-1][0]}")
        raise SpecError([src.issue(("board",), message)] if src else [])
    real = [n for n in graph.nodes if not graph.nodes[n]["hole"]]
    real.sort(key=lambda n: (graph.nodes[n]["row"], graph.nodes[n]["col"]))
    if spec.board.type == "custom":
        order = list(spec.board.cells)
        real.sort(key=lambda n: (graph.nodes[n]["row"] < 0, graph.nodes[n]["row"],
                                 graph.nodes[n]["col"], order.index(n)))
    ids = {name: i for i, name in enumerate(real)}
    lengths = dict(nx.all_pairs_shortest_path_length(graph))
    distance = tuple(tuple(lengths[a].get(b, -1) for b in real) for a in real)
    neighbours = tuple(tuple(sorted(ids[m] for m in graph.neighbors(n) if m in ids))
                       for n in real)
    rows: dict[int, list[int]] = {}
    for name in real:
        if graph.nodes[name]["row"] >= 0:
            rows.setdefault(graph.nodes[name]["row"], []).append(ids[name])
    directions, opposite, step, rays = _direction_tables(graph, real, ids)
    if spec.notation.numbers and sum(map(len, rows.values())) < len(real):
        message = ("notation.numbers numbers the cells row by row, but some cells of this "
                   "board are in no row (give the custom board its rows)")
        raise SpecError([src.issue(("notation", "numbers"), message)] if src else [])
    folded: dict[str, int] = {}
    for name, i in ids.items():
        folded[name.lower()] = -1 if name.lower() in folded else i
    return CompiledBoard(
        names=tuple(real),
        neighbours=neighbours,
        neighbour_masks=tuple(sum(1 << j for j in ns) for ns in neighbours),
        distance=distance,
        pos=tuple(tuple(graph.nodes[n]["pos"]) for n in real),
        rows=tuple(tuple(rows[r]) for r in sorted(rows)),
        shape=graph.graph["shape"],
        named_rows=spec.board.type not in ("custom", "edges") or (
            spec.board.type == "custom" and spec.board.rows is not None),
        all_mask=(1 << len(real)) - 1,
        index=ids,
        _folded={k: v for k, v in folded.items() if v >= 0},
        coords=() if spec.board.type in ("custom", "edges") else
        tuple((graph.nodes[n]["row"], graph.nodes[n]["col"]) for n in real),
        directions=directions,
        opposite=opposite,
        step=step,
        rays=rays,
        bearings=direction_bearings(graph),
        faces=tuple(sum(1 << ids[n] for n in face if n in ids)
                    for face in graph.graph.get("faces", ())),
        mirrored=getattr(spec.board, "row_one", "bottom") == "top",
        colour=getattr(spec.board, "colour", None) or "",
        numbers=cell_numbers(spec.notation.numbers, [rows[r] for r in sorted(rows)],
                             len(real)),
    )


def cell_numbers(corner: str | None, rows: list[list[int]], size: int) -> tuple[str, ...]:
    """Per cell id, its number counted from ``corner`` (``rows``: the cells' ids row by row,
    the bottom row first, each left to right); empty for no numbering."""
    if corner is None:
        return ()
    top, left = corner.startswith("top"), corner.endswith("left")
    numbered = [c for row in (reversed(rows) if top else rows)
                for c in (row if left else reversed(row))]
    found = [""] * size
    for number, cell in enumerate(numbered, start=1):
        found[cell] = str(number)
    return tuple(found)


def _direction_tables(graph: nx.Graph, real: list[str], ids: dict[str, int]) -> tuple[
        tuple[str, ...], tuple[int, ...], tuple[tuple[int, ...], ...],
        tuple[tuple[int, ...], ...]]:
    """Lower the builder's direction labels (edge attribute ``dirs``: the direction of the
    link as seen from each end) to per-(cell, direction) next-cell and ray tables."""
    directions: tuple[str, ...] = tuple(graph.graph.get("directions", ()))
    if not directions:
        return (), (), (), ()
    opposite = tuple(directions.index(graph.graph["opposite"][d]) for d in directions)
    index = {d: i for i, d in enumerate(directions)}
    step = [[-1] * len(directions) for _ in real]
    for a, b, dirs in graph.edges(data="dirs"):
        if dirs and a in ids and b in ids:  # a hole interrupts every line through it
            step[ids[a]][index[dirs[a]]] = ids[b]
            step[ids[b]][index[dirs[b]]] = ids[a]
    rays = []
    for cell in range(len(real)):
        per_direction = []
        for d in range(len(directions)):
            mask, at = 0, step[cell][d]
            while at >= 0 and at != cell:  # on a ring: once round, up to the start
                mask |= 1 << at
                at = step[at][d]
            per_direction.append(mask)
        rays.append(tuple(per_direction))
    return directions, opposite, tuple(map(tuple, step)), tuple(rays)


@dataclass(frozen=True, eq=False)
class TurnPhase:
    """One phase of the turn, normalised once when the game is compiled: the block the
    file wrote (its unit's class, as it made it), and the phase the engine plays — the same
    block, or the block with the game's restrictions applied (``framework/restrictions/
    wrap.py``). Readers that ask what a phase *is* (its options, its kind) read ``block``;
    the turn flow calls ``played``."""

    index: int
    name: str
    decides: bool
    block: Phase
    played: Phase

    @property
    def restricted(self) -> bool:
        """Whether a restriction filters this phase's actions."""
        return self.played is not self.block


class CompiledGame:
    """A game ready to play: spec, board tables and instantiated plugins."""

    def __init__(self, spec: GameBase, src: YamlSource | None = None) -> None:
        self.spec = spec
        self.file = src.file if src else "<spec>"
        # The parsed game file: what a pickled game is rebuilt from (framework.pickling).
        self.source: Any = src.data if src else None
        #: The values of the game's parameters (``parameters:`` in the file), by name.
        self.parameters: dict[str, Any] = dict(src.parameters or {}) if src else {}
        self.name = spec.name
        #: Tables that blocks derive from the game on demand (``engine.supply.limits``),
        #: freed with the game.
        self.derived: dict[Any, Any] = {}
        self.players: tuple[str, ...] = tuple(str(p) for p in spec.players)
        graph = build_board(spec.board)  # once: the zones read it too
        self.board = compile_board(spec, src, graph)
        #: Per player, the direction that is forward for it (None: not declared).
        self.forward: tuple[str | None, ...] = tuple(getattr(p, "forward", None)
                                                     for p in spec.players)
        #: Each zone as one cell mask per player.
        self.zones: dict[str, tuple[int, ...]] = compile_zones(
            spec, graph, self.board.index) if spec.zones else {}
        #: Each family of regions (``regions:``) as masks of cell ids.
        self.regions: dict[str, Regions] = compile_regions(spec, self.board) \
            if spec.regions else {}
        self.piece_kinds: tuple[str, ...] = tuple(spec.pieces)
        attributes: list[str] = []
        for piece in spec.pieces.values():
            attributes += [a for a in piece.attributes if a not in attributes]
        self.attributes: tuple[str, ...] = tuple(attributes)
        self.counters: tuple[str, ...] = tuple(spec.counters)
        self.slots = slot_table_of(spec, src)
        #: The index of the ``again`` slot (-1: no block of the game declares it).
        self.again_slot = self.slots.index.get(AGAIN.name, -1)
        order: Any = plugins("turn_orders")[spec.turn_order]
        self.turn_order: TurnOrder = order(order.Params(type=spec.turn_order), self)
        self.setups: list[Setup] = [_make(plugins("setups"), p, self, src, ("setup", i))
                                    for i, p in enumerate(spec.setup)]
        self.phases: list[Phase] = [_make(plugins("phases"), p, self, src, ("turn", i))
                                    for i, p in enumerate(spec.turn)]
        for i, block in enumerate([*self.setups]):
            block.index = i
        for i, phase in enumerate(self.phases):
            phase.index = i
        self.restrictions: list[Restriction] = [
            _make(plugins("restrictions"), p, self, src, ("restrictions", i))
            for i, p in enumerate(spec.restrictions)]
        played = restrict(self.phases, self.restrictions) if self.restrictions \
            else self.phases
        #: The turn's phases as records (``TurnPhase``): each block beside what is played.
        self.turn_phases: tuple[TurnPhase, ...] = tuple(
            TurnPhase(i, block.name, block.decides, block, phase)
            for i, (block, phase) in enumerate(zip(self.phases, played, strict=True)))
        #: What the engine plays, phase by phase (``turn_phases[i].played``).
        self.phases = list(played)
        #: The phases that write something down when play begins (``Phase.begin``).
        self.beginning = [t.block for t in self.turn_phases
                          if type(t.block).begin is not Phase.begin]
        self.goals: list[Goal] = [_make(plugins("goals"), p, self, src, ("goals", i))
                                  for i, p in enumerate(spec.goals)]
        #: The key of a position in the trail, when a goal reads the history (else None).
        self.trail_key = trail_key_of(self)
        #: Whether every goal that reads the trail reads it only since the clock's reset.
        self.trail_since_reset = all(getattr(g, "trail_since_reset", False)
                                     for g in self.goals if getattr(g, "keeps_trail", False))
        #: What each player sees (``view:``); None: perfect information.
        self.view: View | None = View(self) if spec.view is not None else None
        self.result: Result | None = (
            _make(plugins("results"), spec.result, self, src, ("result",))
            if spec.result else None)
        #: What a win is worth: (value, the conditions read for the loser), first first; a
        #: value None is the difference of the result rule's scores (``difference``).
        self.margins: tuple[tuple[float | None, tuple[Condition, ...]], ...] = tuple(
            (level.value, conditions_of(level, self)) for level in spec.margins)
        names = [p.name for p in self.phases]
        self.goal_check_phases = frozenset(names.index(n) for n in spec.goal_checks)
        first = next((p for p in self.phases if p.decides), self.phases[0])
        self.pass_action = Action(first.name, "pass", notation=spec.notation.pass_)
        if spec.notation.words:  # checked against the words the compiled blocks write
            from framework.notation_words import check_words

            check_words(self, src)
        if spec.notation.san is not None:  # letters, cells and the pawn the file names
            from framework.san import san_issues

            found = [src.issue(loc, message) if src else SpecIssue("<spec>", 0, 0, "", message)
                     for loc, message in san_issues(self)]
            if found:
                raise SpecError(found)
        if spec.terms or spec.prose:  # a term names one of the game's identifiers
            from framework.spec.terms import check_terms

            check_terms(self, src)

    def __reduce__(self) -> tuple[Any, ...]:
        from framework.pickling import reduce_game

        return reduce_game(self)

    def max_win_value(self) -> float:
        """The most a win may be worth (``margins``): 1 without them; a level of
        ``difference`` at most the widest difference of the result rule's scores."""
        worth = [1.0]
        if self.spec.returns is not None:
            declared = self.spec.returns
            worth += [abs(declared.win), abs(declared.loss), abs(declared.draw)]
        for value, _ in self.margins:
            if value is not None:
                worth.append(value)
            elif self.result is not None:
                worth.append(self.result.score_bound())
        return max(worth)

    @cached_property
    def codec(self) -> ActionCodec:
        """The game's action codec: a fixed integer for every possible action."""
        from framework.codec import ActionCodec

        return ActionCodec(self)

    @cached_property
    def observer(self) -> Observer:
        """The game's observation planes (a fixed-shape tensor per state)."""
        from framework.observation import Observer

        return Observer(self)

    def __repr__(self) -> str:
        return f"<CompiledGame {self.name!r} from {self.file}>"

    def zone_mask(self, name: str, player: int) -> int:
        """The cells of zone ``name`` for ``player``."""
        return self.zones[name][player]

    def board_direction(self, name: str, player: int) -> int:
        """A direction's index for ``player``: an absolute direction of the board, or one
        named relative to the player's forward (see :data:`RELATIVE_DIRECTIONS`); -1 when
        the board has no direction that way. Validation has checked the name."""
        board = self.board
        if name in board.directions:
            return board.directions.index(name)
        forward = self.forward[player]
        if name not in RELATIVE_DIRECTIONS or forward is None:
            raise PositionError(f"{name!r} is not a direction for {self.players[player]}; "
                                f"expected one of: {', '.join(board.directions)}")
        return board.relative(name, forward)

    def phase_index(self, name: str) -> int:
        for phase in self.phases:
            if phase.name == name:
                return phase.index
        raise PositionError(f"{name!r} is not a phase of {self.name}; expected one of: "
                            f"{', '.join(p.name for p in self.phases)}")


def slot_table_of(spec: GameBase, src: YamlSource | None = None) -> SlotTable:
    """Every slot the game's blocks declare, each once."""
    declared = declared_slots(spec)
    try:
        return SlotTable(declared)
    except ValueError as exc:
        raise SpecError([src.issue((), str(exc)) if src
                         else SpecIssue("<spec>", 0, 0, "", str(exc))]) from None


def _make(registry: dict[str, Any], params: Any, game: CompiledGame,
          src: YamlSource | None, loc: tuple[str | int, ...]) -> Any:
    """The block of ``params``; what its building refuses is a spec error at its place in
    the file (a block may find out only from the compiled board that it cannot work)."""
    try:
        block = registry[params.type](params, game)
    except SpecError:
        raise
    except (BoardspecError, ValueError, KeyError) as exc:
        message = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
        issue = src.issue(loc, message) if src else \
            SpecIssue(game.file, 0, 0, format_path(loc), message)
        raise SpecError([issue]) from exc
    hidden = _hidden_methods(block)
    if hidden:
        cls = type(block)
        raise BoardspecError(
            f"the {params.type!r} block ({cls.__module__}.{cls.__qualname__}) sets an "
            f"attribute {hidden[0]!r} that hides the engine's method of that name (the "
            f"engine calls {hidden[0]}(...) on every block of its kind): rename the attribute")
    return block


def _hidden_methods(block: Any) -> list[str]:
    """The methods of the block's plugin base classes its own attributes hide with a value
    that is no function (a phase's ``self.count = 3`` made ``phase.count(state)`` a
    TypeError in the middle of play; a method bound per instance is an override)."""
    own = getattr(block, "__dict__", {})
    bases = [k for k in type(block).__mro__ if k.__module__ == "framework.plugins"]
    return sorted(name for name, value in own.items() if not callable(value)
                  for k in bases if callable(vars(k).get(name)))
