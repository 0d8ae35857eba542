"""Checks of meaning that a schema cannot express: names that must refer to something.

Each check yields ``(location, message)``; the loader turns locations into file lines. The
generic checks cover the parameter names every plugin shares (``piece``, ``attribute``,
``counter``, ``player``, ``cells``); a plugin adds its own with ``check_spec``.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from framework.board import build_board
from framework.board.directions import RELATIVE_DIRECTIONS, direction_bearings
from framework.board.holes import HoleRule, holds_at, hole_names
from framework.engine.slots import LANDED
from framework.expressions import ExpressionError
from framework.plugins import Phase, plugins
from framework.spec.declared import declared_slots
from framework.spec.piece_moves import check_piece_moves
from framework.spec.regions import region_issues
from framework.spec.view import view_issues
from framework.spec.yamlsource import Loc
from framework.spec.zones import zone_issues


@dataclass(frozen=True)
class SpecContext:
    """What a plugin's own checks may look up."""

    spec: Any
    cells: frozenset[str]
    players: tuple[str, ...]
    pieces: tuple[str, ...]
    attributes: frozenset[str]
    counters: tuple[str, ...]
    phases: tuple[str, ...]
    #: The zones the file declares.
    zones: tuple[str, ...] = ()
    #: The direction names a block may use: the board's, and the relative ones (forward,
    #: forward_left, …) when every player declares its forward.
    directions: tuple[str, ...] = ()
    #: The board's graph, built once for every block's checks (``networkx.Graph``).
    graph: Any = None

    @property
    def holes(self) -> frozenset[str]:
        """The names of the board's holes (listed, or given by a rule)."""
        return frozenset(n for n in self.graph.nodes if self.graph.nodes[n].get("hole")) \
            if self.graph is not None else frozenset(hole_names(self.spec.board))
    #: True while checking a consequence under a move option's ``then:`` (the option
    #: lands the piece it acts around), False for a block of the turn.
    in_option: bool = False
    #: Under a ``then:``, whether the option's actions land a piece (a rotation lands
    #: none: a consequence that acts around a landed piece cannot follow it).
    option_lands: bool = True
    #: Under a ``then:``, the option's keyword (for the messages).
    option_type: str = ""

    def unknown(self, what: str, value: str, known: tuple[str, ...] | frozenset[str]) -> str:
        return ctx_unknown(what, value, tuple(known))

    @property
    def board_directions(self) -> tuple[str, ...]:
        """The board's own direction names (``n``, ``ne``, …; none on a custom board that
        names none), without the ones named from a player's forward."""
        return tuple(self.graph.graph.get("directions", ())) if self.graph is not None \
            else ()

    def check_directions(self, names: Sequence[str], loc: Loc, *,
                         board_only: bool = False) -> Iterator[tuple[Loc, str]]:
        """An issue at ``(*loc, i)`` for each of ``names`` that is no direction a block may
        use: the board's, or (unless ``board_only``) one named from the player's forward
        (``forward_left``) when every player declares its forward."""
        known = self.board_directions if board_only else self.directions
        for i, name in enumerate(names):
            if name not in known:
                yield (*loc, i), self.unknown("direction", name, known)

    def check_restricted_phases(self, rule: str, names: Sequence[str] | None, loc: Loc
                                ) -> Iterator[tuple[Loc, str]]:
        """The issues of a restriction's ``phases`` (at ``(*loc, "phases", i)``): each must
        be a phase of the turn, and one a player decides — chance picks a roll's outcome,
        so a rule that filters a player's choices cannot act there."""
        registry = plugins("phases")
        for i, name in enumerate(names or ()):
            params = next((p for p in self.spec.turn if p.name == name), None)
            if params is None:
                yield (*loc, "phases", i), self.unknown("phase", name, self.phases)
                continue
            block = registry.get(params.type)
            if block is not None and getattr(block, "chance", False):
                yield (*loc, "phases", i), (
                    f"{name!r} is a chance phase: chance picks its outcome, no player "
                    f"chooses there, so {rule!r} cannot act on it (without phases: it "
                    "applies to every phase a player decides)")

    @property
    def written_counters(self) -> frozenset[str]:
        """The counters a rule of play may change: those a setup, a phase, a move option,
        a consequence or a piece names (a race's ``bar``, a sowing's store, a capture's
        counter), outside the ``if:`` of each, which only reads."""
        named: set[str] = set()

        def walk(value: Any) -> None:
            if isinstance(value, str):
                named.add(value)
            elif isinstance(value, dict):
                for key, inner in value.items():
                    if key != "if":
                        walk(inner)
            elif isinstance(value, list | tuple):
                for inner in value:
                    walk(inner)
        for block in (*self.spec.setup, *self.spec.turn, *self.spec.pieces.values()):
            walk(block.model_dump(by_alias=True))
        return frozenset(named) & frozenset(self.counters)

    def lands_before(self, phase: str) -> bool:
        """Whether a phase of the turn before the one named ``phase`` lands a piece (its
        class says so with ``lands_piece``): the ``landed`` slot is then set by the time
        ``phase`` runs; under a move option's ``then:`` the option lands it."""
        if self.in_option:
            return self.option_lands
        turn = self.spec.turn
        index = next(i for i, p in enumerate(turn) if p.name == phase)
        registry = plugins("phases")
        for params in turn[:index]:
            block = registry.get(params.type)
            if block is not None and issubclass(block, Phase) and block.lands_piece(params):
                return True
        return False

    def check_landing_before(self, loc: Loc, phase: str, does: str, hint: str = ""
                             ) -> Iterator[tuple[Loc, str]]:
        """The issue of a consequence that acts on the cell the last action landed a piece
        on (``does``: "converts around the cell …") with no phase before it that lands one."""
        if self.in_option and not self.lands_before(phase):
            yield loc, (f"the consequence {phase!r} {does}, but a {self.option_type!r} lands "
                        "no piece: it cannot follow one (a consequence that lands on no "
                        "cell, such as again, may)")
        elif not self.lands_before(phase):
            yield loc, (f"phase {phase!r} {does}, but no phase before it in the turn lands "
                        f"one{f' ({hint})' if hint else ''}")


