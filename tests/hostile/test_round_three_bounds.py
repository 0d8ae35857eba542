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




def test_a_long_description_is_not_matched_against_translated_templates() -> None:
    # A translated template ("Go on a board of ${size} × ${size} points…") is matched with
    # lazy groups, quadratic in the text: on main a 1 MB description beginning as Go's took
    # hours to translate (a rulebook in Spanish, a web page with ?lang=es).
    from framework.i18n import from_template, translations

    spanish = translations("es")
    description = "Go on a board of " + "1 × " * 250_000 + "x"
    outcome = run_bounded(lambda: from_template(spanish, description))
    assert outcome.kind == "ok" and outcome.value is None, str(outcome)
    assert outcome.cpu <= 2.0, str(outcome)


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
TTT_FILE = str(GAMES / "tic-tac-toe.yaml")
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
    # Quickly is not timed (a command imports what it needs first: check, hypothesis):
    # the hang guard of run_bounded stops a command that reads the pipe or the device.
    outcome = run_bounded(command_line(*line), cpu_seconds=30)
    assert outcome.kind == "exit" and outcome.exit_code == 2, str(outcome)
    assert "Traceback" not in outcome.output, outcome.output
    assert "it is a device or a pipe, not a file" in outcome.output, outcome.output


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


# 4. ASCII digits only -------------------------------------------------------------------
#: Digits that str.isdigit, int(), float() or \d take for 3 (or refuse only in int()).
FOREIGN_THREES = ["٣", "𝟑", "³", "３", "३"]


@pytest.mark.parametrize("depth", ["²", *FOREIGN_THREES])
@pytest.mark.parametrize("native", [False, True])
def test_a_perft_depth_is_ascii_digits(depth: str, native: bool) -> None:
    # On main: ² was a traceback on the native line, ٣ and 𝟑 counted to depth 3.
    line = ["perft", TTT_FILE, depth, *(["--backend", "native"] if native else [])]
    outcome = run_bounded(command_line(*line))
    assert_refused(outcome, "depth")
    assert outcome.exit_code == 2


@pytest.mark.parametrize("args", [("play", "TTT", "--max-plies", "٣"),
                                  ("match", "TTT", "--agents", "random,greedy", "--games", "٢"),
                                  ("balance", "TTT", "--games", "٢"),
                                  ("check", "TTT", "--examples", "𝟑")])
def test_every_number_option_is_ascii_digits(args: tuple[str, ...], tmp_path: Path) -> None:
    line = [TTT_FILE if a == "TTT" else a for a in args]
    outcome = run_bounded(in_folder(tmp_path, cli(*line)))
    assert_refused(outcome, "invalid value for")
    assert outcome.exit_code == 2


@pytest.mark.parametrize("value", ["٧", "𝟕", "７"])
def test_a_parameter_is_ascii_digits(value: str) -> None:
    outcome = run_bounded(cli("perft", "hex", "1", "--param", f"size={value}"))
    assert_refused(outcome, "parameter 'size'", "a whole number")  # main: hex 7×7, 49


@pytest.mark.parametrize("value", ["٣.٥", "𝟑", "３e1"])
def test_a_number_parameter_is_ascii_digits(value: str) -> None:
    from framework.spec.params import ParameterError

    text = with_lines("parameters: {komi: {type: number, default: 0.5, min: 0, max: 99}}\n")
    assert load_game_text(text, parameters={"komi": "3.5"}).parameters["komi"] == 3.5
    with pytest.raises(ParameterError, match="expected a number"):
        load_game_text(text, parameters={"komi": value})


@pytest.mark.parametrize("clock", ["٣+٢", "𝟓+𝟑", "5+٣", "３+２"])
def test_a_clock_is_ascii_digits(clock: str) -> None:
    from framework.web.clocks import TimeControl, TimeControlError

    assert TimeControl.parse("3+2") == TimeControl(3.0, 2)
    with pytest.raises(TimeControlError, match="minutes"):
        TimeControl.parse(clock)


