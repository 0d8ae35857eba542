"""A game's perft linked ahead of time into a shared library, which a later
``boardspec perft GAME DEPTH --backend native`` from the start loads with ctypes: that
process imports neither numba nor numpy nor the game compiler.

The kernels count chess perft(5) in about a tenth of a second; the process around them
took 1.4 s more, importing numba and loading its cache. So when a native count from the
start has compiled (or loaded) a game's kernels, ``link`` has numba compile one C-callable
entry (``perft``, or ``perft_turns`` by turns, chosen by an argument) and emits it, with
all it calls, as an object file for the architecture's baseline processor; the C compiler
(``$CC``, else ``cc``) links it into a shared library beside the few runtime functions
numba's code calls (``_RUNTIME``: allocation, and a flag the kernels set when they raise).
``count`` finds the library by ``key_of`` and counts in it.

The key covers all that decides the kernels: the game file's bytes, its ``--param``
values, every source file of this package (the kernels are assembled from them) and the
platform. A third party's rule units are not in it, so while any is registered no library
is written or read. A library is written under a temporary name and renamed, and its
record (``<key>.json``) after it, so a process stopped half way leaves nothing that is
read. A game no library could be linked for (no C compiler, say) gets a record saying why
and is not tried again until its key changes.

A library runs code when it is loaded, and its record decides what is counted (the start's
words): the record carries the keyed digest of the library and its own
(``framework.native.cache``), and a library is loaded only from the bytes whose digest its
record holds (read once, loaded from memory where the system allows). A record or a
library not as it was built is never used: the kernels count, and link the library again.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from framework.errors import BoardspecError, InputError
from framework.limits import MAX_GAME_FILE_BYTES
from framework.native import cache
from framework.native.apart import apart
from framework.safeio import read_bytes

if TYPE_CHECKING:
    from framework.native.backend import NativeGame

#: What a record and a library hold: a change of either changes it, and so every key.
FORMAT = 2
#: The package whose sources the key covers.
PACKAGE = Path(__file__).resolve().parent.parent
#: The one symbol a library exports to count with, and the flag its runtime raises.
ENTRY, FAILED = "boardspec_perft", "boardspec_failed"

#: The runtime numba's machine code calls, in C. Allocation keeps numba's ``NRT_MemInfo``
#: layout (``numba/core/runtime/nrt.cpp``), as the code reads its fields in place. The
#: raising paths and the Python wrappers numba builds beside each function call the rest;
#: nothing here calls those wrappers, and a raise sets the flag and a Python error, which
#: numba's C entry prints (the library is called holding the GIL, ``ctypes.PyDLL``).
#: ``{symbol}``: numba's entry.
_RUNTIME = r"""
#include <stdint.h>
#include <stdlib.h>

typedef void (*destructor)(void *data, size_t size, void *info);
typedef struct {
    size_t refct; destructor dtor; void *dtor_info; void *data; size_t size;
    void *external_allocator;
} MemInfo;

extern void *PyExc_RuntimeError;
void PyErr_SetString(void *type, const char *message);
int PyGILState_Ensure(void);
void PyGILState_Release(int state);

int boardspec_failed = 0;

MemInfo *NRT_MemInfo_alloc_aligned(size_t size, unsigned align) {
    char *block = malloc(sizeof(MemInfo) + size + align);
    if (block == NULL) return NULL;
    MemInfo *info = (MemInfo *)block;
    uintptr_t data = (uintptr_t)(block + sizeof(MemInfo));
    if (data % align) data += align - data % align;
    info->refct = 1; info->dtor = NULL; info->dtor_info = NULL;
    info->data = (void *)data; info->size = size; info->external_allocator = NULL;
    return info;
}

void NRT_MemInfo_call_dtor(MemInfo *info) {
    if (info->dtor) info->dtor(info->data, info->size, info->dtor_info);
    free(info);
}

void NRT_Free(void *pointer) { free(pointer); }

int NRT_adapt_ndarray_from_python(void *object, void *array) {
    boardspec_failed = 1;
    return -1;
}

/* numba rebuilds the exception it raises from a pickle: here, a flag and a plain error. */
static void *raised(void) {
    boardspec_failed = 1;
    PyErr_SetString(PyExc_RuntimeError, "the native kernels raised an error");
    return NULL;
}

void *numba_unpickle(const char *data, int size, const char *hashed) { return raised(); }

void *numba_runtime_build_excinfo_struct(void *a, void *b) { return raised(); }

int numba_do_raise(void *exception) { raised(); return 0; }

