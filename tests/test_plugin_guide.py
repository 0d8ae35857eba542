"""docs/plugins.md builds a package with one block of each kind: its code, registered as the
page says, loads, plays its example game to the end, passes `boardspec check` and writes a
rulebook, so the guide cannot drift from the plugin API."""

from __future__ import annotations

import re
from pathlib import Path

from framework import load_game_text
from framework.check.runner import check_game
from framework.docs import render_rulebook

from .conftest import ROOT
from .third_party import installed

GUIDE = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")


def _blocks(fence: str, language: str) -> list[str]:
    return re.findall(rf"^{fence}{language}\n(.*?)^{fence}$", GUIDE, re.DOTALL | re.MULTILINE)


def _entry_points() -> str:
    """The guide's pyproject tables as an entry_points.txt (catalogs left out: the package
    of the guide ships none)."""
    out = []
    for block in _blocks("```", "toml"):
        for group, body in re.findall(r'\[project\.entry-points\."([^"]+)"\]\n(.*?)(?=\n\[|\Z)',
                                      block, re.DOTALL):
            if group == "boardspec.locales":
                continue
            out.append(f"[{group}]")
            for line in body.strip().splitlines():
                key, value = (part.strip().strip('"') for part in line.split("#")[0].split("="))
                out.append(f"{key} = {value}")
    return "\n".join(out) + "\n"


def test_the_guide_package_plays_checks_and_documents_its_game(tmp_path: Path) -> None:
    source = "\n\n".join(_blocks("~~~", "python"))
    assert source.count("class ") >= 11  # five blocks, their parameters, a reference version
    game_text = next(b for b in _blocks("```", "yaml") if b.startswith("name: Crowding"))
    with installed(tmp_path, "mygame_blocks", source, _entry_points()):
        game = load_game_text(game_text, "crowding.yaml")
        state = game.new_initial_state()
        assert state.occupied().bit_count() == 2  # the corners setup
        while not state.is_terminal():
            state.apply(state.legal_actions()[0])
        assert state.occupied().bit_count() == 9  # full_board ended it
        assert state.returns() == [-1.0, 1.0]  # fewest: white dropped one more
        report = check_game(game, examples=5)
        assert not report.failed, report
        text, _ = render_rulebook(game, "en", "md", "crowding")
    for sentence in ("Each player starts with one piece, in opposite corners.",
                     "The game ends when the board is full.",
                     "The player with fewer pieces on the board wins"):
        assert sentence in text
