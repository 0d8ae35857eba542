"""The peers' perft, in their own idioms, beside which ours is measured and checked.

python-chess has no perft of its own; the idiom its users write counts the last ply with
``legal_moves.count()`` instead of playing it, as ours does. The chess perft(4) worker
(``workers.py``), native chess perft(5) (``native.py``) and the native chess tests share
this one.
"""

from __future__ import annotations

from typing import Any


def python_chess_perft(board: Any, depth: int) -> int:
    """The leaves ``depth`` plies below a ``chess.Board``, the last ply counted."""
    if depth == 1:
        return int(board.legal_moves.count())
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += python_chess_perft(board, depth - 1)
        board.pop()
    return total
