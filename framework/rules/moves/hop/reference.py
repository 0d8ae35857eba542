"""The reference twin of ``hop``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.moves import Moves, RefPrimitive, _written, tagged
from framework.reference.position import RefState, lift
from framework.reference.rules import Effect

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def _reach(value: Any) -> float:
    return float("inf") if value == "any" else int(value)


def hop(phase: RefMoves, option: Any, s: RefState) -> Moves:
    """Along one of the player's directions: past ``approach`` empty cells at most, over
    the first piece met (enemy, own or any, as ``over`` says; not one this chain has
    already captured), onto one of the next ``landing`` cells beyond, all empty up to it.
    The jumped piece is captured when ``capture`` says so — at once, or with ``removed:
    at_end`` when the chain is over. A chaining hop then goes on while the same piece can
    hop again: with ``straight``, only on along the line of the hop before; with ``revisit:
    false``, never onto a cell the chain has stood on."""
    found: Moves = {}
    taken = set(s.vars.get("captured") or ())
    chained = s.vars.get("chain") if option.chain != "none" else None
    stood = set(s.vars.get("visited") or ()) if chained and not option.revisit else set()
    for src in s.pieces_of(s.to_move, option.piece):
        for name in option.directions:
            d = phase.board.resolve(name, phase.forward(s.to_move))
            if d is None:
                continue
            if chained and option.straight and not _along(phase, s.vars["hopped_from"], src, d):
                continue
            over, gap = phase.board.step(src, d), 0
            while over is not None and over != src and s.empty(over):
                over, gap = phase.board.step(over, d), gap + 1
            if over is None or over not in s.cells or gap > _reach(option.approach):
                continue
            mine = s.cells[over]["owner"] == s.to_move
            if {"enemy": mine, "own": not mine, "any": False}[option.over] or over in taken:
                continue
            land, beyond = phase.board.step(over, d), 1
            while land is not None and land != src and s.empty(land) and \
                    beyond <= _reach(option.landing) and land not in stood:
                effect = tagged(option.kind, _hop_play(phase, option, src, over, land))
                effect.src = src  # type: ignore[attr-defined]
                found[_written(option.notation, src, land)] = effect
                land, beyond = phase.board.step(land, d), beyond + 1
    return found


def _hop_play(phase: RefMoves, option: Any, src: str, over: str, land: str) -> Effect:
    def play(s: RefState) -> None:
        s.cells[land] = lift(phase.game.spec, s, src)
        if option.straight:
            s.vars["hopped_from"] = src
        if not option.revisit:
            s.vars["visited"] = sorted({*s.vars["visited"], src, land})
        later = option.removed == "at_end"
        if option.capture and later:
            s.vars["captured"] = sorted({*s.vars["captured"], over})
        elif option.capture and (option.takes == "top" or option.taken_to == "under"):
            _stack_capture(option, s, over, land)
        elif option.capture:
            del s.cells[over]
        phase.landing(option, s, land)
        if option.chain != "none":
            piece = s.cells[land]["piece"]
            s.vars["chain"] = land  # the chain's cell while asking whether it goes on
            going_on = any(e.src == land for o in phase.chaining()  # type: ignore[attr-defined]
                           if o.piece in (None, piece) for e in hop(phase, o, s).values())
            s.vars["chain"] = land if going_on else None
            if not going_on and later:  # the chain is over: its captures leave together
                for cell in s.vars["captured"]:
                    del s.cells[cell]
                s.vars["captured"] = []
    return play


def _stack_capture(option: Any, s: RefState, over: str, land: str) -> None:
    """Lasca's kind of capture: the jumped stack's top piece (``takes: top``; or all of
    it) leaves the jumped cell, the next piece down commanding what is left there, and
    goes to the bottom of the jumping stack (``taken_to: under``) or off the board."""
    jumped = s.cells.pop(over)
    column = [{"owner": jumped["owner"], "piece": jumped["piece"]},
              *jumped.get("below", [])]  # top first
    taken, left = (column[:1], column[1:]) if option.takes == "top" else (column, [])
    if left:
        s.cells[over] = {**left[0], **({"below": left[1:]} if left[1:] else {})}
    if option.taken_to == "under":
        mover = s.cells[land]
        mover["below"] = [*mover.get("below", []), *taken]


def _along(phase: RefMoves, before: str, at: str, d: str) -> bool:
    """Whether a hop from ``before`` two steps along ``d`` lands on ``at``."""
    over = phase.board.step(before, d)
    return over is not None and phase.board.step(over, d) == at


class RefHop(RefPrimitive):
    moves = staticmethod(hop)