def test_the_web_api_takes_ascii_digits_only() -> None:
    from tests.hostile.test_round_two import assert_web_refused, web_client

    with web_client([GAMES / "hex.yaml"]) as client:
        assert_web_refused(client.post("/api/play", json={"game": "hex", "clock": "٣+٢"}),
                           422, "clock")
        assert_web_refused(client.post("/api/play", json={"game": "hex",
                                                          "parameters": {"size": "٧"}}),
                           422, "size")
        assert client.get("/api/recent").json()["games"] == []
        made = client.post("/api/play", json={"game": "hex", "clock": "3+2",
                                              "parameters": {"size": "7"}})
        assert made.status_code == 201, made.text[:300]


@pytest.mark.parametrize("command", ["perft ٣", "go depth ٣", "go nodes 𝟑", "go movetime ²"])
def test_uai_takes_ascii_digits_only(command: str) -> None:
    from framework.interop.uai import UaiEngine

    lines: list[str] = []
    engine = UaiEngine(load_game_text((GAMES / "ataxx.yaml").read_text()), "random",
                       emit=lines.append)
    engine.handle(command)
    engine._wait()
    assert lines and lines[-1].startswith("info string"), lines
    assert "number" in lines[-1] or "expected" in lines[-1], lines


def test_positions_records_and_actions_take_ascii_digits_only() -> None:
    from framework.errors import BoardspecError
    from framework.records import Record

    ataxx = load_game_text((GAMES / "ataxx.yaml").read_text())
    fen = ataxx.new_initial_state().to_fen()
    for foreign in ("٣", "𝟑"):
        with pytest.raises(BoardspecError):
            ataxx.state_from_fen(fen.replace("7", foreign, 1))
        with pytest.raises(BoardspecError):
            ataxx.new_initial_state().apply(f"a{foreign}")
        with pytest.raises(BoardspecError):
            Record.from_text(f'[Game "Ataxx"]\n\n{foreign}. a1\n')


def test_a_record_seed_header_is_ascii_digits() -> None:
    from framework.agents.registry import make_agent, parse_agent
    from framework.match import play_game

    tic_tac_toe = load_game_text(TIC_TAC_TOE)
    agents = [make_agent(parse_agent("random"), tic_tac_toe, 1) for _ in range(2)]
    outcome = run_bounded(lambda: play_game(tic_tac_toe, agents,
                                            headers={"Seed": "²"}) and "played")
    assert outcome.kind == "ok", str(outcome)  # main: int("²"), a traceback


