"""The reference twin of ``line_formed``: from the landing cell, walk each direction and
its opposite on the board's graph, one cell at a time, while the mover's pieces go on."""

from __future__ import annotations

from framework.reference.board import RefBoard
from framework.reference.position import RefState
from framework.reference.rules import RefCondition


def run_through(board: RefBoard, s: RefState, cell: str, owner: str, piece: str | None,
                directions: list[str] | None) -> int:
    """The longest straight run of ``owner``'s pieces (of ``piece``) through ``cell``."""
    def ours(c: str | None) -> bool:
        if c is None or c not in s.cells:
            return False
        found = s.cells[c]
        return found["owner"] == owner and piece in (None, found["piece"])

    best = 0
    for d in directions if directions is not None else board.directions:
        run, seen = 1, {cell}
        for way in (d, board.opposite(d)):
            at = board.step(cell, way)
            while at is not None and ours(at) and at not in seen:
                seen.add(at)
                run += 1
                at = board.step(at, way)
        best = max(best, run)
    return best


class RefLineFormed(RefCondition):
    def holds(self, s: RefState, mover: str) -> bool:
        cell = s.vars.get("landed")
        if cell is None:
            return False
        p = self.params
        if cell not in s.cells or s.cells[cell]["owner"] != mover or \
                p.piece not in (None, s.cells[cell]["piece"]):
            return False
        return run_through(self.board, s, cell, mover, p.piece, p.directions) >= p.length
