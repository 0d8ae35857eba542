"""The reference twin of ``en_passant``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.lines import direction
from framework.reference.moves import Moves, RefPrimitive, tagged
from framework.reference.position import RefState
from framework.reference.rules import Effect

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def en_passant(phase: RefMoves, option: Any, s: RefState) -> Moves:
    passed = s.vars.get(option.passed)
    if passed is None or not s.empty(passed):
        return {}
    back = direction(phase, option.victim, s.to_move)
    victim = phase.board.step(passed, back) if back else None
    if victim is None or victim not in s.cells or s.cells[victim]["owner"] == s.to_move:
        return {}
    found: Moves = {}
    for src in s.pieces_of(s.to_move, option.piece):
        for name in option.directions:
            d = direction(phase, name, s.to_move)
            if d is not None and phase.board.step(src, d) == passed:
                notation = option.notation.replace("{from}", src).replace("{to}", passed)
                found[notation] = tagged(option.kind, _en_passant_play(
                    phase, option, src, passed, victim))
    return found


def _en_passant_play(phase: RefMoves, option: Any, src: str, dst: str, victim: str
                     ) -> Effect:
    def play(s: RefState) -> None:
        del s.cells[victim]
        s.cells[dst] = s.cells.pop(src)
        phase.landing(option, s, dst)
    return play


def passed_as_a_right(phase: RefMoves, option: Any, s: RefState) -> dict[str, Any]:
    """The passed cell counts for a repetition only while this capture could land on it."""
    passed = s.vars.get(option.passed)
    return {option.passed: passed if passed is not None and en_passant(phase, option, s)
            else None}


class RefEnPassant(RefPrimitive):
    attacks = False  # it takes a pawn that has just rushed, landing on an empty cell
    moves = staticmethod(en_passant)
    repetition_values = staticmethod(passed_as_a_right)
