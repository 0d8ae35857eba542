"""Kernels linked ahead of time (``framework.native.ahead``): a native count from the start
links the game's perft into a shared library, and the next ``boardspec perft`` counts with
it in a process that imports neither numba nor the game compiler.

Each test counts a copy of a bundled game with a line of its own added, so its library is
its own (the key covers the file's bytes) while numba's cache of the kernels, keyed by
their source, is shared with the other tests.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint, EntryPoints
from pathlib import Path

import pytest

from framework import load_game
from framework.command import PerftLine, perft_line
from framework.engine.turns import perft_turns
from framework.errors import BoardspecError
from framework.native import ahead
from framework.perft import perft

pytest.importorskip("numba")

ROOT = Path(__file__).resolve().parent.parent
#: The tests that link a library need the C compiler the library is linked with.
needs_cc = pytest.mark.skipif(shutil.which(os.environ.get("CC", "cc")) is None,
                              reason="no C compiler (cc) to link the kernels with")


@pytest.fixture(autouse=True)
def forget_libraries(tmp_path: Path) -> Iterator[None]:
    """The libraries a test's copies made leave the kernel cache with the test (their
    keys are the test's own: nothing else would ever read them)."""
    yield
    for copy in tmp_path.glob("*.yaml"):
        key = ahead.key_of(copy, [])
        for suffix in (".so", ".json"):
            (ahead.folder() / f"{key}{suffix}").unlink(missing_ok=True)


def own_copy(tmp_path: Path, name: str) -> Path:
    copy = tmp_path / f"{name}.yaml"
    copy.write_text((ROOT / "games" / f"{name}.yaml").read_text() + f"\n# {tmp_path}\n")
    return copy


def boardspec(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "framework", *args], capture_output=True,
                          text=True, env={**os.environ, **env}, cwd=ROOT)


#: Runs the command's entry as ``boardspec`` would, then prints which of the heavy
#: packages the process imported.
_IMPORTED = """
import sys
sys.argv = ["boardspec", *sys.argv[1:]]
from framework.command import main
try:
    main()
except SystemExit:
    pass
heavy = ("numba", "numpy", "llvmlite", "pydantic", "networkx", "typer", "rich")
print(sorted(name for name in heavy if name in sys.modules), file=sys.stderr)
"""


@needs_cc
def test_a_count_from_the_start_links_a_library_the_next_process_counts_with(
        tmp_path: Path) -> None:
    game = own_copy(tmp_path, "tic-tac-toe")
    expected = perft(load_game(game).new_initial_state(), 5)
    first = boardspec("perft", str(game), "5", "--backend", "native")
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() == str(expected)
    assert "linked ahead of time" in first.stderr
    again = subprocess.run([sys.executable, "-c", _IMPORTED, "perft", str(game), "5",
                            "--backend=native"], capture_output=True, text=True, cwd=ROOT)
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip() == str(expected)
    assert "loaded ahead of time" in again.stderr
    assert again.stderr.strip().splitlines()[-1] == "[]"  # none of the heavy packages
    deeper = boardspec("perft", str(game), "7", "--backend", "native")
    assert deeper.stdout.strip() == str(perft(load_game(game).new_initial_state(), 7))


@needs_cc
def test_a_library_counts_a_chain_of_hops_as_one_turn(tmp_path: Path) -> None:
    """Konane's jumps chain from its third turn: by turns (``perft_turns``) and by actions
    (``perft``) its counts part at depth 4, and the library makes each as the engine."""
    game = own_copy(tmp_path, "konane")
    start = load_game(game).new_initial_state()
    by_turns, by_actions = perft_turns(start, 4), perft(start, 4)
    assert by_turns != by_actions
    for said in ("linked ahead of time", "loaded ahead of time"):
        done = boardspec("perft", str(game), "4", "--backend", "native", "--turns")
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == str(by_turns) and said in done.stderr
    plies = boardspec("perft", str(game), "4", "--backend", "native")
    assert plies.stdout.strip() == str(by_actions) and "loaded ahead of time" in plies.stderr


@needs_cc
def test_a_move_that_folds_a_choice_in_counts_whole_turns_and_says_so(tmp_path: Path) -> None:
    """Amazons' move holds its arrow: the kernels and the library count whole turns
    without --turns (as OpenSpiel and published counts do), never phase steps silently."""
    game = tmp_path / "small-amazons.yaml"
    game.write_text((ROOT / "tests" / "data" / "native" / "small-amazons.yaml").read_text()
                    + f"\n# {tmp_path}\n")
    start = load_game(game).new_initial_state()
    by_turns = perft_turns(start, 2)
    assert by_turns != perft(start, 2)
    for said in ("linked ahead of time", "loaded ahead of time"):
        done = boardspec("perft", str(game), "2", "--backend", "native")
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == str(by_turns) and said in done.stderr
        assert "counting whole turns (--turns)" in done.stderr
    steps = boardspec("perft", str(game), "2")
    assert steps.stdout.strip() == str(perft(start, 2))


@needs_cc
def test_a_count_the_library_does_not_make_goes_to_the_kernels_or_the_engine(
        tmp_path: Path) -> None:
    game = own_copy(tmp_path, "tic-tac-toe")
    assert boardspec("perft", str(game), "2", "--backend", "native").returncode == 0
    divided = boardspec("perft", str(game), "2", "--backend", "native", "--divide")
    assert "ahead of time" not in divided.stderr and "total: 72" in divided.stdout
    position = json.dumps({"game": "Tic-tac-toe", "to_move": "o",
                           "cells": {"a1": {"owner": "x", "piece": "mark"}}})
    moved = boardspec("perft", str(game), "1", "--backend", "native", "--position", position)
    assert "ahead of time" not in moved.stderr and moved.stdout.strip() == "8"
    engine = boardspec("perft", str(game), "2")
    assert "native" not in engine.stderr and engine.stdout.strip() == "72"


