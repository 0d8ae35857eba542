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


#: Cases of the tests run over every bundled game that cost one game too much time for the
#: default run (CI's whole run is near its limit): per game file, the test functions whose
#: case for it runs under ``-m slow`` only. Every other test still runs it by default.
SLOW_CASES: dict[str, frozenset[str]] = {
    # Long random games (about 190 plies) with the boards seen kept in the position, and a
    # branching of 30 to 40: the perft, preset, codec, undo and reference walks take
    # seconds each.
    "lines-of-action": frozenset({
        "test_fast_perft_equals_the_plain_recursion", "test_every_preset_plays_as_its_expansion",
        "test_reference_agrees_on_every_start_and_every_action_from_it",
        "test_the_codec_round_trips_every_legal_action_of_random_games",
        "test_every_bundled_game_passes", "test_undo_action_restores_the_exact_state",
        "test_openspiel_random_simulation_test_passes",
        "test_actions_unique_notation_round_trips_and_json", "test_each_line_is_one_turn",
        "test_random_playout_plays_the_same_games_as_the_plain_loop",
        "test_text_and_json_round_trip"}),
    # Check's default budget plays whole turns of 288 placements and rotations each, and
    # the native cases compile the game's kernels (seconds of CPU on an empty cache).
    "pentago": frozenset({"test_every_bundled_game_passes", "test_perft_from_the_start",
                          "test_perft_from_random_positions",
                          "test_random_games_replay_through_the_python_engine",
                          "test_playouts_end_with_a_result_and_repeat_for_a_seed"}),
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow = pytest.mark.slow
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        games = {v.stem if isinstance(v, Path) else v for v in params.values()
                 if isinstance(v, (Path, str))}
        name = getattr(item, "originalname", item.name)
        if any(name in SLOW_CASES.get(game, ()) for game in games):
            item.add_marker(slow)
