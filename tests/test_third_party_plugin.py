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
                   "[boardspec.rules]\nphases.drop = dropplugin:Drop\n"):
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


SPANISH = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "Put a new piece of yours on any empty cell."
msgstr "Pon una pieza nueva tuya en cualquier casilla vacía."

msgid "drop"
msgstr "soltar"
'''


def test_a_package_translates_its_own_sentences(tmp_path: Path) -> None:
    """A third party ships catalogs for its blocks' sentences through the entry-point group
    ``boardspec.locales``: its rulebooks read in every language it translates."""
    from framework.docs import render_rulebook
    from framework.i18n import translations

    source = DROP_PHASE + '''
    def describe(self, _=lambda text: text):
        return _("Put a new piece of yours on any empty cell.")

LOCALE_DIR = __import__("pathlib").Path(__file__).parent / "droplocale"
'''
    po = tmp_path / "droplocale" / "es" / "LC_MESSAGES" / "drop.po"
    po.parent.mkdir(parents=True)
    po.write_text(SPANISH, encoding="utf-8")
    with installed(tmp_path, "dropplugin", source,
                   "[boardspec.rules]\nphases.drop = dropplugin:Drop\n"
                   "[boardspec.locales]\ndropplugin = dropplugin:LOCALE_DIR\n"):
        translations.cache_clear()
        try:
            game = load_game_text(GAME)
            spanish, _ = render_rulebook(game, "es", "md", "drop")
            english, _ = render_rulebook(game, "en", "md", "drop")
        finally:
            translations.cache_clear()
    assert "**Soltar**: Pon una pieza nueva tuya en cualquier casilla vacía." in spanish
    assert "## Preparación" in spanish  # boardspec's own catalog still answers first
    assert "**Drop**: Put a new piece of yours on any empty cell." in english


# A third party's consequence that acts where the last piece landed, along directions: it
# asks the shared checks of the spec context instead of copying them.
MARK = '''
from typing import Literal
from framework.engine.slots import LANDED
from framework.plugins import Phase, PhaseParams

class MarkParams(PhaseParams):
    type: Literal["mark_around"]
    directions: list[str] = []

class MarkAround(Phase):
    keyword = "mark_around"
    Params = MarkParams
    decides = False
    slots = (LANDED,)

    @classmethod
    def check_spec(cls, params, loc, ctx):
        yield from ctx.check_landing_before(loc, params.name, "marks around the cell the "
                                            "last action landed a piece on")
        yield from ctx.check_directions(params.directions, (*loc, "directions"))

    def run(self, state):
        pass
'''

MARK_GAME = """
name: Mark
players: [white, black]
board: {type: grid, rows: 3, columns: 3}
pieces: {stone: {}}
turn:
  - {name: drop, type: moves, options: [{type: place}]}
  - {name: mark, type: mark_around, directions: [n, up]}
max_plies: 9
"""


def test_a_plugin_uses_the_shared_landing_and_direction_checks(tmp_path: Path) -> None:
    """Before, each block (convert_adjacent, flip_flanked, promote; hop, step, reach, …)
    kept its own copy of these checks, and a plugin had none to call."""
    from framework import SpecError

    with installed(tmp_path, "markaround", MARK,
                   "[boardspec.rules]\nphases.mark_around = markaround:MarkAround\n"):
        with pytest.raises(SpecError) as info:
            load_game_text(MARK_GAME, "mark.yaml")
        assert "turn[1].directions[1]: unknown direction 'up'; expected one of: " \
            in str(info.value)
        swapped = MARK_GAME.replace(
            "  - {name: drop, type: moves, options: [{type: place}]}\n", "").replace(
            "[n, up]}", "[n]}\n  - {name: drop, type: moves, options: [{type: place}]}")
        with pytest.raises(SpecError, match="phase 'mark' marks around the cell the last "
                           "action landed a piece on, but no phase before it in the turn "
                           "lands one"):
            load_game_text(swapped, "mark.yaml")
        load_game_text(MARK_GAME.replace("[n, up]", "[n, s]"), "mark.yaml")


COUNTING = '''
from typing import Literal
from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.plugins import Phase, PhaseParams

class CountingParams(PhaseParams):
    type: Literal["counting_drop"]

class CountingDrop(Phase):
    keyword = "counting_drop"
    Params = CountingParams
    pattern = r"\\\\*[a-z]+\\\\d+"

    def __init__(self, params, game):
        super().__init__(params, game)
        self.count = 0          # the plugin's own tally: it hides Phase.count(state)

    def actions(self, state):
        names = self.game.board.names
        return [Action(self.name, "drop", at=c, notation="*" + names[c])
                for c in iter_bits(state.empty())]

    def apply(self, state, action):
        state.place(action.at, state.to_move)
        self.count += 1
'''


def test_a_plugin_attribute_that_hides_an_engine_method_is_refused_at_load(tmp_path: Path
                                                                          ) -> None:
    """Before, the game loaded and ``play`` (perft, agents: whatever counted actions)
    crashed in the middle with "TypeError: 'int' object is not callable"."""
    from framework.errors import BoardspecError

    text = MARK_GAME.split("turn:")[0] + "turn: [{name: drop, type: counting_drop}]\n"
    entry = "[boardspec.rules]\nphases.counting_drop = countingdrop:CountingDrop\n"
    hides = "sets an attribute 'count' that hides the engine's method of that name"
    with installed(tmp_path, "countingdrop", COUNTING, entry), \
            pytest.raises(BoardspecError, match=hides):
        load_game_text(text, "counting.yaml")
