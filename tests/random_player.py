"""The native playouts' random player where a choice of cells is folded into the move (a
shot, a removal): one action of the turn after the other, as the Python engine's random
player picks them — the move uniformly among the legal ones, then a cell uniformly among
those it leaves — not uniformly over whole turns (``framework/native/assemble.py``,
``_sampled``).

The check is a chi-square test of the kernels' first move, drawn from one position under
many seeds, against those probabilities computed here from the legal turns the kernels
list (``legal_moves``): an independent count, and one that tells the two players apart
wherever one move has several cells to choose from and another has fewer.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

Array = Any


def per_action(native: Any, st: Array) -> dict[int, float]:
    """Each legal turn's probability when its move, then its cell, is drawn uniformly."""
    shift = int(native.kernels.CHOICE_SHIFT)
    by_move: dict[int, list[int]] = {}
    for turn in native.legal(st):
        by_move.setdefault(turn & ((1 << shift) - 1), []).append(turn)
    return {turn: 1 / len(by_move) / len(turns)
            for turns in by_move.values() for turn in turns}


def chi_square(native: Any, st: Array, draws: int, by_move: bool = False
               ) -> tuple[float, int, float]:
    """The statistic of ``draws`` first moves of random games from ``st`` against
    ``per_action``, its degrees of freedom and the same statistic against uniform turns;
    ``by_move``: of the moves alone, their cells added up (when the turns are too many for
    the draws, as Amazons' 2,000)."""
    expected = per_action(native, st)
    seen = Counter(native.random_game(st, seed, max_plies=1)[1][0] for seed in range(draws))
    assert set(seen) <= set(expected), "a drawn move that is not legal"
    uniform = dict.fromkeys(expected, 1 / len(expected))
    shift = int(native.kernels.CHOICE_SHIFT)

    def key(turn: int) -> int:
        return turn & ((1 << shift) - 1) if by_move else turn

    def statistic(p: dict[int, float]) -> tuple[float, int]:
        want: dict[int, float] = {}
        got: Counter[int] = Counter()
        for turn, chance in p.items():
            want[key(turn)] = want.get(key(turn), 0.0) + draws * chance
            got[key(turn)] += seen[turn]
        return sum((got[k] - want[k]) ** 2 / want[k] for k in want), len(want) - 1

    fit, freedom = statistic(expected)
    return fit, freedom, statistic(uniform)[0]


def bound(freedom: int) -> float:
    """Far in the tail of chi-square with ``freedom`` degrees: mean + 6 standard deviations
    (a fixed seed set, so the test is deterministic; the bound keeps it from resting on
    the generator's exact stream)."""
    return freedom + 6 * math.sqrt(2 * freedom)


def position_with_choices(native: Any, seeds: range, plies: int) -> Array:
    """A position from random games where one move has more cells to choose from than
    another (so the two players differ there)."""
    shift = int(native.kernels.CHOICE_SHIFT)
    for seed in seeds:
        for length in range(1, plies):
            st, _ = native.random_game(native.initial(), seed, max_plies=length)
            counts = Counter(t & ((1 << shift) - 1) for t in native.legal(st))
            if len(counts) > 1 and len(set(counts.values())) > 1:
                return st
    raise AssertionError("no position where the moves' choices differ in number")
