"""The reference twin of ``rotate``: its rule text (the docstring of ``__init__.py``) read
again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle): each
cell of the square is turned about the square's centre on the drawing's (column, row)
plane.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.moves import Moves, RefPrimitive, tagged
from framework.reference.position import RefState
from framework.spec.zones import zone_cell_names

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves

MARKS = {"clockwise": "+", "anticlockwise": "-"}


def rotations(phase: RefMoves, option: Any, s: RefState) -> Moves:
    nodes = phase.board.graph.nodes
    found: Moves = {}
    for zone in option.zones:
        cells = sorted(zone_cell_names(phase.game.spec, zone, s.to_move, phase.board.graph))
        at = {(nodes[n]["col"], nodes[n]["row"]): n for n in cells}
        cx = sum(x for x, _ in at) / len(at)
        cy = sum(y for _, y in at) / len(at)
        for turn in option.turns:
            # Clockwise on a drawing with y up: (x, y) about the centre goes to (y, -x).
            sign = 1 if turn == "clockwise" else -1
            image = {n: at[round(cx + sign * (y - cy)), round(cy - sign * (x - cx))]
                     for (x, y), n in at.items()}
            name = option.notation.replace("{zone}", zone).replace("{turn}", MARKS[turn])
            found[name] = tagged(option.kind, _turner(image))
    return found


def _turner(image: dict[str, str]) -> Any:
    def play(s: RefState) -> None:
        moved = {image[c]: s.cells.pop(c) for c in list(image) if c in s.cells}
        s.cells.update(moved)
    return play


class RefRotate(RefPrimitive):
    moves = staticmethod(rotations)
