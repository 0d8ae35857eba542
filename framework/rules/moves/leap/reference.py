"""The reference twin of ``leap``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.lines import _direction, _lines
from framework.reference.moves import RefPrimitive
from framework.reference.position import RefState

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def _leap_cells(phase: RefMoves, option: Any, s: RefState, src: str) -> set[str]:
    graph = phase.board.graph
    cells = set()
    if option.offsets is not None:
        offsets = set()
        for dx, dy in option.offsets:
            if option.symmetric:
                offsets |= {(a * sx, b * sy) for a, b in ((dx, dy), (dy, dx))
                            for sx in (1, -1) for sy in (1, -1)}
            else:
                offsets.add((dx, dy))
        row, col = graph.nodes[src]["row"], graph.nodes[src]["col"]
        for cell in phase.board.cells:
            there = graph.nodes[cell]
            if (there["col"] - col, there["row"] - row) in offsets:
                cells.add(cell)
        return cells
    for path in option.paths:
        at: str | None = src
        for name in path:
            d = _direction(phase, name, s.to_move)
            at = phase.board.step(at, d) if at is not None and d is not None else None
        if at is not None and at != src:
            cells.add(at)
    return cells


class RefLeap(RefPrimitive):
    moves = staticmethod(_lines(_leap_cells))

    @staticmethod
    def ways(phase: Any, option: Any, s: RefState, src: str, dst: str) -> list[set[str]]:
        """By offsets, over nothing; by paths, over the cells each path that ends on
        ``dst`` steps on before its end."""
        found: list[set[str]] = []
        for path in option.paths or ():
            at: str | None = src
            passed: set[str] = set()
            for name in path:
                if at is not None and at != src:
                    passed.add(at)
                d = _direction(phase, name, s.to_move)
                at = phase.board.step(at, d) if at is not None and d is not None else None
            if at == dst and passed not in found:
                found.append(passed)
        return found or [set()]
