"""SQLite persistence of played games (the standard library's ``sqlite3``).

A game is stored as what is needed to rebuild it exactly: the rules text it is played with
(so an edited file never breaks a game in progress), its seats and their secret tokens, the
agents' seed, and every action in notation. Loading replays the actions through the engine.
Each rules text is kept once (table ``rules``, by its SHA-256) however many games use it;
a game's row names it as ``sha256:<digest>`` (older rows hold the text itself).

The file holds every seat's secret token: it is created readable by its owner only (0600),
and a file of ours found readable by others is made so (SQLite's journal files take the
file's mode). A row that does not read (a file edited by hand, a disk error) is left out of
the recent games, and said once in the server's log, rather than failing every visitor.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
import stat
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    slug TEXT NOT NULL,
    file TEXT NOT NULL,
    rules TEXT NOT NULL,
    seats TEXT NOT NULL,
    tokens TEXT NOT NULL,
    seed INTEGER,
    plies TEXT NOT NULL,
    result TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
{added}
);
CREATE INDEX IF NOT EXISTS games_updated ON games(updated);
CREATE TABLE IF NOT EXISTS rules (
    digest TEXT PRIMARY KEY,
    text TEXT NOT NULL
);
"""
#: The games table's columns added since its first version, each a JSON text with its
#: default: a new table has them, and a database of an older server gains those it lacks.
ADDED_COLUMNS = (("parameters", "{}"), ("position", ""), ("clock", "{}"), ("names", "[]"))
SCHEMA = SCHEMA.replace("{added}", ",\n".join(
    f"    {name} TEXT NOT NULL DEFAULT '{default}'" for name, default in ADDED_COLUMNS))
#: The games table's columns in the order rows are written and read (by name: a database
#: of an older server has the later columns in the order they were added).
COLUMNS = ("id", "slug", "file", "rules", "seats", "tokens", "seed", "plies", "result",
           "created", "updated", *(name for name, _ in ADDED_COLUMNS))
RULES_REFERENCE = "sha256:"
LOG = logging.getLogger(__name__)


@dataclass
class StoredGame:
    """One row: ``plies`` is a list of [notation, seat]."""

    id: str
    slug: str
    file: str
    rules: str
    seats: list[str]
    tokens: list[str | None]
    seed: int | None
    plies: list[tuple[str, int]] = field(default_factory=list)
    result: str = "unfinished"
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    #: The values of the game's parameters it is played with (``parameters:`` of the file).
    parameters: dict[str, Any] = field(default_factory=dict)
    #: The position JSON the game started from (a designer's "start here"); "" for the
    #: rules' own start.
    position: str = ""
    #: The clocks (``clocks.Clock.to_json``; empty: the game has none).
    clock: dict[str, Any] = field(default_factory=dict)
    #: The players' names by seat (None: not given).
    names: list[str | None] = field(default_factory=list)


