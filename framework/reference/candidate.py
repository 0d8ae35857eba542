"""The reference reading of the tests of a candidate move (``to_if``, ``path_if``, a
placement's ``where``; ``framework/moves/candidate.py`` is the engine's side), from their
rule text, on cell names and piece dicts: a move's cells are read back from its notation,
the cells around a place are its links on the board's graph, the cells passed over are
walked one step at a time (``RefPrimitive.ways``).
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from framework.moves.candidate import (
    AllTest,
    AnyTest,
    CellTest,
    CrossTest,
    DiceTest,
    DirectionTest,
    NotTest,
    RegionTest,
    StackTest,
)
from framework.plugins import plugins
from framework.reference.lines import _direction
from framework.reference.moves import Moves, RefPrimitive, primitive_twin
from framework.reference.position import RefState
from framework.reference.straight import _straight
from framework.spec.zones import zone_cell_names


def tests_of(option: Any) -> list[tuple[Any, str]]:
    """The option's tests with the place each reads by default (the unit names which of
    its parameters are tests)."""
    unit = plugins("moves")[option.type]
    return [(test, place) for test, place, _ in unit.candidate_tests(option)]


def tested(phase: Any, option: Any, twin: type[RefPrimitive], s: RefState,
           moves: Moves) -> Moves:
    """The moves of ``moves`` whose cells pass every test of the option."""
    tests = tests_of(option)
    if not tests:
        return moves
    pattern = _pattern(phase, option)
    kept: Moves = {}
    for notation, effect in moves.items():
        src, dst = _cells_of(pattern, notation)
        if dst is None:
            continue
        ways = twin.ways(phase, option, s, src, dst) if src is not None else [set()]
        if any(all(_holds(phase, t, place, s, src, dst, way) for t, place in tests)
               for way in ways):
            kept[notation] = effect
    return kept


def remembered(phase: Any, option: Any, s: RefState, moves: Moves) -> Moves:
    """The moves, each writing its cells as the previous move's (``last_from``,
    ``last_to``) when the game keeps them."""
    if "last_from" not in s.vars:
        return moves
    pattern = _pattern(phase, option)
    found: Moves = {}
    for notation, effect in moves.items():
        found[notation] = _remembering(effect, *_cells_of(pattern, notation))
    return found


def _remembering(effect: Any, src: str | None, dst: str | None) -> Any:
    def play(s: RefState) -> None:
        effect(s)
        s.vars["last_from"], s.vars["last_to"] = src, dst
    play.__dict__.update(effect.__dict__)  # its kind, its source cell
    return play


def _cells_of(pattern: re.Pattern[str], notation: str) -> tuple[str | None, str | None]:
    """The source and target a move's notation names (None: it names none)."""
    found = pattern.fullmatch(notation)
    cells = found.groupdict() if found else {}
    return cells.get("src"), cells.get("dst")


def _pattern(phase: Any, option: Any) -> re.Pattern[str]:
    """The notation of the option's moves with their cells as named groups."""
    placing = getattr(option, "effect", "move") == "place" or option.type == "place"
    template = primitive_twin(option.type).template(option) or option.notation or \
        ("{to}" if placing else "{from}{to}")
    names = "|".join(re.escape(n) for n in sorted(phase.board.cells, key=len, reverse=True))
    parts = re.split(r"(\{from\}|\{to\}|\{at\})", template)
    written = "".join(f"(?P<src>{names})" if p == "{from}" else
                      f"(?P<dst>{names})" if p in ("{to}", "{at}") else re.escape(p)
                      for p in parts)
    return re.compile(written)


def _holds(phase: Any, test: Any, default: str, s: RefState, src: str | None, dst: str,
           way: set[str]) -> bool:
    if isinstance(test, AllTest):
        return all(_holds(phase, t, default, s, src, dst, way) for t in test.all)
    if isinstance(test, AnyTest):
        return any(_holds(phase, t, default, s, src, dst, way) for t in test.any)
    if isinstance(test, NotTest):
        return not _holds(phase, test.not_, default, s, src, dst, way)
    if isinstance(test, DirectionTest):
        return src is not None and any(
            _straight(phase, src, dst, d) is not None
            for d in {_direction(phase, n, s.to_move) for n in test.direction} if d)
    if isinstance(test, StackTest):  # a stack's height: its top and the pieces beneath
        cell = {"to": dst, "from": src, "landed": s.vars.get("landed"),
                "last.from": s.vars.get("last_from"),
                "last.to": s.vars.get("last_to")}.get(test.stack)
        if cell is None:
            return False
        piece = s.cells.get(cell)
        n = 0 if piece is None else 1 + len(piece.get("below", []))
        return ((test.at_least is None or n >= test.at_least)
                and (test.at_most is None or n <= test.at_most)
                and (test.exactly is None or n == test.exactly))
    if isinstance(test, DiceTest):
        return src is not None and _chosen_by_dice(phase, test, s, src)
    if isinstance(test, RegionTest):
        return _in_region(phase, test, s, dst)
    if isinstance(test, CrossTest):
        return src is not None and _crosses_wall(phase, s, src, dst)
    assert isinstance(test, CellTest)
    place = test.around or test.at or default
    here = {"to": dst, "from": src, "landed": s.vars.get("landed"),
            "last.from": s.vars.get("last_from"), "last.to": s.vars.get("last_to")}.get(place)
    if place in ("ahead", "behind"):
        here = _line_end(phase, src, dst, place) if src is not None else None
    if place == "between":
        read = set(way)
    elif here is None:
        return False
    elif test.around is None:
        read = {here}
    elif test.directions is None:
        read = phase.board.neighbours(here)
    else:
        read = set()
        for name in test.directions:
            d = _direction(phase, name, s.to_move)
            there = phase.board.step(here, d) if d is not None else None
            if there is not None:
                read.add(there)
    fitting = [c for c in read if _fits(phase, test, s, c)]
    if test.at_least is None and test.at_most is None and test.exactly is None:
        return len(fitting) == len(read)
    n = len(fitting)
    return ((test.at_least is None or n >= test.at_least)
            and (test.at_most is None or n <= test.at_most)
            and (test.exactly is None or n == test.exactly))


