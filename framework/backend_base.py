"""What every backend is (``framework.backends`` chooses one): a serial runner of keyed tasks
that later backends (a process pool, Ray) run elsewhere. Kept apart from the chooser so a
backend module can build on it without the chooser importing it back."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Generator, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from framework.errors import BoardspecError


class BackendError(BoardspecError):
    """A backend that cannot start, or work that cannot be finished."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a run. ``partial`` holds ``(key, result)`` of the tasks that were
    running and stopped early when asked (``run(..., grace=…)``): each result is whatever
    the task returned when it saw :func:`stop_requested` (None: it had not begun)."""

    def __init__(self, partial: Sequence[tuple[int, Any]] = ()) -> None:
        super().__init__(list(partial))
        self.partial = list(partial)


class StoppedEarly(KeyboardInterrupt):
    """Raised by a task run in this process that Ctrl-C stopped, carrying what it had done
    (a game's record so far); the serial backend passes it on as :class:`Interrupted`."""

    def __init__(self, result: Any) -> None:
        super().__init__(result)
        self.result = result


class StopFlag(Protocol):
    def is_set(self) -> bool: ...


#: Set in a worker process by its pool: the parent sets it to ask the tasks to stop early.
_stop_flag: StopFlag | None = None


def watch_stop_flag(flag: StopFlag) -> None:
    """Make :func:`stop_requested` follow ``flag`` (a pool calls it in each worker)."""
    global _stop_flag
    _stop_flag = flag


def stop_requested() -> bool:
    """Whether this process was asked to stop (tasks that can stop early check it). Only
    the parent asks, after its Ctrl-C: a SIGINT sent to a worker alone changes nothing."""
    return _stop_flag is not None and _stop_flag.is_set()


#: A test's hold on the games being played; never set outside tests. Its value is JSON,
#: ``{"folder": F, "round": R, "turns": T}``: a game of round R or later (a game of
#: ``play`` is round 1) that has played T whole turns writes the empty file ``F/round-N``
#: (N its round) and waits there until it is asked to stop: Ctrl-C in this process, the
#: pool's stop flag in a worker. So a test's Ctrl-C always finds those games in the middle
#: and the games before them finished, however loaded the machine (a test that raced the
#: games with a timer failed when they ended first).
HOLD_VARIABLE = "BOARDSPEC_TEST_HOLD"


def hold_point(round_number: int, turns: int) -> None:
    """Where a game may be held by a test (``HOLD_VARIABLE``): after each whole turn."""
    text = os.environ.get(HOLD_VARIABLE)
    if not text:
        return
    hold = json.loads(text)
    if round_number < hold["round"] or turns != hold["turns"]:
        return
    Path(hold["folder"], f"round-{round_number}").touch()
    while not stop_requested():  # Ctrl-C in this process raises KeyboardInterrupt here
        time.sleep(0.02)


def held_by_a_test() -> bool:
    """Whether a test holds the games (then a pool waits for them to stop, however long)."""
    return bool(os.environ.get(HOLD_VARIABLE))


Tasks = Mapping[int, Sequence[Any]]


class Backend:
    """Runs ``fn(*common, *tasks[key])`` for every key; see the module docstring."""

    name = "serial"
    #: Workers the backend runs at once (for progress and tables; 1 for serial).
    workers = 1

    def run(self, fn: Callable[..., Any], tasks: Tasks, common: Sequence[Any] = (),
            grace: float = 0) -> Generator[tuple[int, Any], None, None]:
        """``grace``: after Ctrl-C, how long the tasks still running may take to stop early
        and return what they have (0: they are abandoned); what they return comes with
        the :class:`Interrupted` raised. Here, in this process, a task stopped by Ctrl-C
        raises :class:`StoppedEarly` with what it has."""
        for key, args in tasks.items():
            try:
                result = fn(*common, *args)
            except StoppedEarly as stop:
                raise Interrupted([(key, stop.result)] if grace > 0 else []) from None
            try:
                yield key, result
            except KeyboardInterrupt:  # thrown in by a consumer stopped while keeping it
                raise Interrupted([(key, result)] if grace > 0 else []) from None

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
