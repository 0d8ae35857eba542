"""``boardspec check`` compares the native kernels with the engine: a planted disagreement
fails the check with the position and the moves that differ; a game the kernels cannot
play says why, once; the report is the same for the same seed with one or two processes.

Each game's kernels compile once per test session: in this process (a game's module is
kept in ``sys.modules``), and numba's cache on disk then serves the commands run here.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from framework import load_game
from framework.check.report import print_report, report_json, without_timings
from framework.check.runner import check_game

from .conftest import ROOT

pytest.importorskip("numba")

from framework.check.native_diff import NAME, NativeOutcome, compare_with_native
from framework.native import NativeGame
from framework.native.assemble import plan_of

TIC_TAC_TOE = ROOT / "games" / "tic-tac-toe.yaml"
ASSIMILATION = ROOT / "games" / "assimilation.yaml"


@pytest.fixture(scope="session")
def warm() -> Callable[[Any], None]:
    """Compile a game's kernels here, once per session (numba's cache on disk then serves
    the commands the tests run)."""
    done: set[str] = set()

    def compile_once(path: Any) -> None:
        if str(path) not in done:
            from framework.check.native_diff import Differ

            game = load_game(path)
            Differ(game, NativeGame(game)).warm_up()
            done.add(str(path))
    return compile_once


def boardspec(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "framework", *args], capture_output=True,
                          text=True, cwd=ROOT)


def text_of(report: Any) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    print_report(report, console)
    return console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


def native_outcome(report: Any) -> NativeOutcome:
    found = [o for o in report.outcomes if isinstance(o, NativeOutcome)]
    assert len(found) == 1
    return found[0]


def test_a_game_the_kernels_play_is_compared(warm: Callable[[Any], None]) -> None:
    warm(TIC_TAC_TOE)
    report = check_game(load_game(TIC_TAC_TOE), examples=5, random_seed=3)
    native = native_outcome(report)
    assert native.status == "passed" and native.name == NAME
    assert native.games == 5 and native.states > 5 and native.moves > 0
    starts = [row for row in native.perft if row.position == "the start"]
    assert [(row.depth, row.count) for row in starts] == [(3, 504)]  # 9 · 8 · 7
    text = text_of(report)
    assert "native kernels against the engine: passed" in text
    assert "5 random games of the kernels replayed by the engine" in text
    assert "the start (depth 3: 504)" in text
    data = report_json(report)
    assert data["native"]["status"] == "passed" and data["native"]["games"] == 5
    assert NAME not in [p["name"] for p in data["properties"]]  # its own section


def test_the_comparison_is_deterministic_from_the_seed(warm: Callable[[Any], None]) -> None:
    warm(TIC_TAC_TOE)
    game = load_game(TIC_TAC_TOE)
    first, again = (compare_with_native(game, 6, 9) for _ in range(2))
    other = compare_with_native(game, 6, 10)
    assert (first.states, first.moves, first.perft) == (again.states, again.moves, again.perft)
    assert (first.states, first.moves, first.perft) != (other.states, other.moves, other.perft)


def test_a_planted_wrong_result_fails_check_with_the_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernels' ``line`` piece, planted wrong: it looks at every window of three but
    the last, so one line wins in the engine and not in the kernels."""
    game = load_game(TIC_TAC_TOE)
    piece = type(plan_of(game).goals[0])
    right = piece.evaluate

    def evaluate(self: Any) -> list[str]:
        return [line.replace(f"range({self.count})", f"range({self.count - 1})")
                for line in right(self)]
    monkeypatch.setattr(piece, "evaluate", evaluate)
    report = check_game(game, examples=10, random_seed=0)
    native = native_outcome(report)
    assert native.status == "failed" and native in report.failed
    failure = native.failure
    assert failure is not None
    assert "result: kernels the game goes on, engine x wins" in failure.message or \
        "result: kernels the game goes on, engine o wins" in failure.message, failure.message
    # The shortest play: four actions, then the fifth makes the line (the message's move).
    assert len(failure.trail.actions) == 4 and failure.message.startswith("after '")
    state = failure.trail.replay(load_game(TIC_TAC_TOE))
    assert state.to_json() == failure.position
    move = failure.message.split("'")[1]
    assert state.child(state.parse_action(move)).is_terminal()
    text = text_of(report)
    assert "native kernels against the engine: failed" in text
    assert f"FAILED {NAME}: after '{move}'" in text
    assert "failing position: " in text and "replay: boardspec apply" in text
    assert report_json(report)["native"]["failure"]["actions"] == failure.trail.actions


