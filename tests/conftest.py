"""Shared fixtures: every game file in games/ is a test subject."""

from __future__ import annotations

import compileall
import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from framework import CompiledGame, load_game

ROOT = Path(__file__).resolve().parent.parent
GAME_FILES = sorted((ROOT / "games").glob("*.yaml"))
DATA = Path(__file__).resolve().parent / "data"


def pytest_configure(config: pytest.Config) -> None:
    """Leaves out the rule units of the plugins installed beside boardspec, in this process
    and the ``boardspec`` processes the tests start (``$BOARDSPEC_IGNORED_PACKAGES``): the
    tests compare the schema, the reference and the ahead-of-time libraries with what
    boardspec's own units make (the units a test installs itself are not left out).

    Compiles the package's bytecode once, in the process that starts the run, before any
    worker: the tests start a few hundred ``boardspec`` processes, and where the
    environment forbids writing bytecode (``PYTHONDONTWRITEBYTECODE``, which containers
    often set) each of them compiled every module it imports again, about 0.2 s of CPU a
    process. Reading bytecode is allowed there; only writing it on import is not."""
    from framework.entries import IGNORED_VARIABLE, unit_packages

    others = [os.environ.get(IGNORED_VARIABLE, ""), *unit_packages()]
    os.environ[IGNORED_VARIABLE] = ",".join(name for name in others if name)
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: its controller did it
        return
    with contextlib.suppress(OSError):  # a read-only tree: they compile as they import
        compileall.compile_dir(ROOT / "framework", quiet=1)


