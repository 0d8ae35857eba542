"""The native kernel piece of ``completes_face``: the faces round the landing cell (a
table of face masks, each cell's faces one after the other) tested against the occupied
cells. ``complete_faces``'s piece counts them with the same code (``completed_lines``).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import ConditionPiece, Piece


def completed_lines(piece: Piece, faces: tuple[tuple[int, ...], ...]) -> list[str]:
    """Lines that set ``done`` to how many of the faces round the landing cell have a piece
    on every cell (0 before anything has landed), as ``completed`` counts them: the
    faces of cell ``c`` are rows ``START[c]`` to ``START[c + 1]`` of the piece's table
    ``FACES``."""
    m = piece.m
    start = [0]
    for around in faces:
        start.append(start[-1] + len(around))
    table = piece.table("FACES", [f for around in faces for f in around] or [0])
    first = piece.table("START", start, "int64")
    return ["done = 0", "landed = np.int64(st[LANDED]) - 1", "if landed >= 0:",
            f"    occupied = {m.zero}", "    for s in range(S):",
            f"        occupied |= {m.get('s')}",
            f"    for i in range({first}[landed], {first}[landed + 1]):",
            f"        face = {m.row(table, 'i')}",
            "        if (face & occupied) == face:", "            done += 1"]


class CompletesFacePiece(ConditionPiece):
    """``completes_face``: the piece just landed completes a face of the board."""

    KNOWN = frozenset({"not_"})
    WIDE = True

    def __init__(self, condition: Any, prefix: str) -> None:
        super().__init__(condition, prefix)
        self.lines = completed_lines(self, condition.faces)

    def holds(self) -> list[str]:
        return [*self.lines, "return done > 0"]
