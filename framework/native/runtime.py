"""Helpers every generated kernel module imports: bit intrinsics and the in-kernel RNG.

``popcnt``, ``ctz`` and ``ctlz`` lower to LLVM's ``ctpop``, ``cttz`` and ``ctlz`` (one
instruction each on x86-64 and ARM64); the random generator is xorshift64*, whose state is
one uint64 the kernels carry in a local variable. This module imports numba: only the native backend
imports it, never the core.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from typing import TYPE_CHECKING, Any

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import caching as _caching
from numba.extending import intrinsic

if TYPE_CHECKING:
    from framework.spec.semantics import SpecContext


def _open_for_write(self: Any, filepath: str) -> Any:
    """numba's ``IndexDataCacheFile._open_for_write`` (a temporary file renamed into
    place), which removes its temporary file on any exception but not on Ctrl-C: here on
    Ctrl-C too, so that an interrupted compile leaves no part of a file in the cache. The
    temporary file's name holds the process's id, so that the process that stopped a
    count's child (``framework.native.apart``) removes what it was writing
    (``framework.native.cache.sweep``)."""
    temporary = f"{filepath}.tmp.{os.getpid()}.{uuid.uuid4().hex[:16]}"
    try:
        with open(temporary, "wb") as handle:
            yield handle
        os.replace(temporary, filepath)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


if hasattr(_caching.IndexDataCacheFile, "_open_for_write"):  # numba's, not public
    setattr(_caching.IndexDataCacheFile, "_open_for_write",  # noqa: B010
            contextlib.contextmanager(_open_for_write))

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
