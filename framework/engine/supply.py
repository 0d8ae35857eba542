"""Supplies: what a player still has off the board.

By default a supply is derived: the declared ``supply`` minus what of theirs is on the
board. A removed piece, with its attributes, is back in its owner's supply the moment it
leaves the board; nothing is stored, so nothing can drift. A kind declared with
``hand: true`` is kept in hand instead: each player's hand of it is a position slot
(``hand.<player>.<kind>``, starting at the supply) that placing takes from and nothing gives
back, so a piece taken off the board is gone for good (a hand of pieces to place).

The per-game tables (supplies, caps, which kinds carry which attribute) are built once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from framework.engine.bits import iter_bits
from framework.engine.slots import hand_slot_name

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
    hand_slots: tuple[tuple[int, ...], ...]  # per kind, per side, its hand's slot (-1: none)
    in_hand: tuple[int | None, ...]  # per kind, the hand a player starts with (None: derived)
    #: Per kind, per captor side: the hand slot a captured piece of the kind goes into (-1:
    #: it leaves the game), and the kind it becomes there.
    captured_to: tuple[tuple[int, ...], ...]
    captured_as: tuple[int, ...]


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
        hand_slots=tuple(tuple(game.slots.index[hand_slot_name(str(player), kind)]
                               if game.spec.pieces[kind].hand else -1
                               for player in game.players) for kind in game.piece_kinds),
        in_hand=tuple(p.in_hand for p in pieces),
        captured_to=tuple(tuple(game.slots.index[hand_slot_name(str(player), p.captured_as)]
                                if p.captured_as else -1 for player in game.players)
                          for p in pieces),
        captured_as=tuple(game.piece_kinds.index(p.captured_as) if p.captured_as else -1
                          for p in pieces),
    )


def pieces_on_board(state: State, side: int, kind: int) -> int:
    return (state.owner[side] & state.kinds[kind]).bit_count()


def attribute_on_board(state: State, side: int, attribute: int) -> int:
    values = state.attrs[attribute]
    return sum(values[c] for c in iter_bits(state.owner[side]))


def piece_supply(state: State, side: int, kind: int) -> int | None:
    """Pieces of ``kind`` that ``side`` can still bring in; None = unlimited."""
    table = limits(state.game)
    slot = table.hand_slots[kind][side]
    if slot >= 0:
        return state.vars[slot]
    supply = table.piece_supply[kind]
    return None if supply is None else supply - pieces_on_board(state, side, kind)


def take_from_supply(state: State, side: int, kind: int) -> None:
    """A new piece of ``kind`` came onto the board for ``side``: out of the hand, when the
    kind is kept in one (a derived supply follows the board by itself)."""
    slot = limits(state.game).hand_slots[kind][side]
    if slot >= 0:
        state.vars[slot] -= 1


def capture(state: State, cell: int, captor: int) -> None:
    """Take the piece on ``cell`` off the board as ``captor``'s capture: into the captor's
    hand as its ``captured_as`` kind when it has one (a captured piece fights on for its
    captor), else out of the game."""
    slot = limits(state.game).captured_to[state.kind_of(cell)][captor]
    state.remove(cell)
    if slot >= 0:
        state.vars[slot] += 1


def fill_hands(state: State, given: set[str]) -> None:
    """The hands a position does not give (``given``: the slot names it gives): the kind's
    ``in_hand`` when it declares one, else the supply less what of that kind the side has
    on the board, as a derived supply reads."""
    table = limits(state.game)
    for kind, slots in enumerate(table.hand_slots):
        start = table.in_hand[kind]
        for side, slot in enumerate(slots):
            if slot >= 0 and state.game.slots.slots[slot].name not in given:
                state.vars[slot] = start if start is not None else max(
                    0, (table.piece_supply[kind] or 0) - pieces_on_board(state, side, kind))


def attribute_supply(state: State, side: int, attribute: int) -> int | None:
    """Units of attribute ``attribute`` (an index into ``game.attributes``) that ``side``
    can still add; None = unlimited."""
    supply = limits(state.game).attribute_supply[attribute]
    return None if supply is None else supply - attribute_on_board(state, side, attribute)


def attribute_total(state: State, cell: int) -> int:
    """The sum of the attributes of the piece on ``cell``."""
    return sum(values[cell] for values in state.attrs)
