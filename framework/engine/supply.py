"""Supplies, derived: what a player still has off the board is the declared ``supply`` minus
what of theirs is on the board. A removed piece, with its attributes, is back in its owner's
supply the moment it leaves the board; nothing is stored, so nothing can drift.

The per-game tables (supplies, caps, which kinds carry which attribute) are built once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from framework.engine.bits import iter_bits

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


@dataclass(frozen=True)
class Limits:
    """A game's supplies and caps, by piece-kind index and attribute index."""

    piece_supply: tuple[int | None, ...]
    attribute_supply: tuple[int | None, ...]
    attribute_max: tuple[tuple[int | None, ...], ...]  # [kind][attribute]
    total_max: tuple[int | None, ...]  # per kind, cap on the sum of its attributes
    carried_by: tuple[tuple[int, ...], ...]  # per kind, the attributes it carries


def limits(game: CompiledGame) -> Limits:
    found = game.derived.get("limits")
    if found is None:
        found = game.derived["limits"] = _limits(game)
    return found


def _limits(game: CompiledGame) -> Limits:
    pieces = [game.spec.pieces[k] for k in game.piece_kinds]
    attribute_supply: list[int | None] = []
    for name in game.attributes:
        first = next(p.attributes[name] for p in pieces if name in p.attributes)
        attribute_supply.append(first.supply)
    return Limits(
        piece_supply=tuple(p.supply for p in pieces),
        attribute_supply=tuple(attribute_supply),
        attribute_max=tuple(tuple(p.attributes[a].max if a in p.attributes else 0
                                  for a in game.attributes) for p in pieces),
        total_max=tuple(p.max_attributes_total for p in pieces),
        carried_by=tuple(tuple(i for i, a in enumerate(game.attributes) if a in p.attributes)
                         for p in pieces),
    )


def pieces_on_board(state: State, side: int, kind: int) -> int:
    return (state.owner[side] & state.kinds[kind]).bit_count()


def attribute_on_board(state: State, side: int, attribute: int) -> int:
    values = state.attrs[attribute]
    return sum(values[c] for c in iter_bits(state.owner[side]))


def piece_supply(state: State, side: int, kind: int) -> int | None:
    """Pieces of ``kind`` that ``side`` can still bring in; None = unlimited."""
    supply = limits(state.game).piece_supply[kind]
    return None if supply is None else supply - pieces_on_board(state, side, kind)


def attribute_supply(state: State, side: int, attribute: int) -> int | None:
    """Units of attribute ``attribute`` (an index into ``game.attributes``) that ``side``
    can still add; None = unlimited."""
    supply = limits(state.game).attribute_supply[attribute]
    return None if supply is None else supply - attribute_on_board(state, side, attribute)


def attribute_total(state: State, cell: int) -> int:
    """The sum of the attributes of the piece on ``cell``."""
    return sum(values[cell] for values in state.attrs)
