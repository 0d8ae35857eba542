"""Shared parameters of phases a player may decline: ``optional: true`` adds a skip action,
written as the game file says (``skip: skip``), beside the phase's own actions.

Not a plugin itself; ``walk`` and ``build`` take these parameters.
"""

from __future__ import annotations

import re

from pydantic import Field

from framework.engine.action import Action
from framework.plugins import PhaseParams


class OptionalPhaseParams(PhaseParams):
    optional: bool = Field(default=False,
                           description="the player may skip this phase (skipping is an action)")
    skip: str = Field(default="skip", min_length=1, pattern=r"^\S+$",
                      description="the notation of the skip action")


def skip_action(params: OptionalPhaseParams) -> Action | None:
    return Action(params.name, "skip", notation=params.skip) if params.optional else None


def cell_pattern(names: tuple[str, ...]) -> str:
    """A regular expression matching exactly the cell names of a board (longest first)."""
    return "(?:" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + ")"
