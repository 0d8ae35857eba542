"""The base of the kernel pieces of the moves that carry state between turns (``rush``,
``en_passant``, ``castle``: few moves each, counted by generating them).

Each such piece names the state slot it reads or writes in ``SLOTS``: the compact state
gets a field for it (``framework/kernel/slots.py``) and the piece reads it under the name
``slot_field`` gives. A piece with an ``upkeep`` function (``UPKEEPS``) has it called
after every move of its phase, as the Python engine calls ``Primitive.upkeep``: a rush's
passed cell lasts one turn, a castling right is lost once its pieces have left their cells.
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import PrimitivePiece


def _sources(option: Any) -> str:
    return "own" if option.piece < 0 else f"(own & st[KINDS + {option.piece}])"


class ScannedPiece(PrimitivePiece):
    """A primitive whose ``count`` and ``has`` are its ``gen`` into a small buffer of its
    own (few moves: a rush, an en passant capture, a castle)."""

    PLACES = False
    #: At most this many moves in one position.
    MOST = 64

    def count(self) -> list[str]:
        return [f"buf = np.empty({self.MOST}, np.int64)",
                f"return {self.prefix}gen(st, side, own, enemy, empty, buf, 0)"]

    def has(self) -> list[str]:
        return [*self.count()[:1],
                f"return {self.prefix}gen(st, side, own, enemy, empty, buf, 0) > 0"]


