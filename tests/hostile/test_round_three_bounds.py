"""Reproductions of issue 48 ("hostile input, round three") about bounds: the text that
``${...}`` makes, the files every command reads, bare game names, digits, positions and
``boardspec games`` over a large folder. Each runs under the issue's bounds (2 s of CPU,
200 MB): a clear refusal, never a traceback, a hang or a count that depends on the engine."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from framework import load_game_text
from tests.conftest import ROOT
from tests.hostile.bounded import assert_refused, cli, run_bounded

GAMES = ROOT / "games"
TIC_TAC_TOE = (GAMES / "tic-tac-toe.yaml").read_text(encoding="utf-8")
NAME_LINE = "name: Tic-tac-toe\n"


def with_lines(text: str) -> str:
    """Tic-tac-toe with ``text`` (YAML lines) after its name."""
    assert NAME_LINE in TIC_TAC_TOE
    return TIC_TAC_TOE.replace(NAME_LINE, NAME_LINE + text, 1)


def load_refused(text: str, *needles: str) -> None:
    assert_refused(run_bounded(lambda: load_game_text(text, "hostile.yaml")), *needles)


# 1. The text ${...} makes ----------------------------------------------------------------
def test_one_percent_format_does_not_make_a_gigabyte() -> None:
    # On main: "%0999999999d" % 1 is Python's formatting, a gigabyte of one number.
    load_refused(with_lines("""notes: '${"%0999999999d" % 1}'\n"""), "hostile.yaml:3:8",
                 "% takes numbers")


def test_repeated_text_is_refused_before_it_is_made() -> None:
    load_refused(with_lines("""notes: '${"x" * 10000 * 10000}'\n"""), "hostile.yaml:3:8",
                 "100,000,000 characters", "limit")


def test_many_expressions_in_one_text_are_bounded() -> None:
    load_refused(with_lines('notes: "' + "${'x' * 999}" * 200 + '"\n'), "hostile.yaml:3:8",
                 "10,000 characters")


def test_a_file_of_expressions_makes_at_most_a_megabyte_of_text() -> None:
    # About 800 KB of short expressions, each 9,999 characters of text: 470 million
    # characters on main, from a file within the size limit.
    expression = """'${"x" * 9999}'"""
    lists = "".join(f"  l{i}: [{', '.join([expression] * 4700)}]\n" for i in range(10))
    text = with_lines("notes:\n" + lists)
    assert len(text.encode()) < 1_000_000
    load_refused(text, "hostile.yaml:4:", "1,000,000 characters", "limit")


def test_a_file_of_many_expressions_is_bounded() -> None:
    load_refused(with_lines("notes: '" + "${1}" * 6000 + "'\n"), "hostile.yaml:3:8",
                 "5,000 expressions")


def test_a_game_with_parameters_still_reads_its_text() -> None:
    text = with_lines("parameters: {n: {type: int, default: 3, min: 1, max: 9}}\n")
    outcome = run_bounded(lambda: load_game_text(text.replace(
        "description: >", "description: >\n  ${'ab' * n} ${str(n * 2)}", 1)).spec.description)
    assert outcome.kind == "ok", str(outcome)
    assert outcome.value.startswith("ababab 6"), outcome.value



# 2. Every command reads through the bounded reader ---------------------------------------
def command_line(*args: str) -> Callable[[], int]:
    """A case that runs ``boardspec ARGS`` as the console script does, its first step
    included (``framework.command``: a native count from the start is answered there)."""
    cli("validate", "--help")  # imports the command line in the parent, once

    def run() -> int:
        import sys

        from framework.command import main

        saved = sys.argv
        sys.argv = ["boardspec", *args]
        try:
            main()
        finally:
            sys.argv = saved
        return 0
    return run


@pytest.fixture(scope="module")
def fifo(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("pipes") / "game.yaml"
    os.mkfifo(path)
    return str(path)


TTT = "TTT"
#: Each command, with F where the file under test goes (a game file, a position, a
#: record, the published results of a balance study) and TTT for Tic-tac-toe's file.
READERS = [
    ("validate", "F"), ("show", "F"), ("moves", "F"), ("perft", "F", "1"),
    ("perft", "F", "1", "--backend", "native"), ("perft", "F", "2", "--backend", "native",
                                                  "--divide"),
    ("apply", "F", "b2"), ("docs", "F", "--out", "OUT"), ("play", "F"), ("examples", "F"),
    ("check", "F", "--examples", "1"), ("uai", "F"), ("balance", "F", "--games", "2"),
    ("match", "F", "--agents", "random,greedy", "--games", "2"),
    ("tournament", "F", "--agents", "random,greedy,alphabeta", "--games", "2"),
    ("show", TTT, "--position", "F"), ("perft", TTT, "1", "--position", "F"),
    ("perft", TTT, "1", "--backend", "native", "--position", "F"),
    ("balance", TTT, "--games", "2", "--published", "F"),
    ("replay", "F"), ("pgn", "F"),
]


@pytest.mark.parametrize("source", ["fifo", "/dev/zero"])
@pytest.mark.parametrize("args", READERS, ids=" ".join)
def test_every_command_refuses_a_pipe_or_a_device(args: tuple[str, ...], source: str,
                                                  fifo: str, tmp_path: Path) -> None:
    given = fifo if source == "fifo" else source
    put = {"F": given, "OUT": str(tmp_path / "out"), "TTT": str(GAMES / "tic-tac-toe.yaml")}
    line = [put.get(a, a) for a in args]
    outcome = run_bounded(command_line(*line), cpu_seconds=10)
    assert_refused(outcome, "it is a device or a pipe, not a file")
    assert outcome.exit_code == 2


# 3. A bare name is the bundled game ------------------------------------------------------
def in_folder(folder: Path, case: Callable[[], Any]) -> Callable[[], Any]:
    def run() -> Any:
        os.chdir(folder)
        return case()
    return run


@pytest.fixture
def local_chess(tmp_path: Path) -> Path:
    """A folder holding a file named ``chess`` that is Tic-tac-toe."""
    (tmp_path / "chess").write_text(TIC_TAC_TOE, encoding="utf-8")
    return tmp_path


def test_a_bare_name_is_the_bundled_game_and_says_so(local_chess: Path) -> None:
    # On main the local Tic-tac-toe was counted (9 leaves at depth 1), without a word.
    outcome = run_bounded(in_folder(local_chess, cli("perft", "chess", "1")))
    assert outcome.kind == "exit" and outcome.exit_code == 0, str(outcome)
    assert "\n20\n" in f"\n{outcome.output}", outcome.output  # chess: 20 first moves
    assert "'chess' is the game" in outcome.output and "./chess" in outcome.output


@pytest.mark.parametrize("given", ["./chess", "chess.yaml"])
def test_a_path_is_the_file(local_chess: Path, given: str) -> None:
    if given.endswith(".yaml"):
        (local_chess / "chess").rename(local_chess / given)
    outcome = run_bounded(in_folder(local_chess, cli("perft", given, "1")))
    assert outcome.kind == "exit" and outcome.exit_code == 0, str(outcome)
    assert "\n9\n" in f"\n{outcome.output}", outcome.output  # tic-tac-toe: 9 cells
    assert "is the game" not in outcome.output


def test_the_library_resolves_names_alike(local_chess: Path) -> None:
    from framework import load_game

    outcome = run_bounded(in_folder(local_chess, lambda: (load_game("chess").spec.name,
                                                          load_game("./chess").spec.name)))
    assert outcome.value == ("Chess", "Tic-tac-toe"), str(outcome)
