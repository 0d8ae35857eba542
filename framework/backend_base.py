"""What every backend is (``framework.backends`` chooses one): a serial runner of keyed tasks
that later backends (a process pool, Ray) run elsewhere. Kept apart from the chooser so a
backend module can build on it without the chooser importing it back."""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any

from framework.errors import BoardspecError


class BackendError(BoardspecError):
    """A backend that cannot start, or work that cannot be finished."""


Tasks = Mapping[int, Sequence[Any]]


class Backend:
    """Runs ``fn(*common, *tasks[key])`` for every key; see the module docstring."""

    name = "serial"
    #: Workers the backend runs at once (for progress and tables; 1 for serial).
    workers = 1

    def run(self, fn: Callable[..., Any], tasks: Tasks,
            common: Sequence[Any] = ()) -> Generator[tuple[int, Any], None, None]:
        for key, args in tasks.items():
            yield key, fn(*common, *args)

    def connect(self) -> None:
        """Start or join the workers now (otherwise the first ``run`` does)."""

    def close(self) -> None:
        """Release what the backend holds (processes, a cluster connection)."""

    def describe(self) -> str:
        return "this process"

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
