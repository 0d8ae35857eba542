"""Resumable output folders of long runs (``match --out``, ``balance``).

A study folder holds ``study.json`` (what command made it: the game, by content, and every
option that changes the games), one record file per finished game, and at the end a
summary. Each record is written the moment its game finishes, atomically (a temporary file
in the same folder, then a rename), so a folder never holds half a record, whatever stops
the run. A text record of a game whose file declares its players' notation (SAN: chess) is
written in it, as ``boardspec play`` writes one, and read back to the engine's actions.
A game stopped by Ctrl-C is kept as ``game-0007.unfinished.txt`` (its record so far,
``[Termination "interrupted"]``): a name the study never reads back as done.

Running the same command again *continues* the study: the games already in the folder are
read back, not played again; only the missing ones are played (an unfinished game from its
start, its ``.unfinished`` file removed when it ends). A different command (other
agents, seed, number of games, or an edited game file) into the same folder is refused with
a message saying what differs, so two studies are never mixed. How the games are run (the
backend, the number of workers) is not part of a study: the games are seeded by their own
index, and give the same records everywhere.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from framework.errors import BoardspecError, InputError
from framework.limits import MAX_GAME_FILE_BYTES, MAX_STUDY_FILE_BYTES
from framework.records import Record, RecordError
from framework.safeio import load_json, read_bytes, read_text, write_text
from framework.seals import SEAL_HEADER, SealError, seal_problem, sealed

if TYPE_CHECKING:
    from framework.game import Game

FORMAT = "boardspec-study"
VERSION = 1
MANIFEST = "study.json"


class StudyError(BoardspecError):
    """An output folder that cannot hold, or continue, this study."""


def write_atomic(path: Path, text: str) -> Path:
    """Write ``text`` to ``path`` so that readers see the old file or the new one, never a
    part (``framework.safeio``, the one atomic writer every command uses)."""
    return write_text(path, text, "study file")


def file_digest(path: str | Path) -> str:
    """The SHA-256 of a game file (read as any game file: a regular file, bounded)."""
    try:
        return hashlib.sha256(read_bytes(path, MAX_GAME_FILE_BYTES, "game file")).hexdigest()
    except InputError as exc:
        raise StudyError(str(exc)) from None


#: What a study's identity says of where it was run from, not of the study: the same study
#: continues from another path to the same game file (which its digest names).
WHERE_FROM = "game_file"

#: The names a study writes into its folder besides the records (and temporary ``.part``s).
OWN_FILES = {MANIFEST, "summary.json"}
_RECORD_NAME = re.compile(r"game-\d+(\.unfinished)?\.(txt|json)")


def finished_records(folder: Path) -> list[Path]:
    """The records of the finished games in a study folder, in order (no ``.unfinished``
    one, nor anything else)."""
    return sorted(p for p in folder.iterdir()
                  if (found := _RECORD_NAME.fullmatch(p.name)) and not found.group(1))


class StudyFolder:
    """The records of one study in ``folder``: ``game-0001.txt`` … (``.json`` if asked)."""

    def __init__(self, folder: Path, identity: dict[str, Any], total: int, *,
                 as_json: bool = False, game: Game | None = None) -> None:
        self.folder = folder
        #: The game whose players' notation text records are written in (None: the
        #: engine's notation; JSON records always keep the engine's actions).
        self.game = None if as_json else game
        self.suffix = ".json" if as_json else ".txt"
        self.identity = {"format": FORMAT, "version": VERSION, **identity,
                         "records": self.suffix[1:]}
        self.total = total
        self.width = max(4, len(str(total)))

    def path_of(self, index: int) -> Path:
        return self.folder / f"game-{index + 1:0{self.width}d}{self.suffix}"

    def unfinished_path_of(self, index: int) -> Path:
        """Where the record so far of a game stopped by Ctrl-C is kept: a name the study
        never reads back, so that the same command plays that game again from its start
        (and then removes this file)."""
        return self.folder / f"game-{index + 1:0{self.width}d}.unfinished{self.suffix}"

    def unfinished(self) -> list[Path]:
        """The records of interrupted games in the folder."""
        return sorted(p for index in range(self.total)
                      if (p := self.unfinished_path_of(index)).exists())

    def open(self, expected: Callable[[int, Record], str | None] | None = None
             ) -> dict[int, Record]:
        """Create the folder, or check that it holds this same study; return the records
        already finished, by game index. ``expected(index, record)`` says what is wrong
        with a record that does not belong at its place (None: it does): a match replays
        each one there, so that a record edited, cut or forged is refused, by name, and
        never counted. Before that each record's seal must hold: a record rewritten as
        another legal game replays, but carries no seal this study's key made. A record
        file that is no game of this study is refused too."""
        manifest = self.folder / MANIFEST
        if self.folder.exists() and not self.folder.is_dir():
            raise StudyError(f"{self.folder} is a file, not a folder for the records")
        if manifest.exists():
            self._same_study(manifest)
        elif self.folder.exists() and any(self.folder.iterdir()):
            raise StudyError(f"{self.folder} is not empty and holds no {MANIFEST}: it is "
                             "not a boardspec study; choose another folder")
        else:
            write_atomic(manifest, json.dumps(self.identity, indent=1) + "\n")
        self._no_strangers()
        done: dict[int, Record] = {}
        for index in range(self.total):
            path = self.path_of(index)
            if not path.exists():
                continue
            try:
                record = Record.load(path)
            except RecordError as exc:
                raise StudyError(f"{exc}; remove {path} to play that game again") from None
            problem = self._seal_problem(index, record)  # the seal is over what was written
            if not problem and self.game is not None:
                try:
                    record = record.resolved(self.game)  # SAN back to the engine's actions
                except RecordError as exc:
                    problem = str(exc)
            if not problem and expected:
                problem = expected(index, record)
            if problem:
                raise StudyError(f"{path}: {problem}; remove it to play that game again")
            record.headers.pop(SEAL_HEADER)  # storage's: the game is the one just played
            done[index] = record
        for index in done:  # only once every record is known good: a refusal changes nothing
            self.unfinished_path_of(index).unlink(missing_ok=True)  # finished since
        for stale in self.folder.glob(f".game-*{self.suffix}.*.part"):
            stale.unlink(missing_ok=True)  # a write cut short by a kill
        return done

    def _no_strangers(self) -> None:
        """Refuse a folder holding a record that is no game of this study (``game-0099.txt``
        in a match of 6, or a record of the other format): it would be silently left out,
        or mixed in by a later run."""
        wanted = {self.path_of(i).name for i in range(self.total)} | {
            self.unfinished_path_of(i).name for i in range(self.total)}
        strangers = sorted(p.name for p in self.folder.iterdir()
                           if _RECORD_NAME.fullmatch(p.name) and p.name not in wanted)
        if strangers:
            shown = ", ".join(strangers[:3]) + (", …" if len(strangers) > 3 else "")
            raise StudyError(f"{self.folder} holds {shown}: no game of this study (its "
                             f"{self.total} records are {self.path_of(0).name} to "
                             f"{self.path_of(self.total - 1).name}); remove what is not "
                             "its own, or choose another folder")

    def _same_study(self, manifest: Path) -> None:
        try:
            text = read_text(manifest, MAX_STUDY_FILE_BYTES, "study file")
            found = load_json(text, str(manifest), StudyError)
        except InputError as exc:
            raise StudyError(f"{exc}; it cannot be the {MANIFEST} of a study") from None
        if not isinstance(found, dict) or found.get("format") != FORMAT:
            raise StudyError(f"{manifest} is not a boardspec study file")
        wanted = self.identity
        differ = [key for key in sorted(set(found) | set(wanted))
                  if key != WHERE_FROM and found.get(key) != wanted.get(key)]
        if differ:
            details = "; ".join(f"{key}: {_show(found.get(key))} there, "
                                f"{_show(wanted.get(key))} here" for key in differ)
            raise StudyError(f"{self.folder} holds another study ({details}). Run the same "
                             "command to continue it, or choose another folder")

    def _sealed_identity(self) -> dict[str, Any]:
        """What a seal binds a record to: the study, but not where its game file was read
        from (the same study continues from another path to the same game)."""
        return {key: value for key, value in self.identity.items() if key != WHERE_FROM}

    def _seal_problem(self, index: int, record: Record) -> str | None:
        try:
            return seal_problem(record, self._sealed_identity(), index)
        except SealError as exc:
            raise StudyError(str(exc)) from None

    def write(self, index: int, record: Record) -> Path:
        """Write the record of a finished game (replacing its interrupted record, if any),
        sealed (``framework.seals``): a resumed study counts only the records it wrote."""
        try:
            record = sealed(self._written(record), self._sealed_identity(), index)
        except SealError as exc:
            raise StudyError(str(exc)) from None
        path = self._write(self.path_of(index), record)
        self.unfinished_path_of(index).unlink(missing_ok=True)
        return path

    def write_unfinished(self, index: int, record: Record) -> Path:
        """Keep the record so far of a game stopped by Ctrl-C, under its unfinished name."""
        return self._write(self.unfinished_path_of(index), self._written(record))

    def _written(self, record: Record) -> Record:
        """``record`` in the notation its file will hold (``Record.in_notation``)."""
        return record.in_notation(self.game) if self.game is not None else record

    def _write(self, path: Path, record: Record) -> Path:
        if self.suffix == ".json":
            text = json.dumps(record.to_json(), ensure_ascii=False, indent=1) + "\n"
        else:
            text = record.to_text()
        return write_atomic(path, text)

    def write_json(self, name: str, data: Any) -> Path:
        return write_atomic(self.folder / name, json.dumps(data, indent=1) + "\n")


def _show(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, str) and len(value) == 64:
        return value[:12] + "…"  # a digest
    return json.dumps(value)
