"""Shared fixtures: every game file in games/ is a test subject."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from framework import CompiledGame, load_game

ROOT = Path(__file__).resolve().parent.parent
GAME_FILES = sorted((ROOT / "games").glob("*.yaml"))
DATA = Path(__file__).resolve().parent / "data"


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


@pytest.fixture(scope="session", params=GAME_FILES, ids=[p.stem for p in GAME_FILES])
def any_game(request: pytest.FixtureRequest) -> CompiledGame:
    return load_game(request.param)


@pytest.fixture(scope="session")
def ataxx() -> CompiledGame:
    return load_game(ROOT / "games" / "ataxx.yaml")


@pytest.fixture(scope="session")
def assimilation() -> CompiledGame:
    return load_game(ROOT / "games" / "assimilation.yaml")
