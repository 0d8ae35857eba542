"""The reference twin of ``hop``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.moves import Moves, RefPrimitive, _written, tagged
from framework.reference.position import RefState
from framework.reference.rules import Effect

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def hop(phase: RefMoves, option: Any, s: RefState) -> Moves:
    """Over the piece next to it (enemy, own or any, as ``over`` says), along one of the
    player's directions, onto the empty cell beyond; the jumped piece is captured when
    ``capture`` says so. A chaining hop then goes on while the same piece can hop again."""
    found: Moves = {}
    for src in s.pieces_of(s.to_move, option.piece):
        for name in option.directions:
            d = phase.board.resolve(name, phase.forward(s.to_move))
            over = phase.board.step(src, d) if d else None
            land = phase.board.step(over, d) if over and d else None
            if over is None or land is None or over not in s.cells or not s.empty(land):
                continue
            mine = s.cells[over]["owner"] == s.to_move
            if {"enemy": mine, "own": not mine, "any": False}[option.over]:
                continue
            effect = tagged(option.kind, _hop_play(phase, option, src, over, land))
            effect.src = src  # type: ignore[attr-defined]
            found[_written(option.notation, src, land)] = effect
    return found


def _hop_play(phase: RefMoves, option: Any, src: str, over: str, land: str) -> Effect:
    def play(s: RefState) -> None:
        s.cells[land] = s.cells.pop(src)
        if option.capture:
            del s.cells[over]
        phase.landing(option, s, land)
        if option.chain != "none":
            piece = s.cells[land]["piece"]
            going_on = any(e.src == land for o in phase.chaining()  # type: ignore[attr-defined]
                           if o.piece in (None, piece) for e in hop(phase, o, s).values())
            s.vars["chain"] = land if going_on else None
    return play


class RefHop(RefPrimitive):
    moves = staticmethod(hop)
