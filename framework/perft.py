"""Perft: count the leaves of the action tree to a depth.

Conventions (those of libataxx): depth 0 counts 1; a finished game counts 0 at depth ≥ 1;
a forced pass is one action. Each decision (phase step) is one ply; ``by_turns`` counts whole
turns instead.
"""

from __future__ import annotations

from framework.engine.state import State


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    if state.winners is not None:
        return 0
    if depth == 1:
        return state.count_legal_actions()
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        total += perft(child, depth - 1)
    return total


def divide(state: State, depth: int) -> list[tuple[str, int]]:
    """Per legal action, the perft of ``depth - 1`` below it."""
    result = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        result.append((action.notation, perft(child, depth - 1)))
    return result
