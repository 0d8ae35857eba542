"""Piles: a kind of piece kept as a number on each cell (``pieces.<kind>.piles``: the
counters of a sowing game's pits). Each cell's number is the position slot ``<kind>.<cell>``
(``framework.engine.slots.pile_slot_name``), so clone, equality, position JSON, FEN,
hashing and the reference interpreter carry them as they carry every slot; the blocks
that sow, gather and count them look their slots up once, here."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from framework.engine.slots import pile_slot_name

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext
    from framework.spec.yamlsource import Loc


def pile_slots(game: CompiledGame, kind: str) -> tuple[int, ...]:
    """Per cell id, the index in ``state.vars`` of the number of ``kind`` on that cell."""
    index = game.slots.index
    return tuple(index[pile_slot_name(kind, name)] for name in game.board.names)


def piled_kinds(game: CompiledGame) -> tuple[str, ...]:
    """The kinds the game keeps in piles."""
    return tuple(k for k, p in game.spec.pieces.items() if p.piles is not None)


def pile_total(state: State, slots: tuple[int, ...], mask: int) -> int:
    """How many pieces the piles on the cells of ``mask`` hold together."""
    values, total = state.vars, 0
    while mask:
        low = mask & -mask
        total += values[slots[low.bit_length() - 1]]
        mask ^= low
    return total


def check_piled(kind: str | None, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
    """``kind`` must be a kind the game keeps in piles."""
    if kind is None or kind not in ctx.pieces:
        return
    if ctx.spec.pieces[kind].piles is None:
        yield (*loc, "piece"), (f"{kind!r} is not kept in piles: declare "
                                f"pieces.{kind}.piles (the number each cell starts with)")
