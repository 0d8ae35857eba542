"""A third party adds a phase through the entry-point group, without touching the core."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from framework import load_game_text

from .third_party import DROP_PHASE, installed

GAME = """
name: Drop three
players: [white, black]
board: {type: grid, rows: 3, columns: 3}
pieces: {stone: {}}
turn: [{name: drop, type: drop}]
result: {type: majority}
"""


@pytest.fixture
def installed_plugin(tmp_path: Path) -> Iterator[None]:
    with installed(tmp_path, "dropplugin", DROP_PHASE,
                   "[boardspec.phases]\ndrop = dropplugin:Drop\n"):
        yield


def test_a_registered_phase_is_validated_and_played(installed_plugin: None) -> None:
    game = load_game_text(GAME)
    state = game.new_initial_state()
    assert len(state.legal_actions()) == 9
    for _ in range(9):
        state.apply(state.legal_actions()[0])
    assert state.is_terminal() and state.returns() == [1.0, -1.0]  # 5 stones against 4
    with pytest.raises(Exception, match="unknown key 'distance'"):
        load_game_text(GAME.replace("type: drop}", "type: drop, distance: 2}"))


def test_without_the_plugin_the_type_is_unknown() -> None:
    with pytest.raises(Exception, match="unknown phase type 'drop'"):
        load_game_text(GAME)
