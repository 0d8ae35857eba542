"""Issue 48, "caches are proven before use": the native cache's folder is this user's alone
or is not used (the Python engine plays, saying so once with its path); numba's pickled
files, the libraries linked ahead of time and their records are loaded only as this cache
recorded them when it built them; a count the kernels make stops on Ctrl-C (exit 130),
leaving no process and no part of a file behind.

Each test that builds counts a copy of a bundled game with a line of its own added (its
library is its own), while numba's cache of the kernels, keyed by their source, is shared
with the other tests (``$BOARDSPEC_NATIVE_CACHE`` as the run sets it)."""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from framework import load_game
from framework.agents.base import ENGINE_VARIABLE
from framework.native import ahead, cache_dir, why_not_native
from tests.conftest import ROOT

pytest.importorskip("numba")

GAMES = ROOT / "games"
BOARDSPEC = [sys.executable, "-m", "framework"]
#: Perft of tic-tac-toe to depth 3: 9 × 8 × 7.
TTT_3 = "504"
needs_cc = pytest.mark.skipif(shutil.which(os.environ.get("CC", "cc")) is None,
                              reason="no C compiler (cc) to link the kernels with")


def boardspec(*args: str, cwd: Path = ROOT, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*BOARDSPEC, *args], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, **env}, timeout=600)


def own_copy(tmp_path: Path, name: str) -> Path:
    copy = tmp_path / f"{name}.yaml"
    copy.write_text((GAMES / f"{name}.yaml").read_text() + f"\n# {tmp_path}\n")
    return copy


@pytest.fixture
def forget_libraries(tmp_path: Path) -> Iterator[None]:
    yield
    for copy in tmp_path.glob("*.yaml"):
        key = ahead.key_of(copy, [])
        for suffix in (".so", ".json"):
            (ahead.folder() / f"{key}{suffix}").unlink(missing_ok=True)


# The folder ----------------------------------------------------------------------------
def notices(stderr: str, path: Path) -> list[str]:
    return [line for line in stderr.splitlines() if str(path) in line]


def assert_python_counted(done: subprocess.CompletedProcess[str], folder: Path) -> None:
    """The count was made by the Python engine, with one notice naming ``folder``."""
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [TTT_3], done.stdout
    said = notices(done.stderr, folder)
    assert len(said) == 1 and "Python engine" in said[0], done.stderr
    assert "Traceback" not in done.stderr and "native kernels loaded" not in done.stderr


