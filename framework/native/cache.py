"""The native cache, proven before anything in it is loaded.

What the cache holds runs as code: the kernels' modules, numba's machine code (whose
index and data files numba reads with ``pickle``), and the libraries linked ahead of time
(whose constructors run when they are loaded). So:

- the folder (``cache_dir()``) is made readable by its owner only (0700), and refused when
  it belongs to another user or others may write in it (``CacheRefused``: the callers
  then play with the Python engine, saying so once with the folder's path); numba's own
  folder for a module is held to the same;
- every file written here is written by this user's processes under a temporary name and
  renamed (a process stopped half way leaves no part of a file that is read), and each
  artefact is checked against a keyed digest (HMAC-SHA256, ``digest``) recorded when it
  was built, under a key made in the folder on first use (``key``, 0600): numba's files
  of the kernels' modules are digested as numba writes them and sealed per module
  (``seals/<module>.json``), and read through ``numba_file_trusted`` (the bytes checked
  are the bytes unpickled); a file whose digest is missing or differs is taken as absent
  (numba compiles again and writes its own) or is not loaded (a library is linked
  again): a file put there by anyone but the process that built it is never loaded.

Nothing here imports numba: a count by a library linked ahead of time checks its library
without it.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import stat
from pathlib import Path
from typing import Any

from framework.errors import BoardspecError


def cache_dir() -> Path:
    """Where the kernels' modules, numba's machine code and the libraries linked ahead of
    time are kept (``$BOARDSPEC_NATIVE_CACHE``, default ``~/.cache/boardspec/native``)."""
    found = os.environ.get("BOARDSPEC_NATIVE_CACHE")
    return Path(found) if found else Path.home() / ".cache" / "boardspec" / "native"


KEY_FILE = "key"
KEY_BYTES = 32
#: The folder of the digests of numba's files, one record per module (``<module>.json``).
SEALS = "seals"
#: What the name of a temporary file numba is writing holds (``<file>.tmp.<pid>.<uuid>``,
#: ``framework/native/runtime.py``).
NUMBA_TEMPORARY = ".tmp."


class CacheRefused(BoardspecError):
    """The cache folder cannot be made, written or trusted (the message names it)."""


def checked(path: Path) -> Path:
    """``path``, a folder this user owns and no one else may write in, or ``CacheRefused``."""
    try:
        info = path.stat()  # a link is followed: the folder it names is checked
    except OSError as exc:
        raise CacheRefused(f"{path} cannot be read: {exc.strerror or exc}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise CacheRefused(f"{path} is not a folder")
    if info.st_uid != os.geteuid():
        raise CacheRefused(f"{path} belongs to another user (uid {info.st_uid}), whose "
                           "files this process would load as code")
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise CacheRefused(f"{path} may be written by other users (mode "
                           f"{stat.S_IMODE(info.st_mode):04o}); `chmod go-w` it, or remove it")
    if not os.access(path, os.W_OK | os.X_OK):
        raise CacheRefused(f"{path} cannot be written")
    return path


def private_folder(path: Path) -> Path:
    """``path`` made (0700, with its parents) if it is not there, then ``checked``."""
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise CacheRefused(f"{path} cannot be made: {exc.strerror or exc}") from None
    return checked(path)


def folder() -> Path:
    """The cache folder, proven (``checked``), made on first use."""
    return private_folder(cache_dir())


def problem() -> str | None:
    """Why the cache cannot be used here (naming its folder), or None."""
    try:
        key()
    except CacheRefused as exc:
        return f"the native kernels' cache cannot be used: {exc}"
    return None


def write(path: Path, data: bytes) -> None:
    """Write ``path`` (0600) under a temporary name and rename it: a reader finds the old
    file or the whole new one, and an interrupted write leaves nothing behind."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW,
                             0o600)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except BaseException as exc:  # Ctrl-C too: no temporary file is left
        temporary.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise CacheRefused(f"{path} cannot be written: {exc.strerror or exc}") from None
        raise


_key: dict[Path, bytes] = {}


def key() -> bytes:
    """The key of this cache's digests, made the first time (never replacing one another
    process made meanwhile)."""
    path = folder() / KEY_FILE
    if path in _key:
        return _key[path]
    try:
        found = _read_key(path)
    except FileNotFoundError:
        part = path.with_name(f".{KEY_FILE}.{os.getpid()}.tmp")
        try:
            descriptor = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(secrets.token_bytes(KEY_BYTES))
            with contextlib.suppress(FileExistsError):  # another process made it first
                os.link(part, path)
        except OSError as exc:
            raise CacheRefused(f"{path} cannot be made: {exc.strerror or exc}") from None
        finally:
            part.unlink(missing_ok=True)
        found = _read_key(path)
    _key[path] = found
    return found


def _read_key(path: Path) -> bytes:
    descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(descriptor, "rb") as handle:
        info = os.fstat(handle.fileno())
        if info.st_uid != os.geteuid() or info.st_mode & 0o077:
            raise CacheRefused(f"{path} is not this user's alone (mode "
                               f"{stat.S_IMODE(info.st_mode):04o}); remove it")
        found = handle.read(KEY_BYTES + 1)
    if len(found) != KEY_BYTES:
        raise CacheRefused(f"{path} is not a key this cache made; remove it")
    return found


