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


#: The endings of a game file's name: a name with one is a path, never a game's name.
SUFFIXES = (".yaml", ".yml")


def is_path(given: str) -> bool:
    """Whether a game argument is a path rather than a game's name: it has a folder
    separator or ends in ``.yaml`` (``./chess``, ``chess.yaml``; ``chess`` is a name)."""
    separators = {os.sep, "/", *(os.altsep or "")}
    return any(s in given for s in separators) or given.lower().endswith(SUFFIXES)


def game_path(given: str | Path) -> Path:
    """A game file given as a path, or by the name of a game found by name (``ataxx``).
    A bare name is the named game's even where a file of that name is in the current
    folder (``./chess`` is that file); a ``.yaml`` name is that file, or the named game
    when no such file is. Else the path as given (reading it then says what is wrong,
    with the names that come close)."""
    text = str(given)
    path = Path(given)
    if is_path(text) and (path.exists() or len(path.parts) > 1):
        return path
    stem = next((text[:-len(s)] for s in SUFFIXES if text.lower().endswith(s)), text)
    return named_games().get(stem, path)


def shadowed_file(given: str) -> str | None:
    """What to say when the bare name ``given`` is a named game and also a file here: which
    one is used, and how to name the other (None when there is nothing to choose)."""
    if is_path(given) or not Path(given).exists():
        return None
    found = named_games().get(given)
    if found is None:
        return None
    return (f"note: {given!r} is the game {found}, not the file {given!r} in this "
            f"folder (give ./{given} for that file)")


def close_names(given: str | Path) -> list[str]:
    """Bundled game names that look like ``given`` (for a "did you mean" hint)."""
    name = Path(given).name.removesuffix(".yaml")
    return difflib.get_close_matches(name, list(named_games()), n=3)