def test_a_folder_others_may_write_in_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o777)
    done = boardspec("perft", "tic-tac-toe", "3", "--backend", "native",
                     BOARDSPEC_NATIVE_CACHE=str(folder))
    assert_python_counted(done, folder)
    assert "may be written by other users" in done.stderr
    assert list(folder.iterdir()) == []  # nothing written, nothing read


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another user needs root")
def test_a_folder_of_another_user_is_refused(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "theirs"
    folder.mkdir(mode=0o700)
    os.chown(folder, 65534, 65534)
    monkeypatch.setenv("BOARDSPEC_NATIVE_CACHE", str(folder))
    reason = why_not_native(load_game(GAMES / "tic-tac-toe.yaml"))
    assert reason is not None and str(folder) in reason and "another user" in reason


def test_a_new_folder_is_made_for_its_owner_alone(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "new" / "cache"
    monkeypatch.setenv("BOARDSPEC_NATIVE_CACHE", str(folder))
    assert why_not_native(load_game(GAMES / "tic-tac-toe.yaml")) is None
    assert folder.stat().st_mode & 0o777 == 0o700
    assert (folder / "key").stat().st_mode & 0o777 == 0o600


def test_an_unwritable_cache_falls_back_to_the_python_engine(tmp_path: Path) -> None:
    """Under a file, so that no one can make it, root neither: ``perft`` counts with the
    engine and says once where the cache could not be made."""
    (tmp_path / "file").write_text("")
    folder = tmp_path / "file" / "cache"
    done = boardspec("perft", "tic-tac-toe", "3", "--backend", "native",
                     BOARDSPEC_NATIVE_CACHE=str(folder))
    assert_python_counted(done, folder)
    assert "cannot be made" in done.stderr


def test_play_with_mcts_and_an_unwritable_cache_plays_in_python(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    folder = tmp_path / "file" / "cache"
    env = {k: v for k, v in os.environ.items() if k != ENGINE_VARIABLE}  # native by default
    done = subprocess.run([*BOARDSPEC, "play", "tic-tac-toe", "--white", "mcts:30i",
                           "--black", "mcts:30i", "--seed", "1", "--quiet"],
                          capture_output=True, text=True, cwd=ROOT, timeout=600,
                          env={**env, "BOARDSPEC_NATIVE_CACHE": str(folder)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip(), done.stdout  # the result
    said = notices(done.stderr, folder)
    assert len(said) == 1 and "Python" in said[0], done.stderr
    assert "Traceback" not in done.stderr


# The artefacts -------------------------------------------------------------------------
CONSTRUCTOR = r"""
#include <stdio.h>
#include <stdint.h>
int boardspec_failed = 0;
__attribute__((constructor)) static void ran(void) {
    FILE *mark = fopen("%s", "w");
    if (mark) fclose(mark);
}
int64_t boardspec_perft(uint64_t *state, int64_t depth, int64_t turns) { return 1440; }
"""


@needs_cc
def test_a_foreign_library_is_never_loaded(tmp_path: Path, forget_libraries: None) -> None:
    """A library in the cache whose bytes are not those its record was sealed for (here:
    one whose constructor writes a file) is not loaded: the kernels count, and link the
    game's own library again for the next count."""
    game = own_copy(tmp_path, "tic-tac-toe")
    assert boardspec("perft", str(game), "3", "--backend", "native").returncode == 0
    key = ahead.key_of(game, [])
    library = ahead.folder() / f"{key}.so"
    assert library.exists()
    mark = tmp_path / "constructor-ran"
    source = tmp_path / "foreign.c"
    source.write_text(CONSTRUCTOR % mark)
    subprocess.run([os.environ.get("CC", "cc"), "-shared", "-fPIC", "-o", str(library),
                    str(source)], check=True, timeout=300)
    done = boardspec("perft", str(game), "3", "--backend", "native")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [TTT_3]
    assert not mark.exists()
    assert "loaded ahead of time" not in done.stderr and "linked ahead" in done.stderr
    again = boardspec("perft", str(game), "3", "--backend", "native")
    assert again.stdout.split() == [TTT_3] and "loaded ahead of time" in again.stderr


@needs_cc
def test_a_tampered_record_never_changes_a_count(tmp_path: Path,
                                                 forget_libraries: None) -> None:
    """The record's start (the words the library counts from) edited: the record is
    refused, the count is the true one, and the record is written again."""
    game = own_copy(tmp_path, "tic-tac-toe")
    assert boardspec("perft", str(game), "3", "--backend", "native").returncode == 0
    path = ahead.folder() / f"{ahead.key_of(game, [])}.json"
    record = json.loads(path.read_text())
    record["state"][0] = 1  # a cross on a1 before the start: 8 × 7 × 6 leaves
    path.write_text(json.dumps(record))
    done = boardspec("perft", str(game), "3", "--backend", "native")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [TTT_3] and "loaded ahead of time" not in done.stderr
    assert json.loads(path.read_text())["state"][0] == 0


class Planted:
    """A pickle that writes a file when it is loaded."""

    def __init__(self, mark: Path) -> None:
        self.mark = mark

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return open, (str(self.mark), "w")


def private_copy(tmp_path: Path) -> tuple[Path, str]:
    """A cache of its own holding tic-tac-toe's kernels as the run's cache has them (its
    key, module, numba's files and their seals, times kept), so that what a test plants
    there changes nothing for the other tests; the folder and the module's name."""
    from framework.native.backend import NativeGame
    from framework.native.cache import SEALS, numba_folder

    native = NativeGame(load_game(GAMES / "tic-tac-toe.yaml"))
    native.compile()  # its files written and sealed, or found so
    module = native.kernels.__name__
    shared, numba = cache_dir(), numba_folder(native.kernels)
    assert numba is not None
    private = tmp_path / "cache"
    (private / "__pycache__").mkdir(parents=True, mode=0o700)
    (private / SEALS).mkdir(mode=0o700)
    private.chmod(0o700)
    for source, target in [(shared / "key", private / "key"),
                           (shared / f"{module}.py", private / f"{module}.py"),
                           (shared / SEALS / f"{module}.json", private / SEALS / f"{module}.json"),
                           *((path, private / "__pycache__" / path.name)
                             for path in numba.iterdir() if path.name.startswith(module + "."))]:
        shutil.copy2(source, target)  # numba's index holds the module's time stamp
    return private, module


def test_a_planted_numba_index_is_never_unpickled(tmp_path: Path) -> None:
    """numba's index of a kernel replaced by a pickle that writes a file when loaded: the
    next process removes it unread, compiles that kernel again, and counts true."""
    private, module = private_copy(tmp_path)
    mark = tmp_path / "unpickled"
    index = next((private / "__pycache__").glob(f"{module}.perft-*.nbi"))
    planted = pickle.dumps(Planted(mark))
    index.write_bytes(planted)
    done = boardspec("perft", "tic-tac-toe", "3", "--backend", "native", "--divide",
                     BOARDSPEC_NATIVE_CACHE=str(private))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == TTT_3
    assert not mark.exists()
    assert "compiled in" in done.stderr  # the planted index was not loaded
    assert index.read_bytes() != planted  # numba's own again


def test_a_module_file_changed_in_the_cache_is_never_run(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """The kernels' module as written into the cache, changed: what runs is the source
    the generator made, and the file is written again (loading compiles nothing)."""
    from framework.native.assemble import key_of, plan_of, source_of
    from framework.native.backend import NativeGame

    monkeypatch.setenv("BOARDSPEC_NATIVE_CACHE", str(tmp_path / "cache"))
    game = load_game(GAMES / "tic-tac-toe.yaml")
    name = f"boardspec_native_{key_of(source_of(plan_of(game)))}"
    monkeypatch.delitem(sys.modules, name, raising=False)  # written into this cache
    NativeGame(game)
    path = tmp_path / "cache" / f"{name}.py"
    mark = tmp_path / "module-ran"
    path.write_text(f"open({str(mark)!r}, 'w')\n" + path.read_text())
    monkeypatch.delitem(sys.modules, name)  # loaded again, as by another process
    native = NativeGame(game)
    assert not mark.exists()
    assert path.read_text() == native.source


# Ctrl-C --------------------------------------------------------------------------------
def children_of(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):  # a thread that ended meanwhile
            found |= {int(c) for c in (task / "children").read_text().split()}
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def leftovers(folder: Path, pids: set[int]) -> list[Path]:
    """The temporary files of the processes ``pids`` (each names its writer: other tests'
    processes may be writing theirs meanwhile)."""
    return [path for path in folder.rglob("*") if ".tmp" in path.name
            and any(f".{pid}." in path.name or path.name.endswith(f".{pid}.tmp")
                    for pid in pids)]


def interrupt_when_counting(args: list[str], limit: float = 600) -> tuple[
        subprocess.CompletedProcess[str], set[int]]:
    """Run ``boardspec ARGS`` in its own process group; once the count's process is there
    (a child of it), send SIGINT to the group, as Ctrl-C does. ``limit`` only guards
    against a hang."""
    process = subprocess.Popen([*BOARDSPEC, *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=ROOT,
                               start_new_session=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + limit
    counting: set[int] = set()
    try:
        while not counting and process.poll() is None:
            assert time.monotonic() < deadline, "the count never began"
            counting = children_of(process.pid)
            time.sleep(0.05)
        assert process.poll() is None, "the count ended before it could be interrupted"
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=limit)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return (subprocess.CompletedProcess(process.args, process.returncode, out, err),
            counting | {process.pid})


@pytest.mark.parametrize("how", [[], ["--divide"], ["--parallel"]],
                         ids=["library", "divide", "parallel"])
def test_ctrl_c_stops_a_native_count(how: list[str]) -> None:
    """Ataxx to depth 10 (far more than anyone waits for) by the library linked ahead of
    time, by ``--divide`` and by ``--parallel``: Ctrl-C stops it, exit 130, with no process
    and no temporary file left behind."""
    if not how:  # a count from the start links the library the next one counts with
        assert boardspec("perft", "ataxx", "2", "--backend", "native").returncode == 0
    done, counting = interrupt_when_counting(["perft", "ataxx", "10", "--backend", "native",
                                              *how])
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr
    assert not [pid for pid in counting if alive(pid)]
    assert leftovers(cache_dir(), counting) == []
