"""The reference twin of ``advance``: its rule text (the docstring of ``__init__.py``)
read again on cell names: the roll read by name and added up, each of the mover's pieces
counted forward along the track cell by cell, the landing cell looked at last.
"""

from __future__ import annotations

from typing import Any

from framework.reference.lines import into_hand
from framework.reference.moves import Moves, RefPrimitive, tagged
from framework.reference.position import RefState


def _template(option: Any) -> str:
    if option.notation:
        return str(option.notation)
    return "+{to}" if option.from_ == "supply" else "{from}-{to}"


def _kind(option: Any) -> str:
    return str(option.kind or ("enter" if option.from_ == "supply" else "advance"))


def _may_land(option: Any, s: RefState, cell: str) -> bool:
    piece = s.cells.get(cell)
    if cell in s.gaps:
        return False
    if piece is None:
        return True
    return option.to == "empty_or_enemy" and piece["owner"] != s.to_move


class RefAdvance(RefPrimitive):
    @staticmethod
    def moves(phase: Any, option: Any, s: RefState) -> Moves:
        track = list(phase.game.spec.tracks[option.track][s.to_move])
        template = _template(option)
        found: Moves = {}
        if option.from_ == "supply":
            kind = phase.kind(option.piece)
            if phase.supply_left(s, kind) >= 1 and _may_land(option, s, track[0]):
                name = template.replace("{to}", track[0]).replace("{at}", track[0])
                found[name] = tagged(_kind(option), _enter(phase, option, kind, track[0]))
            return found
        roll = next(p for p in phase.game.spec.turn if p.name == option.roll)
        rolled = sum(s.vars[f"die_{i + 1}"] for i in range(roll.dice))
        for cell in s.pieces_of(s.to_move, option.piece):
            if cell not in track or rolled < 1:
                continue
            at = cell
            for _ in range(rolled):  # one cell after the other; off the end: no move
                nxt = track.index(at) + 1
                if nxt >= len(track):
                    at = ""
                    break
                at = track[nxt]
            if at and _may_land(option, s, at):
                name = template.replace("{from}", cell).replace("{to}", at)
                effect = tagged(_kind(option), _move(phase, option, cell, at))
                effect.src = cell  # type: ignore[attr-defined]
                found[name] = effect
        return found

    @staticmethod
    def template(option: Any) -> str | None:
        return _template(option)

    @staticmethod
    def ways(phase: Any, option: Any, s: RefState, src: str, dst: str) -> list[set[str]]:
        track = list(phase.game.spec.tracks[option.track][s.to_move])
        if src not in track or dst not in track:
            return [set()]
        return [set(track[track.index(src) + 1:track.index(dst)])]


def _take(phase: Any, s: RefState, cell: str) -> None:
    taken = s.cells.pop(cell, None)
    if taken is not None:
        into_hand(phase.game.spec, s, taken)


def _enter(phase: Any, option: Any, kind: str, cell: str) -> Any:
    def play(s: RefState) -> None:
        _take(phase, s, cell)
        s.cells[cell] = phase.bring_in(s, kind)
        phase.landing(option, s, cell)
    return play


def _move(phase: Any, option: Any, src: str, dst: str) -> Any:
    def play(s: RefState) -> None:
        _take(phase, s, dst)
        s.cells[dst] = s.cells.pop(src)
        phase.landing(option, s, dst)
    return play
