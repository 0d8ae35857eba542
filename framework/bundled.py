"""The games that come with boardspec, found by name (``boardspec play ataxx``).

In an installed package they are package data (``framework/data/games``, put there by the
build: ``setup.py``); in a checkout they are the ``games/`` folder beside ``framework/``.
The JSON Schema sits beside them (``framework/data/schemas``, ``schemas/``), so the
``$schema`` line at the top of each game file leads an editor to it in both.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
#: Folders of more game files to find by name, separated like PATH (``os.pathsep``).
PATH_VARIABLE = "BOARDSPEC_GAMES_PATH"


def bundled_folder(kind: str = "games") -> Path | None:
    """The folder of the bundled games (``kind="schemas"``: of the JSON Schema)."""
    installed = _PACKAGE / "data" / kind
    if installed.is_dir():
        return installed
    checkout = _PACKAGE.parent / kind
    if checkout.is_dir() and (_PACKAGE.parent / "pyproject.toml").is_file():
        return checkout
    return None


def game_folders() -> list[Path]:
    """Where games are found by name: the folders of ``$BOARDSPEC_GAMES_PATH`` first, then
    the bundled games."""
    folders = [Path(p) for p in os.environ.get(PATH_VARIABLE, "").split(os.pathsep) if p]
    bundled = bundled_folder()
    return [*folders, *([bundled] if bundled else [])]


def named_games() -> dict[str, Path]:
    """Every game found by name: the file's stem (``connect-four``) → its path; the first folder
    that has a name wins."""
    found: dict[str, Path] = {}
    for folder in game_folders():
        if folder.is_dir():
            for path in sorted(folder.glob("*.yaml")):
                found.setdefault(path.stem, path)
    return found


def game_path(given: str | Path) -> Path:
    """A game file given as a path, or by the name of a bundled game (``ataxx``): the path
    when such a file exists, else the named game's; else the path as given (reading it
    then says what is wrong, with the names that come close)."""
    path = Path(given)
    if path.exists():
        return path
    text = str(given)
    name = text.removesuffix(".yaml")
    if os.sep not in text and "/" not in text:
        games = named_games()
        if name in games:
            return games[name]
    return path


def close_names(given: str | Path) -> list[str]:
    """Bundled game names that look like ``given`` (for a "did you mean" hint)."""
    name = Path(given).name.removesuffix(".yaml")
    return difflib.get_close_matches(name, list(named_games()), n=3)
