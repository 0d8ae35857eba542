"""Each reproduction of issue 28 ("hostile input, second round"), run under the issue's
bounds (2 s of CPU, 200 MB): a clear refusal (a boardspec error, or exit 2 with a short
message), never a traceback, a hang, a tally changed or a door left open."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from framework import load_game_text
from tests.conftest import ROOT
from tests.hostile.bounded import assert_refused, cli, run_bounded

GAMES = ROOT / "games"
ASSIMILATION = (GAMES / "assimilation.yaml").read_text(encoding="utf-8")
CONVERT = "  - {name: convert, type: convert_adjacent, distance: 1}\n"


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(text: str, *needles: str) -> None:
    assert_refused(run_bounded(lambda: load_game_text(text, "hostile.yaml")), *needles)


# 5. Lists of any length ---------------------------------------------------------------
def phases(count: int) -> str:
    return ASSIMILATION.replace(CONVERT, "".join(
        f"  - {{name: c{i}, type: convert_adjacent, distance: 1}}\n" for i in range(count)))


@pytest.mark.parametrize("count", [100, 10_000])
def test_thousands_of_phases_are_refused(tmp_path: Path, count: int) -> None:
    path = write(tmp_path, "phases.yaml", phases(count))
    assert_refused(run_bounded(cli("validate", str(path))), "phases.yaml:16:3", "limit")


def test_the_most_phases_allowed_load_at_once() -> None:
    outcome = run_bounded(lambda: len(load_game_text(phases(63)).phases))
    assert outcome.kind == "ok" and outcome.value == 64, str(outcome)


def test_a_list_longer_than_any_board_needs_is_refused() -> None:
    refused(ASSIMILATION.replace("max_plies: 2000", "max_plies: 2000\nextra: [" + "1, " * 6000
                                 + "1]"), "6,001 entries", "5,408")


# 7. Tags ------------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["!!binary aGVsbG8=", "!!str Assimilation", "!!set {x, y}",
                                   "! Assimilation", "!custom x"])
def test_every_explicit_tag_is_refused(value: str) -> None:
    refused(ASSIMILATION.replace("name: Assimilation", f"name: {value}"), "hostile.yaml:2:7",
            "tag", "not allowed")


# 1. A tampered tournament folder -------------------------------------------------------
MATCH = ["match", str(GAMES / "assimilation.yaml"), "--agents", "random,greedy", "--games",
         "4", "--seed", "5"]


@pytest.fixture(scope="module")
def played_match(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("match") / "m"
    outcome = run_bounded(cli(*MATCH, "--out", str(out)), cpu_seconds=60)
    assert outcome.kind == "exit" and outcome.exit_code == 0, str(outcome)
    return out


def tamper_result(text: str) -> str:
    result = next(line for line in text.splitlines() if line.startswith("[Result "))
    other = '[Result "white"]' if result != '[Result "white"]' else '[Result "black"]'
    return text.replace(result, other)


def cut_in_half(text: str) -> str:
    head, _, moves = text.partition("\n\n")
    turns = moves.splitlines()
    kept = turns[:len(turns) // 2]
    plies = sum(len(line.split()) - 1 for line in kept)
    head = "\n".join(f'[Plies "{plies}"]' if line.startswith("[Plies ") else line
                     for line in head.splitlines())
    return head + "\n\n" + "\n".join(kept) + "\n"


def illegal_first_move(text: str) -> str:
    head, _, moves = text.partition("\n\n")
    return head + "\n\n1. d4" + moves[moves.index("\n"):]


def no_plies_header(text: str) -> str:
    return "\n".join(line for line in text.splitlines(keepends=False)
                     if not line.startswith("[Plies ")) + "\n"


@pytest.mark.parametrize("tamper", [tamper_result, cut_in_half, illegal_first_move,
                                    no_plies_header])
def test_a_resumed_match_refuses_a_tampered_record(played_match: Path, tmp_path: Path,
                                                   tamper: object) -> None:
    out = tmp_path / "m"
    shutil.copytree(played_match, out)
    (out / "summary.json").unlink()
    record = out / "game-0002.txt"
    record.write_text(tamper(record.read_text()))  # type: ignore[operator]
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    outcome = run_bounded(cli(*MATCH, "--out", str(out)))
    assert_refused(outcome, "game-0002.txt", "remove it to play that game again")
    assert outcome.exit_code == 2
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before  # nothing counted


def test_a_resumed_match_refuses_a_record_that_is_no_game_of_it(played_match: Path,
                                                                tmp_path: Path) -> None:
    out = tmp_path / "m"
    shutil.copytree(played_match, out)
    shutil.copy(out / "game-0001.txt", out / "game-0099.txt")
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    assert_refused(run_bounded(cli(*MATCH, "--out", str(out))), "game-0099.txt",
                   "no game of this study")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_an_untouched_match_folder_resumes(played_match: Path, tmp_path: Path) -> None:
    out = tmp_path / "m"
    shutil.copytree(played_match, out)
    summary = (out / "summary.json").read_text()
    (out / "summary.json").unlink()
    outcome = run_bounded(cli(*MATCH, "--out", str(out)))
    assert outcome.kind == "exit" and outcome.exit_code == 0, str(outcome)
    assert "4 of 4 games already played" in outcome.output
    assert (out / "summary.json").read_text() == summary


# 2. study.json that is not a file -------------------------------------------------------
@pytest.mark.parametrize("kind", ["dev-zero", "fifo"])
def test_a_study_json_that_is_not_a_file(tmp_path: Path, kind: str) -> None:
    out = tmp_path / "m2"
    out.mkdir()
    if kind == "fifo":
        os.mkfifo(out / "study.json")
    else:
        (out / "study.json").symlink_to("/dev/zero")
    assert_refused(run_bounded(cli(*MATCH, "--out", str(out))), "study.json",
                   "not a file")


# 8. Huge and repeated record headers ----------------------------------------------------
@pytest.mark.parametrize(("headers", "needle"), [
    ('[Game "' + "A" * 3_000_000 + '"]\n', "at most 4,096"),
    ('[Game "Assimilation"]\n[Game "Ataxx"]\n', "given twice"),
    ("".join(f'[H{i} "x"]\n' for i in range(101)), "more than 100 headers"),
])
def test_huge_or_repeated_record_headers_are_refused(tmp_path: Path, headers: str,
                                                     needle: str) -> None:
    record = write(tmp_path, "game.txt", headers + "\n1. b6\n")
    assert_refused(run_bounded(cli("replay", str(record), "--game",
                                   str(GAMES / "assimilation.yaml"))), needle)


def test_a_json_record_with_a_huge_header_is_refused(tmp_path: Path) -> None:
    data = {"format": "boardspec-record", "version": 1,
            "headers": {"Game": "A" * 3_000_000}, "turns": [["b6"]]}
    record = write(tmp_path, "game.json", json.dumps(data))
    assert_refused(run_bounded(cli("replay", str(record), "--game",
                                   str(GAMES / "assimilation.yaml"))), "at most 4,096")


# 10. boardspec uai ---------------------------------------------------------------------
def uai(stdin: str) -> subprocess.CompletedProcess[str]:
    # The timeout guards against a hang only; the engine answers at once.
    return subprocess.run([sys.executable, "-m", "framework", "uai",
                           str(GAMES / "ataxx.yaml"), "--agent", "random"], input=stdin,
                          capture_output=True, text=True, timeout=120, cwd=ROOT, check=False)


@pytest.mark.parametrize("command", ["go depth " + "9" * 5000, "go depth 999999999",
                                     "go movetime 99999999999999", "go nodes -5",
                                     "go wtime ²", "perft " + "9" * 5000, "perft ²",
                                     "perft 65"])
def test_uai_refuses_budgets_past_its_limits(command: str) -> None:
    done = uai(f"{command}\nisready\nquit\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("info string error: ") and "bestmove" not in done.stdout
    assert lines[1:] == ["readyok"]


def test_uai_ends_when_its_input_closes_during_a_long_search() -> None:
    from framework import load_game
    from framework.interop.uai import UaiEngine

    lines: list[str] = []
    engine = UaiEngine(load_game(GAMES / "ataxx.yaml"), "mcts:1s", emit=lines.append)
    given = ["go movetime 86400000\n"]  # a day to think; then the GUI goes away
    outcome = run_bounded(lambda: engine.run(given))  # type: ignore[arg-type]
    assert outcome.kind == "ok", str(outcome)  # returned, not waiting a day


# 11. --jobs ---------------------------------------------------------------------------
def test_a_million_jobs_are_refused() -> None:
    outcome = run_bounded(cli(*MATCH, "--jobs", "1000000"))
    assert_refused(outcome, "--jobs", "256")
    assert outcome.exit_code == 2


def _pid(_: int) -> int:
    return os.getpid()


def test_a_pool_starts_no_more_processes_than_tasks() -> None:
    from framework.backends import ProcessBackend

    with ProcessBackend(64) as pool:
        pids = dict(pool.run(_pid, {0: (0,), 1: (1,)}))
        assert len(pool.pids) <= 2, pool.pids
    assert sorted(pids) == [0, 1]


# 12. Numbers of the command line ----------------------------------------------------------
@pytest.mark.parametrize(("args", "needle"), [
    (["perft", str(GAMES / "assimilation.yaml"), str(10**25)], "less than or equal to 64"),
    (["play", str(GAMES / "assimilation.yaml"), "--max-plies", "-1"], "greater than or equal"),
    (["play", str(GAMES / "assimilation.yaml"), "--max-plies", "0"], "greater than or equal"),
    ([*MATCH, "--max-plies", "0"], "greater than or equal to 1"),
])
def test_numbers_out_of_range_on_the_command_line(args: list[str], needle: str) -> None:
    outcome = run_bounded(cli(*args))
    assert_refused(outcome, needle)
    assert outcome.exit_code == 2
