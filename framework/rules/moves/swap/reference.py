"""The reference twin of ``swap``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.moves import Moves, RefPrimitive, tagged
from framework.reference.position import RefState

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def swap(phase: RefMoves, option: Any, s: RefState) -> Moves:
    """The pie rule: in the first round, a player without pieces facing exactly one piece
    takes it over, on its cell or on the cell with its row and column exchanged."""
    if s.fullmove != 1 or s.pieces_of(s.to_move) or len(s.cells) != 1:
        return {}
    (cell, piece), = s.cells.items()
    target = cell
    if option.mirror == "diagonal":
        nodes = phase.board.graph.nodes
        target = next(n for n in phase.board.cells
                      if (nodes[n]["row"], nodes[n]["col"]) == (nodes[cell]["col"],
                                                                nodes[cell]["row"]))

    def play(s: RefState) -> None:
        del s.cells[cell]
        s.cells[target] = {**piece, "owner": s.to_move}
    return {option.notation: tagged(option.kind, play)}


class RefSwap(RefPrimitive):
    moves = staticmethod(swap)
