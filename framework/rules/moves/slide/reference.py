"""The reference twin of ``slide``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.lines import _directions, _lines
from framework.reference.moves import RefPrimitive
from framework.reference.position import RefState
from framework.spec.zones import zone_cell_names

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def _slide_cells(phase: RefMoves, option: Any, s: RefState, src: str) -> set[str]:
    """Along each direction through empty cells (and own pieces, with ``over: own``), up to
    ``max`` cells, the first cell that stops it included (whether it may be ended on is
    ``to``'s business); with ``distance: pieces_on_line``, see ``_counted_cells``."""
    if option.distance == "pieces_on_line":
        return _counted_cells(phase, option, s, src)
    if getattr(option, "screens", 0):
        return _screened_cells(phase, option, s, src)
    def zone(name: str | None) -> frozenset[str]:
        return zone_cell_names(phase.game.spec, name, s.to_move, phase.board.graph) \
            if name else frozenset()

    walls, no_stop = zone(option.no_entry), zone(option.no_stop)
    cells = set()
    for d in _directions(phase, option.directions, s.to_move):
        at, n = src, 0
        while option.max is None or n < option.max:
            there = phase.board.step(at, d)
            if there is None or there in walls:
                break
            if there not in no_stop:
                cells.add(there)
            n += 1
            if there in s.gaps or (there in s.cells and not _passable(option, s, there)):
                break
            at = there
    return cells


def _screened_cells(phase: RefMoves, option: Any, s: RefState, src: str) -> set[str]:
    """``screens: n``: walk each direction one step at a time, counting the pieces met;
    a cell is reached once n pieces have been passed, until the next piece, which is the
    last cell reached. A hole, a ``no_entry`` cell or the edge stops the walk; ``no_stop``
    cells are crossed but not ended on."""
    spec, graph = phase.game.spec, phase.board.graph
    walls = zone_cell_names(spec, option.no_entry, s.to_move, graph) \
        if option.no_entry else frozenset()
    no_stop = zone_cell_names(spec, option.no_stop, s.to_move, graph) \
        if option.no_stop else frozenset()
    cells = set()
    for d in _directions(phase, option.directions, s.to_move):
        passed = 0
        at = phase.board.step(src, d)
        while at is not None and at not in s.gaps and at not in walls:
            occupied = at in s.cells
            if passed == option.screens and at not in no_stop:
                cells.add(at)
            if occupied:
                if passed == option.screens:
                    break
                passed += 1
            at = phase.board.step(at, d)
    return cells


def _passable(option: Any, s: RefState, cell: str) -> bool:
    """Whether a slide may pass over the piece on ``cell`` (``over: own``: the mover's)."""
    return option.over == "own" and s.cells[cell]["owner"] == s.to_move


def _counted_cells(phase: RefMoves, option: Any, s: RefState, src: str) -> set[str]:
    """For each direction: count the pieces on the whole line through ``src`` (walked
    both ways to the edge, ``src`` itself counted), then walk that many cells; every cell
    before the last must be empty (or an own piece, with ``over: own``)."""
    board = phase.board
    cells = set()
    for d in _directions(phase, option.directions, s.to_move):
        pieces = 1
        for way in (d, board.opposite(d)):
            at = board.step(src, way)
            while at is not None:
                pieces += at in s.cells
                at = board.step(at, way)
        at, walked = src, 0
        while at is not None and walked < pieces:
            if walked and (at in s.gaps or (at in s.cells and not _passable(option, s, at))):
                at = None
                break
            at = board.step(at, d)
            walked += 1
        if at is not None:
            cells.add(at)
    return cells


class RefSlide(RefPrimitive):
    moves = staticmethod(_lines(_slide_cells))
