"""The Ray backend: the same tasks as the local pool, as Ray tasks on a cluster.

Imported only by ``make_backend("ray")`` (``ray`` is the optional ``[ray]`` extra).

What runs where: this process (the *driver*) plans the work, sends the task arguments that
every task shares (the game file's text, never its path: a worker node need not have the
file) once to the object store, submits the tasks and writes each result as it comes back.
The worker nodes only play games (or check properties) and return records; they need
boardspec installed (the same version) but no game file and no output folder.

Losing a worker: Ray re-runs a task whose worker or node died (``max_retries``); if Ray
gives up, the task is submitted again here (up to ``RESUBMITS`` times). A result is keyed by
its task, so a task that ran twice is still yielded once.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Generator, Sequence
from typing import Any

import ray
from ray.exceptions import RayError, RayTaskError

from framework.agents.base import ENGINE_VARIABLE
from framework.backend_base import Backend, BackendError, Tasks

#: Ray's own re-runs of a task whose worker died, then ours.
RAY_RETRIES = 3
RESUBMITS = 3


class RayBackend(Backend):
    name = "ray"

    def __init__(self, address: str | None = None, cpus: int | None = None,
                 in_flight: int | None = None) -> None:
        self.address = address
        self.cpus = cpus
        self._in_flight = in_flight
        self._started_here = False
        self.resubmitted = 0  # tasks submitted again after Ray gave up on them

    def connect(self) -> None:
        if ray.is_initialized():
            return
        # The engine the agents search with (--engine) goes with the tasks: a cluster's
        # workers do not inherit this process's environment.
        engine = os.environ.get(ENGINE_VARIABLE)
        runtime_env = {"env_vars": {ENGINE_VARIABLE: engine}} if engine else None
        try:
            if self.address is None:
                ray.init(num_cpus=self.cpus, include_dashboard=False, runtime_env=runtime_env,
                         log_to_driver=False, configure_logging=False)
            else:
                ray.init(address=self.address, runtime_env=runtime_env, log_to_driver=False,
                         configure_logging=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = self.address or "a local Ray instance"
            raise BackendError(f"cannot connect to the Ray cluster at {where}: {exc}") from None
        self._started_here = True

    @property
    def workers(self) -> int:  # type: ignore[override]
        self.connect()
        return max(1, int(ray.cluster_resources().get("CPU", 1)))

    def describe(self) -> str:
        where = self.address or "a Ray instance started here"
        return f"Ray ({where}, {self.workers} CPUs)"

    def run(self, fn: Callable[..., Any], tasks: Tasks, common: Sequence[Any] = (),
            grace: float = 0) -> Generator[tuple[int, Any], None, None]:
        # ``grace`` is not used: on Ctrl-C the tasks in flight are cancelled, their partial
        # work is lost, and a resumed run plays them again from their own seeds.
        self.connect()
        remote = ray.remote(max_retries=RAY_RETRIES, retry_exceptions=False)(fn)
        shared = [ray.put(value) for value in common]  # sent once, not with every task
        # A bounded window of tasks in flight: results stream back while the rest waits
        # here, and stopping cancels only what is in flight.
        window = self._in_flight or max(8, 4 * self.workers)
        queue = deque(tasks)
        resubmits: dict[int, int] = {}
        in_flight: dict[Any, int] = {}
        try:
            while queue or in_flight:
                while queue and len(in_flight) < window:
                    key = queue.popleft()
                    in_flight[remote.remote(*shared, *tasks[key])] = key
                ready, _ = ray.wait(list(in_flight), num_returns=1)
                for ref in ready:
                    key = in_flight.pop(ref)
                    try:
                        result = ray.get(ref)
                    except RayTaskError as exc:  # the task itself raised: a real error
                        raise exc.as_instanceof_cause() from None
                    except RayError as exc:  # its worker or node was lost
                        resubmits[key] = resubmits.get(key, 0) + 1
                        if resubmits[key] > RESUBMITS:
                            raise BackendError(f"task {key} was lost {resubmits[key]} times "
                                               f"on the cluster: {exc}") from None
                        self.resubmitted += 1
                        queue.appendleft(key)
                        continue
                    yield key, result
        finally:
            for ref in in_flight:
                ray.cancel(ref, force=True)

    def close(self) -> None:
        if self._started_here and ray.is_initialized():
            ray.shutdown()
        self._started_here = False