def _line_end(phase: Any, src: str, dst: str, place: str) -> str | None:
    """``ahead``: one step on past ``dst`` the way the move goes; ``behind``: one step back
    from ``src`` against it (None: off the board, or the move is not straight)."""
    for d in phase.board.directions:
        if _straight(phase, src, dst, d) is not None:
            if place == "ahead":
                return phase.board.step(dst, d)
            return phase.board.step(src, phase.board.opposite(d))
    return None


def _fits(phase: Any, test: CellTest, s: RefState, cell: str) -> bool:
    piece = s.cells.get(cell)
    if test.owner == "empty" and (piece is not None or cell in s.gaps):
        return False
    if test.owner in ("own", "enemy", "occupied") and piece is None:
        return False
    if test.owner == "own" and piece is not None and piece["owner"] != s.to_move:
        return False
    if test.owner == "enemy" and piece is not None and piece["owner"] == s.to_move:
        return False
    if test.kind is not None and (piece is None or piece["piece"] not in test.kind):
        return False
    return test.zone is None or cell in zone_cell_names(phase.game.spec, test.zone,
                                                        s.to_move, phase.board.graph)


def _chosen_by_dice(phase: Any, test: DiceTest, s: RefState, src: str) -> bool:
    """The piece on ``src`` is the mover's and its number is the one rolled; else, with
    ``otherwise: nearest``, the mover has none of that number and no number of its pieces
    lies between this one and the roll (it is the closest below, or the closest above)."""
    piece = s.cells.get(src)
    if piece is None or piece["owner"] != s.to_move:
        return False
    roll = next(p for p in phase.game.spec.turn if p.name == test.dice)
    rolled = sum(s.vars[f"die_{i + 1}"] for i in range(roll.dice))
    numbers = {p.get(test.attribute, 0) for p in s.cells.values() if p["owner"] == s.to_move}
    mine = piece.get(test.attribute, 0)
    if rolled in numbers:
        return mine == rolled
    if test.otherwise == "none":
        return False
    low, high = sorted((mine, rolled))
    return not any(low < n < high for n in numbers)


def region_of(phase: Any, regions: str, cell: str) -> tuple[int, int]:
    """The block of ``regions`` that holds ``cell``: its (row, column) on the board of
    blocks, from the cell's row and column on the grid."""
    spec = phase.game.spec.regions[regions]
    node = phase.board.graph.nodes[cell]
    return node["row"] // spec.rows, node["col"] // spec.columns


def region_cells(phase: Any, regions: str, block: tuple[int, int]) -> set[str]:
    """The cells of one block."""
    return {c for c in phase.board.cells if region_of(phase, regions, c) == block}


def decided(phase: Any, regions: str, s: RefState, block: tuple[int, int]) -> bool:
    """Won by someone (its cells recorded as a player's, ``won.<regions>.<player>``) or
    with no empty cell left."""
    cells = region_cells(phase, regions, block)
    won = any(cells & set(s.vars.get(f"won.{regions}.{p}") or ())
              for p in phase.game.players)
    return won or not any(s.empty(c) for c in cells)


def _in_region(phase: Any, test: RegionTest, s: RefState, dst: str) -> bool:
    """The rule text: the target's block is not decided, and while the block that the
    ``sent_by`` cell names is not decided, the target lies in that one."""
    block = region_of(phase, test.region, dst)
    if decided(phase, test.region, s, block):
        return False
    if test.sent_by is None:
        return True
    here = {"to": dst, "landed": s.vars.get("landed"), "last.to": s.vars.get("last_to"),
            "last.from": s.vars.get("last_from")}.get(test.sent_by)
    if here is None:
        return True
    spec = phase.game.spec.regions[test.region]
    node = phase.board.graph.nodes[here]
    named = (node["row"] % spec.rows, node["col"] % spec.columns)
    if decided(phase, test.region, s, named):
        return True
    return block == named


def _crosses_wall(phase: Any, s: RefState, src: str, dst: str) -> bool:
    """A standing wall lies across a link of the walk from ``src`` to ``dst``: straight
    along a direction of the board one step at a time, or the one link joining them."""
    from framework.reference.walls import standing, wall_shapes

    shapes = wall_shapes(phase)
    links = set().union(*(shapes[i][1] for i in standing(phase, s))) if standing(phase, s) \
        else set()
    if not links:
        return False
    for d in phase.board.directions:
        walk, at = [src], phase.board.step(src, d)
        while at is not None and at not in walk:
            walk.append(at)
            if at == dst:
                return any(frozenset(pair) in links for pair in itertools.pairwise(walk))
            at = phase.board.step(at, d)
    return frozenset((src, dst)) in links