def ctx_unknown(what: str, value: str, known: tuple[str, ...]) -> str:
    # A declared name with an invisible or control character (refused on its own line) is
    # shown escaped: a right-to-left override would turn the rest of the message around.
    shown = ", ".join(repr(n)[1:-1] if _name_problem(n) else n for n in sorted(known)) \
        if known else "none are declared"
    return f"unknown {what} {value!r}; expected one of: {shown}"


def board_cells(spec: Any) -> frozenset[str]:
    graph = spec.board.build()
    return frozenset(graph.nodes)


def direction_names(spec: Any, graph: Any) -> tuple[str, ...]:
    """The board's directions, then the relative ones if every player has a forward."""
    own = tuple(graph.graph.get("directions", ()))
    if all(getattr(p, "forward", None) for p in spec.players):
        return own + tuple(RELATIVE_DIRECTIONS)
    return own


def _stacks(spec: Any) -> Iterator[tuple[Loc, str]]:
    """What a game of stacks cannot have: values that belong to one piece of a cell
    (attributes, piles), a FEN (one symbol a cell), hidden information."""
    for name, piece in spec.pieces.items():
        if piece.attributes or piece.piles is not None:
            yield ("pieces", name), (f"{name} has {'attributes' if piece.attributes else 'piles'}"
                                     ": not supported in a game of stacks (stacks:), where a "
                                     "cell holds several pieces")
        if piece.supply is not None:
            yield ("pieces", name, "supply"), (
                f"a supply of {name} is counted from the tops of the cells only: not "
                "supported in a game of stacks (stacks:) yet, where pieces lie beneath them")
    if spec.notation.fen:
        yield ("notation", "fen"), ("a FEN writes one piece a cell: not supported in a game "
                                    "of stacks (stacks:); positions are written as JSON")
    if spec.view is not None:
        yield ("view",), "hidden information is not supported in a game of stacks (stacks:)"
    # Blocks that set a cell's bits themselves, not through the state's moves and removals,
    # would leave a stack's pieces beneath behind.
    unstacked = {"clone_or_jump": "its jump moves a cell's bits itself",
                 "swap": "it rebuilds the piece on its mirror cell"}
    for i, phase in enumerate(spec.turn):
        if phase.type in unstacked:
            yield ("turn", i), (f"{phase.type} is not supported in a game of stacks "
                                f"(stacks:): {unstacked[phase.type]}")
        for j, option in enumerate(getattr(phase, "options", None) or ()):
            kind = getattr(option, "type", "")
            if kind in unstacked:
                yield ("turn", i, "options", j), (
                    f"{kind} is not supported in a game of stacks (stacks:): "
                    f"{unstacked[kind]}")

