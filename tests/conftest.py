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
