"""The reference twin of ``push``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.lines import _directions, into_hand
from framework.reference.moves import Moves, RefPrimitive, tagged
from framework.reference.position import RefState
from framework.reference.rules import Effect

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def push(phase: RefMoves, option: Any, s: RefState) -> Moves:
    """Every line of 1 to ``longest`` of the mover's pieces (of ``piece``) along a
    direction: moved one cell on along the line when the cell ahead of its front is empty,
    or holds fewer enemy pieces in a row than the line has, followed by an empty cell or
    the edge (with ``push``); moved sideways (``broadside``, 2 pieces or more) when every
    cell beside it that way is empty."""
    board = phase.board
    dirs = _directions(phase, option.directions, s.to_move)

    def mine(cell: str | None) -> bool:
        piece = s.cells.get(cell) if cell is not None else None
        return piece is not None and piece["owner"] == s.to_move and \
            option.piece in (None, piece["piece"])

    def empty(cell: str | None) -> bool:
        return cell is not None and s.empty(cell)

    def enemy(cell: str | None) -> bool:
        piece = s.cells.get(cell) if cell is not None else None
        return piece is not None and piece["owner"] != s.to_move

    found: Moves = {}
    for rear in s.pieces_of(s.to_move, option.piece):
        for d in dirs:
            line = [rear]
            while len(line) <= option.longest:
                ahead = board.step(line[-1], d)
                if ahead is None:
                    break  # a line never moves off the board
                if empty(ahead):
                    found[rear + ahead] = _effect(phase, option, line, d, True, ahead)
                elif enemy(ahead) and option.push:
                    row: list[str] = []
                    at: str | None = ahead
                    while at is not None and enemy(at):
                        row.append(at)
                        at = board.step(at, d)
                    if len(row) < len(line) and (at is None or empty(at)):
                        found[rear + ahead] = _effect(phase, option, line, d, True, ahead)
                if len(line) == option.longest or not mine(ahead):
                    break
                line.append(ahead)
            if not option.broadside:
                continue
            for n in range(2, len(line) + 1):
                ends = line[0], line[n - 1]
                if _rank(phase, ends[1]) < _rank(phase, ends[0]):
                    continue
                for side in dirs:
                    if side in (d, board.opposite(d)):
                        continue
                    moved = [board.step(c, side) for c in line[:n]]
                    if all(empty(m) for m in moved):
                        found[ends[0] + ends[1] + str(moved[0])] = _effect(
                            phase, option, line[:n], side, False, str(moved[0]))
    return found


def _rank(phase: Any, cell: str) -> tuple[float, float]:
    """Where a cell is listed on the board: by rows from the bottom, then from the left
    (its drawing position)."""
    x, y = phase.board.graph.nodes[cell]["pos"]
    return (y, x)


def _effect(phase: RefMoves, option: Any, line: list[str], d: str, in_line: bool,
            target: str) -> Effect:
    cells = list(line)

    def play(s: RefState) -> None:
        board = phase.board
        if in_line:
            pushed = []
            at = board.step(cells[-1], d)
            while at is not None and at in s.cells:
                pushed.append(at)
                at = board.step(at, d)
            if pushed and at is None:  # off the board: captured
                into_hand(phase.game.spec, s, s.cells.pop(pushed.pop()))
            for c in reversed(cells + pushed):  # the farthest first
                s.cells[str(board.step(c, d))] = s.cells.pop(c)
        else:
            for c in cells:
                s.cells[str(board.step(c, d))] = s.cells.pop(c)
        phase.landing(option, s, target)
    effect = tagged(option.kind, play)
    effect.src = cells[0]  # type: ignore[attr-defined]
    return effect


class RefPush(RefPrimitive):
    moves = staticmethod(push)
