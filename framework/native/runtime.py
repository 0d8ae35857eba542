"""Helpers every generated kernel module imports: bit intrinsics and the in-kernel RNG.

``popcnt``, ``ctz`` and ``ctlz`` lower to LLVM's ``ctpop``, ``cttz`` and ``ctlz`` (one
instruction each on x86-64 and ARM64); the random generator is xorshift64*, whose state is
one uint64 the kernels carry in a local variable. This module imports numba: only the native backend
imports it, never the core.
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import caching as _caching
from numba.extending import intrinsic

from framework.native import cache

if TYPE_CHECKING:
    from framework.spec.semantics import SpecContext


# numba's cache of the kernels' modules, read only as this cache recorded it
# (``framework.native.cache``): numba unpickles its index and data files, so the bytes it
# unpickles are the bytes whose digest is checked, and what it writes is digested as it
# writes it. These replace three methods of numba's ``IndexDataCacheFile`` (numba 0.68),
# each numba's own logic otherwise.
def _open_for_write(self: Any, filepath: str) -> Any:
    """numba's ``_open_for_write`` (a temporary file renamed into place), which removes its
    temporary file on any exception but not on Ctrl-C: here on Ctrl-C too, so that an
    interrupted compile leaves no part of a file in the cache. The temporary file's name
    holds the process's id, so that the process that stopped a count's child
    (``framework.native.apart``) removes what it was writing (``cache.sweep``)."""
    temporary = f"{filepath}.tmp.{os.getpid()}.{uuid.uuid4().hex[:16]}"
    try:
        with open(temporary, "wb") as handle:
            writer = cache.numba_writer(Path(filepath), handle)
            yield writer
        os.replace(temporary, filepath)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    if writer is not handle:
        writer.written()


def _load_index(self: Any) -> dict[Any, Any]:
    """numba's ``_load_index``, from bytes this cache recorded ({}: none)."""
    try:
        with open(self._index_path, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        return {}
    if not cache.numba_file_trusted(Path(self._index_path), data):
        return {}  # not as written: compiled again, and written again
    stream = io.BytesIO(data)
    if pickle.load(stream) != self._version:
        return {}
    stamp, overloads = pickle.loads(stream.read())
    return overloads if stamp == self._source_stamp else {}


def _load_data(self: Any, name: str) -> Any:
    """numba's ``_load_data``, from bytes this cache recorded (None: none)."""
    path = self._data_path(name)
    with open(path, "rb") as handle:
        data = handle.read()
    if not cache.numba_file_trusted(Path(path), data):
        return None
    return pickle.loads(data)


_FILE = _caching.IndexDataCacheFile
if not all(hasattr(_FILE, name) for name in ("_open_for_write", "_load_index", "_load_data")):
    raise cache.CacheRefused("numba's cache files are not read as framework/native/runtime.py "
                             "knows them (numba 0.68), so they cannot be proven")
setattr(_FILE, "_open_for_write", contextlib.contextmanager(_open_for_write))  # noqa: B010
setattr(_FILE, "_load_index", _load_index)  # noqa: B010
setattr(_FILE, "_load_data", _load_data)  # noqa: B010


U64 = np.uint64
ONE = np.uint64(1)
ZERO = np.uint64(0)


@intrinsic
def popcnt(typingctx: SpecContext, x: Any) -> Any:
    """Number of set bits of a uint64, as a uint64."""
    if x != types.uint64:
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return types.uint64(types.uint64), codegen


@intrinsic
def ctz(typingctx: SpecContext, x: Any) -> Any:
    """Index of the lowest set bit of a non-zero uint64, as a uint64."""
    if x != types.uint64:
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return types.uint64(types.uint64), codegen


@intrinsic
def ctlz(typingctx: SpecContext, x: Any) -> Any:
    """Number of zero bits above the highest set bit of a non-zero uint64, as a uint64."""
    if x != types.uint64:
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 1))

    return types.uint64(types.uint64), codegen


@njit(cache=True, inline="always")
def count(x: Any) -> Any:  # pragma: no cover - compiled
    return np.int64(popcnt(x))  # type: ignore[call-arg]


@njit(cache=True, inline="always")
def low(x: Any) -> Any:  # pragma: no cover - compiled
    return np.int64(ctz(x))  # type: ignore[call-arg]


@njit(cache=True, inline="always")
def high(x: Any) -> Any:  # pragma: no cover - compiled
    """Index of the highest set bit of a non-zero uint64 (a ray whose cell ids shrink:
    its nearest piece)."""
    return np.int64(63) - np.int64(ctlz(x))  # type: ignore[call-arg]


@njit(cache=True, inline="always")
def copy_into(dst: Any, src: Any) -> None:  # pragma: no cover - compiled
    """``dst[:] = src[:len(dst)]`` for one-dimensional arrays (a state into a slot of a
    stack; a state's words before its history into a copy a move is tried on), written
    as a loop. Numba compiles a slice assignment through its
    generic setitem, whose shape check formats its error message: the first one in a
    process compiles numba's string formatting, about 5 s of CPU of chess's cold
    compile (docs/native.md)."""
    for i in range(dst.shape[0]):
        dst[i] = src[i]


@njit(cache=True, inline="always")
def rng_next(x: Any) -> Any:  # pragma: no cover - compiled
    """xorshift64*: the next state and a 64-bit output."""
    x ^= x >> U64(12)
    x ^= x << U64(25)
    x ^= x >> U64(27)
    return x, x * U64(2685821657736338717)


@njit(cache=True, inline="always")
def below(out: Any, n: int) -> Any:  # pragma: no cover - compiled
    """A number in 0..n-1 from a 64-bit random output (the high 32 bits, scaled)."""
    return np.int64(((out >> U64(32)) * U64(n)) >> U64(32))


@njit(cache=True)
def seeded(seed: int) -> Any:  # pragma: no cover - compiled
    """A non-zero generator state from any seed (splitmix64 of it)."""
    z = U64(seed) + U64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> U64(30))) * U64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> U64(27))) * U64(0x94D049BB133111EB)
    z ^= z >> U64(31)
    return z if z != U64(0) else U64(1)
