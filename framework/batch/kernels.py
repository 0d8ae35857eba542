"""Vectorised kernels of the rule blocks, for the numpy batch backend.

The backend asks every block of a game for its kernel here, by keyword — each move
primitive of the deciding phase, each consequence after it, each goal and the result —
and refuses a game with a block that has none, naming it. A kernel works on arrays with
one entry per game: uint64 bitboards of the side to move (``own``), of the others
(``opp``) and of the empty cells (``empty``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from framework.errors import BoardspecError

if TYPE_CHECKING:
    from framework.batch.tables import Tables

U64 = np.uint64
Array = np.ndarray[Any, Any]


class Unsupported(BoardspecError):
    """A block, or a parameter of it, that no kernel plays."""


# Move primitives --------------------------------------------------------------------
class ReachKernel:
    """``reach``: a clone (named by its target) or a move (named by source and target) at
    an exact distance, onto an empty cell."""

    def __init__(self, option: Any, tables: Tables) -> None:
        params = option.params
        if params.to != "empty":
            raise Unsupported(f"reach with to: {params.to}")
        game = option.game
        if game.spec.pieces[game.piece_kinds[option.made]].supply is not None:
            raise Unsupported("reach with a piece supply")
        self.clone = option.clone
        self.resets = option.resets_clock
        self.masks = tables.padded(option.ring)
        self.union_table = tables.byte_table(option.ring)

    def count(self, t: Tables, own: Array, has: Array, empty: Array) -> tuple[Array, Any]:
        """Per game, the number of actions, and what ``choose`` needs to pick one."""
        if self.clone:
            near = t.union(self.union_table, own) & empty
            return np.bitwise_count(near).astype(np.int64), near
        per_source = np.bitwise_count(self.masks[:, None] & empty[None, :])
        per_source *= has
        prefix = t.prefix_sums(per_source)
        return prefix[-1].astype(np.int64), (prefix, per_source)

    def choose(self, t: Tables, aux: Any, rows: Array, k: Array, empty: Array
               ) -> tuple[Array, Array]:
        """(source, target) of action ``k`` of each game in ``rows`` (source -1: a clone).
        ``k`` covers every game (meaningless outside ``rows``)."""
        if self.clone:
            return np.full(rows.size, -1, np.int64), t.nth_bit(aux[rows], k[rows])
        prefix, per_source = aux
        # Every game's source (the others get a meaningless one): cheaper than first
        # gathering the columns of the games that move.
        src = t.first_above(prefix, k)[rows]
        before = prefix[src, rows].astype(np.int64) - per_source[src, rows]
        return src, t.nth_bit(self.masks[src] & empty[rows], k[rows] - before)

    def any(self, t: Tables, pieces: Array, empty: Array) -> Array:
        """Per game, whether ``pieces`` have an action."""
        return (t.union(self.union_table, pieces) & empty) != 0


PRIMITIVE_KERNELS: dict[str, Any] = {"reach": ReachKernel}


# Consequences -----------------------------------------------------------------------
class ConvertKernel:
    """``convert_adjacent``: the enemies around the landing cell change sides."""

    def __init__(self, phase: Any, tables: Tables) -> None:
        self.around = tables.padded(phase.around)

    def apply(self, target: Array, moving: Array, own: Array, opp: Array
              ) -> tuple[Array, Array]:
        taken = np.where(moving, self.around[target], U64(0)) & opp
        return np.asarray(own | taken, U64), np.asarray(opp & ~taken, U64)


CONSEQUENCE_KERNELS: dict[str, Any] = {"convert_adjacent": ConvertKernel}


# Goals and result -------------------------------------------------------------------
class NoPiecesKernel:
    """``no_pieces`` with ``then: score``: a side without pieces ends the game."""

    def __init__(self, goal: Any) -> None:
        if goal.params.then != "score" or goal.params.piece:
            raise Unsupported("no_pieces other than 'then: score' for every kind")

    def fires(self, own: Array, opp: Array, clock: Array) -> tuple[Array, bool]:
        """Per game, whether the goal fires, and whether it is scored (else a draw)."""
        return (own == 0) | (opp == 0), True


class HalfmoveClockKernel:
    """``halfmove_clock``: a draw at the limit."""

    def __init__(self, goal: Any) -> None:
        self.limit = goal.params.limit

    def fires(self, own: Array, opp: Array, clock: Array) -> tuple[Array, bool]:
        return clock >= self.limit, False


GOAL_KERNELS: dict[str, Any] = {"no_pieces": NoPiecesKernel,
                                "halfmove_clock": HalfmoveClockKernel}


def majority(mine: Array, theirs: Array, side: Array) -> Array:
    """``majority``: more pieces wins; equal is a draw (-1)."""
    a, b = np.bitwise_count(mine).astype(np.int16), np.bitwise_count(theirs).astype(np.int16)
    return np.where(a > b, side, np.where(b > a, 1 - side, -1)).astype(np.int8)


RESULT_KERNELS: dict[str, Any] = {"majority": majority}


def kernel_of(registry: dict[str, Any], keyword: str, what: str) -> Any:
    found = registry.get(keyword)
    if found is None:
        raise Unsupported(f"{what} {keyword!r} has no batch kernel")
    return found
