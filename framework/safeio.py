"""Reading and writing files safely: bounded reads of regular files only, atomic writes.

Every file boardspec reads from a user (game files, records, positions) goes through
:func:`read_text`: only a regular file is opened (``/dev/zero``, a pipe or a folder gets a
message, never a hang), and no more than its limit is read. Every file boardspec writes
(schema, reference, rulebooks, records, SVG pictures, match summaries) goes through
:func:`write_text`: the text is written to a temporary file beside the target and renamed
over it, so a full disk, a crash or Ctrl-C leaves either the old file or the new one, never
a truncated one. A target that is a device or a pipe (``/dev/null``, ``/dev/stdout``) is
written into directly: renaming over it would replace the device with a file.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import stat
from pathlib import Path
from typing import Any

from framework.errors import InputError, OutputError
from framework.limits import MAX_NESTING


class OutsideError(InputError):
    """A file read from a folder it must stay inside resolves outside it (a link out)."""


def read_bytes(path: str | Path, limit: int, what: str = "file", *,
               inside: str | Path | None = None) -> bytes:
    """The bytes of the regular file ``path``, refused if bigger than ``limit``.

    With ``inside`` (a folder), the file is read only if it lies inside that folder once
    every link is followed: checked before it is opened (nothing outside is opened) and
    again on the file actually opened, so a link swapped in between the check and the open
    is refused as well (an :class:`OutsideError`, whose message names neither folder)."""
    shown = str(path)
    if inside is not None:
        _stays_inside(os.path.realpath(path), inside, what, shown)
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise InputError(f"cannot read the {what} {shown!r}: {_reason(exc)}") from None
    except ValueError:  # a NUL character in the name
        raise InputError(f"cannot read the {what} {shown!r}: not a possible file "
                         "name") from None
    try:
        if inside is not None:
            _stays_inside(_opened_path(fd, path), inside, what, shown)
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a device or a pipe"
            raise InputError(f"cannot read the {what} {shown!r}: it is {kind}, not a file")
        if info.st_size > limit:
            raise InputError(f"the {what} {shown!r} is {info.st_size:,} bytes; the limit is "
                             f"{limit:,} (see docs/limits.md)")
        chunks = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise InputError(f"cannot read the {what} {shown!r}: {_reason(exc)}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:  # the file grew while it was read
        raise InputError(f"the {what} {shown!r} is over the limit of {limit:,} bytes "
                         "(see docs/limits.md)")
    return data


def read_text(path: str | Path, limit: int, what: str = "file", *,
              inside: str | Path | None = None) -> str:
    """The UTF-8 text of the regular file ``path`` (see :func:`read_bytes`)."""
    return decode(read_bytes(path, limit, what, inside=inside), f"the {what} {str(path)!r}")


def _stays_inside(real: str, folder: str | Path, what: str, shown: str) -> None:
    if not Path(real).is_relative_to(os.path.realpath(folder)):
        raise OutsideError(f"the {what} {shown!r} links to a file outside its folder; it "
                           "is not read")


def _opened_path(fd: int, path: str | Path) -> str:
    """Where the file open as ``fd`` is, every link followed: what the kernel opened
    (Linux's ``/proc/self/fd``); elsewhere the path resolved now, if it is still the same
    file as the one open (else a path no folder holds)."""
    try:
        opened = os.readlink(f"/proc/self/fd/{fd}")
        if opened.startswith("/") and not opened.endswith(" (deleted)"):
            return opened
    except OSError:
        pass
    real = os.path.realpath(path)
    try:
        now, held = os.stat(real), os.fstat(fd)
    except OSError:
        return os.devnull
    same = (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)
    return real if same else os.devnull


def decode(data: bytes, what: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{what} is not UTF-8 text (byte {exc.start + 1} is "
                         f"0x{data[exc.start]:02x}); is it a binary file?") from None


def load_json(text: str, what: str, error: type[Exception] = InputError) -> Any:
    """Parse JSON text whose nesting is bounded (deep nesting exhausts Python's stack)."""
    depth = json_depth(text)
    if depth > MAX_NESTING:
        raise error(f"{what} is nested more than {MAX_NESTING} levels deep; that is the "
                    "limit (see docs/limits.md)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{what} is not valid JSON ({exc.msg} at line {exc.lineno} column "
                    f"{exc.colno})") from None
    except (ValueError, RecursionError) as exc:  # e.g. a number of 5,000 digits
        raise error(f"{what} is not usable JSON: {exc}") from None


def json_depth(text: str) -> int:
    """The deepest nesting of brackets outside strings (a fast, conservative bound)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_NESTING:
                    return deepest
        elif char in "]}":
            depth -= 1
    return deepest


# Writing ------------------------------------------------------------------------------
def check_output_file(path: str | Path, what: str = "file") -> Path:
    """Refuse, before any work is done, a path that cannot become a file: an existing
    folder, or a parent that is a file or cannot be created or written."""
    path = _possible(path, what)
    if path.is_dir():
        raise OutputError(f"cannot write the {what} {str(path)!r}: it is a folder; give a "
                          "file name")
    _check_parent(path.parent, path, what)
    return path


def check_output_dir(path: str | Path, what: str = "folder") -> Path:
    """Refuse, before any work is done, a path that cannot become a folder."""
    path = _possible(path, what)
    if path.exists() and not path.is_dir():
        raise OutputError(f"cannot write into {str(path)!r}: it is a file, not a folder")
    if path.is_dir():
        if not os.access(path, os.W_OK | os.X_OK):
            raise OutputError(f"cannot write into {str(path)!r}: permission denied")
        return path
    _check_parent(path.parent, path, what)
    return path


def _possible(path: str | Path, what: str) -> Path:
    if "\0" in str(path):
        raise OutputError(f"cannot write the {what} {str(path)!r}: not a possible file name")
    return Path(path)


def _check_parent(parent: Path, target: Path, what: str) -> None:
    """The nearest existing ancestor must be a folder that we may write in."""
    ancestor = parent
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise OutputError(f"cannot write the {what} {str(target)!r}: {str(ancestor)!r} is a "
                          "file, not a folder")
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write the {what} {str(target)!r}: permission denied in "
                          f"{str(ancestor)!r}")


def write_text(path: str | Path, text: str, what: str = "file") -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically, creating missing parent folders."""
    return write_bytes(path, text.encode("utf-8"), what)


def write_json(path: str | Path, data: Any, what: str = "file") -> Path:
    return write_text(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n", what)


_O_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no newline translation


def write_bytes(path: str | Path, data: bytes, what: str = "file") -> Path:
    """Write to a temporary file in the target's folder, flush it to disk, then rename it
    over the target: readers see the old content or the new, never a part."""
    path = Path(path)
    check_output_file(path, what)
    if _is_special(path):
        return _write_through(path, data, what)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot write the {what} {str(path)!r}: {_reason(exc)}") from None
    # The temporary name is chosen before the file is made, so that a Ctrl-C that lands
    # as the file is created (right after open() returns) still finds it to remove.
    temp = path.parent / f".{path.name}.{secrets.token_hex(6)}.part"
    try:
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_BINARY, 0o600)
        except OSError as exc:
            if isinstance(exc, FileExistsError):  # not ours (a 1 in 2**48 name clash)
                temp = path.parent / f".{path.name}.{secrets.token_hex(6)}.part"
            raise
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, _file_mode(path))
        os.replace(temp, path)
    except BaseException as exc:  # KeyboardInterrupt too: never leave the temporary file
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write the {what} {str(path)!r}: {_reason(exc)}; "
                              "nothing was changed") from None
        raise
    return path


def _is_special(path: Path) -> bool:
    """A device, pipe or socket (``/dev/null``, ``/dev/stdout``): it cannot be renamed
    over — doing so would put a regular file in its place."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _write_through(path: Path, data: bytes, what: str) -> Path:
    """Write straight into a device or pipe, as the user asked (no atomicity to keep)."""
    try:
        with open(path, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        raise OutputError(f"cannot write the {what} {str(path)!r}: {_reason(exc)}") from None
    return path


def _file_mode(path: Path) -> int:
    """Keep the mode of the file replaced; a new file gets the usual 0666 minus umask."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    return (exc.strerror or str(exc)).lower() if exc.strerror else str(exc)
