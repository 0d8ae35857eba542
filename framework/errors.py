"""Error classes. Each message is written for the person who typed the input, and quotes it.

``SpecError`` is a problem in a game file (schema or meaning); ``NotationError`` is text that
is not an action of this game at all (invalid syntax); ``IllegalActionError`` is a well-formed
action that the rules do not allow here; ``PositionError`` is a position (JSON or FEN) that
cannot describe a state of this game. ``InputError`` and ``OutputError`` are files that
cannot be read or written (see ``framework.safeio``).
"""

from __future__ import annotations

from dataclasses import dataclass


class BoardspecError(Exception):
    """Base of every error boardspec reports to a user (printed without a traceback)."""


@dataclass(frozen=True)
class SpecIssue:
    """One problem in a game file, located as precisely as the file allows."""

    file: str
    line: int
    column: int
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}"
        at = f" at {self.path}" if self.path else ""
        return f"{where}: error{at}: {self.message}"


class SpecError(BoardspecError):
    """A game file that cannot be loaded; carries every issue found, in file order."""

    def __init__(self, issues: list[SpecIssue]) -> None:
        self.issues = sorted(issues, key=lambda i: (i.file, i.line, i.column))
        super().__init__("\n".join(str(i) for i in self.issues))


class NotationError(BoardspecError, ValueError):
    """Text that does not parse as any action of the game."""


class IllegalActionError(BoardspecError, ValueError):
    """A well-formed action that is not legal in the current state."""


class PositionError(BoardspecError, ValueError):
    """A position (JSON or FEN) that does not fit the game."""


class InputError(BoardspecError):
    """A file that cannot be read as input at all: missing, not a regular file, too large
    (see ``framework.limits``) or not UTF-8 text."""


class OutputError(BoardspecError):
    """A place that cannot be written: a folder where a file is wanted (or the reverse),
    no permission, a full disk. Nothing is left half-written."""


#: Characters of a user's input quoted in an error message, at most.
QUOTED_INPUT = 40


def quoted_input(text: str, limit: int = QUOTED_INPUT) -> str:
    """``text`` quoted for an error message: whole when short, else its start and its length
    (a pasted page must not fill the screen or the log)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"


class BrokenUnit(UserWarning):
    """A registered rule unit that cannot be used (its package fails to import, or its
    entry names another unit): it is left out, said once per process; only a game file
    naming it is refused. The command line prints it as a warning."""


class NativeFallback(UserWarning):
    """Something that would run in the native kernels (an agent's search, by default or
    asked with ``…:native``) where they cannot do all of it: the reason, said once per game
    and process; the Python engine does the rest. The command line prints it as a note."""
