"""Shared fixtures: every game file in games/ is a test subject."""

from __future__ import annotations

from pathlib import Path

import pytest

from framework import CompiledGame, load_game

ROOT = Path(__file__).resolve().parent.parent
GAME_FILES = sorted((ROOT / "games").glob("*.yaml"))
DATA = Path(__file__).resolve().parent / "data"


#: Every-game tests too heavy for the default run on the bundled games named here (a 9×9
#: board with hands and drops): those cases run in the slow tier (``pytest -m slow``).
SLOW_CASES: dict[str, frozenset[str]] = {
    "shogi": frozenset({
        "test_every_bundled_game_passes",
        "test_reference_agrees_on_every_start_and_every_action_from_it",
        "test_agents_choose_legal_actions_for_the_seat_to_decide",
        "test_fast_perft_equals_the_plain_recursion",
        "test_every_preset_plays_as_its_expansion",
        "test_random_games_keep_the_declared_laws",
        "test_random_playout_plays_the_same_games_as_the_plain_loop",
        "test_random_games_finish_with_a_result",
        "test_random_action_is_the_choice_of_the_action_list",
        "test_openspiel_random_simulation_test_passes",
        "test_observations_have_one_fixed_shape_per_game",
    }),
}


@pytest.hookimpl(tryfirst=True)  # before -m "not slow" deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        name = getattr(item, "originalname", "")
        spec = getattr(item, "callspec", None)
        if spec is None:
            continue
        stems = {getattr(v, "stem", None) for v in spec.params.values()}
        if any(name in SLOW_CASES.get(str(stem), ()) for stem in stems):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session", params=GAME_FILES, ids=[p.stem for p in GAME_FILES])
def any_game(request: pytest.FixtureRequest) -> CompiledGame:
    return load_game(request.param)


@pytest.fixture(scope="session")
def ataxx() -> CompiledGame:
    return load_game(ROOT / "games" / "ataxx.yaml")


@pytest.fixture(scope="session")
def assimilation() -> CompiledGame:
    return load_game(ROOT / "games" / "assimilation.yaml")
