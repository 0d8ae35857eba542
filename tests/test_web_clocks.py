"""Clocks and players' names in ``boardspec serve`` (issue 29), through the JSON API: the
server keeps the time by a clock the test advances (a fake: nothing here waits or races),
a flag loses, the record says so, a restart keeps the clocks, agents think within them;
names are tidied, bounded, and written in the record."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from framework import load_game
from framework.records import Record
from framework.web import create_app
from framework.web.clocks import Clock, TimeControl, TimeControlError

from .conftest import ROOT

GAMES = ROOT / "games"


class FakeClock:
    """A monotonic clock that moves only when told."""

    def __init__(self) -> None:
        self.at = 1000.0

    def __call__(self) -> float:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def client(clock: FakeClock) -> Iterator[TestClient]:
    with TestClient(create_app([GAMES / "ataxx.yaml"],
                               clock=clock), base_url="http://localhost") as opened:
        yield opened


def start(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/play", json={"game": "ataxx", "seats": ["human", "human"],
                                              **body})
    assert response.status_code == 201, response.text
    return dict(response.json())


def move(client: TestClient, game: dict[str, Any], seat: int, action: str) -> Any:
    state = client.get(f"/api/play/{game['id']}").json()
    return client.post(f"/api/play/{game['id']}/apply", json={
        "action": action, "ply": state["ply"], "token": game["tokens"][seat]})


def test_time_controls_are_read_and_refused_with_the_reason() -> None:
    assert TimeControl.parse("5+3") == TimeControl(5, 3)
    assert TimeControl.parse("0.5+0").seconds == 30
    assert TimeControl.parse("5+3").pgn() == "300+3"
    assert TimeControl.parse("none") is None and TimeControl.parse(None) is None
    for bad in ("5", "5+", "+3", "-1+0", "0+5", "5+3+1", "99999+0", 5):
        with pytest.raises(TimeControlError, match="'clock'"):
            TimeControl.parse(bad)


def test_the_seat_to_move_is_charged_and_the_increment_added(clock: FakeClock) -> None:
    timer = Clock(TimeControl(1, 2), 2, clock)
    timer.turn_played(0, 1)  # the first turn: nobody's clock ran yet
    assert timer.shown()["left"] == [62.0, 60.0] and timer.running == 1
    clock.advance(10.5)
    assert timer.remaining(1) == 49.5 and timer.remaining(0) == 62.0
    timer.turn_played(1, 1)  # a step of the same turn: no increment, it still runs
    clock.advance(0.5)
    timer.turn_played(1, 0)
    assert timer.left == [62.0, 51.0]
    clock.advance(62.0)
    assert timer.fallen() == 0
    kept = Clock.from_json(timer.to_json(), 2, clock)
    assert kept is not None and kept.left == [0.0, 51.0] and kept.running == 0


def test_a_flag_falls_and_loses_with_the_reason_time(client: TestClient,
                                                     clock: FakeClock) -> None:
    game = start(client, clock="5+3")
    assert game["state"]["clock"]["left"] == [300.0, 300.0]
    assert game["state"]["clock"]["running"] is None  # before the first move, none runs
    assert move(client, game, 0, "f1").status_code == 200
    clock.advance(100)
    state = client.get(f"/api/play/{game['id']}").json()
    assert state["clock"]["left"] == [303.0, 200.0] and state["clock"]["running"] == 1
    assert move(client, game, 1, "b2").status_code == 200
    clock.advance(303.5)  # x thinks too long
    late = move(client, game, 0, "f2")
    assert late.status_code == 409 and "over" in late.json()["error"]
    state = client.get(f"/api/play/{game['id']}").json()
    assert state["terminal"] and state["result"]["winners"] == ["o"]
    assert state["result"]["reason"] == "time" and state["result"]["resigned"] == "x"
    assert state["clock"]["flagged"] == 0 and state["clock"]["left"][0] == 0
    record = client.get(f"/api/play/{game['id']}/record?format=json").json()
    assert record["headers"]["Termination"] == "time forfeit"
    assert record["headers"]["TimeControl"] == "300+3"
    assert record["headers"]["Result"] == "o"
    Record.from_json(record).verify(load_game(GAMES / "ataxx.yaml"))
    text = client.get(f"/api/play/{game['id']}/record").text
    assert '[TimeControl "300+3"]' in text and '[Termination "time forfeit"]' in text


def test_a_game_without_a_clock_has_none(client: TestClient, clock: FakeClock) -> None:
    game = start(client)
    move(client, game, 0, "f1")
    clock.advance(10 ** 6)
    state = client.get(f"/api/play/{game['id']}").json()
    assert state["clock"] is None and not state["terminal"]
    assert "TimeControl" not in client.get(f"/api/play/{game['id']}/record?format=json"
                                           ).json()["headers"]
    bad = client.post("/api/play", json={"game": "ataxx", "clock": "5 minutes"})
    assert bad.status_code == 422 and "minutes+increment" in bad.json()["error"]


def test_a_restart_of_the_server_keeps_the_clocks(tmp_path: Path, clock: FakeClock) -> None:
    db = tmp_path / "games.sqlite"
    paths = [GAMES / "ataxx.yaml"]
    with TestClient(create_app(paths, db, clock=clock), base_url="http://localhost") as one:
        game = start(one, clock="1+0")
        move(one, game, 0, "f1")
        clock.advance(25)
    clock.advance(1000)  # the server is down: nobody's time
    with TestClient(create_app(paths, db, clock=clock), base_url="http://localhost") as two:
        state = two.get(f"/api/play/{game['id']}").json()
        assert state["clock"]["left"] == [60.0, 35.0] and state["clock"]["running"] == 1
        clock.advance(35)
        state = two.get(f"/api/play/{game['id']}").json()
        assert state["terminal"] and state["result"]["reason"] == "time"
    with TestClient(create_app(paths, db, clock=clock), base_url="http://localhost") as three:
        state = three.get(f"/api/play/{game['id']}").json()  # lost on time, kept so
        assert state["result"]["reason"] == "time" and state["result"]["winners"] == ["x"]


def test_an_agent_thinks_within_its_clock(client: TestClient, clock: FakeClock) -> None:
    response = client.post("/api/play", json={"game": "ataxx", "clock": "1+0",
                                              "seats": ["human", "mcts:50i"]})
    game = response.json()
    move(client, game, 0, "f1")
    played = client.post(f"/api/play/{game['id']}/agent", json={"ply": 1})
    assert played.status_code == 200 and played.json()["state"]["ply"] == 2
    app_server = client.app.state.server  # type: ignore[attr-defined]
    agent = app_server.sessions.get(game["id"]).agents[1]
    # Its spec has no time: it stops at its 50 iterations or its share of 60 s, at most.
    assert agent.seconds == pytest.approx(60 / 20)


def test_players_names_are_tidied_bounded_and_recorded(client: TestClient) -> None:
    game = start(client, names=["  Ann \t Lee ", None])
    assert [s["name"] for s in game["state"]["seats"]] == ["Ann Lee", None]
    named = client.post(f"/api/play/{game['id']}/name",
                        json={"token": game["tokens"][1], "name": "<b>Bo</b>"})
    assert named.status_code == 200
    assert [s["name"] for s in named.json()["state"]["seats"]] == ["Ann Lee", "<b>Bo</b>"]
    record = client.get(f"/api/play/{game['id']}/record").text
    assert '[X "Ann Lee"]' in record and '[O "<b>Bo</b>"]' in record
    for bad, why in (("x" * 41, "at most 40"), ("a\u200bb", "invisible"), (7, "a text")):
        refused = client.post(f"/api/play/{game['id']}/name",
                              json={"token": game["tokens"][0], "name": bad})
        assert refused.status_code == 422 and why in refused.json()["error"], refused.text
    nobody = client.post(f"/api/play/{game['id']}/name", json={"token": "x", "name": "Eve"})
    assert nobody.status_code == 403
    agent = client.post("/api/play", json={"game": "ataxx", "seats": ["human", "random"],
                                           "names": ["Ann", "Robot"]})
    assert agent.status_code == 422 and "agent" in agent.json()["error"]


def test_a_database_of_an_older_server_opens_with_no_clock_and_no_names(tmp_path: Path
                                                                       ) -> None:
    import json
    import sqlite3

    from framework.web.store import Store

    db = tmp_path / "old.sqlite"
    with sqlite3.connect(db) as old:  # the table as servers before clocks made it
        old.execute("CREATE TABLE games (id TEXT PRIMARY KEY, slug TEXT NOT NULL, file TEXT "
                    "NOT NULL, rules TEXT NOT NULL, seats TEXT NOT NULL, tokens TEXT NOT "
                    "NULL, seed INTEGER, plies TEXT NOT NULL, result TEXT NOT NULL, created "
                    "REAL NOT NULL, updated REAL NOT NULL, parameters TEXT NOT NULL DEFAULT "
                    "'{}')")
        old.execute("INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", (
            "g1", "ataxx", "ataxx.yaml", (GAMES / "ataxx.yaml").read_text(encoding="utf-8"),
            json.dumps(["human", "random"]), json.dumps(["t", None]), None,
            json.dumps([["f1", 0]]), "unfinished", 1.0, 1.0, "{}"))
    store = Store(db)
    stored = store.load("g1")
    assert stored is not None and stored.clock == {} and stored.names == []
    store.save(stored)  # and it is written back with the new columns
    again = store.load("g1")
    assert again is not None and again.plies == [("f1", 0)] and again.clock == {}
    store.close()


def test_the_legal_actions_of_a_seat_out_of_time_are_none(client: TestClient,
                                                          clock: FakeClock) -> None:
    game = start(client, clock="1+0")
    assert move(client, game, 0, "f1").status_code == 200
    legal = client.get(f"/api/play/{game['id']}/legal").json()
    assert legal["actions"]  # o's, while its minute lasts
    clock.advance(60.5)
    assert client.get(f"/api/play/{game['id']}/legal").json()["actions"] == []
    state = client.get(f"/api/play/{game['id']}").json()
    assert state["terminal"] and state["result"]["reason"] == "time"