class Store:
    """The database file (``:memory:`` for none); safe to call from several threads."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            _private(Path(self.path))
        #: The ids of the rows found not to read (each said once in the log).
        self.malformed: set[str] = set()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            if self.path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(SCHEMA)
            columns = [r[1] for r in self._db.execute("PRAGMA table_info(games)")]
            # A database of an older server: the columns added since, each with its default
            # (read back by name, so the order they were added in does not matter).
            for column, default in ADDED_COLUMNS:
                if column not in columns:
                    self._db.execute(f"ALTER TABLE games ADD COLUMN {column} TEXT NOT NULL "
                                     f"DEFAULT '{default}'")

    def save(self, game: StoredGame) -> None:
        game.updated = time.time()
        digest = hashlib.sha256(game.rules.encode("utf-8")).hexdigest()
        row = (game.id, game.slug, game.file, RULES_REFERENCE + digest,
               json.dumps(game.seats), json.dumps(game.tokens), game.seed,
               json.dumps(game.plies), game.result, game.created, game.updated,
               json.dumps(game.parameters), game.position, json.dumps(game.clock),
               json.dumps(game.names))
        with self._lock:
            self._db.execute("INSERT OR IGNORE INTO rules VALUES (?, ?)", (digest, game.rules))
            self._db.execute(f"INSERT OR REPLACE INTO games ({', '.join(COLUMNS)}) VALUES "
                             f"({','.join('?' * len(row))})", row)

    def size(self) -> int:
        """Bytes the database holds (its pages in use)."""
        with self._lock:
            pages = self._db.execute("PRAGMA page_count").fetchone()[0]
            free = self._db.execute("PRAGMA freelist_count").fetchone()[0]
            size = self._db.execute("PRAGMA page_size").fetchone()[0]
        return int((pages - free) * size)

    def save_plies(self, game: StoredGame) -> None:
        """The cheap write after a move: only the actions, the result and the clocks
        change."""
        game.updated = time.time()
        with self._lock:
            self._db.execute("UPDATE games SET plies=?, result=?, updated=?, clock=? WHERE id=?",
                             (json.dumps(game.plies), game.result, game.updated,
                              json.dumps(game.clock), game.id))

    def load(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(f"SELECT {', '.join(COLUMNS)} FROM games WHERE id=?",
                                   (game_id,)).fetchone()
            if row is None:
                return None
            rules = str(row[3])
            if rules.startswith(RULES_REFERENCE):
                found = self._db.execute("SELECT text FROM rules WHERE digest=?",
                                         (rules.removeprefix(RULES_REFERENCE),)).fetchone()
                if found is not None:
                    rules = str(found[0])
        return _game((*row[:3], rules, *row[4:]))

    def recent(self, limit: int = 20) -> list[dict[str, Any]]:
        """The most recently played games, newest first: id, game (its slug), seats,
        plies, result, updated, and ``rules`` (the reference to its rules text:
        ``rules_text`` reads it) with ``file`` and ``parameters``. A row that does not read
        is left out."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, slug, seats, plies, result, updated, rules, file, parameters "
                "FROM games ORDER BY updated DESC LIMIT ?", (limit,)).fetchall()
        found = []
        for r in rows:
            try:
                found.append({"id": str(r[0]), "game": str(r[1]), "seats": _strings(r[2]),
                              "plies": len(_list(r[3])), "result": str(r[4]),
                              "updated": float(r[5]), "rules": str(r[6]), "file": str(r[7]),
                              "parameters": _object(r[8])})
            except (TypeError, ValueError) as exc:
                self._malformed(r[0], exc)
        return found

    def rules_text(self, reference: str) -> str | None:
        """The rules text a row's ``rules`` names (older rows hold the text itself)."""
        if not reference.startswith(RULES_REFERENCE):
            return reference
        with self._lock:
            found = self._db.execute("SELECT text FROM rules WHERE digest=?", (
                reference.removeprefix(RULES_REFERENCE),)).fetchone()
        return None if found is None else str(found[0])

    def _malformed(self, game_id: Any, exc: Exception) -> None:
        key = str(game_id)
        if key not in self.malformed:
            self.malformed.add(key)
            LOG.warning("boardspec serve: %s: the row of game %r does not read (%s); it is "
                        "left out of the recent games", self.path, key[:64], exc)

    def count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _game(row: tuple[Any, ...]) -> StoredGame:
    return StoredGame(id=row[0], slug=row[1], file=row[2], rules=row[3],
                      seats=json.loads(row[4]), tokens=json.loads(row[5]), seed=row[6],
                      plies=[(str(p[0]), int(p[1])) for p in json.loads(row[7])],
                      result=row[8], created=row[9], updated=row[10],
                      parameters=dict(json.loads(row[11])),
                      position=str(row[12]), clock=_object(row[13]), names=_names(row[14]))


def _private(path: Path) -> None:
    """Make the database file readable and writable by its owner only: created so, or, if
    it is ours and others may read it, made so (another user's file is left as it is)."""
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        info = path.stat()
        if info.st_uid == os.getuid() and stat.S_ISREG(info.st_mode) and \
                info.st_mode & 0o077:
            path.chmod(0o600)
        return
    os.close(descriptor)


def _list(text: Any) -> list[Any]:
    value = json.loads(text)
    if not isinstance(value, list):
        raise ValueError(f"expected a JSON list, found {type(value).__name__}")
    return value


def _strings(text: Any) -> list[str]:
    value = _list(text)
    if not all(isinstance(v, str) for v in value):
        raise ValueError("expected a JSON list of texts")
    return value


def _object(text: Any) -> dict[str, Any]:
    value = json.loads(text) if isinstance(text, str) else {}
    return value if isinstance(value, dict) else {}


def _names(text: Any) -> list[str | None]:
    value = json.loads(text) if isinstance(text, str) else []
    return [n if isinstance(n, str) else None for n in value] if isinstance(value, list) else []
