"""Bad game files are refused with one located message per problem, and never half-load."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from framework import SpecError, load_game, load_game_text

from .conftest import ROOT

#: Ataxx as one plain file (games/ataxx.yaml writes its two settings as $if branches): the
#: errors below are planted by editing its text.
ATAXX = (ROOT / "tests" / "data" / "ataxx-plain.yaml").read_text()


def refuse(text: str) -> str:
    with pytest.raises(SpecError) as info:
        load_game_text(text, "bad.yaml")
    return str(info.value)


def line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_misspelt_key_names_line_and_suggests() -> None:
    bad = ATAXX.replace("    jump: {distance: 2}", "    jumpp: {distance: 2}")
    message = refuse(bad)
    assert message.startswith(f"bad.yaml:{line_of(bad, 'jumpp')}:5: error at turn[0].jumpp")
    assert "unknown key 'jumpp'" in message and "did you mean 'jump'" in message


def test_wrong_type_names_line_expected_and_found() -> None:
    bad = ATAXX.replace("clone: {distance: 1}", "clone: {distance: one}")
    message = refuse(bad)
    assert f"bad.yaml:{line_of(bad, 'distance: one')}:" in message
    assert "turn[0].clone.distance" in message
    assert "integer" in message and "'one'" in message


def test_unknown_phase_type_lists_the_known_ones() -> None:
    bad = ATAXX.replace("type: clone_or_jump", "type: clone_or_leap")
    message = refuse(bad)
    assert f"bad.yaml:{line_of(bad, 'clone_or_leap')}:" in message
    assert "unknown phase type 'clone_or_leap'" in message and "clone_or_jump" in message


BREAKTHROUGH = (ROOT / "games" / "breakthrough.yaml").read_text()
FIRST_OPTION = "{type: step, directions: [forward, forward_left, forward_right], to: empty}"


@pytest.mark.parametrize(("option", "expected"), [
    ("{type: stepp, to: empty}", "error at turn[0].options[0].type: unknown move primitive "
                                 "'stepp'; expected one of: "),
    ("{type: step, to: empty, if: [{type: cuont}]}",
     "error at turn[0].options[0].if[0].type: unknown condition type 'cuont'"),
    ("{type: step, to: empty, then: [{type: promot}]}",
     "error at turn[0].options[0].then[0].type: unknown consequence type 'promot'"),
])
def test_an_unknown_type_is_named_by_what_holds_it(option: str, expected: str) -> None:
    """An option inside a phase is a move primitive, not a phase (pydantic's location
    passes through the phase's tag and the option's)."""
    bad = BREAKTHROUGH.replace(FIRST_OPTION, option)
    assert bad != BREAKTHROUGH
    message = refuse(bad)
    assert expected in message and "phase type" not in message


def test_cell_not_on_board() -> None:
    bad = ATAXX.replace("cells: {a7: x,", "cells: {a9: x,")
    message = refuse(bad)
    assert f"bad.yaml:{line_of(bad, 'a9: x')}:" in message
    assert "'a9' is not a cell of the board" in message


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("cells: {a7: x,", "cells: {a7: z,", "unknown player 'z'"),
    ("{name: convert,", "{name: move,", "the phase name 'move' is used twice"),
    ("players: [x, o]", "players: [x, x]", "the player 'x' is used twice"),
    ("{type: no_pieces, then: score}", "{type: no_pieces, piece: rock}", "unknown piece 'rock'"),
    ("max_plies: 10000", "max_plies: 10000\ngoal_checks: [jump]", "unknown phase 'jump'"),
    ("symbols: {x: x, o: o}", "symbols: {x: x, q: o}", "unknown player 'q'"),
])
def test_semantic_errors_are_located(old: str, new: str, expected: str) -> None:
    bad = ATAXX.replace(old, new)
    assert bad != ATAXX
    message = refuse(bad)
    assert expected in message
    assert message.startswith("bad.yaml:") and ": error at " in message


def test_yaml_syntax_error_is_located() -> None:
    message = refuse("name: [unclosed\nplayers: [a, b]\n")
    assert message.startswith("bad.yaml:") and "not valid YAML" in message


def test_several_problems_are_all_reported_in_file_order() -> None:
    bad = ATAXX.replace("jump: {distance: 2}", "jumpp: {distance: 2}").replace(
        "limit: 100", "limit: -1")
    issues = refuse(bad).splitlines()
    assert len(issues) == 2
    assert int(issues[0].split(":")[1]) < int(issues[1].split(":")[1])


def test_yaml_tags_never_execute_code() -> None:
    message = refuse("name: !!python/object/apply:os.system ['echo owned']\n")
    assert "not valid YAML" in message


def test_cli_validate_prints_one_screen_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(ATAXX.replace("type: clone_or_jump", "type: clone_or_leap"))
    run = subprocess.run([sys.executable, "-m", "framework", "validate", str(bad)],
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert f"{bad}:{line_of(bad.read_text(), 'clone_or_leap')}:" in run.stderr
    assert len(run.stderr.splitlines()) <= 5


def test_bundled_games_load() -> None:
    for path in sorted((ROOT / "games").glob("*.yaml")):
        game = load_game(path)
        assert game.board.size > 0
        text = path.read_text()
        assert text.startswith("# yaml-language-server: $schema=../schemas/game.schema.json")


@pytest.mark.parametrize(("old", "new", "keys"), [
    ("clone: {distance: 1}", "clone: 3", "(distance)"),
    ("  stone:\n    symbols: {x: x, o: o}", "  stone: 4",
     "(symbols, glyph, glyphs, disc, supply, on_board, attributes"),
    ("max_plies: 10000", "max_plies: 10000\nevaluation: 3", "(terms, mobility)"),
])
def test_a_value_where_a_block_belongs_names_its_keys_not_a_class(old: str, new: str,
                                                                   keys: str) -> None:
    assert old in ATAXX
    message = refuse(ATAXX.replace(old, new))
    assert f"expected a block of keys {keys}" in message
    assert "instance of" not in message and "Spec" not in message and "Reach" not in message


CLOBBER = (ROOT / "games" / "clobber.yaml").read_text()


@pytest.mark.parametrize("kind", ["pass", "skip", "stop"])
def test_an_option_may_not_take_a_reserved_kind(kind: str) -> None:
    """Before, ``kind: pass`` loaded, and the engine's own pass (which ``check``, the codec
    and the native kernels know by its kind) could not be told from the option's moves;
    ``kind: skip`` made every clobber a skip that moved nothing."""
    bad = CLOBBER.replace("kind: clobber", f"kind: {kind}")
    message = refuse(bad)
    assert message.startswith(f"bad.yaml:{line_of(bad, 'kind: ' + kind)}:")
    assert f"turn[0].options[0].kind: the kind {kind!r} is reserved" in message


# A third party's phase that finds, only once the board is built, that it cannot work.
PICKY = '''
from typing import Literal
from framework.errors import BoardspecError
from framework.plugins import Phase, PhaseParams

class PickyParams(PhaseParams):
    type: Literal["picky"]

class Picky(Phase):
    keyword = "picky"
    Params = PickyParams

    def __init__(self, params, game):
        super().__init__(params, game)
        if game.board.size < 100:
            raise BoardspecError("picky needs a board of 100 cells or more")
'''


def test_an_error_raised_while_a_block_is_built_is_located_and_exits_2(tmp_path: Path
                                                                     ) -> None:
    """Before, it printed bare ("picky needs …") and the command exited 1."""
    from .third_party import installed

    text = ATAXX.split("turn:")[0] + "turn:\n  - {name: fuss, type: picky}\n"
    with installed(tmp_path, "pickyphase", PICKY,
                   "[boardspec.rules]\nphases.picky = pickyphase:Picky\n"):
        message = refuse(text)
        assert message == (f"bad.yaml:{line_of(text, 'type: picky')}:5: error at turn[0]: "
                           "picky needs a board of 100 cells or more")
        (tmp_path / "bad.yaml").write_text(text)
        run = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, "
                              f"{str(tmp_path)!r}); from framework.cli import main; main()",
                              "validate", str(tmp_path / "bad.yaml")],
                             capture_output=True, text=True, cwd=ROOT)
        assert run.returncode == 2, run.stderr
        assert f"bad.yaml:{line_of(text, 'type: picky')}:5: error at turn[0]:" in run.stderr


@pytest.mark.parametrize(("zones", "found"), [("[]", "found none"),
                                              ("[first_side]", "found a list ['first_side']")])
def test_a_list_too_short_is_said_once_in_our_words(zones: str, found: str) -> None:
    """Before: "List should have at least 2 items after validation, not 0; found a list
    []" (pydantic's words, and the count said twice)."""
    hex_text = (ROOT / "games" / "hex.yaml").read_text()
    bad = hex_text.replace("zones: [first_side, second_side]", f"zones: {zones}")
    message = refuse(bad)
    assert message == (f"bad.yaml:{line_of(bad, 'type: connect')}:28: error at "
                       f"goals[0].zones: at least 2 items are needed here; {found}")
