"""The designer's bench of ``boardspec serve`` (issue 29) through its JSON API: the position
editor's check (position JSON and FEN read by the engine, errors in words), a game started
from a position ("start here") whose record replays, a game opened from a record, the state
inspector's view, and a game kept across an edited rules file under --watch."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from framework import load_game
from framework.records import Record

from .conftest import ROOT

GAMES = ROOT / "games"
#: White: king e1, rook h1, may castle short; black: king e8. White's moves, counted by hand:
#: the king's five steps and the castling, the rook's seven up and two left: 15.
CASTLING = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
BENCH_GAMES = ("chess", "ataxx", "nine-mens-morris", "kalah", "backgammon")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    from framework.web import create_app

    served = [GAMES / f"{name}.yaml" for name in BENCH_GAMES]  # (all of them load slowly)
    with TestClient(create_app(served), base_url="http://localhost") as opened:
        yield opened


def check(client: TestClient, game: str, **body: Any) -> Any:
    response = client.post(f"/api/games/{game}/position", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_the_editor_reads_a_fen_and_writes_the_position_the_cli_reads(
        client: TestClient) -> None:
    from framework.cli import _register, app

    _register()
    found = check(client, "chess", fen=CASTLING)
    assert found["valid"] and found["error"] == "" and found["fen"] == CASTLING
    assert found["legal"]["count"] == 15 and {"notation": "e1g1", "written": "e1g1"} in \
        found["legal"]["actions"]
    assert found["position"]["cells"]["h1"] == {"owner": "white", "piece": "rook"}
    kinds = [p["kind"] for p in found["palette"]["pieces"]]
    assert kinds == ["king", "queen", "rook", "bishop", "knight", "pawn"]
    # The JSON it wrote is what the command line reads: the same 15 moves.
    listed = CliRunner().invoke(app, ["moves", "chess", "--position",
                                      json.dumps(found["position"])])
    assert listed.exit_code == 0, listed.output
    assert "e1g1" in listed.output and "h1h8" in listed.output
    # And read back, it is the same position.
    again = check(client, "chess", position=found["position"])
    assert again["fen"] == CASTLING


def test_a_position_that_is_no_position_of_the_game_is_said_in_words_and_still_drawn(
        client: TestClient) -> None:
    found = check(client, "chess", position={"to_move": "white", "cells": {
        "e1": {"owner": "white", "piece": "king"}}})
    assert not found["valid"] and "black has no king" in found["error"]
    assert 'data-cell="e1"' in found["svg"] and "position" not in found
    unknown = check(client, "chess", position={"cells": {"z9": "white"}})
    assert not unknown["valid"] and "z9" in unknown["error"]
    refused = client.post("/api/games/chess/position", json={"fen": CASTLING,
                                                            "position": {}})
    assert refused.status_code == 422 and "one of them" in refused.json()["error"]
    assert client.post("/api/games/nope/position", json={"fen": "x"}).status_code == 404
    # Another site's page may not use the editor's check, nor start a game from a position.
    for path, sent in (("/api/games/chess/position", {"fen": CASTLING}),
                       ("/api/play", {"game": "chess", "fen": CASTLING})):
        other = client.post(path, json=sent, headers={"Origin": "http://evil.example"})
        assert other.status_code == 403, path


def test_hands_and_piles_are_numbers_of_the_palette(client: TestClient) -> None:
    morris = check(client, "nine-mens-morris", position=load_game(
        GAMES / "nine-mens-morris.yaml").new_initial_state().to_json())
    assert {"hand.white.man", "hand.black.man"} <= set(morris["palette"]["numbers"])
    kalah = check(client, "kalah", position={"to_move": "south", "seed.a1": 5})
    assert "seed.a1" in kalah["palette"]["numbers"] and kalah["palette"]["pieces"] == []
    assert kalah["valid"] and kalah["position"]["seed.a1"] == 5


def test_start_here_plays_from_the_position_and_its_record_replays(
        client: TestClient) -> None:
    created = client.post("/api/play", json={"game": "chess", "seats": ["human", "human"],
                                             "fen": CASTLING})
    assert created.status_code == 201, created.text
    data = created.json()
    assert data["state"]["ply"] == 0 and len(data["state"]["legal"]) == 15
    game_id, tokens = data["id"], data["tokens"]
    moved = client.post(f"/api/play/{game_id}/apply", json={"token": tokens[0], "ply": 0,
                                                           "action": "e1g1"})
    assert moved.status_code == 200, moved.text
    assert moved.json()["state"]["pieces"]["f1"] == "white"  # castled: the rook on f1
    text = client.get(f"/api/play/{game_id}/record").text
    record = Record.from_text(text)
    assert "Position" in record.headers
    after = record.replay(load_game(GAMES / "chess.yaml"))
    assert after.to_fen().split()[0] == "4k3/8/8/8/8/8/8/5RK1"
    bad = client.post("/api/play", json={"game": "chess", "fen": "4k3/8/8 w - - 0 1"})
    assert bad.status_code == 422 and bad.json()["error"].startswith("the position: ")


def test_a_record_opens_as_a_game_whose_moves_step_back(client: TestClient) -> None:
    created = client.post("/api/play", json={"game": "ataxx", "seats": ["human", "human"],
                                             "seed": 3}).json()
    game_id, tokens = created["id"], created["tokens"]
    for ply, action in enumerate(["f1", "a2", "b6", "g6"]):
        client.post(f"/api/play/{game_id}/apply", json={"token": tokens[ply % 2], "ply": ply,
                                                       "action": action})
    text = client.get(f"/api/play/{game_id}/record").text
    opened = client.post("/api/play", json={"game": "ataxx", "seats": ["human", "human"],
                                            "record": text})
    assert opened.status_code == 201, opened.text
    state = opened.json()["state"]
    assert [t["actions"] for t in state["turns"]] == [["f1"], ["a2"], ["b6"], ["g6"]]
    second = client.get(f"/api/play/{opened.json()['id']}?turn=2&inspect=1").json()
    assert second["viewing"] == 2 and second["inspect"]["to_move"] == "x"
    assert set(second["inspect"]["position"]["cells"]) == {"a7", "g1", "a1", "g7", "f1",
                                                           "a2"}
    bad = client.post("/api/play", json={"game": "ataxx", "record": text.replace(
        "3. b6", "3. b5")})
    assert bad.status_code == 422
    assert "ply 3 (turn 3, 'b5') is refused" in bad.json()["error"]
    other = client.post("/api/play", json={"game": "chess", "record": text})
    assert other.status_code == 422 and "'Ataxx', not of 'Chess'" in other.json()["error"]


def test_the_inspector_shows_slots_phase_counters_and_legal_actions(
        client: TestClient) -> None:
    created = client.post("/api/play", json={"game": "chess", "seats": ["human", "human"],
                                             "fen": CASTLING}).json()
    seen = client.get(f"/api/play/{created['id']}?inspect=1").json()["inspect"]
    slots = {s["name"]: s["value"] for s in seen["slots"]}
    assert slots["castling"] == "K" and slots["en_passant"] is None
    assert seen["phase"] == "move" and seen["to_move"] == "white"
    assert seen["legal"]["count"] == 15
    backgammon = client.post("/api/play", json={"game": "backgammon", "seed": 1}).json()
    counters = client.get(f"/api/play/{backgammon['id']}?inspect=1").json()["inspect"][
        "counters"]
    assert counters["x"] == {"bar": 0, "borne_off": 0}


def test_an_edited_file_keeps_the_game_up_to_the_first_move_it_refuses(
        tmp_path: Path) -> None:
    from framework.web import create_app

    path = tmp_path / "mine.yaml"
    shutil.copy(ROOT / "tests" / "data" / "ataxx-plain.yaml", path)
    text = path.read_text()
    app = create_app([path], watch=False)
    with TestClient(app, base_url="http://localhost") as client:
        created = client.post("/api/play", json={"game": "mine", "seats": ["human", "human"]})
        game_id, tokens = created.json()["id"], created.json()["tokens"]
        for ply, action in enumerate(["f1", "a2", "b6", "g6"]):
            assert client.post(f"/api/play/{game_id}/apply", json={
                "token": tokens[ply % 2], "ply": ply, "action": action}).status_code == 200
        unchanged = client.get(f"/api/play/{game_id}/replay").json()
        assert unchanged["kept"] == 4 and unchanged["reason"] == ""
        # Orthogonal steps only: the clone of turn 3 (a7 to b6, diagonal) is refused.
        edited = text.replace("adjacency: king", "adjacency: orthogonal")
        assert edited != text
        path.write_text(edited)
        app.state.server.library.poll()
        report = client.get(f"/api/play/{game_id}/replay").json()
        assert report["version"] != report["file_version"]
        assert (report["kept"], report["turns_kept"], report["turn"]) == (2, 2, 3)
        assert report["player"] == "x" and report["action"] == "b6"
        assert "'b6' is not legal here" in report["reason"]
        both = {"X-Boardspec-Tokens": " ".join(tokens)}  # (no other person to ask)
        kept = client.post(f"/api/play/{game_id}/restart", json={"token": tokens[0],
                                                                "keep": True}, headers=both)
        assert kept.status_code == 200, kept.text
        state = kept.json()["state"]
        assert state["ply"] == 2 and state["version"] == report["file_version"]
        assert state["to_move"] == "x" and "b6" not in [a["notation"] for a in state["legal"]]
        assert kept.json()["archived"]  # the game as it was is kept, read-only
        refused = client.post(f"/api/play/{game_id}/restart", json={"token": tokens[0],
                                                                   "keep": "yes"})
        assert refused.status_code == 422


def test_a_game_from_a_position_survives_a_restart_and_an_older_database(
        tmp_path: Path) -> None:
    import sqlite3

    from framework.web import create_app
    from framework.web.store import Store

    db = tmp_path / "games.sqlite"
    served = [GAMES / "chess.yaml"]
    with TestClient(create_app(served, db), base_url="http://localhost") as client:
        game_id = client.post("/api/play", json={"game": "chess", "fen": CASTLING}).json()["id"]
    with TestClient(create_app(served, db), base_url="http://localhost") as client:
        state = client.get(f"/api/play/{game_id}").json()
        assert len(state["legal"]) == 15 and state["pieces"]["h1"] == "white"
    # A database written before positions were kept: the column is added, its games read.
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(old) as connection:
        connection.executescript(
            "CREATE TABLE games (id TEXT PRIMARY KEY, slug TEXT NOT NULL, file TEXT NOT NULL,"
            " rules TEXT NOT NULL, seats TEXT NOT NULL, tokens TEXT NOT NULL, seed INTEGER,"
            " plies TEXT NOT NULL, result TEXT NOT NULL, created REAL NOT NULL,"
            " updated REAL NOT NULL, parameters TEXT NOT NULL DEFAULT '{}');"
            "INSERT INTO games VALUES ('g1', 'chess', 'chess.yaml', 'x', '[\"human\"]',"
            " '[null]', NULL, '[]', 'unfinished', 0, 0, '{}');")
    store = Store(old)
    loaded = store.load("g1")
    store.close()
    assert loaded is not None and loaded.position == "" and loaded.rules == "x"


def test_a_record_with_a_position_replays_on_the_command_line(client: TestClient,
                                                             tmp_path: Path) -> None:
    from framework.cli import _register, app

    _register()
    created = client.post("/api/play", json={"game": "chess", "seats": ["human", "human"],
                                             "fen": CASTLING}).json()
    client.post(f"/api/play/{created['id']}/apply", json={
        "token": created["tokens"][0], "ply": 0, "action": "h1h8"})
    path = tmp_path / "study.txt"
    # A {comment} after a header, and braces inside the Position's value, both read.
    path.write_text(client.get(f"/api/play/{created['id']}/record").text.replace(
        '[Site "boardspec serve"]', '[Site "boardspec serve"] {from the editor}'))
    shown = CliRunner().invoke(app, ["replay", str(path)])
    assert shown.exit_code == 0, shown.output
    assert Record.load(path).headers["Site"] == "boardspec serve"
    replayed = Record.load(path).replay(load_game(GAMES / "chess.yaml"))
    assert replayed.to_fen().split()[0] == "4k2R/8/8/8/8/8/8/4K3"