@pytest.fixture(scope="session", autouse=True)
def study_key(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The key that seals study records (framework/seals.py): one of the test run's own, so
    that no test writes into the user's configuration (subprocesses inherit it)."""
    path = tmp_path_factory.mktemp("key") / "study.key"
    before = os.environ.get("BOARDSPEC_STUDY_KEY")
    os.environ["BOARDSPEC_STUDY_KEY"] = str(path)
    yield path
    if before is None:
        os.environ.pop("BOARDSPEC_STUDY_KEY", None)
    else:
        os.environ["BOARDSPEC_STUDY_KEY"] = before


@pytest.fixture(scope="session", autouse=True)
def python_engine() -> Iterator[None]:
    """Agents search in the Python engine unless a test says otherwise: by default
    ``mcts`` and ``alphabeta`` search in a game's native kernels, which would compile the
    kernels of every game an agent test plays (seconds each, cold; the CI budget keeps
    the default run's compiles to ``NATIVE_DEFAULT``) and change what every seeded agent
    test plays. The default itself is tested in tests/test_engine_choice.py."""
    from framework.agents.base import ENGINE_VARIABLE

    before = os.environ.get(ENGINE_VARIABLE)
    os.environ[ENGINE_VARIABLE] = "python"
    yield
    if before is None:
        os.environ.pop(ENGINE_VARIABLE, None)
    else:
        os.environ[ENGINE_VARIABLE] = before


#: The every-game tests that walk through random games (or a tree of them): seconds per case
#: on a big board or a slow game.
RANDOM_WALKS = (
    "test_agents_choose_legal_actions_for_the_seat_to_decide",
    "test_turns_are_whole_and_distinct", "test_every_state_pickles",
    "test_the_codec_round_trips_every_legal_action_of_random_games",
    "test_the_mask_marks_exactly_the_legal_actions", "test_the_planes_hold_the_position",
    "test_counts_are_the_length_of_the_action_list",
    "test_fast_perft_equals_the_plain_recursion",
    "test_random_action_is_the_choice_of_the_action_list",
    "test_random_playout_plays_the_same_games_as_the_plain_loop",
    "test_pop_takes_back_every_push_exactly", "test_openspiel_random_simulation_test_passes",
    "test_observations_have_fixed_shapes_and_honest_masks", "test_pettingzoo_api_test_passes",
    "test_every_preset_plays_as_its_expansion", "test_random_games_keep_the_declared_laws",
    "test_each_line_is_one_turn", "test_multi_action_turns_are_kept_whole",
    "test_text_and_json_round_trip", "test_undo_action_restores_the_exact_state",
    "test_actions_unique_notation_round_trips_and_json",
    "test_random_games_finish_with_a_result",
    "test_two_people_play_every_game_through_the_api",
    "test_reference_agrees_on_every_start_and_every_action_from_it")
#: CI's whole run must stay within 15 minutes. By default the walks go over eight games
#: that between them use every kind of rule the walks read (Adaptoid, Ataxx, English
#: draughts, Clobber, Connect Four, Hex, Phantom Tic-tac-toe, Tic-tac-toe). The games below
#: (big boards, long games, variants, and those with an oracle in their own files) keep, by
#: default, their own test files, the examples, the rulebook and registry tests and the
#: cheap state-API properties; their random walks run in the slow tier (``pytest -m slow``).
SLOW_GAMES = ("backgammon", "chinese-checkers", "dots-and-boxes", "fox-and-geese", "havannah",
              "kalah", "konane", "lines-of-action", "pentago", "shogi", "y", "go",
              "international-draughts", "amazons", "gomoku", "tablut", "hasami-shogi",
              "super-adaptoid", "chess",
              # Variants and kin of games whose walks stay by default (Adaptoid, Ataxx, Hex),
              # and games with an oracle of their own in their files (OpenSpiel's Othello,
              # Breakthrough and Nine Men's Morris played side by side).
              "adaptoid-nestorgames", "assimilation", "hexxagon", "dark-hex", "othello",
              "breakthrough", "nine-mens-morris")
#: Cases of the tests over every game run under ``-m slow`` only, as (test, game).
SLOW_CASES = {(test, game) for game in SLOW_GAMES for test in RANDOM_WALKS} | {
    # check's properties at their default budget: the group goals' flood on every placement
    # (Havannah, Y), a native compile (Fox and Geese, Pentago), long games (the others).
    *(("test_every_bundled_game_passes", game) for game in (
        "havannah", "y", "fox-and-geese", "chinese-checkers", "lines-of-action", "pentago",
        "backgammon", "shogi")),
    # Pentago's native kernels: a compile, and whole turns of 288 placements and rotations;
    # Lines of Action's: a compile, and the engine's perft of its long slides.
    *((test, game) for game in ("pentago", "lines-of-action") for test in (
        "test_perft_from_the_start", "test_perft_from_random_positions",
        "test_random_games_replay_through_the_python_engine",
        "test_playouts_end_with_a_result_and_repeat_for_a_seed")),
    # Backgammon's and shogi's long games, read whole by these too.
    ("test_every_game_registers_and_loads_by_name", "backgammon"),
    ("test_every_diagram_is_drawn", "backgammon"),
    # The hidden-information games draw as Tic-tac-toe and Hex, whose diagrams the default
    # run draws: a browser's seconds for nothing new.
    ("test_every_diagram_is_drawn", "phantom-tic-tac-toe"),
    ("test_every_diagram_is_drawn", "dark-hex"),
    ("test_observations_have_one_fixed_shape_per_game", "shogi"),
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks the cases of ``SLOW_CASES`` slow before ``-m`` selects."""
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is None:
            continue
        # The game of a case: its id, or any parameter that is a game file or its name.
        games = {callspec.id} | {v.stem if isinstance(v, Path) else v
                                 for v in callspec.params.values() if isinstance(v, Path | str)}
        name = getattr(item, "originalname", item.name)
        if any((name, game) in SLOW_CASES for game in games):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session", params=GAME_FILES, ids=[p.stem for p in GAME_FILES])
def any_game(request: pytest.FixtureRequest) -> CompiledGame:
    return load_game(request.param)


#: The bundled games whose native kernels the default run compiles and compares with the
#: engine: between them every native piece the bundled games of one-word masks use
#: (tests/test_native.py holds the set to that), besides the games other default tests
#: compile anyway. A cold compile costs seconds a game (CI's 15 minutes): the slow run
#: compares the others' kernels, Assimilation, Spider Web, Clobber and international
#: draughts, whose pieces these games already exercise.
NATIVE_DEFAULT = frozenset({
    "ataxx", "hexxagon", "tic-tac-toe", "connect-four", "othello", "breakthrough",
    "checkers", "chess", "hex-5", "dots-and-boxes", "kalah", "nine-mens-morris",
    "fox-and-geese", "pentago", "lines-of-action", "phantom-tic-tac-toe",
    "konane", "backgammon", "adaptoid", "abalone"})


@pytest.fixture
def native_later(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> str:
    """``check``'s comparison with the native kernels left out where the slow run makes it
    (``test_every_bundled_game_passes_with_a_large_budget``): on boards over 64 cells, whose
    kernels have masks of several words (the default run compiles one small wide board,
    tests/test_native_wide.py), and for a bundled game outside ``NATIVE_DEFAULT`` (a
    case's id is its game). Returns the note the left-out comparison carries."""
    from framework.check import native_diff
    from framework.native import support_of

    note = "a board over 64 cells, or a game whose pieces others compile: the slow run " \
           "compares its kernels"
    callspec = getattr(request.node, "callspec", None)
    elsewhere = callspec is not None and callspec.id not in NATIVE_DEFAULT
    compare = native_diff.compare_with_native

    def compare_later(game: CompiledGame, examples: int, seed: int) -> Any:
        if support_of(game) is None and (game.board.size > 64 or elsewhere):
            return native_diff.NativeOutcome(native_diff.NAME, "not checked", note=note)
        return compare(game, examples, seed)

    monkeypatch.setattr(native_diff, "compare_with_native", compare_later)
    return note


@pytest.fixture(scope="session")
def ataxx() -> CompiledGame:
    return load_game(ROOT / "games" / "ataxx.yaml")


@pytest.fixture(scope="session")
def assimilation() -> CompiledGame:
    return load_game(ROOT / "games" / "assimilation.yaml")


def compiled_native(game: CompiledGame) -> Any:
    """``game``'s native kernels, compiled (or loaded from the cache) once for the module
    that asks: skipped without numba; the game must be one the backend plays."""
    pytest.importorskip("numba")
    from framework.native import NativeGame, support_of

    assert support_of(game) is None, support_of(game)
    found = NativeGame(game)
    found.compile()
    return found
