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
    """Along each direction through empty cells, up to ``max`` cells, the first occupied
    cell included (whether it may be ended on is ``to``'s business)."""
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
            if there in s.cells or there in s.gaps:
                break
            at = there
    return cells


class RefSlide(RefPrimitive):
    moves = staticmethod(_lines(_slide_cells))
