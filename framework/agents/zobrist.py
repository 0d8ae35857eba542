"""Zobrist hashing of states, for transposition tables and turn de-duplication.

The random keys are drawn once per ``CompiledGame`` (lazily, on first use, then cached
beside the game) from a fixed seed, so a hash is the same in every process and every run.
Keys cover everything that decides the future of a position: pieces (cell x side x kind),
gaps, attribute values, counters, the side to move, the phase or setup step, the seats,
a pending pass, the landing cell of the current turn, the half-move clock and the result.
The full-move number is left out so that move orders that transpose hash alike.
"""

from __future__ import annotations

import random
import weakref
from typing import TYPE_CHECKING

from framework.engine.bits import iter_bits

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State

SEED = 0x5EED_B0A2D
MASK64 = (1 << 64) - 1


def _mix(key: int, value: int) -> int:
    """A key for an unbounded int value (splitmix64 of key + value)."""
    z = (key + 0x9E3779B97F4A7C15 * (value + 1)) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class ZobristTable:
    """Random 64-bit keys for one game."""

    def __init__(self, game: CompiledGame) -> None:
        rng = random.Random(SEED)
        size = game.board.size
        sides = len(game.players)

        def keys(n: int) -> list[int]:
            return [rng.getrandbits(64) for _ in range(n)]

        self.pieces = [[keys(size) for _ in game.piece_kinds] for _ in range(sides)]
        self.gaps = keys(size)
        self.attrs = [keys(size) for _ in game.attributes]
        #: Per cell, the key of what lies beneath its top in a game of stacks.
        self.below = keys(size) if game.spec.stacks is not None else []
        self.counters = [keys(len(game.counters)) for _ in range(sides)]
        self.to_move = keys(sides)
        self.phase = keys(len(game.phases))
        self.setup = keys(len(game.setups) + 1)
        self.seats = keys(sides)
        self.slots = keys(len(game.slots))
        self.slot_defaults = game.slots.defaults
        self.result = rng.getrandbits(64)
        self.even_round = rng.getrandbits(64)
        #: A turn order that reads the round (``snake``) makes its parity part of the state.
        self.round_matters = game.turn_order.round_matters

    def hash(self, state: State) -> int:
        h = self.to_move[state.to_move] ^ self.setup[state.setup]
        if state.setup == len(self.setup) - 1:
            h ^= self.phase[state.phase]
        for side, owned in enumerate(state.owner):
            keys = self.pieces[side]
            for kind, of_kind in enumerate(state.kinds):
                row = keys[kind]
                for cell in iter_bits(owned & of_kind):
                    h ^= row[cell]
        for cell in iter_bits(state.gaps):
            h ^= self.gaps[cell]
        if state.below is not None:  # a stack's pieces beneath its top, by their tuple
            for cell, below in enumerate(state.below):
                if below:
                    h ^= _mix(self.below[cell], hash(below) & MASK64)
        for a, values in enumerate(state.attrs):
            row = self.attrs[a]
            for cell, value in enumerate(values):
                if value:
                    h ^= _mix(row[cell], value)
        for side, values in enumerate(state.counters):
            for c, value in enumerate(values):
                if value:
                    h ^= _mix(self.counters[side][c], value)
        for side, seat in enumerate(state.seat_of_side):
            if seat != side:
                h ^= _mix(self.seats[side], seat)
        for i, (value, default) in enumerate(zip(state.vars, self.slot_defaults, strict=True)):
            if value != default:  # a set of boards (``boards``) by its hash
                h ^= _mix(self.slots[i], value if isinstance(value, int) else
                          hash(value) & MASK64)
        if self.round_matters and not state.fullmove & 1:
            h ^= self.even_round
        if state.winners is not None:
            h ^= _mix(self.result, sum(1 << s for s in state.winners))
        return h


_TABLES: weakref.WeakKeyDictionary[CompiledGame, ZobristTable] = weakref.WeakKeyDictionary()


def zobrist_table(game: CompiledGame) -> ZobristTable:
    """The game's table, built on first use."""
    table = _TABLES.get(game)
    if table is None:
        table = _TABLES[game] = ZobristTable(game)
    return table


def zobrist_hash(state: State) -> int:
    return zobrist_table(state.game).hash(state)
