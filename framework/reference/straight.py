"""What a move passes over along a straight line of the board, read on cell names (the
reference twins' own walk, shared by the moves' reference and the candidate tests)."""

from __future__ import annotations

from typing import Any


def _straight(phase: Any, src: str, dst: str, direction: str) -> set[str] | None:
    """The cells between ``src`` and ``dst`` when ``dst`` lies straight along
    ``direction`` from ``src``, else None."""
    passed: list[str] = []
    at = phase.board.step(src, direction)
    while at is not None and at != dst and at not in passed and at != src:
        passed.append(at)
        at = phase.board.step(at, direction)
    return set(passed) if at == dst else None


def straight_ways(phase: Any, src: str, dst: str) -> list[set[str]]:
    """What a move from ``src`` to ``dst`` passes over along each straight line of the
    board that leads there (nothing, when none does)."""
    found = [w for d in phase.board.directions
             if (w := _straight(phase, src, dst, d)) is not None]
    return found or [set()]