void numba_gil_ensure(int *state) { *state = PyGILState_Ensure(); }

void numba_gil_release(int *state) { PyGILState_Release(*state); }

extern int64_t numba_entry(uint64_t *state, int64_t depth, int64_t turns)
    __asm__("{symbol}");

int64_t boardspec_perft(uint64_t *state, int64_t depth, int64_t turns) {
    boardspec_failed = 0;
    return numba_entry(state, depth, turns);
}
"""


class Counted(NamedTuple):
    """A count made by a library: the leaves, the game's name, and the seconds spent
    finding and loading the library and counting."""

    total: int
    game: str
    load_seconds: float
    count_seconds: float
    #: Counted by whole turns where phase steps were asked for (a move folds a choice in).
    as_turns: bool = False


class LinkError(BoardspecError):
    """The library could not be linked (the reason is kept in the game's record)."""


def folder() -> Path:
    return cache.private_folder(cache.folder() / "ahead")


def _third_party_units() -> bool:
    from framework.entries import unit_entries  # an ignored package's units are not used

    return any(not ep.value.startswith("framework.") for ep in unit_entries())


def key_of(game_file: Path, params: Sequence[str]) -> str | None:
    """The name of the library that counts ``game_file`` under ``params`` (``NAME=VALUE``
    as given), or None while a third party's rule unit is registered."""
    if _third_party_units():
        return None
    digest = hashlib.sha256(f"{FORMAT}\0{sys.platform}\0{platform.machine()}\0".encode())
    # The bounded reader: a pipe or /dev/zero is refused before anything is read.
    digest.update(read_bytes(game_file, MAX_GAME_FILE_BYTES, "game file") + b"\0")
    for param in params:
        digest.update(param.encode() + b"\0")
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:32]


def _record(key: str) -> dict[str, Any] | None:
    """The record of ``key`` as this cache wrote it, or None (none, or not as written)."""
    try:
        found = cache.unsealed((folder() / f"{key}.json").read_bytes())
    except OSError:
        return None
    return found if found is not None and found.get("format") == FORMAT else None


def _library(key: str, record: dict[str, Any]) -> bytes | None:
    """The bytes of ``key``'s library when they are those its record was written for."""
    try:
        data = (folder() / f"{key}.so").read_bytes()
    except OSError:
        return None
    return data if cache.matches(data, record.get("library")) else None


def _load(data: bytes, path: Path) -> ctypes.PyDLL:
    """The library of ``data`` (proven), loaded from a file in memory that no one else
    can change between the proof and the load (Linux), else from ``path``."""
    if not hasattr(os, "memfd_create"):
        return ctypes.PyDLL(str(path))
    descriptor = os.memfd_create("boardspec-perft")
    try:
        os.write(descriptor, data)
        return ctypes.PyDLL(f"/proc/self/fd/{descriptor}")
    finally:
        os.close(descriptor)


def count(game_file: str | Path, params: Sequence[str], depth: int, turns: bool) -> Counted | None:
    """Perft to ``depth`` from the start of ``game_file`` (a path or a bundled game's name)
    by the library linked for it (by whole turns where a move folds a later choice in,
    as the kernels count without one), or None where there is none: the kernels or the
    engine count it then, as without a library."""
    from framework.bundled import game_path

    begun = time.perf_counter()
    try:
        key = key_of(game_path(game_file), params)
        record = _record(key) if key else None
    except (InputError, OSError):  # an unreadable game file: loading it says what is wrong
        return None
    except cache.CacheRefused:  # the kernels say why, and the engine counts
        return None
    if key is None or record is None or "error" in record:
        return None
    # A move that folds a later choice in is a whole turn: such a game counts by turns,
    # as the kernels do without a library (framework.native.cli).
    by_turns = turns or not record["plies"]
    data = _library(key, record)
    if data is None:
        return None
    try:
        library = _load(data, folder() / f"{key}.so")
    except OSError:
        return None
    entry = getattr(library, ENTRY)
    entry.restype = ctypes.c_int64
    entry.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64]
    words = record["state"]
    state = (ctypes.c_uint64 * len(words))(*words)
    loaded = time.perf_counter()

    def counted() -> tuple[int, int]:  # in a child, so that Ctrl-C stops it
        return int(entry(state, depth, int(by_turns))), ctypes.c_int.in_dll(library, FAILED).value

    total, failed = apart(counted)
    if failed:
        raise BoardspecError(f"the native count of {record['game']} to depth {depth} "
                             "stopped: its kernels raised an error (said above)")
    return Counted(int(total), record["game"], loaded - begun, time.perf_counter() - loaded,
                   by_turns and not turns)


