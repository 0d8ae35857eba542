"""Where independent pieces of work run: in this process, in a local process pool, or on Ray.

A backend runs one picklable function over many keyed tasks and yields ``(key, result)`` as
each task finishes, in whatever order they finish. Every key is yielded exactly once:

- a worker lost mid-run (a killed process, a Ray node that died) has its unfinished tasks
  run again, and a result that arrives twice is yielded once;
- closing the iterator (the consumer stopped, or Ctrl-C) cancels the work still queued or
  running, so nothing runs on after the caller has gone;
- with ``grace`` > 0, Ctrl-C first asks the running tasks to stop early (``stop_requested``)
  and raises :class:`Interrupted` with what they returned within ``grace`` seconds (a
  match keeps its games so far this way; Ray does not, and drops them).

The work itself must not depend on where it runs: the tasks of ``match`` and ``check`` are
seeded by their own index, never by their worker, so every backend gives the same results.

``ray`` is an optional extra (``pip install 'boardspec[ray]'``); this module never imports it:
:mod:`framework.ray_backend` does, and only ``make_backend("ray")`` imports that module.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.synchronize import Event
from typing import Any

from framework.backend_base import (
    Backend,
    BackendError,
    Interrupted,
    StopFlag,
    Tasks,
    watch_stop_flag,
)

BACKENDS = ("local", "ray")
#: How many times in a row the pool may break without finishing a single task before we
#: give up (a task that kills every worker it runs on would otherwise loop forever).
MAX_FRUITLESS_RESTARTS = 3

__all__ = ["BACKENDS", "Backend", "BackendError", "ProcessBackend", "Tasks", "default_jobs",
           "make_backend"]


def _start_worker(stop: StopFlag) -> None:
    # Ctrl-C reaches the whole process group; only the parent decides what stops, so the
    # workers never raise (nor print) KeyboardInterrupt: the parent sets ``stop`` to ask
    # the running tasks to stop early (a game stops after its current turn).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watch_stop_flag(stop)


class ProcessBackend(Backend):
    """A local pool of ``workers`` processes; a dead worker's tasks run again in a new pool."""

    name = "local"

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self.restarts = 0  # pools replaced because a worker died (for tests and logs)
        #: The pid of each worker of the running pool (a test kills one to see the re-run).
        self.pids: list[int] = []

    def describe(self) -> str:
        return f"{self.workers} local process{'es' if self.workers > 1 else ''}"

    def run(self, fn: Callable[..., Any], tasks: Tasks, common: Sequence[Any] = (),
            grace: float = 0) -> Generator[tuple[int, Any], None, None]:
        pending = dict(tasks)
        fruitless = 0
        while pending:
            context = multiprocessing.get_context()
            stop = context.Event()
            # Never more processes than tasks (--jobs 1000000 for a 2-game match: 2).
            pool = ProcessPoolExecutor(max_workers=min(self.workers, len(pending)),
                                       mp_context=context,
                                       initializer=_start_worker, initargs=(stop,))
            finished_here = 0
            futures: dict[Future[Any], int] = {}
            try:
                futures = {pool.submit(fn, *common, *args): key for key, args in pending.items()}
                self.pids = _worker_pids(pool)
                waiting = set(futures)
                while waiting:
                    done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
                    self.pids = _worker_pids(pool)
                    for future in done:
                        key = futures[future]
                        try:
                            result = future.result()
                        except BrokenProcessPool:
                            continue  # its worker died: run again in the next pool
                        if key not in pending:
                            continue
                        finished_here += 1
                        yield key, result
                        # Only once the consumer has it: a Ctrl-C before then (here or
                        # while the consumer keeps it) hands it over again, never loses it.
                        pending.pop(key)
            except KeyboardInterrupt:  # Ctrl-C here, or thrown in by the consumer
                raise Interrupted(_wind_down(pool, futures, pending, stop, grace)) from None
            finally:
                _stop(pool)
            if pending:
                self.restarts += 1
                fruitless = 0 if finished_here else fruitless + 1
                if fruitless > MAX_FRUITLESS_RESTARTS:
                    raise BackendError(f"the worker processes died {fruitless} times in a row "
                                       f"without finishing a task ({len(pending)} left); "
                                       "is a task crashing its process (memory, a signal)?")


def _worker_pids(pool: ProcessPoolExecutor) -> list[int]:
    processes = getattr(pool, "_processes", None) or {}
    return sorted(processes)


def _wind_down(pool: ProcessPoolExecutor, futures: dict[Future[Any], int],
               pending: dict[int, Any], stop: Event, grace: float
               ) -> list[tuple[int, Any]]:
    """After Ctrl-C: cancel the queued tasks, ask the running ones to stop early and collect
    what they return within ``grace`` seconds. A second Ctrl-C stops the waiting."""
    if grace <= 0:
        return []
    # Cancelled here, not by pool.shutdown(cancel_futures=True): a future cancelled that way
    # is never marked as such for wait(), which would then wait the whole grace.
    unsettled = [future for future, key in futures.items()
                 if key in pending and not future.cancel()]
    stop.set()
    wait(unsettled, timeout=grace)
    partial = []
    for future in unsettled:
        if future.done() and not future.cancelled() and future.exception() is None:
            partial.append((futures[future], future.result()))
    return partial


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel the queued tasks and end the workers now (a task still running is abandoned;
    a resumed run plays it again from its own seed)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)


def make_backend(name: str = "local", *, jobs: int | None = None,
                 address: str | None = None) -> Backend:
    """The backend called ``name``: ``local`` (this process for ``jobs`` = 1 or none, else a
    pool of ``jobs`` processes) or ``ray`` (the Ray cluster at ``address``; without one, a
    Ray instance started here with ``jobs`` CPUs, default all)."""
    if name == "local":
        if address is not None:
            raise BackendError("--address names a Ray cluster: use it with --backend ray")
        return ProcessBackend(jobs) if jobs is not None and jobs > 1 else Backend()
    if name == "ray":
        try:
            from framework.ray_backend import RayBackend
        except ImportError as exc:
            raise BackendError(f"--backend ray needs Ray ({exc}); install it with "
                               "pip install 'boardspec[ray]'") from None
        return RayBackend(address=address, cpus=jobs if address is None else None)
    raise BackendError(f"unknown backend {name!r}; expected one of: {', '.join(BACKENDS)}")


def default_jobs() -> int:
    return os.cpu_count() or 1
