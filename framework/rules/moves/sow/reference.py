"""The reference twin of ``sow``: its rule text read again on cell names. The track is
first cut down to the cells this player's pieces may fall on (the opponents' skipped cells
left out); the k-th piece then falls k places further round that shorter ring."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.engine.slots import pile_slot_name
from framework.reference.moves import Moves, RefPrimitive, _written, tagged
from framework.reference.position import RefState
from framework.spec.zones import zone_cell_names

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def _ring(phase: RefMoves, option: Any, player: str) -> list[str]:
    if option.skip is None:
        return list(option.track)
    graph = phase.board.graph
    spec = phase.game.spec
    mine = zone_cell_names(spec, option.skip, player, graph)
    theirs = set().union(*(zone_cell_names(spec, option.skip, p, graph)
                           for p in phase.game.players if p != player))
    return [c for c in option.track if c in mine or c not in theirs]


def sow(phase: RefMoves, option: Any, s: RefState) -> Moves:
    zone = zone_cell_names(phase.game.spec, option.zone, s.to_move, phase.board.graph)
    found: Moves = {}
    for cell in option.track:
        if cell in zone and s.vars[pile_slot_name(option.piece, cell)] > 0:
            found[_written(option.notation, dst=cell)] = tagged(
                option.kind, _sower(phase, option, cell, _ring(phase, option, s.to_move)))
    return found


def _sower(phase: RefMoves, option: Any, cell: str, ring: list[str]) -> Any:
    def play(s: RefState) -> None:
        key = pile_slot_name(option.piece, cell)
        n, s.vars[key] = s.vars[key], 0
        start = ring.index(cell)
        last = cell
        for k in range(1, n + 1):
            last = ring[(start + k) % len(ring)]
            s.vars[pile_slot_name(option.piece, last)] += 1
        phase.landing(option, s, last)
    return play


class RefSow(RefPrimitive):
    moves = staticmethod(sow)
