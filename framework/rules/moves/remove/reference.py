"""The reference twin of ``remove``: its rule text read again on cell names — every enemy
piece, less those whose straight run of their owner's pieces is long enough, unless that
leaves none."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.moves import Moves, RefPrimitive, _written, tagged
from framework.reference.position import RefState
from framework.rules.conditions.line_formed.reference import run_through
from framework.spec.zones import zone_cell_names

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def remove(phase: RefMoves, option: Any, s: RefState) -> Moves:
    own = option.whose == "own"
    enemy = [c for c, p in s.cells.items() if (p["owner"] == s.to_move) == own
             and option.piece in (None, p["piece"])]
    if option.zone is not None:
        cells = zone_cell_names(phase.game.spec, option.zone, s.to_move, phase.board.graph)
        enemy = [c for c in enemy if c in cells]
    if option.next_to_empty:
        enemy = [c for c in enemy if any(s.empty(n) for n in phase.board.neighbours(c))]
    if option.spare_in_line is not None:
        free = [c for c in enemy if run_through(phase.board, s, c, s.cells[c]["owner"],
                                                 option.piece, option.directions)
                < option.spare_in_line]
        enemy = free or enemy
    return {_written(option.notation, dst=c): tagged(option.kind, _taker(c)) for c in enemy}


def _taker(cell: str) -> Any:
    def play(s: RefState) -> None:
        del s.cells[cell]
    return play


class RefRemove(RefPrimitive):
    moves = staticmethod(remove)
