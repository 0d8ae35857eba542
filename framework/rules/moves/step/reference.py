"""The reference twin of ``step``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.lines import _directions, _lines
from framework.reference.moves import Moves, RefPrimitive, _written, tagged
from framework.reference.position import RefState
from framework.reference.rules import Effect

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def _step_cells(phase: RefMoves, option: Any, s: RefState, src: str) -> set[str]:
    cells = set()
    for d in _directions(phase, option.directions, s.to_move):
        there = phase.board.step(src, d)
        if there is not None:
            cells.add(there)
    return cells


_plain = _lines(_step_cells)


def step(phase: RefMoves, option: Any, s: RefState) -> Moves:
    """One cell along one of the option's directions. A step of a chain (in the middle of
    one: the ``chain`` slot names the piece) never lands where the chain has stood
    (``revisit: false``) nor goes the way its last step went (``repeat_direction: false``);
    each step of a chaining option notes the cells it stood on and where it began."""
    found = _plain(phase, option, s)
    if option.chain == "none":
        return found
    template = option.notation or "{from}{to}"
    chained = s.vars.get("chain")
    stood = set(s.vars.get("visited") or ()) if chained and not option.revisit else set()
    before = s.vars.get("hopped_from") if chained and not option.repeat_direction else None
    kept: Moves = {}
    for src in s.pieces_of(s.to_move, option.piece):
        for d in _directions(phase, option.directions, s.to_move):
            dst = phase.board.step(src, d)
            name = _written(template, src, dst) if dst is not None else ""
            if dst is None or name not in found or dst in stood:
                continue
            if before is not None and phase.board.step(before, d) == src:
                continue  # the same way as the step before
            kept[name] = _chain_step(option, found[name], src, dst)
    return kept


def _chain_step(option: Any, effect: Effect, src: str, dst: str) -> Effect:
    def play(s: RefState) -> None:
        effect(s)
        if not option.revisit:
            s.vars["visited"] = sorted({*s.vars["visited"], src, dst})
        if not option.repeat_direction:
            s.vars["hopped_from"] = src
    played = tagged(effect.kind, play)  # type: ignore[attr-defined]
    played.src = src  # type: ignore[attr-defined]
    played.dst = dst  # type: ignore[attr-defined]
    return played


class RefStep(RefPrimitive):
    moves = staticmethod(step)
    #: The phase decides whether a chain of steps goes on, after the step's consequences
    #: (a line_capture) have run.
    chains_in_phase = True
