"""The reference twin of ``sow``: its rule text read again on cell names. The player's track
is first cut down to the cells this player's pieces may fall on (the opponents' skipped
cells left out); each lap of a sowing is then the list of cells after the one sown from,
once round (that cell left out when laps pass over it), and the k-th piece falls on the
k-th cell of that list, counted round again. A relay reads the same list from the cell
where the last piece fell; the must-feed rule plays the sowing on a copy and looks where
the pieces went."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.engine.slots import pile_slot_name
from framework.reference.moves import Moves, RefPrimitive, _written, tagged
from framework.reference.position import RefState
from framework.spec.zones import zone_cell_names

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def _track(option: Any, player: str) -> list[str]:
    return list(option.track[player] if isinstance(option.track, dict) else option.track)


def _theirs(phase: RefMoves, zone: str, player: str) -> set[str]:
    graph, spec = phase.board.graph, phase.game.spec
    return set().union(*(zone_cell_names(spec, zone, p, graph)
                         for p in phase.game.players if p != player))


def _ring(phase: RefMoves, option: Any, player: str) -> list[str]:
    track = _track(option, player)
    if option.skip is None:
        return track
    mine = zone_cell_names(phase.game.spec, option.skip, player, phase.board.graph)
    theirs = _theirs(phase, option.skip, player)
    return [c for c in track if c in mine or c not in theirs]


def _lap(ring: list[str], origin: str, skip_origin: bool) -> list[str]:
    """The cells the pieces from ``origin`` fall on, in order, once round."""
    i = ring.index(origin)
    after = ring[i + 1:] + ring[:i]
    return after if skip_origin else [*after, origin]


def _play(phase: RefMoves, option: Any, s: RefState, cell: str) -> tuple[str, list[str]]:
    """Sow from ``cell`` on ``s``: the cell of the last piece and every cell one fell on."""
    ring = _ring(phase, option, s.to_move)
    stores = set().union(*(zone_cell_names(phase.game.spec, option.skip, p, phase.board.graph)
                           for p in phase.game.players)) if option.skip else set()
    relays = option.relay or 0
    fell: list[str] = []
    while True:
        key = pile_slot_name(option.piece, cell)
        n, s.vars[key] = s.vars[key], 0
        lap = _lap(ring, cell, option.skip_origin)
        for k in range(n):
            cell = lap[k % len(lap)]
            s.vars[pile_slot_name(option.piece, cell)] += 1
            fell.append(cell)
        if relays > 0 and cell not in stores and s.vars[pile_slot_name(option.piece, cell)] >= 2:
            relays -= 1
            continue
        return cell, fell


def sow(phase: RefMoves, option: Any, s: RefState) -> Moves:
    zone = zone_cell_names(phase.game.spec, option.zone, s.to_move, phase.board.graph)
    theirs = _theirs(phase, option.zone, s.to_move) - zone
    starving = option.feed and all(s.vars[pile_slot_name(option.piece, c)] == 0
                                   for c in theirs)
    found: Moves = {}
    for cell in _track(option, s.to_move):
        n = s.vars[pile_slot_name(option.piece, cell)]
        if cell in zone and n >= option.at_least and (option.at_most is None or
                                                        n <= option.at_most) and n > 0:
            if starving and not theirs & set(_play(phase, option, s.copy(), cell)[1]):
                continue
            found[_written(option.notation, dst=cell)] = tagged(
                option.kind, _sower(phase, option, cell))
    return found


def _sower(phase: RefMoves, option: Any, cell: str) -> Any:
    def play(s: RefState) -> None:
        if "departed" in s.vars:
            s.vars["departed"] = cell
        last, _ = _play(phase, option, s, cell)
        phase.landing(option, s, last)
    return play


class RefSow(RefPrimitive):
    moves = staticmethod(sow)
