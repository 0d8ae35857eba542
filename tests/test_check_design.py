"""check --design (issue 58): a dead goal, a rule that never fires and a loop under play,
each found on a fixture game and named by its line in the file."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from framework import load_game
from framework.backends import Backend
from framework.balance.design import Finding, design_findings
from framework.match import GameSource
from framework.spec.load import load_spec

from .conftest import ROOT

WORKBENCH = ROOT / "tests" / "data" / "workbench"


def findings(name: str, **options: int) -> list[Finding]:
    path = WORKBENCH / name
    _, src = load_spec(path)
    return design_findings(load_game(path), GameSource.read(path), src, backend=Backend(),
                           games=4, **options)


def line_of(name: str, text: str) -> int:
    """The line of the file that holds ``text`` (read here, not from the parser)."""
    lines = (WORKBENCH / name).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if text in line)


def test_a_dead_goal_is_found_at_its_line() -> None:
    found = findings("dead-goal.yaml")
    assert [(f.line, f.where) for f in found] == [
        (line_of("dead-goal.yaml", "type: counter_at_least"), "goals[1]"),
        (line_of("dead-goal.yaml", "counters: [points]"), "counters[0]")]
    assert "the goal counter_at_least is never reached in 8 games" in found[0].message
    assert "the counter points never changes" in found[1].message  # nothing writes it


def test_one_player_making_every_move_is_found() -> None:
    # Random play alone: greedy weighs every whole turn, and a turn of nine placements has
    # 9! of them (a hundred seconds on a loaded machine).
    path = WORKBENCH / "one-mover.yaml"
    _, src = load_spec(path)
    found = design_findings(load_game(path), GameSource.read(path), src, backend=Backend(),
                            agents=("random",), games=4)
    assert [(f.line, f.where) for f in found] == [
        (line_of("one-mover.yaml", "players:"), "players")]
    assert found[0].message.startswith("only white ever makes a move in 4 games")


def test_a_rule_that_never_fires_is_found_at_its_line() -> None:
    found = findings("dead-rule.yaml")
    assert [(f.line, f.where) for f in found] == [
        (line_of("dead-rule.yaml", "name: again_around"), "turn[1]")]
    assert "the rule again_around never fires" in found[0].message  # take_over does


def test_a_loop_under_play_is_found() -> None:
    found = findings("shuffle.yaml", max_plies=40)
    greedy = [f for f in found if f.message.startswith("greedy:")]
    assert len(greedy) == 1
    assert "possible loop: 4 of 4 unfinished; the last 38 plies repeat" in greedy[0].message
    assert "the ply limit ends them: 40 plies" in greedy[0].message


def test_the_command_prints_file_and_line_and_fails(tmp_path: Path) -> None:
    from framework.cli import _register, app

    _register()
    path = WORKBENCH / "dead-goal.yaml"
    result = CliRunner().invoke(app, ["check", "--design", str(path), "--games", "2"])
    assert result.exit_code == 1, result.output
    line = line_of("dead-goal.yaml", "type: counter_at_least")
    assert f"{path}:{line}: goals[1]: the goal counter_at_least is never reached" in \
        result.output
    clean = CliRunner().invoke(app, ["check", "--design", str(ROOT / "games" / "tic-tac-toe.yaml"),
                                     "--games", "2"])
    assert clean.exit_code == 0 and "0 design findings" in clean.output


def test_a_goal_met_within_two_plies_is_found_at_its_line() -> None:
    found = findings("early-goal.yaml")
    assert [(f.line, f.where) for f in found] == [
        (line_of("early-goal.yaml", "type: reach_zone"), "goals[0]"),
        (line_of("early-goal.yaml", "players:"), "players")]  # black never gets to move
    # Each of the 8 games (random and greedy, 4 each) ends with the first stone placed.
    assert found[0].message == "the goal reach_zone is reached within 2 plies in 8 of 8 games"


def test_a_condition_that_never_holds_is_found_at_its_line(tmp_path: Path) -> None:
    found = findings("dead-condition.yaml")
    assert [(f.line, f.where) for f in found] == [
        (line_of("dead-condition.yaml", "if: {type: counter"), "turn[0].options[1].if"),
        (line_of("dead-condition.yaml", "counters: [points]"), "counters[0]")]
    assert found[0].message.startswith("the condition of place's option crown never holds "
                                       "in 8 games")
    # The same condition at 0 points holds from the start: no finding.
    holds = tmp_path / "holds.yaml"
    holds.write_text((WORKBENCH / "dead-condition.yaml").read_text(encoding="utf-8")
                     .replace("at_least: 1", "at_least: 0"), encoding="utf-8")
    _, src = load_spec(holds)
    again = design_findings(load_game(holds), GameSource.read(holds), src, backend=Backend(),
                            games=4)
    assert not [f for f in again if "condition" in f.message]
