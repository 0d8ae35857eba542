"""Interrupted work and full disks: Ctrl-C keeps every game played, a full disk leaves the
old file whole, a used --out is never mixed with another match."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

import pytest

from framework import load_game
from framework.backend_base import HOLD_VARIABLE
from framework.backends import Backend, ProcessBackend
from framework.match import GameSource, MatchResult, play_plans, schedule
from framework.records import Record
from tests.conftest import ROOT
from tests.hostile.bounded import Outcome, cli, run_bounded

GAME = str(ROOT / "games" / "assimilation.yaml")
BOARDSPEC = [sys.executable, "-m", "framework"]


def interrupt_when_held(args: list[str], hold: Path, rounds: list[int], *, turns: int = 1,
                        limit: float = 600) -> subprocess.CompletedProcess[str]:
    """Run ``boardspec ARGS`` in its own process group with its games held by the test
    (``HOLD_VARIABLE``): each game of round ``min(rounds)`` or later stops after ``turns``
    whole turns and waits. Once every round of ``rounds`` is held, send SIGINT to the whole
    group, as Ctrl-C in a terminal does: it always comes in the middle of those games, with
    the games before them finished, however slow the machine. ``limit`` only guards
    against a hang; nothing races it."""
    hold.mkdir()
    env = {**os.environ, HOLD_VARIABLE: json.dumps(
        {"folder": str(hold), "round": min(rounds), "turns": turns})}
    # Ctrl-C as a terminal's process takes it, even when this run was started in the
    # background (a shell's background job, and its children, ignore SIGINT).
    process = subprocess.Popen([*BOARDSPEC, *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               cwd=ROOT, env=env,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    streams: dict[str, list[str]] = {"out": [], "err": []}

    def drain(name: str, stream: IO[str]) -> None:
        for line in stream:
            streams[name].append(line)

    readers = [threading.Thread(target=drain, args=(name, stream), daemon=True)
               for name, stream in (("out", process.stdout), ("err", process.stderr))]
    for reader in readers:
        reader.start()
    wanted = {f"round-{n}" for n in rounds}
    deadline = time.monotonic() + limit
    try:
        while not wanted <= {p.name for p in hold.iterdir()} and process.poll() is None:
            assert time.monotonic() < deadline, "the games were never held"
            time.sleep(0.05)
        assert process.poll() is None, ("the command ended before it could be interrupted:\n"
                                        + "".join(streams["err"]))
        assert {p.name for p in hold.iterdir()} == wanted  # no other game began meanwhile
        os.killpg(process.pid, signal.SIGINT)
        process.wait(timeout=limit)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    for reader in readers:
        reader.join(timeout=limit)
    return subprocess.CompletedProcess(process.args, process.returncode,
                                       "".join(streams["out"]), "".join(streams["err"]))


MATCH_AGENTS = "greedy,random"  # seeded by the match: the same games on every run
MATCH_GAMES = 5  # two played through, one or two held, the rest never begun


@pytest.fixture(scope="module")
def uninterrupted_match() -> dict[int, Record]:
    """The records of the match below played through without a Ctrl-C (in this process)."""
    source = GameSource.read(GAME)
    plans = schedule(MATCH_AGENTS.split(","), MATCH_GAMES, 0)
    return play_plans(source, plans, backend=Backend())


def unsealed(path: Path) -> str:
    """A study's record as the game it holds: its seal (framework/seals.py) taken off."""
    record = Record.load(path)
    assert record.headers.pop("Seal").startswith("hmac-sha256:")
    return record.to_text()


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_in_a_match_keeps_every_game(tmp_path: Path, jobs: int,
                                            uninterrupted_match: dict[int, Record]) -> None:
    """Every finished game is kept whole; each game being played when Ctrl-C came stops
    after its current turn and is kept as game-NNNN.unfinished.txt, marked interrupted.
    The same command plays those games again from their start, and ends with the records
    of a match never interrupted."""
    out = tmp_path / "match"
    args = ["match", GAME, "--agents", MATCH_AGENTS, "--games", str(MATCH_GAMES), "--jobs",
            str(jobs), "--out", str(out)]
    # The first two games are played through; each worker holds its next game after its
    # first turn, where Ctrl-C finds it (rounds 3, and 4 with a second worker).
    held = list(range(3, 3 + jobs))
    done = interrupt_when_held(args, tmp_path / "hold", held)
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        line for line in done.stderr.splitlines() if line.startswith("interrupted:")]
    partial = sorted(out.glob("game-*.unfinished.txt"))
    records = sorted(set(out.glob("game-*.txt")) - set(partial))
    assert [_index(path) for path in records] == [0, 1]  # nothing lost, nothing extra
    assert [_index(path) for path in partial] == [n - 1 for n in held]
    plural = "s" if len(partial) > 1 else ""
    assert (f"interrupted: {len(records)} of {MATCH_GAMES} games are in {out}, and "
            f"{len(partial)} unfinished game{plural} so far") in done.stderr
    assert not list(out.glob(".*.part")) and not list(out.glob(".*.tmp"))
    game = load_game(GAME)
    for path in records:
        record = Record.load(path)
        record.verify(game)  # every kept record replays, with the result it claims
        assert record.result != "unfinished"
        assert unsealed(path) == uninterrupted_match[_index(path)].to_text()
    for path in partial:
        record = Record.load(path)
        record.verify(game)  # whole turns only, replayable to where it stopped
        assert record.headers["Termination"] == "interrupted"
        assert record.result == "unfinished"
        whole = uninterrupted_match[_index(path)]
        assert len(record.turns) == 1  # held after its first turn, stopped there
        assert whole.plies[:len(record.plies)] == record.plies  # the same game, cut short
        assert len(record.plies) < len(whole.plies)

    resumed = subprocess.run([*BOARDSPEC, *args], capture_output=True, text=True,
                             timeout=120, cwd=ROOT, check=False)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{len(records)} of {MATCH_GAMES} games already played" in resumed.stderr
    assert not list(out.glob("*.unfinished.txt"))
    finished = sorted(out.glob("game-*.txt"))
    assert [unsealed(path) for path in finished] == [
        uninterrupted_match[i].to_text() for i in sorted(uninterrupted_match)]
    summary = json.loads((out / "summary.json").read_text())
    players = load_game(GAME).players
    assert summary["results"] == MatchResult(
        players, list(uninterrupted_match.values())).summary()["results"]


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_while_a_record_is_kept_loses_no_game(jobs: int) -> None:
    """Ctrl-C in the middle of ``on_game`` (the record half written): that game is kept
    again, once, and every game reported finished is kept (the test that held the games
    found game 2 lost when the Ctrl-C came while the match wrote it)."""
    source = GameSource.read(GAME)
    plans = schedule(["random", "greedy"], 4, 0)
    kept: list[int] = []

    def keep(index: int, record: Record) -> None:
        if not kept and not interrupted:
            interrupted.append(index)
            raise KeyboardInterrupt  # before anything of it is kept
        kept.append(index)

    interrupted: list[int] = []
    backend = Backend() if jobs == 1 else ProcessBackend(jobs)
    with backend, pytest.raises(KeyboardInterrupt):
        play_plans(source, plans, backend=backend, max_plies=6, on_game=keep,
                   on_unfinished=lambda index, record: None)
    assert interrupted and interrupted[0] in kept
    assert len(kept) == len(set(kept))  # none kept twice