def _tracks(spec: Any, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
    """Each named track: a player's list of distinct cells of the board, two at least."""
    for name, tracks in spec.tracks.items():
        for player, track in tracks.items():
            where: Loc = ("tracks", name, player)
            if player not in ctx.players:
                yield where, ctx.unknown("player", player, ctx.players)
            for i, cell in enumerate(track):
                if cell not in ctx.cells:
                    yield (*where, i), ctx.unknown("cell", cell, ctx.cells)
            if len(set(track)) != len(track):
                yield where, "a track passes each cell once"
            if len(track) < 2:
                yield where, "a track has two cells at least"


def semantic_issues(spec: Any) -> Iterator[tuple[Loc, str]]:
    graph = build_board(spec.board)
    cells = frozenset(graph.nodes)
    attributes = frozenset(a for p in spec.pieces.values() for a in p.attributes)
    ctx = SpecContext(spec, cells, tuple(spec.players), tuple(spec.pieces), attributes,
                      tuple(spec.counters), tuple(p.name for p in spec.turn),
                      zones=tuple(spec.zones), directions=direction_names(spec, graph),
                      graph=graph)
    yield from _forward(spec, graph)
    yield from zone_issues(spec, graph)
    yield from _tracks(spec, ctx)
    yield from region_issues(spec, graph)
    yield from view_issues(spec)
    yield from _duplicates(("players",), spec.players, "player")
    yield from _names(spec)
    yield from _duplicates(("counters",), spec.counters, "counter")
    yield from check_piece_moves(spec)
    yield from _duplicates(("turn",), [p.name for p in spec.turn], "phase name", by_index=True)
    yield from _board(spec, cells)
    phases = plugins("phases")
    if spec.turn and not any(getattr(phases[p.type], "decides", True) for p in spec.turn
                             if p.type in phases):
        yield ("turn",), ("every phase of the turn is automatic, so no player ever acts and "
                          "turns would follow each other forever; at least one phase must "
                          "let the player choose (e.g. clone_or_jump, walk, build)")
    for name, piece in spec.pieces.items():
        yield from _on_board(name, piece)
        for player in piece.symbols:
            if player not in spec.players:
                yield ("pieces", name, "symbols", player), ctx.unknown("player", player,
                                                                         ctx.players)
        for player in piece.glyphs:
            if player not in spec.players:
                yield ("pieces", name, "glyphs", player), ctx.unknown("player", player,
                                                                        ctx.players)
        for zone in piece.piles or {}:
            if zone not in ctx.zones:
                yield ("pieces", name, "piles", zone), ctx.unknown("zone", zone, ctx.zones)
        if piece.captured_as is not None:
            taken = spec.pieces.get(piece.captured_as)
            if taken is None:
                yield ("pieces", name, "captured_as"), ctx.unknown("piece", piece.captured_as,
                                                                   ctx.pieces)
            elif not taken.hand:
                yield ("pieces", name, "captured_as"), (
                    f"a captured {name} goes into the captor's hand as a "
                    f"{piece.captured_as}, which is not kept in hand: give "
                    f"{piece.captured_as} hand: true (and a supply)")
        if not piece.disc and not piece.glyphs and not piece.glyph:
            yield ("pieces", name, "disc"), ("disc: false draws the piece by its glyph "
                                             "alone, and it has none: give it 'glyph' or "
                                             "'glyphs'")
    if spec.stacks is not None:
        yield from _stacks(spec)
    for player in spec.notation.fen.sides if spec.notation.fen else {}:
        if player not in spec.players:
            yield ("notation", "fen", "sides", player), ctx.unknown("player", player,
                                                                      ctx.players)
    if spec.notation.fen:
        yield from _fen(spec)
    for i, name in enumerate(spec.goal_checks):
        if name not in ctx.phases:
            yield ("goal_checks", i), ctx.unknown("phase", name, ctx.phases)
    kinds = (plugins("setups"), plugins("phases"), plugins("goals"), plugins("invariants"),
             plugins("restrictions"))
    keys = ("setup", "turn", "goals", "invariants", "restrictions")
    for key, registry in zip(keys, kinds, strict=True):
        for i, block in enumerate(getattr(spec, key)):
            yield from _plugin(registry[block.type], block, (key, i), ctx)
    if spec.result is not None:
        yield from _plugin(plugins("results")[spec.result.type], spec.result, ("result",), ctx)
    if spec.returns is not None and spec.margins:
        yield ("returns",), ("give margins (what a win against the one loser is worth) or "
                             "returns (every winner's and every loser's value), not both")
    if spec.returns is not None and spec.returns.win <= spec.returns.loss:
        yield ("returns", "win"), (f"a win ({spec.returns.win}) must be worth more than a "
                                   f"loss ({spec.returns.loss})")
    for i, level in enumerate(spec.margins):
        if len(ctx.players) != 2:
            yield ("margins", i), (f"margins score a win against the one loser: they need "
                                   f"two players, not {len(ctx.players)}")
        if level.difference is not None:
            rule = plugins("results").get(spec.result.type) if spec.result else None
            if rule is None or not rule.scored:
                scored = sorted(k for k, r in plugins("results").items() if r.scored)
                yield ("margins", i, "difference"), (
                    "difference: result is the difference of the result rule's scores: "
                    f"the game needs a result rule that scores the sides ({', '.join(scored)})"
                    + (f", not {spec.result.type!r}" if spec.result else ", and has none"))
        conditions = plugins("conditions")
        for j, condition in enumerate(level.if_):
            yield from block_issues(conditions[condition.type], condition,
                                    ("margins", i, "if", j), ctx)
    for i, term in enumerate(spec.evaluation.terms if spec.evaluation else []):
        yield from _references(term, ("evaluation", "terms", i), ctx)
        if term.distance is not None:
            yield from _distance_term(term.distance, ("evaluation", "terms", i, "distance"),
                                      ctx)


def _distance_term(name: str, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
    """An evaluation's ``distance`` names a phase whose unit measures what is left to go."""
    if name not in ctx.phases:
        yield loc, ctx.unknown("phase", name, ctx.phases)
        return
    block = next(p for p in ctx.spec.turn if p.name == name)
    unit = plugins("phases").get(block.type)
    if unit is not None and not getattr(unit, "measures_distance", False):
        measuring = sorted(k for k, cls in plugins("phases").items()
                           if getattr(cls, "measures_distance", False))
        yield loc, (f"the phase {name!r} ({block.type}) has no distance to measure; a "
                    f"distance term names a phase of type {', '.join(measuring)}")


def _on_board(name: str, piece: Any) -> Iterator[tuple[Loc, str]]:
    """A kind's bounds on the board must leave some count possible."""
    bounds = piece.on_board
    if bounds is None:
        return
    if bounds.max is not None and bounds.min > bounds.max:
        yield ("pieces", name, "on_board"), (f"min {bounds.min} is more than max "
                                             f"{bounds.max}: no position could have it")
    elif piece.supply is not None and bounds.min > piece.supply:
        yield ("pieces", name, "on_board", "min"), (
            f"min {bounds.min} is more than the supply of {piece.supply} per player")


def _forward(spec: Any, graph: Any) -> Iterator[tuple[Loc, str]]:
    """A forward must be a direction the board can turn from."""
    bearings = direction_bearings(graph)
    declared = [getattr(p, "forward", None) for p in spec.players]
    for i, forward in enumerate(declared):
        if forward is not None and forward not in bearings:
            yield ("players", i, "forward"), (
                f"unknown direction {forward!r}; expected one of: "
                f"{', '.join(bearings) or 'none (this board names no directions)'}")
    if any(declared) and not all(declared):
        missing = [str(p) for p, f in zip(spec.players, declared, strict=True) if not f]
        yield ("players",), (f"every player needs a forward once one has it (so that "
                             f"forward moves mean something for each): missing for "
                             f"{', '.join(missing)}")


def _duplicates(loc: Loc, names: list[str], what: str, *, by_index: bool = False
                ) -> Iterator[tuple[Loc, str]]:
    counts = Counter(names)
    for i, name in enumerate(names):
        if counts[name] > 1 and names.index(name) != i:
            where = (*loc, i, "name") if by_index else (*loc, i)
            yield where, f"the {what} {name!r} is used twice; each must be unique"


def _fen(spec: Any) -> Iterator[tuple[Loc, str]]:
    """A position string must tell every piece and every side to move apart (more than two
    players make clashes likely), and keep the round when the turn order reads it."""
    seen: dict[str, str] = {}
    gap = spec.notation.fen.gap
    for kind, piece in spec.pieces.items():
        for player, symbol in piece.symbols.items():
            if symbol.isdigit() or symbol in ("/", gap) or len(symbol) != 1:
                yield ("pieces", kind, "symbols", player), (
                    f"{symbol!r} cannot be a piece symbol in a position string: it must be "
                    f"one character, not a digit (a run of empty cells), '/' or the gap "
                    f"{gap!r}")
            elif symbol in seen:
                yield ("pieces", kind, "symbols", player), (
                    f"the symbol {symbol!r} is used for {seen[symbol]} and for {player}'s "
                    f"{kind}: a position string could not tell them apart")
            seen.setdefault(symbol, f"{player}'s {kind}")
    fen = spec.notation.fen
    sides: dict[str, str] = {}
    for player in spec.players:
        symbol = fen.sides.get(player) or next(
            (p.symbols[player] for p in spec.pieces.values() if player in p.symbols),
            player[0])
        if symbol in sides:
            yield ("notation", "fen", "sides"), (
                f"{sides[symbol]} and {player} would both be written {symbol!r} as the side "
                "to move; give each player its own symbol under notation.fen.sides")
        sides.setdefault(symbol, player)
    if fen.fields:
        known = tuple(dict.fromkeys(
            s.name for _, s in declared_slots(spec) if s.written and s.scope != "turn"))
        for i, name in enumerate(fen.fields):
            if name not in known:
                yield ("notation", "fen", "fields", i), ctx_unknown("state slot", name, known)
    order = plugins("turn_orders").get(spec.turn_order)
    if order is not None and getattr(order, "round_matters", False) and not fen.clocks:
        yield ("notation", "fen", "clocks"), (
            f"turn_order {spec.turn_order!r} depends on the round, which a position string "
            "only keeps in its full-move number: set clocks: true")


def _board(spec: Any, cells: frozenset[str]) -> Iterator[tuple[Loc, str]]:
    board = spec.board
    seen_holes: set[str] = set()
    graph = board.build()
    for i, hole in enumerate(board.holes):
        if isinstance(hole, HoleRule):
            try:
                found = {n for n in graph.nodes if holds_at(
                    hole, graph.nodes[n]["row"] + 1, graph.nodes[n]["col"] + 1)}
            except ExpressionError as exc:
                yield ("board", "holes", i, "where"), str(exc)
                continue
            if not found:
                yield ("board", "holes", i, "where"), (
                    f"the rule {hole.where!r} makes no cell a hole: row and column count "
                    "from 1, as the board numbers them")
            seen_holes |= found
        elif hole not in cells:
            yield ("board", "holes", i), f"the hole {hole!r} is not a cell of the board"
        elif hole in seen_holes:
            yield ("board", "holes", i), f"the hole {hole!r} is listed twice"
        seen_holes.add(hole)
    if cells and cells <= seen_holes:
        yield ("board", "holes"), "the holes cover the whole board: at least one cell must " \
                                  "stay playable"
    if board.type == "custom":
        yield from _custom_board(board)


#: Results a record writes in its Result header besides players' names.
RESULT_WORDS = ("draw", "unfinished", "none")
#: Letters of other scripts drawn exactly like Latin ones (a name mixing them with Latin, or
#: two names differing only by them, would be two names that read alike).
_LOOK_ALIKE = str.maketrans("аеорсухіјѕԁԛԝАВЕКМНОРСТХІЈЅαοτνΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
                            "aeopcyxijsdqwABEKMHOPCTXIJSaotvABEZHIKMNOPTYX")


def _script(char: str) -> str:
    """The script of a letter, by its Unicode name (LATIN, CYRILLIC, GREEK, ...)."""
    return unicodedata.name(char, "?").split(" ")[0] if char.isalpha() else ""


def _name_problem(name: str) -> str | None:
    """What makes a name or symbol unfit to be shown and typed: invisible or control
    characters (zero-width, right-to-left overrides), or letters of several scripts."""
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cf", "Co", "Cn", "Zl", "Zp"):
            return (f"{name!r} holds the invisible or control character "
                    f"U+{ord(char):04X}; names and symbols are written with visible "
                    "characters only")
    scripts = {_script(c) for c in name} - {""}
    if len(scripts) > 1:
        return (f"{name!r} mixes letters of several scripts ({', '.join(sorted(scripts))}): "
                "it would read like another name; write it in one script")
    return None


def _names(spec: Any) -> Iterator[tuple[Loc, str]]:
    """Names people read and records write: players, pieces, counters and symbols."""
    named: list[tuple[Loc, str]] = [(("players", i), str(p)) for i, p in
                                    enumerate(spec.players)]
    named += [(("pieces", kind), kind) for kind in spec.pieces]
    named += [(("counters", i), c) for i, c in enumerate(spec.counters)]
    symbols = [(("pieces", kind, "symbols", player), symbol)
               for kind, piece in spec.pieces.items()
               for player, symbol in piece.symbols.items()]
    for loc, name in named + symbols:
        problem = _name_problem(name)
        if problem:
            yield loc, problem
    for i, player in enumerate(spec.players):
        if str(player).lower() in RESULT_WORDS:
            yield ("players", i), (f"a player may not be called {str(player)!r}: a "
                                   f"record's Result header writes {', '.join(RESULT_WORDS)} "
                                   "for the games no one won, so it would be ambiguous")
    for group, what in ((named[:len(spec.players)], "player names"), (symbols, "symbols")):
        seen: dict[str, str] = {}
        for loc, name in group:
            skeleton = name.translate(_LOOK_ALIKE)  # symbols: K and k are two
            skeleton = skeleton.casefold() if what == "player names" else skeleton
            if skeleton in seen and seen[skeleton] != name:
                yield loc, (f"{name!r} and {seen[skeleton]!r} look alike; {what} must be "
                            "told apart at a glance")
            seen.setdefault(skeleton, name)


def _custom_board(board: Any) -> Iterator[tuple[Loc, str]]:
    """Links and rows that would draw a wrong board, and names that notation cannot
    tell apart."""
    at: dict[tuple[float, ...], str] = {}
    for name, position in board.cells.items():
        key = tuple(position)
        if key in at:
            yield ("board", "cells", name), (f"the cells {at[key]!r} and {name!r} are both "
                                             f"at [{', '.join(f'{v:g}' for v in position)}]: "
                                             "they would be drawn on "
                                             "top of each other")
        at.setdefault(key, name)
    seen_links: dict[frozenset[str], str] = {}
    for i, link in enumerate(board.links):
        ends = link.split("-")
        for end in ends:
            if end not in board.cells:
                yield ("board", "links", i), (f"the link {link!r} names {end!r}, "
                                              "which is not one of the board's cells")
        pair = frozenset(ends)
        if len(pair) == 1:
            yield ("board", "links", i), f"the link {link!r} joins a cell to itself"
        elif pair in seen_links:
            yield ("board", "links", i), (f"the link {link!r} repeats "
                                          f"{seen_links[pair]!r}")
        seen_links.setdefault(pair, link)
    yield from _custom_directions(board)
    placed: set[str] = set()
    for r, row in enumerate(board.rows or []):
        for c, name in enumerate(row):
            if name not in board.cells:
                yield ("board", "rows", r, c), f"{name!r} is not one of the board's cells"
            elif name in placed:
                yield ("board", "rows", r, c), f"{name!r} is listed in the rows twice"
            placed.add(name)
    clash = ambiguous_names(list(board.cells))
    if clash:
        yield ("board", "cells"), (f"cell names that notation cannot tell apart: {clash}; "
                                   "rename cells so that no name, or two names written "
                                   "together, reads as other names (e.g. end every name "
                                   "with a digit and start it with a letter)")


def _custom_directions(board: Any) -> Iterator[tuple[Loc, str]]:
    """Direction labels must name declared directions on listed links, and leave a cell at
    most one neighbour in each direction."""
    opposite = board.opposites()
    for a, b in board.directions.items():
        if opposite[a] != b or opposite[b] != a or a == b:
            yield ("board", "directions", a), (f"the direction {a!r} cannot have {b!r} as "
                                               "its opposite: each direction has one "
                                               "opposite, another direction")
    links = {frozenset(link.split("-")) for link in board.links}
    taken: dict[tuple[str, str], str] = {}
    for link, direction in board.link_directions.items():
        ends = link.split("-")
        if len(ends) != 2 or frozenset(ends) not in links:
            yield ("board", "link_directions", link), (f"{link!r} is not one of the "
                                                       "board's links")
            continue
        if direction not in opposite:
            shown = ", ".join(opposite) or "none are declared in directions"
            yield ("board", "link_directions", link), (f"unknown direction {direction!r}; "
                                                       f"expected one of: {shown}")
            continue
        for cell, way in ((ends[0], direction), (ends[1], opposite[direction])):
            if (cell, way) in taken:
                yield ("board", "link_directions", link), (
                    f"{cell!r} already has a neighbour in direction {way!r} (by "
                    f"{taken[cell, way]!r})")
            taken[cell, way] = link


def ambiguous_names(names: list[str]) -> str | None:
    """How two actions would be written alike, or None when notation is unambiguous.

    Actions write a cell's name, or two names joined (a jump ``a1c3``), and are read back
    case-insensitively; so no two names may be equal ignoring case, no name may be two
    names joined, and no two different pairs may join to the same text. A name that is a
    prefix of another (``a`` of ``ab``) leaves a suffix (``b``): each such suffix is
    checked, which covers every clash without listing all pairs.
    """
    folded: dict[str, str] = {}
    for name in names:
        low = name.lower()
        if low in folded:
            return f"{folded[low]!r} and {name!r} differ only in case"
        folded[low] = name
    by_prefix: dict[str, list[str]] = {}
    for low in folded:
        for end in range(1, len(low)):
            by_prefix.setdefault(low[:end], []).append(low)
    for first in folded:
        for longer in by_prefix.get(first, ()):
            rest = longer[len(first):]  # first + rest == longer
            if rest in folded:
                return (f"{folded[first]!r} then {folded[rest]!r} is written like the "
                        f"cell {folded[longer]!r}")
            for second in by_prefix.get(rest, ()):
                tail = second[len(rest):]  # first + second == longer + tail
                if tail in folded:
                    return (f"{folded[first]!r} then {folded[second]!r} is written like "
                            f"{folded[longer]!r} then {folded[tail]!r}")
    return None


GENERIC_REFERENCES: dict[str, str] = {
    "piece": "pieces", "attribute": "attributes", "counter": "counters", "score": "counters",
    "player": "players", "compare": "attributes",
}


def _references(params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
    """Fields named like ``piece``/``attribute``/``counter`` must name declared things."""
    for field, pool in GENERIC_REFERENCES.items():
        value = getattr(params, field, None)
        known = getattr(ctx, pool)
        if isinstance(value, str) and value not in known:
            yield (*loc, field), ctx.unknown(field if field != "score" else "counter", value,
                                             known)


def piled_issues(cls: type[Any], params: Any, loc: Loc, ctx: SpecContext
                 ) -> Iterator[tuple[Loc, str]]:
    """A block's ``piece`` may name a kind kept in piles only if the block reads piles
    (its class says ``reads_piles``): the others place, move and take pieces one by one."""
    piece = getattr(params, "piece", None)
    if isinstance(piece, str) and piece in ctx.pieces and \
            ctx.spec.pieces[piece].piles is not None and not getattr(cls, "reads_piles", False):
        yield (*loc, "piece"), (f"{piece!r} is kept in piles, a number on each cell: "
                                f"{params.type!r} plays pieces one by one (sow, collect, pile, "
                                "count where: pile and majority read piles)")


def _plugin(cls: type[Any], params: Any, loc: Loc, ctx: SpecContext
            ) -> Iterator[tuple[Loc, str]]:
    yield from block_issues(cls, params, loc, ctx)


def _unlanded_conditions(params: Any, loc: Loc, ctx: SpecContext
                         ) -> Iterator[tuple[Loc, str]]:
    """A condition of a phase's (or a consequence's) ``if:`` that reads the cell a piece
    landed on this turn (``landed``, ``pile``, ``line_formed``, ``completes_face``), where
    nothing before it lands a piece (a ``race`` moves checkers and sets no landing cell):
    it reads an empty slot, so it never changes — never holds, or with ``not:`` always."""
    name = str(getattr(params, "name", None) or "")
    if (not ctx.in_option and name not in ctx.phases) or ctx.lands_before(name):
        return
    conditions = plugins("conditions")
    if ctx.in_option:
        reason = f"a {ctx.option_type!r} lands no piece"
    else:
        earlier = [f"{p.name} ({p.type})" for p in ctx.spec.turn[:ctx.phases.index(name)]]
        reason = (f"no phase before {name!r} in the turn lands one (before it: "
                  f"{', '.join(earlier) or 'none'})")
    for i, condition in enumerate(getattr(params, "if_", ())):
        if LANDED not in getattr(conditions[condition.type], "slots", ()):
            continue
        never = "always holds" if condition.not_ else "never holds"
        yield (*loc, "if", i), (f"the condition {condition.type!r} reads the cell a piece "
                                f"landed on this turn, but {reason}, so it {never}")


def block_issues(cls: type[Any], params: Any, loc: Loc, ctx: SpecContext
                 ) -> Iterator[tuple[Loc, str]]:
    """Every check of one block (a unit of any kind, at ``loc``): the names its parameters
    share with every block, its own ``check_spec``, and the conditions of its ``if:``."""
    conditions = plugins("conditions")
    for i, condition in enumerate(getattr(params, "if_", ())):
        yield from block_issues(conditions[condition.type], condition, (*loc, "if", i), ctx)
    if isinstance(cls, type) and issubclass(cls, Phase):
        yield from _unlanded_conditions(params, loc, ctx)
    yield from _references(params, loc, ctx)
    yield from piled_issues(cls, params, loc, ctx)
    for field in ("attributes", "cells"):
        value = getattr(params, field, None)
        if field == "attributes" and isinstance(value, list | tuple):
            for i, name in enumerate(value):
                if name not in ctx.attributes:
                    yield (*loc, field, i), ctx.unknown("attribute", name, ctx.attributes)
        if field == "cells" and isinstance(value, dict):
            for cell in value:
                if cell not in ctx.cells:
                    yield (*loc, field, cell), f"{cell!r} is not a cell of the board"
                elif cell in ctx.holes:
                    yield (*loc, field, cell), f"{cell!r} is a hole of the board"
    yield from cls.check_spec(params, loc, ctx)