def digest(data: bytes) -> str:
    """The keyed digest of ``data`` under this cache's key."""
    return hmac.new(key(), data, hashlib.sha256).hexdigest()


def matches(data: bytes, recorded: Any) -> bool:
    return isinstance(recorded, str) and hmac.compare_digest(digest(data), recorded)


# numba's files -------------------------------------------------------------------------
#: The names numba gives the files of the kernels' modules begin so (``backend.py``); the
#: files of the package's own modules (the runtime) are the package's, beside it.
MODULE_PREFIX = "boardspec_native_"
#: Per module, the digest of each file numba wrote for it in this process, as it wrote it.
_written: dict[str, dict[str, str]] = {}


def numba_folder(module: Any) -> Path | None:
    """Where numba keeps the machine code of ``module``'s functions (beside it, or under
    ``$NUMBA_CACHE_DIR``), read from one of its dispatchers; None for a module without
    any."""
    for value in vars(module).values():
        if getattr(getattr(value, "py_func", None), "__module__", None) != module.__name__:
            continue  # imported from the package's own modules, cached beside them
        found = getattr(getattr(value, "_cache", None), "_cache_path", None)
        if found:
            return Path(found)
    return None


def check_numba_folder(module: Any) -> None:
    """Before numba reads any of ``module``'s files: their folder made or proven, as the
    cache's own (``checked``)."""
    where = numba_folder(module)
    if where is not None:
        private_folder(where)


def _module_of(path: Path) -> str | None:
    name = path.name
    return name.split(".", 1)[0] if name.startswith(MODULE_PREFIX) else None


def _seals_path(module: str) -> Path:
    return private_folder(folder() / SEALS) / f"{module}.json"


def _seals(module: str) -> dict[str, Any]:
    try:
        found = json.loads(_seals_path(module).read_bytes())
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def numba_file_trusted(path: Path, data: bytes) -> bool:
    """Whether numba may unpickle ``data``, read from ``path``: a file of a kernels' module
    whose digest this cache recorded when a process of this user wrote it (in this process,
    or sealed by another); any other file of the package's is its own."""
    module = _module_of(path)
    if module is None:
        return True
    recorded = _written.get(module, {}).get(path.name) or _seals(module).get(path.name)
    return matches(data, recorded)


def numba_writer(path: Path, handle: Any) -> Any:
    """A file ``handle`` numba writes ``path`` through that records the digest of what it
    writes (``written``), for a file of a kernels' module; else ``handle`` itself."""
    module = _module_of(path)
    if module is None:
        return handle
    return _Digesting(handle, hmac.new(key(), digestmod=hashlib.sha256), module, path.name)


class _Digesting:
    """A file opened for writing that digests what is written into it."""

    def __init__(self, handle: Any, digester: Any, module: str, name: str) -> None:
        self.handle, self.digester, self.module, self.name = handle, digester, module, name

    def write(self, data: bytes) -> int:
        self.digester.update(data)
        written: int = self.handle.write(data)
        return written

    def written(self) -> None:
        """The file is in place: its digest is recorded (sealed by ``seal_numba_files``)."""
        _written.setdefault(self.module, {})[self.name] = self.digester.hexdigest()


def seal_numba_files(module: Any) -> None:
    """Add the digests of the files numba wrote for ``module`` in this process to the
    module's seals, for later processes to load them."""
    mine = _written.get(module.__name__)
    if not mine:
        return
    seals = _seals(module.__name__)
    if all(seals.get(name) == value for name, value in mine.items()):
        return
    write(_seals_path(module.__name__), json.dumps({**seals, **mine},
                                                   sort_keys=True).encode())


def sweep(module: Any, pid: int) -> None:
    """Remove the temporary files the process ``pid`` was writing for ``module`` when it
    was stopped (``framework.native.runtime``'s ``_open_for_write`` names them)."""
    where = numba_folder(module)
    if where is None or not where.is_dir():
        return
    for path in where.iterdir():
        if path.name.startswith(module.__name__ + ".") and f"{NUMBA_TEMPORARY}{pid}." in \
                path.name:
            path.unlink(missing_ok=True)


# Records -------------------------------------------------------------------------------
def sealed(record: dict[str, Any]) -> bytes:
    """``record`` as JSON with its digest (``"seal"``) in it."""
    body = {k: v for k, v in record.items() if k != "seal"}
    return json.dumps({**body, "seal": digest(_canonical(body))}).encode()


def unsealed(data: bytes) -> dict[str, Any] | None:
    """The record ``sealed`` wrote, or None when it is not one or its digest differs."""
    try:
        found = json.loads(data)
    except ValueError:
        return None
    if not isinstance(found, dict):
        return None
    body = {k: v for k, v in found.items() if k != "seal"}
    return body if matches(_canonical(body), found.get("seal")) else None


def _canonical(body: dict[str, Any]) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
