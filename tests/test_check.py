"""``boardspec check``: every bundled game passes; deliberately broken files are caught
with their shortest reproduction, and the printed reproduction replays to the failure."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from framework import CompiledGame, SpecError, load_game, load_game_text
from framework.check import runner
from framework.check.properties import (
    StateProperty,
    reference_agrees,
    unique_and_deterministic,
)
from framework.check.reference import ReferenceGame
from framework.check.runner import (
    DEFAULT_EXAMPLES,
    check_game,
    check_state_property,
    declared_invariants,
    invariant_label,
    plan,
)
from framework.check.strategies import starts, states
from framework.check.trail import Subject
from framework.plugins import _twins, plugins
from framework.reference.rules import find_reference

from .conftest import DATA, NATIVE_DEFAULT, ROOT
from .third_party import DROP_PHASE, DROP_REFERENCE, installed

BROKEN = DATA / "broken"
pytest_plugins = ["pytester"]


def boardspec(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "framework", *args], capture_output=True,
                          text=True, cwd=ROOT)


def reproduction(out: str) -> dict[str, Any]:
    """The reproduction lines of the first failure printed by ``boardspec check``."""
    found: dict[str, Any] = {"start": None}
    for line in out[out.index("FAILED"):].splitlines():
        line = line.strip()
        if line.startswith("start position: "):
            found["start"] = json.loads(line.removeprefix("start position: "))
        elif line.startswith("actions ("):
            shown = line.split(": ", 1)[1]
            found["actions"] = [] if shown == "(none)" else shown.split()
        elif line.startswith("failing position: "):
            found["position"] = json.loads(line.removeprefix("failing position: "))
        elif line.startswith("replay: "):
            found["replay"] = shlex.split(line.removeprefix("replay: "))
            break
    return found


def replay(game: CompiledGame, start: dict[str, Any] | None, actions: list[str]) -> list[Any]:
    """Every state along the play, the start first."""
    state = game.new_initial_state() if start is None else game.state_from_json(start)
    trail = [state.clone()]
    for notation in actions:
        state.apply(notation)
        trail.append(state.clone())
    return trail


def test_every_bundled_game_passes(any_game: CompiledGame, native_later: str,
                                   request: pytest.FixtureRequest) -> None:
    from framework.check import native_diff
    from framework.native import support_of

    reason = support_of(any_game)
    # A board over 64 cells, or a game outside NATIVE_DEFAULT: its kernels are compared in
    # the slow run (below).
    later = reason is None and (any_game.board.size > 64
                                or request.node.callspec.id not in NATIVE_DEFAULT)
    report = check_game(any_game, examples=4)
    assert [(o.name, o.failure) for o in report.failed] == []
    # Every block has a reference version.
    assert [o.note for o in report.unchecked if not (later and o.name == native_diff.NAME)] == []
    names = [o.name for o in report.outcomes]
    assert "same as the reference interpreter" in names
    assert len(names) == len(set(names)) >= 10
    # The native kernels are compared with the engine wherever they play the game.
    native = next(o for o in report.outcomes if o.name == "same as the native kernels")
    if later:
        assert native.status == "not checked" and native.note == native_later
    else:
        assert native.status == ("passed" if reason is None else "not required"), native.note
        assert reason is None or reason in native.note


@pytest.mark.slow
def test_every_bundled_game_passes_with_a_large_budget(any_game: CompiledGame) -> None:
    report = check_game(any_game, examples=5 * DEFAULT_EXAMPLES, random_seed=11)
    assert [(o.name, o.failure) for o in report.failed] == []
    assert not report.unchecked


@pytest.mark.parametrize(("file", "prop", "length"), [
    ("supply_overflow.yaml", "invariant conserved (piece=stone)", 2),
    ("conversions.yaml", "invariant pieces_never_decrease (per=player)", 2),
])
def test_a_broken_invariant_is_caught_with_the_shortest_play(file: str, prop: str,
                                                             length: int) -> None:
    path = BROKEN / file
    run = boardspec("check", str(path), "--examples", "10")
    assert run.returncode == 1, run.stdout + run.stderr
    assert f"FAILED {prop}:" in run.stdout.replace("\n", " ")
    found = reproduction(run.stdout)
    assert found["start"] is None and len(found["actions"]) == length  # shortest possible
    game = load_game(path)
    *_, before, after = replay(game, None, found["actions"])
    invariant = next(i for i in declared_invariants(game) if invariant_label(i) == prop)
    assert invariant.violation(before, None) is None
    assert invariant.violation(after, before) is not None
    assert after.to_json() == found["position"]
    # The printed command replays to the same position.
    replayed = boardspec(*found["replay"][1:])
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout) == found["position"]


def test_a_game_that_never_ends_is_caught() -> None:
    path = BROKEN / "endless.yaml"
    run = boardspec("check", str(path), "--examples", "5", "--seed", "3")
    assert run.returncode == 1
    assert "FAILED random play ends within max_plies: the game has not ended after 60" \
        in run.stdout.replace("\n", " ")
    found = reproduction(run.stdout)
    game = load_game(path)
    assert game.spec.max_plies == len(found["actions"]) == 60
    final = replay(game, found["start"], found["actions"])[-1]
    assert not final.is_terminal() and final.legal_actions()
    assert final.to_json() == found["position"]
    assert json.loads(boardspec(*found["replay"][1:]).stdout) == found["position"]


def test_bundled_games_check_clean_from_the_command_line() -> None:
    run = boardspec("check", "games/ataxx.yaml", "games/web.yaml", "--examples", "3")
    assert run.returncode == 0, run.stdout
    assert "2 file(s): 0 failed properties" in run.stdout
    assert "same as the reference interpreter" in run.stdout


def test_the_same_seed_checks_the_same_cases_in_any_process(tmp_path: Path) -> None:
    """Hypothesis draws constants from the source files imported in its process (a user's
    plugin module, a worker's imports); the check must not: the cases, and their counts,
    are the seed's alone."""
    path = ROOT / "games" / "assimilation.yaml"

    def counts(report: Any) -> list[tuple[str, str, int]]:
        return [(o.name, o.status, o.states) for o in report.outcomes]

    here = counts(check_game(load_game(path), examples=8, random_seed=1))
    (tmp_path / "house_rules.py").write_text(
        "SIZES = (150, 199, 250, 2_718_281, 31_415_926)\n")
    code = ("import json, house_rules; from framework import load_game; "
            "from framework.check.runner import check_game; "
            f"r = check_game(load_game({str(path)!r}), examples=8, random_seed=1); "
            "print(json.dumps([(o.name, o.status, o.states) for o in r.outcomes]))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=tmp_path, check=True)
    assert [tuple(row) for row in json.loads(run.stdout)] == here


def test_the_reference_interpreter_catches_a_wrong_engine() -> None:
    game = load_game(ROOT / "games" / "assimilation.yaml")
    convert = game.phases[1]
    convert.around = game.board.within(2)  # type: ignore[attr-defined]  # converts too far
    prop = StateProperty("reference", reference_agrees(ReferenceGame(game.spec)))
    outcome = check_state_property(game, prop, 20, 0, states(game))
    assert outcome.status == "failed" and outcome.failure is not None
    assert outcome.failure.message.startswith("after ")
    assert "engine" in outcome.failure.message and "reference" in outcome.failure.message


def test_the_reference_interpreter_catches_a_wrong_sweep(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    monkeypatch.setattr(runner, "SHRINK_SECONDS", 1)
    game = load_game(ROOT / "games" / "adaptoid.yaml")
    sweep = game.phases[2]
    assert sweep.keyword == "sweep"
    right = sweep.starved  # type: ignore[attr-defined]

    def starved(state: Any) -> int:  # also starves pieces with exactly enough room
        doomed = right(state)
        for cell in range(game.board.size):
            side = state.owner_of(cell)
            need = sum(state.attrs[a][cell] for a in sweep.summed)  # type: ignore[attr-defined]
            room = (game.board.neighbour_masks[cell] & state.empty()).bit_count()
            if side not in (-1, state.to_move) and need and room == need:
                doomed |= 1 << cell
        return doomed

    sweep.starved = starved  # type: ignore[attr-defined]
    prop = StateProperty("reference", reference_agrees(ReferenceGame(game.spec)))
    outcome = check_state_property(game, prop, 30, 0, states(game))
    assert outcome.status == "failed" and outcome.failure is not None
    assert outcome.failure.message.startswith("after ")


#: Past this many actions from a start (Gomoku's 225), an evenly spaced sample of them: a
#: subject's check plays every action of its own in the reference, which is slow.
BIG = 12


def test_reference_agrees_on_every_start_and_every_action_from_it(any_game: CompiledGame
                                                                   ) -> None:
    """Deterministic, beside the random search: each start (the game's and the worked
    examples') and every state one action later (of a big board, some of them)."""
    check = reference_agrees(ReferenceGame(any_game.spec))
    checked = 0
    for trail, start in starts(any_game)[0]:
        actions = start.legal_actions()
        if len(actions) > BIG:  # each subject plays all its actions in the reference too
            actions = actions[::len(actions) // BIG + 1]
        subjects = [Subject(start, None, trail)] + [
            Subject(start.child(a), start, trail.extended(a.notation)) for a in actions]
        for subject in subjects:
            assert check(any_game, subject) is None, subject.trail
            checked += 1
    assert checked > 1


def test_an_engine_error_is_reported_with_its_play() -> None:
    game = load_game(ROOT / "games" / "ataxx.yaml")
    convert = game.phases[1]
    right = convert.run

    def run(state: Any) -> None:
        if state.occupied().bit_count() > 6:
            raise ZeroDivisionError("boom")
        right(state)

    convert.run = run  # type: ignore[method-assign]
    report = check_game(game, examples=3)
    outcome = next(o for o in report.failed if o.name == "every legal action applies")
    failure = outcome.failure
    assert failure is not None and "fails: ZeroDivisionError: boom" in failure.message
    state = failure.trail.replay(load_game(ROOT / "games" / "ataxx.yaml"))
    assert state.occupied().bit_count() == 6 and state.to_json() == failure.position


def test_conformance_catches_a_wrong_count() -> None:
    game = load_game(ROOT / "games" / "ataxx.yaml")
    game.phases[0].count = lambda state: 0  # type: ignore[method-assign]
    prop = StateProperty("unique", unique_and_deterministic)
    outcome = check_state_property(game, prop, 10, 0, states(game))
    assert outcome.status == "failed" and outcome.failure is not None
    assert "count_legal_actions() is 0" in outcome.failure.message
    assert outcome.failure.trail.actions == []  # the start already shows it


def test_a_block_without_reference_is_reported_not_passed(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    # the unit's twin, as if it named none (the cache of twins restored afterwards)
    monkeypatch.setitem(_twins, (plugins("phases")["convert_adjacent"], "reference"), None)
    game = load_game(ROOT / "games" / "ataxx.yaml")
    outcomes = {name: run for name, run in plan(game, examples=2)}
    outcome = outcomes["same as the reference interpreter"]()
    assert outcome.status == "not checked"
    assert "'convert_adjacent'" in outcome.note


def test_a_move_primitive_without_reference_is_reported_not_passed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A move option's twin is its primitive unit's (found through the registry).
    monkeypatch.setitem(_twins, (plugins("moves")["reach"], "reference"), None)
    game = load_game(ROOT / "games" / "ataxx.yaml")
    outcomes = {name: run for name, run in plan(game, examples=2)}
    outcome = outcomes["same as the reference interpreter"]()
    assert outcome.status == "not checked"
    assert "move type 'reach'" in outcome.note


def test_strict_fails_on_a_block_without_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from framework.cli import _register, app

    _register()
    # the unit's twin, as if it named none (the cache of twins restored afterwards)
    monkeypatch.setitem(_twins, (plugins("phases")["moves"], "reference"), None)  # presets too
    args = ["check", str(ROOT / "games" / "web.yaml"), "--examples", "2"]
    lenient = CliRunner().invoke(app, args)
    assert lenient.exit_code == 0 and "not checked" in lenient.output
    assert "1 not checked" in lenient.output
    assert CliRunner().invoke(app, [*args, "--strict"]).exit_code == 1


ATAXX = (ROOT / "games" / "ataxx.yaml").read_text()


@pytest.mark.parametrize(("block", "message"), [
    ("{type: conserved, piece: stne}", "unknown piece 'stne'; expected one of: stone"),
    ("{type: conserved, piece: stone}", "has no supply"),
    ("{type: conserved, piece: stone, counters: [bar]}", "unknown counter 'bar'"),
    ("{type: counter_never_decreases, counter: captures}", "unknown counter 'captures'"),
    ("{type: conservd, piece: stone}", "unknown invariant type 'conservd'"),
    ("{type: attributes_total_cap, piece: stone}", "declares no max_attributes_total"),
])
def test_declared_invariants_are_validated_with_locations(block: str, message: str) -> None:
    text = ATAXX.replace("invariants:\n", f"invariants:\n  - {block}\n")
    with pytest.raises(SpecError) as info:
        load_game_text(text, "bad.yaml")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if block in t)
    assert f"bad.yaml:{line}:" in str(info.value) and message in str(info.value)


def test_declared_invariants_judge_positions() -> None:
    adaptoid = (ROOT / "games" / "adaptoid.yaml").read_text()
    text = adaptoid.replace("invariants:\n", "invariants:\n"
                            "  - {type: attributes_total_cap, piece: adaptoid, max: 3}\n"
                            "  - {type: max_pieces, max: 2}\n")
    game = load_game_text(text)
    cap, most = declared_invariants(game)[:2]
    state = game.state_from_json({"to_move": "white", "cells": {
        "D5": {"owner": "black", "legs": 2, "pincers": 2}, "D3": "white"}})
    assert cap.violation(state, None) == ("the adaptoid on D5 has 4 attributes in all, over "
                                          "the cap of 3")
    assert most.violation(state, None) is None
    counter = next(i for i in declared_invariants(game) if i.keyword ==
                   "counter_never_decreases")
    later = game.state_from_json({**state.to_json(), "counters": {"white": {"captures": 1}}})
    assert counter.violation(later, state) is None
    assert counter.violation(state, later) == "white's captures went down from 1 to 0"


PLUGIN_TEST = """
from framework.check.pytest_plugin import boardspec_suite
test_endless = boardspec_suite({path!r}, examples=3)
"""


def test_pytest_plugin_runs_the_suite_on_a_file(pytester: pytest.Pytester) -> None:
    # In a process of its own: an in-process run drops the modules it imported, and numba
    # imported twice in one process registers its types twice ("duplicate registration").
    result = pytester.runpytest_subprocess("--boardspec", str(BROKEN / "endless.yaml"),
                                           "--boardspec-examples", "3", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=11, failed=1, skipped=1)  # a view: not required
    result.stdout.fnmatch_lines(["*random play ends within max_plies*",
                                 "*actions (60): *", "*replay: boardspec apply *"])


def test_pytest_plugin_two_line_test_file(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_mine=PLUGIN_TEST.format(path=str(BROKEN / "endless.yaml")))
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")  # numba: see above
    result.assert_outcomes(passed=11, failed=1, skipped=1)  # a view: not required


def test_pytest_plugin_is_idle_without_the_option(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_nothing="def test_one():\n    assert True\n")
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)


DROP_GAME = """
name: Drop three
players: [white, black]
board: {type: grid, rows: 3, columns: 3}
pieces: {stone: {}}
turn: [{name: drop, type: drop}]
result: {type: majority}
max_plies: 9
invariants: [{type: pieces_never_decrease}]
"""


@pytest.fixture
def drop_plugin(tmp_path: Path) -> Iterator[str]:
    """Install, for one test, a package with a phase and its reference version."""
    with installed(tmp_path, "dropcheck", DROP_PHASE + DROP_REFERENCE,
                   "[boardspec.rules]\nphases.drop = dropcheck:Drop\n"):
        yield DROP_GAME


def test_a_third_party_block_brings_its_reference_version(drop_plugin: str) -> None:
    report = check_game(load_game_text(drop_plugin), examples=5)
    assert [o.name for o in report.failed] == [] and report.unchecked == []
    assert find_reference("phases", "drop").__name__ == "RefDrop"


def test_check_tells_each_property_as_it_finishes() -> None:
    """Before, nothing was printed until the whole file was checked (a spinner only on a
    terminal): a long check looked hung."""
    run = boardspec("check", "games/tic-tac-toe.yaml", "--examples", "2")
    assert run.returncode == 0, run.stdout
    lines = [line for line in run.stderr.splitlines() if line.startswith("games/tic-tac-toe")]
    names = [name for name, _ in plan(load_game(ROOT / "games" / "tic-tac-toe.yaml"))]
    assert [line.split(": ")[1] for line in lines] == names
    # Tic-tac-toe hides nothing: the view property is not required, every other passes.
    assert all(": passed (" in line for line in lines if "a view never" not in line)
    assert any("a view never shows what it hides: not required" in line for line in lines)


def test_a_reference_copy_shares_the_history_snapshots_in_a_list_of_its_own() -> None:
    """Issue 24: deep-copying every snapshot at every play made check's reference
    comparison of Go at 19×19 take ~10 minutes. The snapshots are shared (never changed
    once taken); the list is the copy's own, and the cells still are too."""
    from framework.reference.position import RefState

    snapshot = (frozenset({("a1", (("owner", "black"),))}), frozenset())
    s = RefState(cells={"a1": {"owner": "black"}}, gaps=set(), to_move="white",
                 counters={}, history=[snapshot])
    copied = s.copy()
    assert copied.history == s.history and copied.history is not s.history
    assert copied.history[0] is snapshot
    copied.history.append(snapshot)
    copied.cells["a1"]["owner"] = "white"
    assert len(s.history) == 1 and s.cells["a1"]["owner"] == "black"
