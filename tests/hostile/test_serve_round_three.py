"""Issue 48's findings on ``boardspec serve`` besides the views: a restart with another person
seated is an offer (as a take-back is), the database holding every seat token is its
owner's only, a shared study key is refused, a row that does not read leaves the recent
games to the others, and under ``--watch`` a served file swapped for a link out of its
folder is never read."""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from framework.web import create_app
from tests.conftest import ROOT

GAMES = ROOT / "games"
SECRET = "private: the first line of a file no visitor may read"


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app([GAMES]), base_url="http://localhost") as opened:
        yield opened


def new_game(client: TestClient, seats: list[str]) -> tuple[str, list[Any]]:
    created = client.post("/api/play", json={"game": "tic-tac-toe", "seats": seats,
                                             "seed": 1}).json()
    return created["id"], created["tokens"]


def header(*tokens: str) -> dict[str, str]:
    return {"X-Boardspec-Tokens": " ".join(tokens)}


# A restart is an offer --------------------------------------------------------------------
def test_a_seat_cannot_restart_a_game_alone_that_another_person_plays(
        client: TestClient) -> None:
    game_id, (x, o) = new_game(client, ["human", "human"])
    base = f"/api/play/{game_id}"
    assert client.post(f"{base}/apply", json={"token": x, "ply": 0, "action": "b2"},
                       headers=header(x)).status_code == 200
    asked = client.post(f"{base}/restart", json={"token": o}, headers=header(o))
    assert asked.status_code == 200, asked.text
    assert asked.json()["outcome"] == "pending" and asked.json()["archived"] is None
    state = asked.json()["state"]
    assert state["ply"] == 1 and state["offer"]["kind"] == "restart"  # nothing restarted
    # o cannot answer its own offer; x declines, and the game goes on.
    assert client.post(f"{base}/answer", json={"token": o, "accept": True}).status_code == 403
    declined = client.post(f"{base}/answer", json={"token": x, "accept": False}).json()
    assert declined["outcome"] == "declined" and declined["state"]["ply"] == 1
    # Asked again, and accepted: the game starts again.
    client.post(f"{base}/restart", json={"token": o}, headers=header(o))
    agreed = client.post(f"{base}/answer", json={"token": x, "accept": True}).json()
    assert agreed["outcome"] == "agreed" and agreed["state"]["ply"] == 0
    assert agreed["state"]["offer"] is None


def test_a_restart_needs_no_one_else_when_there_is_no_other_person(
        client: TestClient) -> None:
    # Against an agent; holding both seats; and once the game is over.
    game_id, (x, _none) = new_game(client, ["human", "random"])
    client.post(f"/api/play/{game_id}/apply", json={"token": x, "ply": 0, "action": "b2"})
    alone = client.post(f"/api/play/{game_id}/restart", json={"token": x}).json()
    assert alone["outcome"] == "agreed" and alone["state"]["ply"] == 0 and alone["archived"]
    game_id, (x, o) = new_game(client, ["human", "human"])
    client.post(f"/api/play/{game_id}/apply", json={"token": x, "ply": 0, "action": "b2"})
    both = client.post(f"/api/play/{game_id}/restart", json={"token": o},
                       headers=header(x, o)).json()
    assert both["outcome"] == "agreed" and both["state"]["ply"] == 0
    for ply, (token, action) in enumerate([(x, "a1"), (o, "a2"), (x, "b1"), (o, "b2"),
                                           (x, "c1")]):
        assert client.post(f"/api/play/{game_id}/apply", json={
            "token": token, "ply": ply, "action": action}).status_code == 200
    over = client.post(f"/api/play/{game_id}/restart", json={"token": o},
                       headers=header(o)).json()
    assert over["outcome"] == "agreed" and over["state"]["ply"] == 0


# The database and the study key ---------------------------------------------------------
def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_database_is_its_owners_only(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    with TestClient(create_app([GAMES], db), base_url="http://localhost") as client:
        new_game(client, ["human", "human"])
        written = [p for p in tmp_path.iterdir() if p.name.startswith("games.sqlite")]
        assert written and all(mode(p) == 0o600 for p in written), \
            {p.name: oct(mode(p)) for p in written}
    # A database of an older server, readable by everyone: made private when opened.
    db.chmod(0o644)
    with TestClient(create_app([GAMES], db), base_url="http://localhost"):
        assert mode(db) == 0o600


@pytest.mark.parametrize("bits", [0o644, 0o604, 0o640, 0o622], ids=oct)
def test_a_study_key_others_may_read_or_write_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bits: int) -> None:
    from framework.seals import SealError, study_key

    key = tmp_path / "study.key"
    monkeypatch.setenv("BOARDSPEC_STUDY_KEY", str(key))
    made = study_key()  # made private
    assert mode(key) == 0o600 and len(made) == 32
    key.chmod(bits)
    with pytest.raises(SealError, match=r"other users .*chmod 600"):
        study_key()
    key.chmod(0o600)
    assert study_key() == made


