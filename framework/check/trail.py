"""How a checked state was reached, and what went wrong there: the data of a reproduction."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from framework.engine.state import State
    from framework.game import Game


@dataclass
class Trail:
    """A start position and the actions played from it.

    ``start`` is None for the game's own start (``game.new_initial_state()``), else the
    position JSON to read with ``game.state_from_json``.
    """

    label: str
    start: dict[str, Any] | None
    actions: list[str] = field(default_factory=list)

    def extended(self, notation: str) -> Trail:
        return Trail(self.label, self.start, [*self.actions, notation])

    def replay(self, game: Game) -> State:
        """The engine state the trail leads to (it raises if an action is not legal)."""
        state = game.new_initial_state() if self.start is None \
            else game.state_from_json(self.start)
        for notation in self.actions:
            state.apply(notation)
        return state


@dataclass
class Subject:
    """A state to check: the state, the one an action earlier (None at a start), the trail."""

    state: State
    before: State | None
    trail: Trail


@dataclass
class Failure:
    """A property that does not hold, with the shortest reproduction hypothesis found."""

    message: str
    trail: Trail
    position: dict[str, Any] | None  # the JSON of the failing state, when it has one
    detail: str = ""

    def replay_command(self, file: str, extra: list[str] | None = None) -> str:
        """The command that plays the failing actions again (``extra``: more options, such
        as the game's ``--param`` values)."""
        position = ["--position", json.dumps(self.trail.start, ensure_ascii=False)] \
            if self.trail.start is not None else []
        position += extra or []
        if self.trail.actions:
            words = ["boardspec", "apply", file, *self.trail.actions, *position]
        else:
            words = ["boardspec", "show", file, *position]
        return shlex.join(words)


class Violation(Exception):
    """A property failed on a subject (hypothesis shrinks the subject, then re-raises)."""

    def __init__(self, message: str, subject: Subject | None, trail: Trail | None = None,
                 detail: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.subject = subject
        self.trail = trail or (subject.trail if subject else Trail("?", None))
        self.detail = detail

    def failure(self) -> Failure:
        position = self.subject.state.to_json() if self.subject else None
        return Failure(self.message, self.trail, position, self.detail)