def answer(game_file: str | Path, params: Sequence[str], depth: int, turns: bool) -> bool:
    """Count as ``count`` does and print it as ``boardspec perft`` does; whether there was
    a library to count with."""
    counted = count(game_file, params, depth, turns)
    if counted is None:
        return False
    if counted.as_turns:
        print(f"a native move of {counted.game} is a whole turn (a later choice is part of "
              "it): counting whole turns (--turns), as OpenSpiel and published perft counts "
              "do; --backend python counts phase steps", file=sys.stderr)
    print(f"native kernels of {counted.game} loaded ahead of time in "
          f"{counted.load_seconds:.2f} s", file=sys.stderr)
    print(counted.total)
    print(f"{counted.total} nodes in {counted.count_seconds:.3f} s", file=sys.stderr)
    return True


def link(native: NativeGame, game_file: Path, params: Sequence[str]) -> str | None:
    """Link ``native``'s perft for later counts of ``game_file`` from the start, once per
    key: what was done, for people, or None when there was nothing to do."""
    from framework.bundled import game_path

    key = key_of(game_path(game_file), params)
    if key is None:
        return ("native kernels not linked ahead of time: a third party's rule units are "
                "registered, and their code is not in a library's key")
    known = _record(key)
    if known is not None and ("error" in known or _library(key, known) is not None):
        return None
    begun = time.perf_counter()
    record: dict[str, Any] = {"format": FORMAT, "game": native.game.name}
    try:
        record["library"] = cache.digest(_build(native, folder() / f"{key}.so"))
    except LinkError as exc:
        record["error"] = str(exc)
        said = (f"native kernels not linked ahead of time ({exc}); counts from the start "
                "compile them with numba")
    else:
        record |= {"state": [int(word) for word in native.initial()],
                   "plies": not native.plan.choices}
        said = (f"native kernels linked ahead of time in {time.perf_counter() - begun:.2f} s:"
                " the next count from the start loads them without numba")
    try:
        cache.write(folder() / f"{key}.json", cache.sealed(record))
    except cache.CacheRefused as exc:  # a library is an extra, never a failure
        return f"native kernels not linked ahead of time: {exc}"
    return said


def _build(native: NativeGame, target: Path) -> bytes:
    """Link the library into ``target``; its bytes."""

    import subprocess
    import tempfile

    try:
        code, symbol = _object_code(native)
    except Exception as exc:  # numba's internals: a library is an extra, never a failure
        raise LinkError(f"numba could not emit the kernels as an object file: {exc}") from exc
    compiler = os.environ.get("CC", "cc")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as work:
        obj, runtime, library = (Path(work) / name for name in ("kernels.o", "runtime.c",
                                                                 "library.so"))
        obj.write_bytes(code)
        runtime.write_text(_RUNTIME.replace("{symbol}", symbol))
        # -Bsymbolic: the library's own runtime, not a like-named one loaded before it.
        command = [compiler, "-O2", "-shared", "-fPIC", "-Wl,-Bsymbolic", "-o", str(library),
                   str(runtime), str(obj)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise LinkError(f"the C compiler {compiler!r} did not run: {exc}") from None
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise LinkError(f"{compiler} failed: {last}")
        data = library.read_bytes()
        library.replace(target)
    return data


def _object_code(native: NativeGame) -> tuple[bytes, str]:
    """The machine code of a C entry to the kernels' perft (by turns when its third
    argument is set), with all it calls, and the entry's symbol."""
    import llvmlite.binding as llvm
    from numba import carray, cfunc, types

    perft, perft_turns = native.kernels.perft, native.kernels.perft_turns
    length = len(native.initial())

    def entry(state: Any, depth: int, turns: int) -> int:
        st = carray(state, (length,))
        if turns:
            return perft_turns(st, depth)
        return perft(st, depth)

    signature = types.int64(types.CPointer(types.uint64), types.int64, types.int64)
    compiled = cfunc(signature)(entry)
    library = compiled._library  # type: ignore[attr-defined]  # numba's, not public
    module = library._final_module  # the entry and all it calls, linked and optimised
    # The baseline processor of the triple (no cpu given), position-independent code.
    machine = llvm.Target.from_triple(module.triple).create_target_machine(
        opt=3, reloc="pic", codemodel="default")
    return machine.emit_object(module), compiled.native_name