def _index(path: Path) -> int:
    """The game index of ``game-0003.txt`` or ``game-0003.unfinished.txt`` (2)."""
    return int(path.name.split(".")[0].removeprefix("game-")) - 1


def test_ctrl_c_in_play_saves_the_game_so_far(tmp_path: Path) -> None:
    save = tmp_path / "game.txt"
    done = interrupt_when_held(["play", GAME, "--white", "greedy", "--black", "random",
                                "--seed", "3", "--save", str(save)], tmp_path / "hold", [1],
                               turns=3)
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "interrupted after" in done.stdout
    record = Record.load(save)
    assert record.headers["Termination"] == "interrupted"
    assert record.result == "unfinished" and len(record.turns) == 3  # held after turn 3
    assert f"interrupted after {len(record.plies)} actions" in done.stdout
    record.verify(load_game(GAME))


def test_a_save_typed_to_a_bad_place_does_not_end_the_game(tmp_path: Path) -> None:
    save = tmp_path / "end.txt"
    done = subprocess.run([*BOARDSPEC, "play", GAME, "--human", "white", "--save", str(save)],
                          input=f"save {tmp_path}\nsave /dev/null/x\nb6\nquit\n",
                          capture_output=True, text=True, timeout=60, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("not saved:") == 2
    assert "Traceback" not in done.stdout + done.stderr
    assert Record.load(save).plies[0] == "b6"  # the game went on after the failed saves


def test_a_used_out_folder_is_refused_for_another_match(tmp_path: Path) -> None:
    out = tmp_path / "match"

    def run(*more: str) -> Outcome:
        return run_bounded(cli("match", GAME, "--agents", "random,greedy", "--max-plies", "10",
                               "--out", str(out), *more), cpu_seconds=20)

    assert run("--games", "3").exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    again = run("--games", "1")  # another match into the same folder
    assert again.exit_code != 0 and "games" in again.output, str(again)
    assert "Traceback" not in again.output
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def _small_disk() -> None:
    """In the child: files may not grow past 1 KB (writes fail as on a full disk)."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (1024, resource.getrlimit(
        resource.RLIMIT_FSIZE)[1]))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def test_a_full_disk_leaves_the_old_files_whole(tmp_path: Path) -> None:
    schema, reference = tmp_path / "s.json", tmp_path / "r.md"
    book = tmp_path / "books" / "en" / "assimilation.md"
    book.parent.mkdir(parents=True)
    for old in (schema, reference, book):
        old.write_text("the old content\n")
    commands = [["schema", "--out", str(schema)], ["reference", "--out", str(reference)],
                ["docs", GAME, "--out", str(book.parent.parent), "--lang", "en", "--format",
                 "md"]]
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    for command in commands:
        done = subprocess.run([*BOARDSPEC, *command], capture_output=True, text=True,
                              timeout=120, cwd=ROOT, check=False, preexec_fn=_small_disk)
        assert done.returncode != 0
        assert "cannot write" in done.stderr and "Traceback" not in done.stderr
    after = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before  # nothing truncated, no temporary file left behind
