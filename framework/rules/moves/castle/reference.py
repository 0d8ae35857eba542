"""The reference twin of ``castle``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from framework.reference.attacks import attacked
from framework.reference.moves import Moves, RefPrimitive, tagged
from framework.reference.position import RefState
from framework.reference.rules import Effect

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def _path(phase: Any, src: str, dst: str) -> list[str]:
    """The cells from ``src`` (excluded) to ``dst`` (included) along a straight line."""
    for d in phase.board.directions:
        cells, at = [], phase.board.step(src, d)
        while at is not None and at != src:  # once round a ring at most
            cells.append(at)
            if at == dst:
                return cells
            at = phase.board.step(at, d)
    return [dst]


def castle(phase: RefMoves, option: Any, s: RefState) -> Moves:
    rights = s.vars.get(option.rights) or "-"
    found: Moves = {}
    for route in option.routes:
        if route.player != s.to_move or route.letter not in rights:
            continue
        piece, partner = s.cells.get(route.from_), s.cells.get(route.partner_from)
        if not piece or piece["owner"] != s.to_move or piece["piece"] != option.piece:
            continue
        if not partner or partner["owner"] != s.to_move or \
                partner["piece"] != option.partner:
            continue
        crossed = set(_path(phase, route.from_, route.to)) | \
            set(_path(phase, route.partner_from, route.partner_to))
        if not all(s.empty(c) for c in crossed - {route.from_, route.partner_from}):
            continue
        if option.safe and any(attacked(phase.game, s, c, s.to_move) for c in
                               [route.from_, *_path(phase, route.from_, route.to)]):
            continue
        notation = option.notation.replace("{from}", route.from_).replace("{to}", route.to)
        found[notation] = tagged(option.kind, _castle_play(phase, route))
    return found


def _castle_play(phase: RefMoves, route: Any) -> Effect:
    def play(s: RefState) -> None:
        piece, partner = s.cells.pop(route.from_), s.cells.pop(route.partner_from)
        s.cells[route.to], s.cells[route.partner_to] = piece, partner
        s.land(route.to)
    return play


def _castle_upkeep(option: Any) -> Callable[[RefState, str], None]:
    def upkeep(s: RefState, kind: str) -> None:
        """A right is lost once its piece or its partner is not on its start cell."""
        kept = ""
        for route in option.routes:
            if route.letter not in (s.vars.get(option.rights) or ""):
                continue
            piece = s.cells.get(route.from_) or {}
            partner = s.cells.get(route.partner_from) or {}
            if (piece.get("owner"), piece.get("piece")) == (route.player, option.piece) and \
                    (partner.get("owner"), partner.get("piece")) == (route.player,
                                                                     option.partner):
                kept += route.letter
        s.vars[option.rights] = kept or "-"
    return upkeep


class RefCastle(RefPrimitive):
    attacks = False  # it lands on empty cells only
    moves = staticmethod(castle)
    upkeep = staticmethod(_castle_upkeep)
