"""Small counting helpers shared by the invariant plugins (on engine states)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


def kind_mask(state: State, piece: str | None) -> int:
    """The cells holding pieces of kind ``piece`` (every kind when None)."""
    if piece is None:
        return state.occupied()
    return state.kinds[state.game.piece_kinds.index(piece)]


def attribute_sum(state: State, side: int, attribute: str, piece: str) -> int:
    """The sum of ``attribute`` over ``side``'s pieces of kind ``piece`` on the board."""
    values = state.attrs[state.game.attributes.index(attribute)]
    mask = state.owner[side] & kind_mask(state, piece)
    return sum(values[c] for c in range(state.game.board.size) if mask >> c & 1)


def kinds_with_attribute(game: CompiledGame, attribute: str, piece: str | None
                         ) -> list[str]:
    return [name for name, spec in game.spec.pieces.items()
            if attribute in spec.attributes and piece in (None, name)]
