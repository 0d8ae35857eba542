"""Native work in a child process, so that Ctrl-C stops it.

The kernels hold the interpreter while they count (numba's machine code, a library linked
ahead of time called through ``ctypes``): a Ctrl-C is only noted, and acted on when the
count returns, minutes later. So a count runs in a child forked for it, which ignores
Ctrl-C, while this process waits for its answer on a pipe: a Ctrl-C interrupts the wait,
the child is stopped (``SIGKILL``: it writes nothing, so nothing is left half written) and
reaped, and ``KeyboardInterrupt`` goes on up to the command line (exit 130). Where there
is no ``fork`` the work runs here, as before.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import sys
from collections.abc import Callable
from typing import TypeVar

from framework.errors import BoardspecError

T = TypeVar("T")


def apart(work: Callable[[], T], stopped: Callable[[int], None] | None = None) -> T:
    """``work()``, run in a forked child; its result, or the exception it raised.
    ``stopped``: called with the child's id once it was stopped (to remove what it was
    writing)."""
    if not hasattr(os, "fork"):
        return work()
    read, write = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: count, answer, and leave without running the parent's exit
        os.close(read)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops it
        code = 0
        try:
            try:
                answer = pickle.dumps((True, work()))
            except BaseException as exc:  # sent to the parent, which raises it
                code = 1
                try:
                    answer = pickle.dumps((False, exc))
                except Exception:
                    answer = pickle.dumps((False, BoardspecError(str(exc))))
            with os.fdopen(write, "wb") as stream:
                stream.write(answer)
        finally:
            os._exit(code)
    os.close(write)
    try:
        with os.fdopen(read, "rb") as stream:
            answer = stream.read()
        os.waitpid(pid, 0)
    except BaseException:  # Ctrl-C: the child is stopped and reaped before going on
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            os.waitpid(pid, 0)
        if stopped is not None:
            stopped(pid)
        raise
    if not answer:
        raise BoardspecError("the native count stopped before it answered (its process "
                             "was ended)")
    done, value = pickle.loads(answer)  # from the child this process forked
    if not done:
        raise value
    return value
