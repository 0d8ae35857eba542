"""Shared fixtures: every game file in games/ is a test subject."""

from __future__ import annotations

from pathlib import Path

import pytest

from framework import CompiledGame, load_game

ROOT = Path(__file__).resolve().parent.parent
GAME_FILES = sorted((ROOT / "games").glob("*.yaml"))
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="session", params=GAME_FILES, ids=[p.stem for p in GAME_FILES])
def any_game(request: pytest.FixtureRequest) -> CompiledGame:
    return load_game(request.param)


@pytest.fixture(scope="session")
def ataxx() -> CompiledGame:
    return load_game(ROOT / "games" / "ataxx.yaml")


@pytest.fixture(scope="session")
def assimilation() -> CompiledGame:
    return load_game(ROOT / "games" / "assimilation.yaml")


#: Cases of the tests run over every bundled game that cost a game more than a second of
#: CPU in the default run (a native compile, a 121-cell board's long random games): they
#: run in the slow tier; each game's own test file keeps a small version of them by default.
SLOW_CASES = {
    "test_every_bundled_game_passes[fox-and-geese]",     # the native kernels' compile
    "test_every_bundled_game_passes[chinese-checkers]",
    "test_fast_perft_equals_the_plain_recursion[chinese-checkers]",
    "test_the_codec_round_trips_every_legal_action_of_random_games[chinese-checkers]",
    "test_openspiel_random_simulation_test_passes[chinese-checkers]",
    "test_two_people_play_every_game_through_the_api[chinese-checkers]",
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.name in SLOW_CASES:
            item.add_marker(pytest.mark.slow)
