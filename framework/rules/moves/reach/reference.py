"""The reference twin of ``reach``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.moves import Moves, RefPrimitive, _written, tagged
from framework.reference.position import RefState, lift
from framework.reference.rules import Effect

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def reach(phase: RefMoves, option: Any, s: RefState) -> Moves:
    """To a cell at exactly ``distance`` from an own piece: a clone (named by the target)
    or the piece itself (named by both cells); an enemy there is captured."""
    clone = option.effect == "clone"
    template = option.notation or ("{to}" if clone else "{from}{to}")
    made = phase.kind(option.piece)
    if clone and phase.supply_left(s, made) <= 0:
        return {}
    found: Moves = {}
    for src in s.pieces_of(s.to_move, option.piece):
        for target, d in phase.board.distances(src).items():
            if target not in phase.board.cells or (
                    d < 1 if option.anywhere else d != option.distance):
                continue
            if option.directions is not None and not any(
                    phase.board.walk(src, phase.board.resolve(n, phase.forward(s.to_move)),
                                     d) == target for n in option.directions):
                continue
            enemy = target in s.cells and s.cells[target]["owner"] != s.to_move
            allowed = {"empty": s.empty(target), "enemy": enemy,
                       "empty_or_enemy": s.empty(target) or enemy}[option.to]
            if not allowed:
                continue
            kind = option.kind or option.effect
            if clone:
                found[_written(template, dst=target)] = tagged(
                    kind, _reach_play(phase, option, None, target, made))
            else:
                found[_written(template, src, target)] = tagged(
                    kind, _reach_play(phase, option, src, target, made))
    return found


def _reach_play(phase: RefMoves, option: Any, src: str | None, target: str,
                made: str) -> Effect:
    def play(s: RefState) -> None:
        s.cells.pop(target, None)
        s.cells[target] = lift(phase.game.spec, s, src) if src else phase.bring_in(s, made)
        phase.landing(option, s, target)
    return play


class RefReach(RefPrimitive):
    moves = staticmethod(reach)
