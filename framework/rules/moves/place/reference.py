"""The reference twin of ``place``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.moves import Moves, RefPrimitive, _written, outflanked_from, tagged
from framework.reference.position import RefState
from framework.reference.rules import Effect
from framework.spec.zones import zone_cell_names

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def place(phase: RefMoves, option: Any, s: RefState) -> Moves:
    """A new piece from the supply on an empty cell (anywhere, or next to an own piece)."""
    kind = phase.kind(option.piece)
    if phase.supply_left(s, kind) <= 0:
        return {}
    mine = s.pieces_of(s.to_move)
    zone = zone_cell_names(phase.game.spec, option.zone, s.to_move, phase.board.graph) \
        if option.zone is not None else None
    found: Moves = {}
    for cell in phase.board.cells:
        near = option.where == "anywhere" or \
            any(n in mine for n in phase.board.neighbours(cell))
        if option.gravity is not None:  # only a line's entry cell: nothing before it
            near = phase.board.step(cell, phase.board.opposite(option.gravity)) is None
        if zone is not None and near:
            near = cell in zone
        if option.must_flank and near and s.empty(cell):
            near = bool(outflanked_from(phase, s, cell))
        if option.ko and near and cell == s.vars.get("ko"):
            near = False
        if not option.suicide and near and s.empty(cell):
            near = _breathes(phase, s, cell)
        if s.empty(cell) and near:
            found.update(_placing(phase, option, cell, kind))
    return found


def _group(phase: RefMoves, s: RefState, cell: str) -> set[str]:
    """The cells of the pieces of ``cell``'s owner linked to it, step by step."""
    owner = s.cells[cell]["owner"]
    group, todo = {cell}, [cell]
    while todo:
        for n in phase.board.neighbours(todo.pop()):
            if n not in group and n in s.cells and s.cells[n]["owner"] == owner:
                group.add(n)
                todo.append(n)
    return group


def _breathes(phase: RefMoves, s: RefState, cell: str) -> bool:
    """Put the piece on a copy, take the enemy groups left without an empty neighbour, and
    ask whether the new piece's group has one (the rule text of ``suicide: false``)."""
    after = s.copy()
    after.cells[cell] = {"owner": s.to_move}
    for n in phase.board.neighbours(cell):
        if n in after.cells and after.cells[n]["owner"] != s.to_move:
            group = _group(phase, after, n)
            if not any(after.empty(m) for g in group for m in phase.board.neighbours(g)):
                for g in group:
                    del after.cells[g]
    return any(after.empty(m) for g in _group(phase, after, cell)
               for m in phase.board.neighbours(g))


def _placing(phase: RefMoves, option: Any, cell: str, kind: str) -> Moves:
    """The placement on ``cell``: its notation and effect, made once (a big board has many,
    asked for again at every play)."""
    made: dict[tuple[int, str], Moves] = phase.__dict__.setdefault("_placings", {})
    key = (id(option), cell)
    if key not in made:
        made[key] = {_written(option.notation, dst=cell):
                     tagged(option.kind, _place_play(phase, option, cell, kind))}
    return made[key]


def _place_play(phase: RefMoves, option: Any, cell: str, kind: str) -> Effect:
    def play(s: RefState) -> None:
        at = cell
        if option.gravity is not None:  # falls while the next cell is empty
            below = phase.board.step(at, option.gravity)
            while below is not None and s.empty(below):
                at, below = below, phase.board.step(below, option.gravity)
        s.cells[at] = phase.game.new_piece(s.to_move, kind)
        phase.landing(option, s, at)
    return play


class RefPlace(RefPrimitive):
    moves = staticmethod(place)
