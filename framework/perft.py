"""Perft: count the leaves of the action tree to a depth.

Conventions (those of libataxx): depth 0 counts 1; a finished game counts 0 at depth ≥ 1;
a forced pass is one action. Each decision (phase step) is one ply;
``framework.engine.turns.perft_turns`` counts whole turns instead.

``perft`` counts the last ply without playing it (``count_legal_actions``) and handles the
two last plies in one loop; ``plain_perft`` is the textbook recursion it must agree with.
"""

from __future__ import annotations

from framework.engine.slots import MUST_PASS
from framework.engine.state import State


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    if state.winners is not None:
        return 0
    if depth == 1:
        return state.count_legal_actions()
    total = 0
    if depth == 2:
        # Most of the work of a perft is here: one child per action, then its count. The
        # count is ``count_legal_actions`` unrolled: a child in play asks its phase directly.
        clone = state.clone
        phases = state.game.phases
        setups = len(state.game.setups)
        for action in state.legal_actions():
            child = clone()
            child.apply_unchecked(action)
            if child.winners is not None:
                continue
            if child.vars[MUST_PASS]:
                total += 1
            elif child.setup < setups:
                total += child.count_legal_actions()
            else:
                total += phases[child.phase].count(child)
        return total
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        total += perft(child, depth - 1)
    return total


def plain_perft(state: State, depth: int) -> int:
    """The reference recursion (tests check ``perft`` against it)."""
    if depth == 0:
        return 1
    if state.winners is not None:
        return 0
    total = 0
    for action in state.legal_actions():
        total += plain_perft(state.child(action), depth - 1)
    return total


def divide(state: State, depth: int) -> list[tuple[str, int]]:
    """Per legal action, the perft of ``depth - 1`` below it."""
    result = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        result.append((action.notation, perft(child, depth - 1)))
    return result
