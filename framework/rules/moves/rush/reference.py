"""The reference twin of ``rush``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from framework.reference.lines import _zone, direction
from framework.reference.moves import Moves, RefPrimitive, tagged
from framework.reference.position import RefState
from framework.reference.rules import Effect

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def rush(phase: RefMoves, option: Any, s: RefState) -> Moves:
    found: Moves = {}
    d = direction(phase, option.direction, s.to_move)
    if d is None:
        return found
    for src in s.pieces_of(s.to_move, option.piece):
        if src not in _zone(phase, option.zone, s.to_move):
            continue
        path = _line(phase, src, d, option.distance)
        if path is None or not all(s.empty(c) for c in path):
            continue
        found[src + path[-1] if option.notation == "{from}{to}" else
              option.notation.replace("{from}", src).replace("{to}", path[-1])] = tagged(
            option.kind, _rush_play(phase, option, src, path))
    return found


def _line(phase: Any, cell: str, d: str, n: int) -> list[str] | None:
    """The ``n`` cells after ``cell`` going ``d``, or None when the board ends first."""
    cells = []
    for _ in range(n):
        nxt = phase.board.step(cell, d)
        if nxt is None:
            return None
        cells.append(nxt)
        cell = nxt
    return cells


def _rush_play(phase: RefMoves, option: Any, src: str, path: list[str]) -> Effect:
    def play(s: RefState) -> None:
        s.cells[path[-1]] = s.cells.pop(src)
        phase.landing(option, s, path[-1])
        s.vars[option.passed] = path[-2]
    return play


def _rush_upkeep(option: Any) -> Callable[[RefState, str], None]:
    def upkeep(s: RefState, kind: str) -> None:
        if kind != option.kind:  # the passed cell lasts until the next other action
            s.vars[option.passed] = None
    return upkeep


class RefRush(RefPrimitive):
    attacks = False  # it never lands on a piece
    moves = staticmethod(rush)
    upkeep = staticmethod(_rush_upkeep)
