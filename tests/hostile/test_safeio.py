"""The bounded reader and the atomic writer every command uses."""

from __future__ import annotations

import errno
import os
import stat
import threading
from pathlib import Path

import pytest

from framework import safeio
from framework.errors import InputError, OutputError, PositionError


def test_a_file_over_the_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"x" * 101)
    assert safeio.read_bytes(path, 101) == b"x" * 101
    with pytest.raises(InputError, match="101 bytes; the limit is 100"):
        safeio.read_bytes(path, 100)


def test_missing_and_special_files(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        safeio.read_text(tmp_path / "nothing", 10)
    with pytest.raises(InputError, match="a folder, not a file"):
        safeio.read_text(tmp_path, 10)
    with pytest.raises(InputError, match="a device or a pipe"):
        safeio.read_text("/dev/zero", 10)
    with pytest.raises(InputError, match="not a possible file name"):
        safeio.read_text("a\0b", 10)
    with pytest.raises(OutputError, match="not a possible file name"):
        safeio.write_text(tmp_path / "a\0b", "x")


def test_json_nesting_is_bounded_and_errors_are_the_callers() -> None:
    assert safeio.load_json('{"a": [[[1]]], "b": "[[[[["}', "x") == {"a": [[[1]]],
                                                                      "b": "[[[[["}
    with pytest.raises(PositionError, match="nested more than 64"):
        safeio.load_json("[" * 65 + "]" * 65, "the position", PositionError)
    with pytest.raises(InputError, match="not valid JSON"):
        safeio.load_json("{", "the record")


def test_a_write_replaces_the_file_whole_and_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "out" / "deeper" / "schema.json"
    safeio.write_text(path, "first\n")
    os.chmod(path, 0o640)
    safeio.write_text(path, "second\n")
    assert path.read_text() == "second\n"
    assert path.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in path.parent.iterdir()) == ["schema.json"]


def test_a_failed_write_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                        ) -> None:
    path = tmp_path / "rulebook.md"
    path.write_text("old\n")

    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(safeio.os, "replace", full)
    with pytest.raises(OutputError, match="the disk is full; nothing was changed"):
        safeio.write_text(path, "new\n")
    assert path.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["rulebook.md"]


def test_output_paths_are_checked_before_any_work(tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    with pytest.raises(OutputError, match="it is a folder"):
        safeio.check_output_file(tmp_path)
    with pytest.raises(OutputError, match="is a file, not a folder"):
        safeio.check_output_file(a_file / "below" / "x.svg")
    with pytest.raises(OutputError, match="it is a file, not a folder"):
        safeio.check_output_dir(a_file)
    assert safeio.check_output_dir(tmp_path / "new" / "folder") == tmp_path / "new" / "folder"
    assert not (tmp_path / "new").exists()  # checking creates nothing


def test_writing_to_a_pipe_writes_into_it_and_leaves_it_a_pipe(tmp_path: Path) -> None:
    """Renaming over a device or pipe would replace it with a regular file (as root,
    ``--save /dev/null`` once turned /dev/null into a file for the whole machine)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    safeio.write_text(fifo, "hello\n")
    reader.join(timeout=10)
    assert received == [b"hello\n"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]  # no temporary left


# Reading inside a folder ------------------------------------------------------------------
def swapped_at_open(monkeypatch: pytest.MonkeyPatch, path: Path, target: Path) -> None:
    """Make ``path`` a link to ``target`` for the moment it is opened, and a plain file
    again just after: a swap that wins the race between any check and the open."""
    real_open = os.open

    def racing_open(name: str | os.PathLike[str], flags: int, *args: int) -> int:
        if Path(name) != path:
            return real_open(name, flags, *args)
        kept = path.read_bytes()
        path.unlink()
        path.symlink_to(target)
        try:
            return real_open(name, flags, *args)
        finally:
            path.unlink()
            path.write_bytes(kept)
    monkeypatch.setattr(os, "open", racing_open)


def test_a_file_read_inside_a_folder_never_leaves_it(tmp_path: Path) -> None:
    folder, private = tmp_path / "served", tmp_path / "private.txt"
    folder.mkdir()
    private.write_text("secret\n")
    (folder / "mine.yaml").write_text("mine\n")
    (folder / "same.yaml").symlink_to("mine.yaml")
    (folder / "out.yaml").symlink_to(private)
    assert safeio.read_text(folder / "same.yaml", 100, inside=folder) == "mine\n"
    with pytest.raises(safeio.OutsideError) as refused:
        safeio.read_text(folder / "out.yaml", 100, "game file", inside=folder)
    assert "outside its folder" in str(refused.value)
    assert str(tmp_path) not in str(refused.value).replace(str(folder / "out.yaml"), "")
    assert safeio.read_text(folder / "out.yaml", 100) == "secret\n"  # (no folder: read)


def test_a_link_swapped_in_as_the_file_is_opened_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Checked on the file actually opened, not only on the path before and after."""
    folder, private = tmp_path / "served", tmp_path / "private.txt"
    folder.mkdir()
    private.write_text("secret\n")
    mine = folder / "mine.yaml"
    mine.write_text("mine\n")
    swapped_at_open(monkeypatch, mine, private)
    with pytest.raises(safeio.OutsideError):
        safeio.read_text(mine, 100, inside=folder)
    assert not mine.is_symlink() and mine.read_text() == "mine\n"  # (swapped back)
