"""The reference twin of ``completes_face``: the faces the board's builder lists, by cell
name; one that holds the landing cell and has a piece on each of its cells."""

from __future__ import annotations

from typing import Any

from framework.reference.position import RefState
from framework.reference.rules import RefCondition


def closed_faces(board: Any, s: RefState, cell: str) -> list[tuple[str, ...]]:
    """The faces round ``cell`` whose every cell holds a piece."""
    return [face for face in board.graph.graph.get("faces", ())
            if cell in face and all(c in s.cells for c in face)]


class RefCompletesFace(RefCondition):
    def holds(self, s: RefState, mover: str) -> bool:
        landed = s.vars.get("landed")
        return landed is not None and bool(closed_faces(self.board, s, landed))
