"""The trail: the positions a game has gone through, one compact key per turn, for the rules
that read the history (a draw by repetition).

A game keeps a trail only when one of its goals asks for it (``Goal.keeps_trail``): every
other game pays nothing. The trail is an immutable tuple shared by a state and its clones
(appending makes a new one), so search and perft copy a reference, not a history. It holds
the key of the position where the game (or the position read from JSON or FEN) began, then
one key at the end of every turn, after the turn has passed to the next player.

A key is a pair ``(placement, rights)``: the placement is where the pieces stand
(owners, kinds, gaps, attributes, in a game of stacks what lies beneath each top); the
rights are the player to move, the counters and the position's slots but the clocks
(castling rights, an en passant cell), each slot as its rules count it for a repetition
(``Primitive.repetition_values``: an en passant cell only when a capture could land
there). A position read again from JSON starts a new trail: the history is not part of a
position.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from framework.engine.slots import HALFMOVE

if TYPE_CHECKING:
    from framework.board.symmetry import BoardSymmetry
    from framework.compiler import CompiledGame
    from framework.engine.state import State

TrailKey = tuple[tuple[Any, ...], tuple[Any, ...]]


def trail_key_of(game: CompiledGame) -> Callable[[State], TrailKey] | None:
    """The function that makes a position's trail key, or None when no goal of ``game``
    reads the trail."""
    if not any(getattr(g, "keeps_trail", False) for g in game.goals):
        return None
    kept = kept_slots(game)
    viewers = tuple(o for p in game.turn_phases for o in getattr(p.block, "options", ())
                    if o.repetition_reads())
    # A slot several options read changes only when every one of them says so (a piece
    # of either of two kinds that may take en passant keeps the cell a right).
    readers: dict[int, int] = {}
    for option in viewers:
        for i in option.repetition_reads():
            readers[i] = readers.get(i, 0) + 1
    has_attrs = bool(game.attributes)
    has_counters = bool(game.counters)
    pick = _picker(kept)

    def key(state: State) -> TrailKey:
        placement: tuple[Any, ...] = (*state.owner, *state.kinds, state.gaps)
        if has_attrs:
            placement += tuple(v for values in state.attrs for v in values)
        if state.below is not None:  # a game of stacks: what lies beneath each top
            placement += tuple(state.below)
        values = state.vars
        if viewers:
            changed: dict[int, list[int]] = {}
            for option in viewers:
                for i, value in option.repetition_values(state).items():
                    changed.setdefault(i, []).append(value)
            if changed:
                values = values[:]
                for i, said in changed.items():
                    if len(said) == readers[i]:
                        values[i] = said[0]
        rights = (state.to_move, *pick(values))
        if has_counters:
            rights += tuple(c for side in state.counters for c in side)
        return placement, rights

    return key


def kept_slots(game: CompiledGame) -> tuple[int, ...]:
    """The slots a trail key's rights hold, in order: the position's, but the clocks."""
    return tuple(i for i, s in enumerate(game.slots.slots)
                 if s.scope != "turn" and not s.derived and not s.history and i != HALFMOVE)


def mapped_key(game: CompiledGame, key: TrailKey, board: BoardSymmetry) -> TrailKey:
    """``key`` with its cells moved by the board symmetry ``board``: the masks of the
    placement, its attribute values, and the cell and mask slots among the rights."""
    placement, rights = key
    masks = len(game.players) + len(game.piece_kinds) + 1
    moved = [board.mask(m) for m in placement[:masks]]
    size = game.board.size
    values = placement[masks:]
    for start in range(0, len(values), size):
        chunk = [0] * size
        for c, value in enumerate(values[start:start + size]):
            chunk[board.cells[c]] = value
        moved += chunk
    slots = game.slots.slots
    picked = list(rights)
    for at, i in enumerate(kept_slots(game), start=1):
        if slots[i].kind == "cell":
            picked[at] = board.cell(picked[at])
        elif slots[i].kind == "cells":
            picked[at] = board.mask(picked[at])
    return tuple(moved), tuple(picked)


def _picker(kept: tuple[int, ...]) -> Callable[[list[int]], tuple[int, ...]]:
    """A function that takes the values at ``kept`` from a list, as a tuple (itemgetter
    returns a bare value for one index)."""
    if len(kept) > 1:
        return itemgetter(*kept)
    if kept:
        only = kept[0]
        return lambda values: (values[only],)
    return lambda values: ()


def slots_as_they_stand(self: Any, state: State) -> dict[int, int]:
    """The default ``Primitive.repetition_values``: no slot counts otherwise than it
    stands."""
    return {}
