"""Run one hostile case in a forked child under hard limits, and say how it ended.

The child inherits everything already imported (no interpreter start-up to pay), runs the
case, and sends back how it ended: returned, raised a boardspec error (with its message),
or raised something else, with the CPU time and the growth of its peak resident memory.
Those are what the bounds are checked on (``MEMORY_MB``, ``CPU_SECONDS``). Hard limits
guard the machine in case of a regression: an address-space limit a little above the bound
(address space counts reserved, untouched memory too, so it cannot be the bound itself)
and a CPU limit a few seconds above the budget. The 2-second figure of the issue is checked on
CPU time (what a shared, loaded machine does not inflate), with a wall-clock guard only
against a child that blocks.
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import resource
import signal
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: The issue's bounds: a clear message within 2 s and 200 MB.
CPU_SECONDS = 2.0
MEMORY_MB = 200
WALL_SECONDS = 60
#: Address space allowed above the bound before the child is stopped (MemoryError).
GUARD_MB = 800


@dataclass
class Outcome:
    kind: str  # "ok", "boardspec" (a BoardspecError), "exit" (SystemExit), "crash", "killed"
    error: str = ""  # the exception's class name
    message: str = ""
    cpu: float = 0.0
    memory_mb: float = 0.0  # growth of the peak resident set while the case ran
    value: Any = None
    output: str = ""  # what the case printed (stdout and stderr)
    exit_code: int | None = None

    def __str__(self) -> str:
        return (f"{self.kind} {self.error} after {self.cpu:.2f} s CPU, "
                f"+{self.memory_mb:.0f} MB: "
                f"{self.message[:8000]}\n{self.output[-3000:]}")


def _status(field: str) -> int:
    """A size from /proc/self/status, in bytes (VmSize, VmRSS, VmHWM)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise RuntimeError(f"no {field} in /proc/self/status")


def reset_peak() -> int:
    """Start the peak resident size (VmHWM) again from the current one; return it."""
    with contextlib.suppress(OSError), open("/proc/self/clear_refs", "w") as refs:
        refs.write("5")
    return _status("VmRSS")


def peak_growth_mb(since: int) -> float:
    """How far the resident size rose above ``since`` (bytes) at its peak, in MB."""
    return (_status("VmHWM") - since) / 2**20


