"""The state slots a game's blocks declare, as fields of the compact state.

A block that carries state of its own (a castling right, the cell a rush passed over)
declares a slot (``framework/engine/slots.py``); its kernel piece names it in ``SLOTS`` and
the compact state gets one uint64 field for it, named by the slot's index so that any name
a game file gives the slot makes a valid constant. A ``cell`` slot holds the cell + 1 (0:
none), as the ``LANDED`` field does, so that every field stays a non-negative uint64.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.slots import Slot


def slot_field(game: CompiledGame, name: str) -> str:
    """The constant the kernels index the compact state with for the slot ``name``."""
    return f"SLOT{game.slots.index[name]}"


def pile_field(game: CompiledGame, kind: str) -> str:
    """The constant of the first word of ``kind``'s piles in the compact state (a kind kept
    in piles, ``pieces.<kind>.piles``; the pile on cell ``c`` is the word ``c`` after it)."""
    return f"PILE{game.piece_kinds.index(kind)}"


def attribute_field(game: CompiledGame, attribute: str) -> str:
    """The expression of the first word of ``attribute``'s numbers in the compact state
    (one word per cell for each attribute, in ``game.attributes``' order, after
    ``ATTRS``; the number on cell ``c`` is the word ``c`` after it)."""
    return f"ATTRS + {game.attributes.index(attribute) * game.board.size}"


def encoded(slot: Slot, value: int) -> int:
    return value + 1 if slot.kind == "cell" else value


def decoded(slot: Slot, value: int) -> int:
    return value - 1 if slot.kind == "cell" else value


def side_field(fields: list[str]) -> str:
    """The expression that picks, among one field per side, the field of ``side`` (the
    side in the generated code's scope)."""
    return "(" + "".join(f"{f} if side == {i} else " for i, f in enumerate(fields[:-1])) + \
        fields[-1] + ")"