# 6. boardspec games over a large folder ------------------------------------------------
def test_games_prints_as_it_reads_and_reads_a_bounded_number(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import framework.limits

    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(2_000):  # on main every one was read before anything was printed
        (folder / f"g{i:04}.yaml").write_text(TIC_TAC_TOE.replace(
            NAME_LINE, f"name: Game {i}\n"), encoding="utf-8")
    monkeypatch.setenv("BOARDSPEC_GAMES_PATH", str(folder))
    monkeypatch.setattr(framework.limits, "MAX_LISTED_GAMES", 5)
    run_games = cli("games")

    def case() -> tuple[list[str], str]:
        import sys

        import framework.spec.load

        # What had been printed each time a file was about to be read.
        printed_before: list[str] = []
        read = framework.spec.load.load_spec

        def spy(path: Any, *args: Any) -> Any:
            printed_before.append(sys.stdout.getvalue())  # type: ignore[attr-defined]
            return read(path, *args)

        framework.spec.load.load_spec = spy  # type: ignore[assignment]
        with pytest.raises(SystemExit):
            run_games()
        return printed_before, sys.stdout.getvalue()  # type: ignore[attr-defined]

    outcome = run_bounded(case)
    assert outcome.kind == "ok", str(outcome)
    printed_before, output = outcome.value
    assert len(printed_before) == 5  # five files read of the 2,000 and more
    assert printed_before[0] == "" and "g0000  Game 0" in printed_before[1]  # as it reads
    assert "g0004  Game 4" in output and "g0005" not in output
    assert "note: 2,0" in output and "only the first 5 were read" in output


# 5. Positions within the game's own bounds -------------------------------------------------
def backgammon_after_a_roll() -> dict[str, Any]:
    """Backgammon after x's opening roll of 1 and 4 (o to play them)."""
    from framework import load_game

    game = load_game("backgammon")
    state = game.new_initial_state()
    state.apply("roll:1-4:o")
    position: dict[str, Any] = state.to_json()
    assert (position["die_1"], position["die_2"], position["phase"]) == (1, 4, "move")
    return position


def changed(position: dict[str, Any], change: Callable[[dict[str, Any]], None]
            ) -> dict[str, Any]:
    import copy

    position = copy.deepcopy(position)
    change(position)
    return position


#: Positions on main read, and counted differently by the kernels and the engine.
BEYOND_BOUNDS = {
    "a die of 7": (lambda p: p.update(die_1=7), "a die shows 1 to 6"),
    "dice of 9": (lambda p: p.update(die_1=9, die_2=9), "a die shows 1 to 6"),
    "one die rolled": (lambda p: p.update(die_2=0), "all or none"),
    "a bar of 99": (lambda p: p["counters"]["o"].update(bar=99),
                    "o has 114 checkers on the board, on the bar"),
    "a stack of 0": (lambda p: p["cells"]["p1"].update(count=0),
                     "on p1 holds 0 (count); a stack holds at least 1"),
    "a 16th checker": (lambda p: p["cells"]["p1"].update(count=3), "the game gives each "
                       "player 15"),
    "a third play of a double": (lambda p: p.update(doubles_played=2),
                                 "more than 0 only on equal dice"),
}


@pytest.mark.parametrize("case", BEYOND_BOUNDS, ids=str)
def test_a_position_beyond_the_games_bounds_is_refused(case: str) -> None:
    import json

    change, needle = BEYOND_BOUNDS[case]
    position = json.dumps(changed(backgammon_after_a_roll(), change))
    outcome = run_bounded(cli("perft", "backgammon", "1", "--position", position))
    assert_refused(outcome, "the position", needle)
    assert outcome.exit_code == 2


def test_positions_that_arise_in_play_still_read() -> None:
    import random

    from framework import load_game

    game = load_game("backgammon")
    rng = random.Random(7)
    for _ in range(5):
        state = game.new_initial_state()
        for _ in range(120):
            if state.is_terminal():
                break
            assert game.state_from_json(state.to_json()).to_json() == state.to_json()
            state.apply(rng.choice(state.legal_actions()))


def backgammon_with_example(position: dict[str, Any]) -> str:
    import json

    text = (GAMES / "backgammon.yaml").read_text(encoding="utf-8")
    assert "\nexamples:" not in text
    return text + ("\nexamples:\n  - name: after a roll\n    position: "
                   f"{json.dumps(position)}\n")


def test_checks_native_differential_compares_the_json_positions_it_reads() -> None:
    from framework.check.native_diff import compare_with_native
    from framework.check.strategies import starts

    game = load_game_text(backgammon_with_example(backgammon_after_a_roll()))
    begun, notes = starts(game)
    assert notes == [] and [t.label for t, _ in begun][1:] == ["example 'after a roll'"]
    outcome = compare_with_native(game, examples=1, random_seed=0)
    assert outcome.status == "passed", outcome
    assert any("after a roll" in row.position for row in outcome.perft), outcome.perft


def test_check_says_why_a_position_beyond_bounds_is_not_compared() -> None:
    from framework.check.strategies import starts

    change, needle = BEYOND_BOUNDS["a die of 7"]
    game = load_game_text(backgammon_with_example(changed(backgammon_after_a_roll(), change)))
    begun, notes = starts(game)
    assert len(begun) == 1  # the start only: the example is not played by either side
    assert len(notes) == 1 and "'after a roll' could not be set up" in notes[0] \
        and needle in notes[0], notes


def test_games_json_streams_the_same_list(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    import framework.limits

    for i in range(3):
        (tmp_path / f"g{i}.yaml").write_text(TIC_TAC_TOE, encoding="utf-8")
    (tmp_path / "g1.yaml").write_text("name: [", encoding="utf-8")  # refused, skipped
    monkeypatch.setenv("BOARDSPEC_GAMES_PATH", str(tmp_path))
    monkeypatch.setattr(framework.limits, "MAX_LISTED_GAMES", 3)
    run_games = cli("games", "--json")

    def case() -> str:
        import contextlib
        import io

        errors = io.StringIO()
        with contextlib.redirect_stderr(errors), pytest.raises(SystemExit):
            run_games()
        return errors.getvalue()

    outcome = run_bounded(case)
    assert outcome.kind == "ok", str(outcome)
    assert [g["name"] for g in json.loads(outcome.output)] == ["g0", "g2"]
    assert "g1.yaml:2:1: error" in outcome.value and "only the first 3 were read" in outcome.value