def test_without_a_c_compiler_the_kernels_count_and_say_why_once(tmp_path: Path) -> None:
    game = own_copy(tmp_path, "tic-tac-toe")
    missing = str(tmp_path / "no-such-compiler")
    first = boardspec("perft", str(game), "3", "--backend", "native", CC=missing)
    assert first.returncode == 0 and first.stdout.strip() == "504"
    assert "not linked ahead of time" in first.stderr and missing in first.stderr
    again = boardspec("perft", str(game), "3", "--backend", "native")
    assert again.stdout.strip() == "504"
    assert "ahead of time" not in again.stderr  # the record says why: not tried again
    assert "native kernels loaded from the cache" in again.stderr


def test_the_key_covers_the_file_the_parameters_the_package_and_third_party_units(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = own_copy(tmp_path, "connect-four")
    key = ahead.key_of(game, [])
    assert key == ahead.key_of(game, [])
    assert ahead.key_of(game, ["rows=7"]) != key
    game.write_text(game.read_text() + "# another line\n")
    assert ahead.key_of(game, []) != key
    key = ahead.key_of(game, [])
    package = tmp_path / "package"
    (package / "native").mkdir(parents=True)
    (package / "native" / "unit.py").write_text("A = 1\n")
    monkeypatch.setattr(ahead, "PACKAGE", package)
    before = ahead.key_of(game, [])
    assert before != key
    (package / "native" / "unit.py").write_text("A = 2\n")
    assert ahead.key_of(game, []) != before
    foreign = EntryPoint(name="moves.leap", value="elsewhere.units:Leap", group="boardspec.rules")
    monkeypatch.setattr("importlib.metadata.entry_points", lambda: EntryPoints([foreign]))
    assert ahead.key_of(game, []) is None


def test_a_broken_or_missing_library_is_passed_over(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    game = own_copy(tmp_path, "tic-tac-toe")
    monkeypatch.setattr(ahead, "folder", lambda: tmp_path / "ahead")
    (tmp_path / "ahead").mkdir()
    key = ahead.key_of(game, [])
    record = tmp_path / "ahead" / f"{key}.json"
    assert ahead.count(game, [], 2, False) is None  # no record
    record.write_text("{not json")
    assert ahead.count(game, [], 2, False) is None
    record.write_text(json.dumps({"format": ahead.FORMAT, "game": "x", "state": [0, 0],
                                  "plies": True}))
    assert ahead.count(game, [], 2, False) is None  # the record, but no library
    record.write_text(json.dumps({"format": ahead.FORMAT, "game": "x", "state": [0, 0],
                                  "plies": False}))
    assert ahead.count(game, [], 2, False) is None  # counts by turns only
    (tmp_path / "ahead" / f"{key}.so").write_bytes(b"not a library")
    assert ahead.count(game, [], 2, True) is None
    record.write_text(json.dumps({"format": ahead.FORMAT + 1, "game": "x"}))
    assert ahead.count(game, [], 2, True) is None


@needs_cc
def test_a_library_whose_kernels_raise_reports_an_error(tmp_path: Path) -> None:
    game = own_copy(tmp_path, "tic-tac-toe")
    assert boardspec("perft", str(game), "1", "--backend", "native").returncode == 0
    # No memory for the stack of so deep a count: numba's code raises, the library says so.
    script = ("import sys; from pathlib import Path; from framework.native.ahead import count;"
              f" count(Path({str(game)!r}), [], 1 << 50, False)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT)
    assert done.returncode == 1, done.stderr  # an exception, not a crash
    assert BoardspecError.__name__ in done.stderr and "raised an error" in done.stderr


@pytest.mark.parametrize(("line", "parsed"), [
    ("perft chess 5 --backend native --turns", PerftLine("chess", 5, [], True)),
    ("perft --backend=native chess 5", PerftLine("chess", 5, [], False)),
    ("perft g.yaml 3 --param size=5 --backend native --no-divide",
     PerftLine("g.yaml", 3, ["size=5"], False)),
    ("perft chess 5", None), ("perft chess 5 --backend python", None),
    ("perft chess 5 --backend native --divide", None),
    ("perft chess 5 --backend native --fen x", None), ("perft chess 99 --backend native", None),
    ("perft chess -1 --backend native", None), ("perft chess 5 --backend native --param", None),
    ("play chess --backend native", None), ("perft chess 5 --backend native --help", None),
])
def test_the_entry_answers_only_the_plainest_native_count(line: str,
                                                          parsed: PerftLine | None) -> None:
    assert perft_line(line.split()) == parsed


def test_a_library_numba_cannot_emit_is_recorded_and_the_count_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The library reaches into numba's internals: where they fail, the count is made as
    without a library, and the record says why (not tried again for the key)."""
    from framework.native.backend import NativeGame

    game = own_copy(tmp_path, "tic-tac-toe")
    monkeypatch.setattr(ahead, "folder", lambda: tmp_path / "ahead")

    def broken(native: NativeGame) -> tuple[bytes, str]:
        raise AttributeError("'CFunc' object has no attribute '_library'")

    monkeypatch.setattr(ahead, "_object_code", broken)
    said = ahead.link(NativeGame(load_game(game)), game, [])
    assert said is not None and "_library" in said and "not linked" in said
    record = json.loads(next((tmp_path / "ahead").glob("*.json")).read_text())
    assert "_library" in record["error"]
    assert ahead.link(NativeGame(load_game(game)), game, []) is None  # not tried again
    assert ahead.count(game, [], 3, False) is None
