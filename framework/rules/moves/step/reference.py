"""The reference twin of ``step``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.lines import _directions, _lines
from framework.reference.moves import RefPrimitive
from framework.reference.position import RefState

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def _step_cells(phase: RefMoves, option: Any, s: RefState, src: str) -> set[str]:
    cells = set()
    for d in _directions(phase, option.directions, s.to_move):
        there = phase.board.step(src, d)
        if there is not None:
            cells.add(there)
    return cells


class RefStep(RefPrimitive):
    moves = staticmethod(_lines(_step_cells))
