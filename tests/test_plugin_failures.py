"""A third-party plugin that fails stays local: its unit is left out with one warning, and
only a game that names it is refused (with where, and why the unit is missing).

The plugin is ``tests/data/plugin``, a package of its own with a ``boardspec.rules`` entry
point for a goal that works (``fixture_full``) and one for a move primitive whose module
fails to import (``fixture_broken``). The default tests put it on the path with a
dist-info of its entry points, as an install does; the slow test installs it with pip into
a throwaway venv and runs the commands and the freshness tests there.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from framework import SpecError, load_game, load_game_text
from framework.errors import BrokenUnit
from framework.plugins import plugins, refresh

from .conftest import DATA, ROOT
from .third_party import DROP_GAME, DROP_PHASE, installed

PLUGIN = DATA / "plugin"
PROJECT = tomllib.loads((PLUGIN / "pyproject.toml").read_text())["project"]
BROKEN = ("the moves unit 'fixture_broken' (boardspec_fixture_plugin.broken:FixtureBroken) "
          "failed to load: No module named 'boardspec_fixture_missing_dependency'")

FULL = """
name: Fill up
players: [white, black]
board: {type: grid, rows: 2, columns: 2}
pieces: {stone: {}}
turn:
  - name: move
    type: moves
    options: [{type: place, piece: stone}]
goals: [{type: fixture_full}]
result: {type: majority}
"""
#: A game that names the unit that cannot load, on line 9.
NAMES_BROKEN = FULL.replace("[{type: place, piece: stone}]", "[{type: fixture_broken}]")


def dist_info(folder: Path) -> Path:
    """A dist-info of the plugin's entry points in ``folder`` (what pip writes), with the
    plugin's own folder beside it on the path: ``folder`` and ``PLUGIN`` go on sys.path."""
    entries = PROJECT["entry-points"]
    info = folder / f"{PROJECT['name'].replace('-', '_')}-{PROJECT['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {PROJECT['name']}\n"
                                   f"Version: {PROJECT['version']}\n")
    (info / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{name} = {value}\n" for name, value in table.items())
        for group, table in entries.items()))
    return folder


@pytest.fixture
def plugin_on_path(tmp_path: Path) -> Iterator[Path]:
    folder = dist_info(tmp_path / "site")
    sys.path[:0] = [str(folder), str(PLUGIN)]
    with warnings.catch_warnings():  # the tests below say what they expect of it
        warnings.simplefilter("ignore", BrokenUnit)
        refresh()
    try:
        yield folder
    finally:
        for entry in (str(folder), str(PLUGIN)):
            sys.path.remove(entry)
        for name in [m for m in sys.modules if m.startswith("boardspec_fixture_plugin")]:
            del sys.modules[name]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", BrokenUnit)
            refresh()


def test_a_unit_that_fails_to_import_is_left_out_with_one_warning(plugin_on_path: Path
                                                                   ) -> None:
    with pytest.warns(BrokenUnit) as said:
        refresh()  # the registry read again, as by a new process
        moves = plugins("moves")
        for _ in range(3):  # every model and union built from the registry reads it again
            load_game(ROOT / "games" / "ataxx.yaml")
    assert "fixture_broken" not in moves and "step" in moves
    assert "fixture_full" in plugins("goals")
    assert [str(w.message) for w in said] == [f"{BROKEN}; it is left out"]


@pytest.mark.filterwarnings("ignore::framework.errors.BrokenUnit")
def test_only_a_game_that_names_it_is_refused_with_where_and_why(plugin_on_path: Path
                                                                  ) -> None:
    game = load_game_text(FULL, "full.yaml")  # the working unit of the same package
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state.occupied().bit_count() == 4  # fixture_full ended it
    with pytest.raises(SpecError) as info:
        load_game_text(NAMES_BROKEN, "names-broken.yaml")
    assert str(info.value).startswith(
        "names-broken.yaml:9:22: error at turn[0].options[0].type: unknown move primitive "
        f"'fixture_broken' ({BROKEN}, so it is left out); expected one of: ")


def _boardspec(env_path: list[Path], *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [*map(str, env_path), str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "framework", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=300)


def test_validate_says_it_once_and_checks_every_other_game(tmp_path: Path) -> None:
    """Today's main stopped every game at the first broken plugin."""
    (tmp_path / "names-broken.yaml").write_text(NAMES_BROKEN)
    done = _boardspec([dist_info(tmp_path / "site"), PLUGIN], "validate", "games/ataxx.yaml",
                      str(tmp_path / "names-broken.yaml"), "games/tic-tac-toe.yaml")
    assert done.returncode == 2
    assert done.stdout.count("ok  ") == 2, done.stdout + done.stderr
    assert done.stderr.count(f"warning: {BROKEN}; it is left out") == 1, done.stderr
    assert "names-broken.yaml:9:22: error at turn[0].options[0].type: unknown move " \
           "primitive 'fixture_broken'" in done.stderr
    assert "Traceback" not in done.stderr


def test_validate_refuses_a_unit_whose_native_piece_cannot_load_before_saying_ok(
        tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from framework.cli import _register, app

    game = tmp_path / "drop.yaml"
    game.write_text(DROP_GAME)
    source = DROP_PHASE + "\nDrop.native = '.nowhere:DropPiece'\n"
    with installed(tmp_path, "dropnative", source,
                   "[boardspec.rules]\nphases.drop = dropnative:Drop\n"):
        _register()
        done = CliRunner().invoke(app, ["validate", str(game)])
    assert done.exit_code == 2
    assert "ok " not in done.stdout
    assert f"{game}: error: the native of the phases unit 'drop' ('.nowhere:DropPiece') " \
           "cannot be loaded" in done.output


@pytest.mark.slow
def test_with_the_plugin_installed_by_pip_the_commands_and_freshness_tests_pass(
        tmp_path: Path) -> None:
    """pip installs the plugin (and this checkout) into a throwaway venv; there, validate
    warns once and checks every bundled game, and the tests that compare the committed
    schema, reference and ahead-of-time libraries with boardspec's own units pass."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)],
                   check=True)
    python = venv / "bin" / "python"
    copy = shutil.copytree(PLUGIN, tmp_path / "plugin")  # the build writes beside the source
    for target in (["-e", str(ROOT)], [str(copy)]):
        subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", *target],
                       check=True, capture_output=True, timeout=600)
    done = subprocess.run([str(venv / "bin" / "boardspec"), "validate", "games/ataxx.yaml",
                           "games/chess.yaml"], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and done.stdout.count("ok  ") == 2, done.stderr
    assert done.stderr.count("warning: ") == 1
    tests = subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            "tests/test_schema.py", "tests/test_reference.py",
                            "tests/test_native_ahead.py"],
                           capture_output=True, text=True, cwd=ROOT, timeout=1200)
    assert tests.returncode == 0, tests.stdout[-3000:]
