"""Shared fixtures: every game file in games/ is a test subject."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from framework import CompiledGame, load_game

ROOT = Path(__file__).resolve().parent.parent
GAME_FILES = sorted((ROOT / "games").glob("*.yaml"))
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="session", params=GAME_FILES, ids=[p.stem for p in GAME_FILES])
def any_game(request: pytest.FixtureRequest) -> CompiledGame:
    return load_game(request.param)


@pytest.fixture
def wide_native_later(monkeypatch: pytest.MonkeyPatch) -> str:
    """``check``'s comparison with the native kernels left out on boards over 64 cells:
    their kernels have masks of several words, a cold compile of seconds each, so the
    default run compares them in tests/test_native_wide.py (one small board) and the slow
    run everywhere. Returns the note the left-out comparison carries."""
    from framework.check import native_diff
    from framework.native import support_of

    note = "a board over 64 cells: the slow run compares its kernels"
    compare = native_diff.compare_with_native

    def compare_narrow(game: CompiledGame, examples: int, seed: int) -> Any:
        if game.board.size > 64 and support_of(game) is None:
            return native_diff.NativeOutcome(native_diff.NAME, "not checked", note=note)
        return compare(game, examples, seed)

    monkeypatch.setattr(native_diff, "compare_with_native", compare_narrow)
    return note


@pytest.fixture(scope="session")
def ataxx() -> CompiledGame:
    return load_game(ROOT / "games" / "ataxx.yaml")


@pytest.fixture(scope="session")
def assimilation() -> CompiledGame:
    return load_game(ROOT / "games" / "assimilation.yaml")
