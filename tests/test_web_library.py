"""serve's library of game files: a folder given is watched for new files too (issue 58:
``--watch`` ignored a game file saved into the folder after the start)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from starlette.testclient import TestClient

from framework.web import create_app
from framework.web.library import Library

from .conftest import ROOT

GAMES = ROOT / "games"


def _save(path: Path, text: str) -> None:
    """Saved in one step, as an editor does."""
    temporary = path.with_suffix(".saving")
    temporary.write_text(text)
    os.replace(temporary, path)


def test_a_game_file_new_in_a_watched_folder_is_played(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(GAMES / "tic-tac-toe.yaml", folder / "tic-tac-toe.yaml")
    app = create_app([folder], tmp_path / "db.sqlite")
    with TestClient(app, base_url="http://localhost") as client:
        slugs = [g["slug"] for g in client.get("/api/games").json()["games"]]
        assert slugs == ["tic-tac-toe"]
        library: Library = app.state.server.library
        assert library.poll() == []  # nothing new
        _save(folder / "hex.yaml", (GAMES / "hex.yaml").read_text(encoding="utf-8"))
        (folder / "notes.txt").write_text("not a game")
        assert library.poll() == ["hex"]
        assert library.poll() == []  # added once
        games = {g["slug"]: g for g in client.get("/api/games").json()["games"]}
        assert set(games) == {"tic-tac-toe", "hex"} and games["hex"]["playable"]
        assert games["hex"]["file"] == "hex.yaml"  # by its name, not the server's path
