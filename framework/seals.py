"""Seals on the records of a study: a keyed digest that an edited or forged record lacks.

Replaying a record proves that its moves are legal and lead to its result, not that the
study's agents played them: a record rewritten as another legal game (different moves, a
different winner, headers adjusted) replays as well as the real one. So each record a study
writes carries ``[Seal "…"]``, an HMAC-SHA256 of the study, the game's index and the record,
under a key kept outside the folder (``BOARDSPEC_STUDY_KEY`` names the key file; by default
``$XDG_CONFIG_HOME/boardspec/study.key``, made on first use, readable by its owner only).
Whoever can edit the folder but not read the key cannot make a seal that matches; so a key
that other users may read or write is refused (``chmod 600`` it), never used.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import stat
from pathlib import Path
from typing import Any

from framework.errors import BoardspecError
from framework.records import Record

SEAL_HEADER = "Seal"
KEY_BYTES = 32
#: The permission bits of a key that others than its owner may read or write.
SHARED_BITS = stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
_SCHEME = "hmac-sha256"


class SealError(BoardspecError):
    """The study key cannot be read or made."""


def key_path() -> Path:
    found = os.environ.get("BOARDSPEC_STUDY_KEY")
    if found:
        return Path(found)
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config) / "boardspec" / "study.key"


def study_key() -> bytes:
    """The key of this user's studies, made (atomically, mode 0600) the first time."""
    path = key_path()
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(f".{path.name}.{os.getpid()}.part")
        descriptor = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as handle:
            handle.write(secrets.token_hex(KEY_BYTES) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(part, path)  # never replaces a key another run made meanwhile
        except FileExistsError:
            pass
        finally:
            part.unlink(missing_ok=True)
        return _read_key(path)
    except OSError as exc:
        raise SealError(f"cannot make the study key {path}: {exc.strerror or exc}; set "
                        "BOARDSPEC_STUDY_KEY to a file boardspec may create") from None


def _read_key(path: Path) -> bytes:
    if path.exists() and not path.is_file():
        raise SealError(f"the study key {path} is not a regular file")
    try:
        with path.open("rb") as handle:
            _private(path, os.fstat(handle.fileno()).st_mode)
            text = handle.read(4 * KEY_BYTES).decode("ascii", "replace").strip()
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise SealError(f"cannot read the study key {path}: {exc.strerror or exc}") from None
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise SealError(f"the study key {path} is not {KEY_BYTES} bytes in hexadecimal; "
                        "remove it to make a new one (records sealed with it will then be "
                        "played again)")
    return key


def _private(path: Path, mode: int) -> None:
    """Refuse a key that others may read (they could seal a forged record) or write."""
    if mode & SHARED_BITS:
        who = "read" if mode & (stat.S_IRGRP | stat.S_IROTH) else "written"
        raise SealError(f"the study key {path} may be {who} by other users (mode "
                        f"{stat.S_IMODE(mode):04o}): whoever reads it can seal a forged "
                        f"record; make it private with: chmod 600 {path}")


def _digest(key: bytes, study: dict[str, Any], index: int, record: Record) -> str:
    unsealed = {k: v for k, v in record.headers.items() if k != SEAL_HEADER}
    message = json.dumps({"study": study, "index": index, "headers": unsealed,
                          "turns": record.turns}, sort_keys=True, ensure_ascii=True)
    mac = hmac.new(key, message.encode("ascii"), hashlib.sha256).hexdigest()
    return f"{_SCHEME}:{mac}"


def sealed(record: Record, study: dict[str, Any], index: int) -> Record:
    """A copy of ``record`` with its seal as the last header."""
    headers = {k: v for k, v in record.headers.items() if k != SEAL_HEADER}
    copy = Record(headers=headers, turns=[list(t) for t in record.turns],
                  source=record.source)
    copy.headers[SEAL_HEADER] = _digest(study_key(), study, index, copy)
    return copy


def seal_problem(record: Record, study: dict[str, Any], index: int) -> str | None:
    """What is wrong with ``record``'s seal as game ``index`` of ``study`` (None: it holds)."""
    found = record.headers.get(SEAL_HEADER)
    if found is None:
        return "it has no seal, so this study did not write it"
    if not hmac.compare_digest(found, _digest(study_key(), study, index, record)):
        return (f"its seal does not match: it was edited since this study wrote it, or "
                f"sealed with another key than {key_path()} (BOARDSPEC_STUDY_KEY names the "
                "key of the machine that wrote it)")
    return None
