"""The reference twin of ``grow``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.moves import Moves, RefPrimitive, _written, tagged
from framework.reference.position import RefState
from framework.reference.rules import Effect

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def grow(phase: RefMoves, option: Any, s: RefState) -> Moves:
    """Add ``by`` of the attribute from the supply to an own piece, within its caps."""
    attribute = option.attribute
    declared = next(p.attributes[attribute] for p in phase.game.spec.pieces.values()
                    if attribute in p.attributes)
    if declared.supply is not None:
        used = sum(s.cells[c].get(attribute, 0) for c in s.pieces_of(s.to_move))
        if declared.supply - used < option.by:
            return {}
    template = option.notation.replace("{attribute}", attribute)
    found: Moves = {}
    for cell in s.pieces_of(s.to_move):
        piece = s.cells[cell]
        spec = phase.game.spec.pieces[piece["piece"]]
        if attribute not in spec.attributes:
            continue
        cap = spec.attributes[attribute].max
        if cap is not None and piece[attribute] + option.by > cap:
            continue
        total = sum(piece.get(a, 0) for a in spec.attributes)
        if spec.max_attributes_total is not None and \
                total + option.by > spec.max_attributes_total:
            continue
        found[_written(template, dst=cell)] = tagged("grow", _grow_play(option, cell))
    return found


def _grow_play(option: Any, cell: str) -> Effect:
    def play(s: RefState) -> None:
        s.cells[cell][option.attribute] += option.by
    return play


class RefGrow(RefPrimitive):
    attacks = False  # its piece goes on an empty cell
    moves = staticmethod(grow)