def run_bounded(case: Callable[[], Any], *, memory_mb: int = MEMORY_MB,
                cpu_seconds: float = CPU_SECONDS, wall_seconds: float = WALL_SECONDS
                ) -> Outcome:
    """Run ``case()`` in a forked child under the limits; never raises for the case."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: limit, run, report, and leave without running pytest's exit
        os.close(read)
        code = 0
        try:
            _child(case, write, memory_mb, cpu_seconds)
        except BaseException:
            code = 1
            with contextlib.suppress(BaseException):
                os.write(2, traceback.format_exc().encode())
        finally:
            os._exit(code)
    os.close(write)
    deadline = time.monotonic() + wall_seconds
    chunks = []
    os.set_blocking(read, False)
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        with contextlib.suppress(BlockingIOError):
            while chunk := os.read(read, 1 << 16):
                chunks.append(chunk)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(read)
            return Outcome("killed", message=f"still running after {wall_seconds} s")
        time.sleep(0.005)
    with contextlib.suppress(BlockingIOError):
        while chunk := os.read(read, 1 << 16):
            chunks.append(chunk)
    os.close(read)
    data = b"".join(chunks)
    if not data:
        how = (f"signal {signal.Signals(-os.waitstatus_to_exitcode(status)).name}"
               if os.WIFSIGNALED(status) else f"exit {os.waitstatus_to_exitcode(status)}")
        return Outcome("killed", message=f"the case died without a report ({how}: over the "
                                         "CPU limit?)")
    outcome: Outcome = pickle.loads(data)
    return outcome


def _child(case: Callable[[], Any], write: int, memory_mb: int, cpu_seconds: float) -> None:
    from framework.errors import BoardspecError

    # Soft limits only: the hard ones may not be raised again, and the report needs room.
    _, hard_as = resource.getrlimit(resource.RLIMIT_AS)
    limit = _status("VmSize") + (memory_mb + GUARD_MB) * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard_as))
    resident = reset_peak()
    used = resource.getrusage(resource.RUSAGE_SELF)
    spent = used.ru_utime + used.ru_stime
    # The CPU limit kills the child a few seconds after the budget: a hang guard; the
    # budget itself is checked on the measured time.
    cpu_cap = int(spent + cpu_seconds) + 5
    _, hard_cpu = resource.getrlimit(resource.RLIMIT_CPU)
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_cap, hard_cpu))
    captured = io.StringIO()
    outcome = Outcome("ok")
    start = spent
    try:
        with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
            outcome.value = _picklable(case())
    except BoardspecError as exc:
        outcome = Outcome("boardspec", type(exc).__name__, str(exc))
    except SystemExit as exc:
        outcome = Outcome("exit", "SystemExit", exit_code=exc.code if isinstance(
            exc.code, int) else 1)
    except BaseException as exc:
        text = "".join(traceback.format_exception(exc))
        if len(text) > 6000:  # a RecursionError's traceback is thousands of lines
            text = text[:2000] + "\n[...]\n" + text[-4000:]
        notes = "\n".join(getattr(exc, "__notes__", []))  # hypothesis's failing example
        outcome = Outcome("crash", type(exc).__name__, f"{notes}\n{text}")
    used = resource.getrusage(resource.RUSAGE_SELF)
    outcome.cpu = used.ru_utime + used.ru_stime - start
    outcome.memory_mb = peak_growth_mb(resident)
    outcome.output = captured.getvalue()[-20000:]
    # Free the case's memory before pickling the report under the same limit.
    resource.setrlimit(resource.RLIMIT_AS, (hard_as, hard_as))
    os.write(write, pickle.dumps(outcome))
    os.close(write)
    sys.stdout.flush()


def _picklable(value: Any) -> Any:
    try:
        pickle.dumps(value)
    except Exception:
        return repr(value)[:200]
    return value


def cli(*args: str) -> Callable[[], Any]:
    """A case that runs ``boardspec ARGS`` as the console script does (errors printed,
    exit code set)."""
    _warm_up()

    def run() -> Any:
        from framework.cli import main

        saved = sys.argv
        sys.argv = ["boardspec", *args]
        try:
            main()
        finally:
            sys.argv = saved
        return 0
    return run


def assert_refused(outcome: Outcome, *needles: str) -> None:
    """The case ended with a boardspec error (or a CLI exit ≠ 0 with a message), within the
    bounds, and the message says what is wrong (contains each needle, case-insensitive)."""
    assert outcome.kind in ("boardspec", "exit"), str(outcome)
    if outcome.kind == "exit":
        assert outcome.exit_code not in (0, None), str(outcome)
        assert "Traceback" not in outcome.output, outcome.output
        text = outcome.output
        assert 0 < len(text.strip().splitlines()) <= 25, f"not one screen:\n{text}"
    else:
        text = outcome.message
    assert outcome.cpu <= CPU_SECONDS, f"took {outcome.cpu:.2f} s of CPU: {outcome}"
    assert outcome.memory_mb <= MEMORY_MB, f"took {outcome.memory_mb:.0f} MB: {outcome}"
    for needle in needles:
        assert needle.lower() in text.lower(), f"{needle!r} not in:\n{text}"


def _warm_up() -> None:
    """Import the command line and what its commands import, once, in the parent: each
    forked child then starts with them, as a running program would."""
    import rich.console
    import rich.progress
    import rich.table  # noqa: F401

    import framework.cli
    import framework.docs
    import framework.records
    import framework.render.svg

    framework.cli._register()
