"""Make a failing play as short as possible.

Hypothesis shrinks the random choices of a failing play, which finds a short play but not
always the shortest: a shorter one may need quite different choices. So, after it, a
breadth-first search from the same start tries every play shorter than the one found
(within a budget of states and seconds); the first failing one it meets is a shortest.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from framework.check.trail import Failure, Trail

if TYPE_CHECKING:
    from framework.engine.state import State
    from framework.game import Game

#: Why ``state`` (reached from ``before`` along ``trail``) fails, or None.
Fails = Callable[["State", "State | None", Trail], "str | None"]


def shortest(game: Game, failure: Failure, fails: Fails, *, states: int = 20_000,
             seconds: float = 3.0) -> Failure:
    """The failure, or a failure by a shorter play from the same start if there is one."""
    trail = failure.trail
    if trail.label == "?" or len(trail.actions) <= 1:
        return failure
    deadline = time.perf_counter() + seconds
    start = Trail(trail.label, trail.start).replay(game)
    frontier: list[tuple[State, list[str]]] = [(start, [])]
    seen = {start.key()}
    visited = 0
    for _ in range(len(trail.actions) - 1):
        deeper: list[tuple[State, list[str]]] = []
        for state, actions in frontier:
            for action in state.legal_actions():
                child = state.child(action)
                played = Trail(trail.label, trail.start, [*actions, action.notation])
                try:
                    message = fails(child, state, played)
                except Exception as exc:
                    message = f"{type(exc).__name__}: {exc}"
                if message:
                    return Failure(message, played, child.to_json())
                visited += 1
                if visited >= states or time.perf_counter() > deadline:
                    return failure
                key = child.key()
                if key not in seen:
                    seen.add(key)
                    deeper.append((child, played.actions))
        frontier = deeper
    return failure
