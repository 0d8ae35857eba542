"""The reference twin of ``wall``: its rule text read again on cell names, each wall the
links it lies across and the points inside it (``framework/reference/walls.py``): a wall
goes up where no standing one shares a link or an inner point with it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.moves import Moves, RefPrimitive, tagged
from framework.reference.position import RefState
from framework.reference.walls import standing, wall_shapes

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def walls_moves(phase: RefMoves, option: Any, s: RefState) -> Moves:
    shapes = wall_shapes(phase)
    up = [shapes[i] for i in standing(phase, s)]
    found: Moves = {}
    for i, (name, links, points) in enumerate(shapes):
        if any(name == n or links & ls or points & ps for n, ls, ps in up):
            continue
        found[option.notation.replace("{wall}", name)] = tagged(option.kind,
                                                                _putter(i, option.counter))
    return found


def _putter(i: int, counter: str | None) -> Any:
    def play(s: RefState) -> None:
        s.vars["walls"] = (s.vars.get("walls") or 0) | 1 << i
        if counter is not None:
            s.counters[s.to_move][counter] += 1
    return play


class RefWall(RefPrimitive):
    moves = staticmethod(walls_moves)
