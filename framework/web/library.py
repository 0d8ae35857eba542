"""The game files a server plays: found from the paths it was given, named by a slug, and
reloaded when their text changes (``--watch``).

Requests name a game by its slug only; no path from a request is ever opened, so nothing
outside the given files can be read. A file is read as any game file (a regular file of at
most ``MAX_GAME_FILE_BYTES``: a link to ``/dev/zero`` or a pipe put in its place is an error
shown in its pages, never a hang). A file whose new text does not load keeps its previous
version playable and carries the errors (``file:line:column``) to show. Files are shown by
their name (``ataxx.yaml``), never by the server's path to them.

A file is read only where it was found: a link whose target lies outside its folder (the
directory given, or the folder of a file given: where its link pointed when the server
started) is refused, never followed, so swapping a served file for a link to a private file
under ``--watch`` never shows a line of that file to anyone.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from framework.errors import BoardspecError, InputError, SpecError
from framework.limits import MAX_GAME_FILE_BYTES
from framework.safeio import OutsideError, read_text

if TYPE_CHECKING:
    from framework.game import Game

GAME_SUFFIXES = (".yaml", ".yml")
_COMPILED: dict[str, Game] = {}


class LibraryError(BoardspecError):
    """A path given to ``serve`` that holds no game file."""


def version_of(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def compile_rules(text: str, file: str, parameters: Mapping[str, Any] | None = None) -> Game:
    """The compiled game of a rules text under the given parameter values; one per
    distinct text and setting, shared by every game."""
    from framework import load_game_text

    given = dict(parameters or {})
    key = f"{file}\0{version_of(text)}\0{json.dumps(given, sort_keys=True, default=str)}"
    game = _COMPILED.get(key)
    if game is None:
        game = load_game_text(text, file, given)
        if len(_COMPILED) > 64:  # edits under --watch make new versions; keep a few
            _COMPILED.pop(next(iter(_COMPILED)))
        _COMPILED[key] = game
    return game


def parameter_fields(game: Game) -> list[dict[str, Any]]:
    """The parameters a new game may set, as the new-game card shows them: name, type,
    default, range or choices, and in words what they change and allow."""
    return [{"name": name, "type": spec.type, "default": spec.default, "min": spec.min,
             "max": spec.max, "choices": list(spec.choices),
             "description": spec.description, "allowed": spec.allowed()}
            for name, spec in game.spec.parameters.items()]


def spec_errors(exc: BoardspecError, file: str) -> list[dict[str, Any]]:
    """An error as a list of located issues (``SpecError`` has them; others get line 0)."""
    if isinstance(exc, SpecError):
        return [{"file": i.file, "line": i.line, "column": i.column, "path": i.path,
                 "message": i.message, "text": str(i)} for i in exc.issues]
    return [{"file": file, "line": 0, "column": 0, "path": "", "message": str(exc),
             "text": f"{file}: {exc}"}]


@dataclass
class GameFile:
    """One game file: its last text that loaded, and the errors of a newer one that did not."""

    slug: str
    path: Path
    #: The name the file is shown by (in pages, the API, records): its name beside the
    #: others given, never the server's path to it.
    name: str = ""
    text: str = ""
    game: Game | None = None
    errors: list[dict[str, Any]] = field(default_factory=list)
    stamp: tuple[int, ...] = ()
    #: The folder the file is read from (resolved): a link out of it is never followed.
    root: Path | None = None

    @property
    def version(self) -> str:
        return version_of(self.text) if self.game is not None else ""

    @property
    def file(self) -> str:
        return self.name or self.path.name

    def load(self) -> bool:
        """Read the file again if it changed on disk; True if anything visible changed."""
        try:
            stat = self.path.stat()
            stamp = (stat.st_mtime_ns, stat.st_size, stat.st_ino, stat.st_mode)
            if stamp == self.stamp:
                return False
            self.stamp = stamp
            # Only inside its folder, checked on the file actually opened: a link swapped
            # in between a check and the read is refused too.
            text = read_text(self.path, MAX_GAME_FILE_BYTES, "game file",
                             inside=self.root or os.path.realpath(self.path.parent))
        except (OSError, InputError) as exc:
            reason = str(exc).replace(str(self.path), self.file)  # the name, not the path
            if isinstance(exc, OutsideError):
                reason = (f"{self.file} links to a file outside the served folder; it is "
                          "not read")
            if isinstance(exc, OSError):
                reason = (exc.strerror or type(exc).__name__).lower()
            errors = [{"file": self.file, "line": 0, "column": 0, "path": "",
                       "message": reason, "text": f"{self.file}: cannot read: {reason}"}]
            changed = errors != self.errors
            self.errors = errors
            return changed
        if self.game is not None and text == self.text:
            changed = bool(self.errors)
            self.errors = []
            return changed
        try:
            game = compile_rules(text, self.file)
        except BoardspecError as exc:
            self.errors = spec_errors(exc, self.file)
            return True
        self.text, self.game, self.errors = text, game, []
        return True

    def summary(self, lang: str = "en") -> dict[str, Any]:
        """The game's card: its name, description and players as the file writes them, and
        as the reader of ``lang`` reads them (``label``, ``about``, ``player_labels``: the
        catalogs' words for the game, its own first; English where none is given)."""
        from framework.i18n import game_translations

        game = self.game
        _ = game_translations(lang, self.path.stem).gettext
        description = (game.spec.description or "").strip() if game else ""
        fields = parameter_fields(game) if game else []
        for field_ in fields:
            said = (field_["description"] or "").strip()
            field_["label"] = _(said) if said else ""
        return {"slug": self.slug, "file": self.file, "version": self.version,
                "name": game.name if game else self.path.stem,
                "label": _(game.name) if game else self.path.stem,
                "description": description, "about": _(description) if description else "",
                "players": list(game.players) if game else [],
                "player_labels": [_(p) for p in game.players] if game else [],
                "parameters": fields,
                "playable": game is not None, "errors": self.errors}


class Library:
    """The game files given on the command line (files, or directories of ``*.yaml``)."""

    def __init__(self, paths: Iterable[str | Path]) -> None:
        self.files: dict[str, GameFile] = {}
        given = list(paths)
        #: The directories given: a game file saved into one later is played too (--watch).
        self.folders = [Path(p) for p in given if Path(p).is_dir()]
        for path, root in _expand(given):
            self._add(path, root)

    def _add(self, path: Path, root: Path) -> str:
        slug = _slug(path.stem)
        base, n = slug, 2
        while slug in self.files:
            slug, n = f"{base}-{n}", n + 1
        names = {e.name for e in self.files.values()}
        name = path.name if path.name not in names else f"{slug}{path.suffix}"
        entry = GameFile(slug, path, name, root=root)
        entry.load()
        self.files[slug] = entry
        return slug

    def get(self, slug: str) -> GameFile | None:
        return self.files.get(slug)

    def poll(self) -> list[str]:
        """Re-read changed files, and add the game files new in a directory given; the
        slugs whose state changed (a new file's among them)."""
        changed = [slug for slug, entry in self.files.items() if entry.load()]
        known = {entry.path for entry in self.files.values()}
        for folder in self.folders:
            root = Path(os.path.realpath(folder))  # a new file is held to its folder too
            changed += [self._add(path, root) for path in _game_files(folder)
                        if path not in known]
        return changed


def _slug(stem: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-") or "game"


def _expand(paths: Iterable[str | Path]) -> list[tuple[Path, Path]]:
    """The game files of ``paths``, each with the folder it may be read from (resolved):
    a directory's own, or that of a file given (where it points now, if a link)."""
    found: list[tuple[Path, Path]] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            inside = _game_files(path)
            if not inside:
                raise LibraryError(f"{str(path)!r} holds no game file (*.yaml)")
            root = Path(os.path.realpath(path))
            found += [(p, root) for p in inside]
        elif path.exists():  # a pipe or a device is refused when it is read, by name
            found.append((path, Path(os.path.realpath(path)).parent))
        else:
            raise LibraryError(f"{str(path)!r} is neither a game file nor a directory")
    return found


def _game_files(folder: Path) -> list[Path]:
    """The game files (``*.yaml``) in a directory, by name; none when it cannot be read."""
    try:
        return sorted(p for p in folder.iterdir() if p.suffix.lower() in GAME_SUFFIXES
                      and not p.is_dir())
    except OSError:
        return []
