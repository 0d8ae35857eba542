"""Installed as users install it: the wheel carries the bundled games, the JSON Schema and
every template and catalog, and the commands find a bundled game by name.

The wheel is built from this checkout (``pip wheel``) and installed without its
dependencies into a fresh virtual environment, which borrows the dependencies of the
running one by a path file (the running environment's ``.pth`` files are not read, so the
checkout's editable install stays out). Everything then runs from a folder outside the
checkout.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from .conftest import ROOT


def run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None
        ) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, cwd=cwd,
                          env=env, check=False)
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """(the wheel, the fresh environment's bin folder, a folder outside the checkout)."""
    top = tmp_path_factory.mktemp("wheel")
    run(sys.executable, "-m", "pip", "wheel", ROOT, "--no-deps", "-q", "-w", top / "dist",
        cwd=top)
    wheel = next((top / "dist").glob("boardspec-*.whl"))
    run(sys.executable, "-m", "venv", "--without-pip", top / "venv", cwd=top)
    python = top / "venv" / ("Scripts" if os.name == "nt" else "bin") / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "-q",
        wheel, cwd=top)
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
               cwd=top).stdout.strip()
    (Path(site) / "borrowed-dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    outside = top / "elsewhere"
    outside.mkdir()
    return wheel, python.parent, outside


def test_the_wheel_ships_the_games_the_schema_and_the_assets(
        installed: tuple[Path, Path, Path]) -> None:
    wheel, _, _ = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    for game in (ROOT / "games").glob("*.yaml"):
        assert f"framework/data/games/{game.name}" in names
    assert "framework/data/schemas/game.schema.json" in names
    assert "framework/data/games/published/assimilation.yaml" in names
    assert "boardspec-gymnasium.pth" in names  # beside the package: the Gymnasium ids
    assert {"framework/docs/templates/rulebook.md.j2", "framework/py.typed",
            "framework/locale/es/LC_MESSAGES/boardspec.po"} <= names
    static = {p.relative_to(ROOT).as_posix() for p in (ROOT / "framework" / "web" / "static")
              .rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert static and static <= names


def test_an_installed_boardspec_plays_checks_and_documents_a_game_by_name(
        installed: tuple[Path, Path, Path]) -> None:
    _, bin_folder, outside = installed
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",
                                                            "BOARDSPEC_GAMES_PATH")}
    boardspec = bin_folder / "boardspec"
    python = bin_folder / "python"
    where = run(python, "-c", "import framework; print(framework.__file__)", cwd=outside,
                env=env).stdout
    assert str(ROOT / "framework") not in where and "site-packages" in where
    listed = run(boardspec, "games", cwd=outside, env=env).stdout
    assert "ataxx" in listed and "--param size=11" in listed
    played = run(boardspec, "play", "ataxx", "--seed", "1", "--quiet", cwd=outside, env=env)
    assert played.stdout.strip()
    checked = run(boardspec, "check", "tic-tac-toe", "--examples", "5", cwd=outside, env=env)
    assert "0 failed" in checked.stdout
    run(boardspec, "docs", "hex", "--lang", "en", "--format", "md", "--out", "rules",
        cwd=outside, env=env)
    assert "# Hex" in (outside / "rules" / "en" / "hex.md").read_text(encoding="utf-8")
    assert run(boardspec, "perft", "hex", "2", "--param", "size=7", cwd=outside,
               env=env).stdout.strip() == "2401"
    # The schema an editor finds from a game file's first line, inside the package.
    found = run(python, "-c", "from framework.bundled import named_games; "
                "p = named_games()['ataxx']; line = p.read_text().splitlines()[0]; "
                "print((p.parent / line.split('=', 1)[1]).resolve().is_file())",
                cwd=outside, env=env).stdout.strip()
    assert found == "True"
    # A Gymnasium id in a fresh interpreter with no import but Gymnasium's: the wheel's
    # boardspec-gymnasium.pth registers the ids when Gymnasium is imported.
    gym = run(python, "-c", "import gymnasium; from gymnasium.utils.env_checker import "
              "check_env; env = gymnasium.make('boardspec/connect-four-v0'); "
              "check_env(env.unwrapped); print(env.spec.max_episode_steps, 'env ok')",
              cwd=outside, env=env)
    assert gym.stdout.strip().endswith("42 env ok")
    named = run(python, "-c", "import gymnasium; env = gymnasium.make('framework.interop."
                "gym_ids:boardspec/hex-v0', size=5); print(env.reset(seed=0)[0].shape)",
                cwd=outside, env={**env, "BOARDSPEC_GYMNASIUM_IDS": "0"})
    assert named.stdout.strip().endswith("5, 5)")
