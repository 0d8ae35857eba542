"""A third party adds a phase through the entry-point group, without touching the core."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from framework import load_game_text
from framework.plugins import plugins
from framework.spec.models import game_model

PLUGIN = '''
"""``drop``: put a new piece on any empty cell."""
from typing import Literal
from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.plugins import Phase, PhaseParams

class DropParams(PhaseParams):
    type: Literal["drop"]

class Drop(Phase):
    keyword = "drop"
    Params = DropParams
    pattern = r"\\*[a-z]+\\d+"

    def actions(self, state):
        names = self.game.board.names
        return [Action(self.name, "drop", at=c, notation="*" + names[c])
                for c in iter_bits(state.empty())]

    def apply(self, state, action):
        state.place(action.at, state.to_move)
'''

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
    (tmp_path / "dropplugin.py").write_text(textwrap.dedent(PLUGIN))
    info = tmp_path / "dropplugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: dropplugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[boardspec.phases]\ndrop = dropplugin:Drop\n")
    sys.path.insert(0, str(tmp_path))
    plugins.cache_clear()
    game_model.cache_clear()
    yield
    sys.path.remove(str(tmp_path))
    sys.modules.pop("dropplugin", None)
    plugins.cache_clear()
    game_model.cache_clear()


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
