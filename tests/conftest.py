"""Shared fixtures: every game file in games/ is a test subject."""

from __future__ import annotations

import re
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


#: Cases of the every-game tests that are heavy on a game of long random games with slow
#: move generation, run in the slow tier for that game only (each game keeps its cheap
#: cases in the default run; Backgammon is also played side by side with OpenSpiel in
#: tests/test_backgammon.py). Keyed by the game's file stem.
SLOW_CASES: dict[str, frozenset[str]] = {
    "backgammon": frozenset({
        "test_the_codec_round_trips_every_legal_action_of_random_games",
        "test_the_mask_marks_exactly_the_legal_actions",
        "test_openspiel_random_simulation_test_passes",
        "test_every_game_registers_and_loads_by_name",
        "test_every_bundled_game_passes",
        "test_reference_agrees_on_every_start_and_every_action_from_it",
        "test_every_preset_plays_as_its_expansion",
        "test_fast_perft_equals_the_plain_recursion",
        "test_random_playout_plays_the_same_games_as_the_plain_loop",
        "test_random_action_is_the_choice_of_the_action_list",
        "test_pettingzoo_api_test_passes",
        "test_undo_action_restores_the_exact_state",
        "test_every_diagram_is_drawn",
        "test_actions_unique_notation_round_trips_and_json",
        "test_random_games_finish_with_a_result",
    }),
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is None:
            continue
        parts = set(re.split(r"[-/\[\]]", callspec.id))
        name = getattr(item, "originalname", item.name)
        if any(game in parts and name in cases for game, cases in SLOW_CASES.items()):
            item.add_marker(pytest.mark.slow)
