"""The small faults of issue 32, each pinned."""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys

from framework import load_game

from .conftest import GAME_FILES, ROOT


def boardspec(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "250"}  # a wide help, each option on one line
    return subprocess.run([sys.executable, "-m", "framework", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, check=False)


def test_help_texts_keep_their_brackets() -> None:
    assert "pip install 'boardspec[ray]'" in boardspec("match", "--help").stdout
    assert "the [fast] extra" in boardspec("perft", "--help").stdout


def test_validate_counts_in_the_singular_and_the_plural() -> None:
    out = boardspec("validate", "games/hexxagon.yaml", "games/tic-tac-toe.yaml").stdout
    assert "Hexxagon, 58 cells, 2 phases, 1 example\n" in out
    assert "Tic-tac-toe, 9 cells, 1 phase, 4 examples\n" in out
    assert "1 phases" not in out and "1 examples" not in out


def test_the_readme_names_every_bundled_game() -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    for path in GAME_FILES:
        name = load_game(path).name  # (a name a parameter changes: its defaults')
        assert f"**{name}**" in readme, f"README's game list omits {path.name}"


def test_serves_default_database_is_ignored_by_git() -> None:
    from framework.cli.serve import serve

    default = inspect.signature(serve).parameters["db"].default
    ignored = subprocess.run(["git", "check-ignore", "-q", str(default)], cwd=ROOT,
                             check=False)
    assert ignored.returncode == 0, f"{default} is not in .gitignore"


def test_the_ray_figures_are_the_same_in_the_readme_and_docs_scale() -> None:
    figures = json.loads((ROOT / "benchmarks" / "results" / "latest.json").read_text())
    medians = [round(figures["figures"][name]["ours"]["median"]) for name in
               ("match_local_1", "match_local_2", "match_ray_1", "match_ray_2")]
    wanted = ("{} games/s in one process, {} in a{} pool of 2, {} on Ray with 1 CPU and {} on "
              "Ray with 2 CPUs")
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    scale = " ".join((ROOT / "docs" / "scale.md").read_text(encoding="utf-8").split())
    one, two, ray_one, ray_two = medians
    assert wanted.format(one, two, "", ray_one, ray_two) in readme
    assert wanted.format(one, two, " local", ray_one, ray_two) in scale
