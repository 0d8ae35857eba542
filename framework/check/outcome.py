"""The outcome of one property of a check (its own module: the runner and the native
comparison both build them, and neither imports the other at module level)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from framework.check.trail import Failure

#: "not required": the property does not apply to this file (termination without a
#: ``max_plies``); shown as such, never counted as a pass.
Status = Literal["passed", "failed", "not checked", "not required"]


@dataclass
class Outcome:
    name: str
    status: Status
    states: int = 0
    seconds: float = 0.0
    failure: Failure | None = None
    note: str = ""