def test_a_row_that_does_not_read_leaves_the_recent_games_to_the_others(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    db = tmp_path / "games.sqlite"
    with TestClient(create_app([GAMES], db), base_url="http://localhost") as client:
        game_id, _tokens = new_game(client, ["human", "human"])
        with sqlite3.connect(db) as raw:  # (a file edited by hand, a disk error)
            row = raw.execute("SELECT * FROM games WHERE id=?", (game_id,)).fetchone()
            for broken, column in (("bad-seats", "seats"), ("bad-plies", "plies"),
                                   ("bad-time", "updated")):
                raw.execute(f"INSERT INTO games VALUES ({','.join('?' * len(row))})",
                            (broken, *row[1:]))
                value = "not json" if column != "updated" else "yesterday"
                raw.execute(f"UPDATE games SET {column}=? WHERE id=?", (value, broken))
        with caplog.at_level(logging.WARNING, "framework.web.store"):
            for _ in range(3):
                recent = client.get("/api/recent")
                assert recent.status_code == 200, recent.text
                assert [g["id"] for g in recent.json()["games"]] == [game_id]
        said = [r.getMessage() for r in caplog.records if "does not read" in r.getMessage()]
        assert len(said) == 3 and all("left out" in s for s in said)  # once per row


# --watch and links ----------------------------------------------------------------------
def served(tmp_path: Path) -> tuple[Path, Path]:
    folder, outside = tmp_path / "served", tmp_path / "private"
    folder.mkdir()
    outside.mkdir()
    shutil.copy(GAMES / "tic-tac-toe.yaml", folder / "mine.yaml")
    (outside / "secret.yaml").write_text(SECRET + "\n: [\n", encoding="utf-8")
    return folder, outside / "secret.yaml"


def everything_shown(client: TestClient) -> str:
    return client.get("/api/games").text + client.get("/api/games/mine").text + \
        client.get("/").text


def test_a_served_file_swapped_for_a_link_out_of_its_folder_is_never_read(
        tmp_path: Path) -> None:
    folder, secret = served(tmp_path)
    app = create_app([folder], watch=True, poll_seconds=3600)  # (polled by the test)
    with TestClient(app, base_url="http://localhost") as client:
        assert client.get("/api/games/mine").json()["playable"]
        game = folder / "mine.yaml"
        game.unlink()
        game.symlink_to(secret)
        assert app.state.server.library.poll() == ["mine"]
        shown = everything_shown(client)
        assert SECRET not in shown and "private" not in shown
        errors = client.get("/api/games/mine").json()["errors"]
        assert "outside the served folder" in errors[0]["text"], errors
        # A link to another file of the folder is read as that file.
        shutil.copy(GAMES / "tic-tac-toe.yaml", folder / "other.yaml")
        game.unlink()
        game.symlink_to("other.yaml")
        app.state.server.library.poll()
        assert client.get("/api/games/mine").json()["errors"] == []


def test_a_link_swapped_in_only_while_the_file_is_opened_is_never_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The swap that wins the race: a link out for the moment the server opens the file, a
    file again before and after. The file opened is what is checked."""
    from tests.hostile.test_safeio import swapped_at_open

    folder, secret = served(tmp_path)
    app = create_app([folder], watch=True, poll_seconds=3600)  # (polled by the test)
    with TestClient(app, base_url="http://localhost") as client:
        game = folder / "mine.yaml"
        game.write_text(game.read_text() + "# saved again\n")
        swapped_at_open(monkeypatch, game, secret)
        app.state.server.library.poll()
        monkeypatch.undo()
        shown = everything_shown(client)
        assert SECRET not in shown and "private" not in shown
        errors = client.get("/api/games/mine").json()["errors"]
        assert "outside the served folder" in errors[0]["text"], errors


def test_a_link_out_of_a_served_folder_is_refused_from_the_start(tmp_path: Path) -> None:
    folder, secret = served(tmp_path)
    (folder / "linked.yaml").symlink_to(secret)
    with TestClient(create_app([folder]), base_url="http://localhost") as client:
        shown = client.get("/api/games").text + client.get("/api/games/linked").text
        assert SECRET not in shown
        assert "outside the served folder" in client.get("/api/games/linked").json()[
            "errors"][0]["text"]
    # A file given by its own path is read from where it is (its folder is its own).
    with TestClient(create_app([secret]), base_url="http://localhost") as client:
        assert client.get("/api/games/secret").json()["errors"][0]["line"] > 0


def test_the_database_file_mode_does_not_depend_on_the_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        with TestClient(create_app([GAMES], tmp_path / "open.sqlite"),
                        base_url="http://localhost"):
            assert mode(tmp_path / "open.sqlite") == 0o600
    finally:
        os.umask(old)