def test_planted_missing_moves_fail_check_with_the_moves(monkeypatch: pytest.MonkeyPatch,
                                                         warm: Callable[[Any], None]) -> None:
    """Kernels that never offer the centre: the start already shows it."""
    warm(TIC_TAC_TOE)
    game = load_game(TIC_TAC_TOE)
    centre = game.board.names.index("b2")
    right = NativeGame.legal

    def legal(self: NativeGame, st: Any) -> list[int]:
        return [m for m in right(self, st) if m & 255 != centre]
    monkeypatch.setattr(NativeGame, "legal", legal)
    outcome = compare_with_native(game, 5, 0)
    assert outcome.status == "failed" and outcome.failure is not None
    assert outcome.failure.message == \
        "legal moves differ: engine only ['b2'], kernels only []"
    assert outcome.failure.trail.actions == [] and outcome.failure.trail.start is None
    assert outcome.failure.position == game.new_initial_state().to_json()


def test_an_engine_error_is_reported_with_its_play(monkeypatch: pytest.MonkeyPatch,
                                                   warm: Callable[[Any], None]) -> None:
    warm(TIC_TAC_TOE)
    game = load_game(TIC_TAC_TOE)
    right = NativeGame.play

    def play(self: NativeGame, st: Any, move: int) -> Any:
        if bin(int(st[0] | st[1])).count("1") >= 3:
            raise ZeroDivisionError("boom")
        return right(self, st, move)
    monkeypatch.setattr(NativeGame, "play", play)
    outcome = compare_with_native(game, 3, 0)
    assert outcome.status == "failed" and outcome.failure is not None
    assert "ZeroDivisionError: boom" in outcome.failure.message
    failure = outcome.failure
    assert failure.position is not None and len(failure.position["cells"]) == 3
    assert failure.trail.replay(game).to_json() == failure.position


def test_a_game_the_kernels_cannot_play_says_why_once() -> None:
    run = boardspec("check", "tests/data/native/snake-tic-tac-toe.yaml", "--examples", "2")
    assert run.returncode == 0, run.stdout + run.stderr
    out = " ".join(run.stdout.split())
    assert out.count("the native backend cannot play this game") == 1
    assert "snake" in out
    assert "native kernels against the engine: not required" in out


def test_without_numba_the_comparison_is_not_checked_and_says_why(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import framework.native

    monkeypatch.setattr(framework.native, "available", lambda: False)
    outcome = compare_with_native(load_game(TIC_TAC_TOE), 3, 0)
    assert outcome.status == "not checked"
    assert "numba is not installed" in outcome.note


@pytest.mark.slow  # check run twice over, in one process and in two (CI's 15 minutes)
def test_the_report_is_the_same_with_one_or_two_processes(warm: Callable[[Any], None]
                                                          ) -> None:
    warm(ASSIMILATION)
    args = ["check", str(ASSIMILATION), "--examples", "4", "--seed", "5", "--json"]
    one, two = boardspec(*args, "--jobs", "1"), boardspec(*args, "--jobs", "2")
    assert one.returncode == two.returncode == 0, one.stdout + one.stderr + two.stderr
    serial, pooled = json.loads(one.stdout), json.loads(two.stdout)
    assert without_timings(serial) == without_timings(pooled)
    here = report_json(check_game(load_game(ASSIMILATION), examples=4, random_seed=5))
    here["file"] = str(ASSIMILATION)
    for data in (here, serial["files"][0]):
        data["file"] = str(ASSIMILATION)
    assert without_timings(serial["files"][0]) == without_timings(here)
    native = serial["files"][0]["native"]
    assert native["status"] == "passed" and native["games"] == 4 and native["perft"]


def test_kernels_that_do_not_compile_fail_the_comparison(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    from framework.check import native_diff

    def broken(self: Any) -> None:
        raise TypeError("a plugin's piece wrote bad code")
    monkeypatch.setattr(native_diff.Differ, "warm_up", broken)
    outcome = compare_with_native(load_game(TIC_TAC_TOE), 3, 0)
    assert outcome.status == "failed" and outcome.failure is not None
    assert outcome.failure.message == \
        "the native kernels fail: TypeError: a plugin's piece wrote bad code"


def test_the_report_prints_free_text_as_written() -> None:
    """Rich reads "[d4, e5]" as a style tag and drops it: every message, note and name
    printed through it is escaped (the differential's cell lists came out as
    "kernels , engine")."""
    from framework.check.outcome import Outcome
    from framework.check.runner import GameReport
    from framework.check.trail import Failure, Trail

    message = "the legal moves differ at d4: kernels [d4, e5], engine [d4]"
    failure = Failure(message, Trail("random game [3]", None, ["a1a2"]), None,
                      detail="only [e5] is extra")
    report = GameReport("games/[x].yaml", "Ataxx [test]", outcomes=[
        Outcome("legal [moves]", "passed", note="checked on [7x7]"),
        NativeOutcome(NAME, "failed", failure=failure, note="compared [e5]",
                      games=1, states=2, moves=3),
    ], notes=["a note on [b2]"])
    console = Console(file=io.StringIO(), width=200, color_system=None)
    print_report(report, console)
    shown = console.file.getvalue()  # type: ignore[attr-defined]
    for text in (message, "only [e5] is extra", "random game [3]", "Ataxx [test]",
                 "legal [moves]", "checked on [7x7]", "compared [e5]", "a note on [b2]"):
        assert text in shown, (text, shown)
