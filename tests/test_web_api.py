"""The JSON API of ``boardspec serve``, through Starlette's TestClient (no sockets opened):
every game file plays through it; bad input is refused with a 4xx and a message and changes
nothing; seats need their tokens; games survive a restart; records replay; --watch reloads."""

from __future__ import annotations

import json
import os
import random
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from framework import State, load_game
from framework.records import Record
from framework.web import create_app
from framework.web.app import MAX_BODY
from framework.web.openapi import SPEC
from framework.web.texts import TEXTS, pick_language

from .conftest import GAME_FILES, ROOT

GAMES = ROOT / "games"


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app([GAMES]), base_url="http://localhost") as opened:
        yield opened


def new_game(client: TestClient, game: str, seats: list[str] | None = None,
              seed: int | None = 1) -> tuple[str, list[str | None], dict[str, Any]]:
    response = client.post("/api/play", json={"game": game, "seats": seats, "seed": seed})
    assert response.status_code == 201, response.text
    data = response.json()
    return data["id"], data["tokens"], data["state"]


def play(client: TestClient, game_id: str, token: str | None, ply: int,
         headers: dict[str, str] | None = None, **move: Any) -> Any:
    return client.post(f"/api/play/{game_id}/apply", json={"token": token, "ply": ply, **move},
                       headers=headers)


def holding(tokens: list[str | None]) -> dict[str, str]:
    """The header of a page that holds these seats (a game with hidden information shows
    each seat only its view: a page holding every seat sees the game as its mover)."""
    return {"X-Boardspec-Tokens": " ".join(t for t in tokens if t)}


def test_every_game_file_is_listed_and_playable(client: TestClient) -> None:
    games = client.get("/api/games").json()["games"]
    assert sorted(g["slug"] for g in games) == sorted(p.stem for p in GAME_FILES)
    assert all(g["playable"] and not g["errors"] and g["players"] for g in games)


def catch_up(engine: State, state: dict[str, Any], played: int) -> int:
    """Play on ``engine`` the plies the server played by itself (its dice rolls) after the
    first ``played``; the plies played in all."""
    actions = [a for turn in state["turns"] for a in turn["actions"]]
    for notation in actions[played:]:
        assert engine.is_chance_node(), f"the server played {notation!r} for a person"
        engine.apply(notation)
    return len(actions)


@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
def test_two_people_play_every_game_through_the_api(client: TestClient, path: Path) -> None:
    players = len(load_game(path).players)  # every seat a person, whatever the number
    game_id, tokens, state = new_game(client, path.stem, ["human"] * players)
    state = client.get(f"/api/play/{game_id}", headers=holding(tokens)).json()
    rng = random.Random(path.stem)
    engine = load_game(path).new_initial_state()
    played = catch_up(engine, state, 0)  # the server rolls the dice, never a client
    for _ in range(60):
        if state["terminal"]:
            break
        assert [a["notation"] for a in state["legal"]] == \
            [a.notation for a in engine.legal_actions()]
        action = rng.choice(state["legal"])["notation"]
        response = play(client, game_id, tokens[state["current_seat"]], state["ply"],
                        holding(tokens), action=action)
        assert response.status_code == 200, response.text
        state = response.json()["state"]
        engine.apply(action)
        played = catch_up(engine, state, played + 1)
        assert state["ply"] == played
    assert state["svg"].startswith("<svg")
    record = Record.from_text(client.get(f"/api/play/{game_id}/record").text)
    assert record.replay(load_game(path)).key() == engine.key()
    assert sum(len(t["actions"]) for t in state["turns"]) == state["ply"]


def test_a_whole_assimilation_game_against_the_random_agent(client: TestClient) -> None:
    game_id, tokens, state = new_game(client, "assimilation", ["human", "random"], seed=3)
    assert tokens[1] is None
    rng = random.Random(3)
    while not state["terminal"]:
        if state["current_seat"] == 1:
            state = client.post(f"/api/play/{game_id}/agent",
                                json={"ply": state["ply"]}).json()["state"]
            continue
        action = rng.choice(state["legal"])["notation"]
        response = play(client, game_id, tokens[0], state["ply"], action=action)
        assert response.status_code == 200, response.text
        state = response.json()["state"]
    assert state["result"]["code"] in ("white", "black", "draw")
    text = client.get(f"/api/play/{game_id}/record?format=text").text
    record = Record.from_text(text)
    record.verify(load_game(GAMES / "assimilation.yaml"))
    assert record.headers["Black"] == "random" and record.result == state["result"]["code"]
    as_json = client.get(f"/api/play/{game_id}/record?format=json")
    assert as_json.headers["content-disposition"].endswith('.json"')
    assert Record.from_json(as_json.json()).turns == record.turns


def test_an_adaptoid_turn_is_played_step_by_step_by_clicks(client: TestClient) -> None:
    game_id, tokens, state = new_game(client, "adaptoid-nestorgames", ["human", "human"])

    def click(**cells: str) -> dict[str, Any]:
        response = play(client, game_id, tokens[state["current_seat"]], state["ply"], **cells)
        assert response.status_code == 200, response.text
        return response.json()["state"]  # type: ignore[no-any-return]

    # Until a creature has legs: skip the walk, grow a leg (a named action: a click on a
    # piece that can grow two ways is ambiguous), or create when nothing can grow.
    while not any("from" in a for a in state["legal"]):
        kinds = {a["kind"]: a for a in state["legal"]}
        if "skip" in kinds:
            state = click(action="skip")
        elif "grow" in kinds:
            grow = next(a for a in state["legal"] if a.get("attribute") == "legs")
            ambiguous = play(client, game_id, tokens[state["current_seat"]], state["ply"],
                             at=grow["at"])
            assert ambiguous.status_code == 409 and "several actions" in ambiguous.text
            state = click(action=grow["notation"])
        else:
            state = click(at=kinds["create"]["at"])
    seat, turns = state["current_seat"], len(state["turns"])
    walk = next(a for a in state["legal"] if "from" in a)
    state = click(**{"from": walk["from"], "to": walk["to"]})
    assert state["phase"] == "build" and state["current_seat"] == seat
    create = next(a for a in state["legal"] if a["kind"] == "create")
    state = click(at=create["at"])
    assert state["current_seat"] != seat and state["phase"] == "move"
    assert state["turns"][turns]["actions"] == [walk["notation"], create["notation"]]


def test_bad_input_is_refused_and_changes_nothing(client: TestClient) -> None:
    game_id, tokens, _ = new_game(client, "ataxx", ["human", "greedy"])
    before = client.get(f"/api/play/{game_id}").json()

    def refused(status: int, body: Any, words: str, raw: bytes | None = None) -> None:
        url = f"/api/play/{game_id}/apply"
        response = client.post(url, content=raw, headers={"Content-Type": "application/json"}) \
            if raw is not None else client.post(
            url, json=body)
        assert response.status_code == status, response.text
        assert words in response.json()["error"]
        assert client.get(f"/api/play/{game_id}").json() == before

    token = tokens[0]
    refused(409, {"token": token, "ply": 0, "action": "a1a3"}, "not legal here")
    refused(422, {"token": token, "ply": 0, "action": "hello"}, "not an action of Ataxx")
    refused(422, {"token": token, "ply": 0, "action": ["f1"]}, "'action' must be")
    refused(409, {"token": token, "ply": 5, "action": "f1"}, "stale request")
    refused(422, {"token": token, "ply": "0", "action": "f1"}, "'ply' must be")
    refused(403, {"ply": 0, "action": "f1"}, "no seat token")
    refused(403, {"token": "guess", "ply": 0, "action": "f1"}, "seat link")
    refused(403, {"token": "ключ", "ply": 0, "action": "f1"}, "seat link")
    refused(403, {"token": 12, "ply": 0, "action": "f1"}, "seat link")
    refused(409, {"token": token, "ply": 0, "at": "d4"}, "no legal action on d4")
    refused(409, {"token": token, "ply": 0, "from": "a7", "to": "a4"}, "legal there: a7")
    refused(422, {"token": token, "ply": 0, "at": "../etc"}, "is not a cell")
    refused(422, {"token": token, "ply": 0}, "expected 'action'")
    refused(409, {"token": token, "ply": 0, "action": "f1 b1"}, "the turn is over")
    refused(400, None, "not valid JSON", raw=b"{nope")
    refused(400, None, "JSON object", raw=b"[1]")
    refused(413, None, "too large", raw=b'{"a": "' + b"x" * MAX_BODY + b'"}')
    # Nothing played: a legal action still goes through at ply 0.
    assert play(client, game_id, token, 0, action="f1").status_code == 200


def test_unknown_games_bad_seats_and_no_path_traversal(client: TestClient) -> None:
    for slug in ("nope", "../pyproject", "../../etc/passwd", "/etc/passwd", 3):
        response = client.post("/api/play", json={"game": slug})
        assert response.status_code == 404 and "no game" in response.json()["error"]
    for url in ("/api/games/..%2Fpyproject", "/api/play/..%2F..%2Fetc%2Fpasswd",
                "/rulebooks/en/..%2F..%2Fpyproject.html", "/rulebooks/xx/ataxx.html",
                "/static/..%2F..%2Fcompiler.py", "/play/nope"):
        response = client.get(url)
        assert response.status_code == 404, url
        assert "[project]" not in response.text and "def " not in response.text
    bad_seats = [(["human"], "one entry per player"), (["human", "nobody"], "unknown agent"),
                 (["human", "mcts:100s"], "beyond this server's budgets"),
                 (["human", "alphabeta:d20"], "beyond"), (["human", 7], "expected 'human'")]
    for seats, words in bad_seats:
        response = client.post("/api/play", json={"game": "ataxx", "seats": seats})
        assert response.status_code == 422 and words in response.json()["error"], seats
    response = client.post("/api/play", json={"game": "ataxx", "seed": "x"})
    assert response.status_code == 422


def test_a_seat_moves_only_with_its_own_token(client: TestClient) -> None:
    game_id, tokens, _ = new_game(client, "ataxx", ["human", "human"])
    assert tokens[0] != tokens[1]
    response = play(client, game_id, tokens[1], 0, action="f1")
    assert response.status_code == 403 and "x's seat link" in response.json()["error"]
    assert play(client, game_id, tokens[0], 0, action="f1").status_code == 200
    assert play(client, game_id, tokens[0], 1, action="b1").status_code == 403
    assert play(client, game_id, tokens[1], 1, action="b1").status_code == 200
    # A spectator reads the game but has no token to move with.
    assert client.get(f"/api/play/{game_id}").json()["ply"] == 2
    agent_seat = new_game(client, "ataxx", ["random", "human"])
    assert client.post(f"/api/play/{agent_seat[0]}/apply",
                       json={"token": agent_seat[1][1], "ply": 0, "action": "f1"}
                       ).status_code in (403, 409)


def test_agents_play_each_other_to_the_end(client: TestClient) -> None:
    game_id, tokens, state = new_game(client, "web", ["random", "greedy"], seed=2)
    assert tokens == [None, None]
    deadline = time.monotonic() + 20
    while not state["terminal"] and time.monotonic() < deadline:
        response = client.post(f"/api/play/{game_id}/agent")
        state = response.json()["state"] if response.status_code == 200 else \
            client.get(f"/api/play/{game_id}").json()
    assert state["terminal"]
    Record.from_text(client.get(f"/api/play/{game_id}/record").text).verify(
        load_game(GAMES / "web.yaml"))
    assert client.post(f"/api/play/{game_id}/agent").status_code == 409


def test_games_survive_a_server_restart(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    with TestClient(create_app([GAMES], db), base_url="http://localhost") as first:
        game_id, tokens, state = new_game(first, "adaptoid", ["human", "human"])
        for action in ("white@D4", "black@D5", "black"):
            state = play(first, game_id, tokens[state["current_seat"]], state["ply"],
                         action=action).json()["state"]
        before = first.get(f"/api/play/{game_id}").json()
    with TestClient(create_app([GAMES], db), base_url="http://localhost") as second:
        after = second.get(f"/api/play/{game_id}").json()
        assert after == before and after["ply"] == 3
        seat = after["current_seat"]
        response = play(second, game_id, tokens[seat], 3, action=after["legal"][0]["notation"])
        assert response.status_code == 200
        assert [g["id"] for g in second.get("/api/recent").json()["games"]] == [game_id]


def test_a_downloaded_record_replays_with_the_cli(client: TestClient, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from framework.cli import _register, app

    game_id, tokens, state = new_game(client, "ataxx", ["human", "random"], seed=5)
    for _ in range(3):
        state = play(client, game_id, tokens[0], state["ply"],
                     action=state["legal"][0]["notation"]).json()["state"]
        state = client.post(f"/api/play/{game_id}/agent",
                            json={"ply": state["ply"]}).json()["state"]
    path = tmp_path / "game.json"
    path.write_text(client.get(f"/api/play/{game_id}/record?format=json").text)
    _register()
    result = CliRunner().invoke(app, ["replay", str(path), "--game", str(GAMES / "ataxx.yaml")])
    assert result.exit_code == 0, result.output
    assert "6 plies, result unfinished: every action verified" in result.output


def test_websocket_pushes_every_move_to_every_viewer(client: TestClient) -> None:
    game_id, tokens, _ = new_game(client, "ataxx", ["human", "human"])
    url = f"ws://localhost/api/play/{game_id}/ws"
    with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
        assert one.receive_json() == two.receive_json() == {"type": "update", "ply": 0}
        play(client, game_id, tokens[0], 0, action="f1")
        assert one.receive_json() == two.receive_json() == {"type": "update", "ply": 1}


def test_sockets_and_sessions_are_bounded(tmp_path: Path) -> None:
    app = create_app([GAMES], tmp_path / "db.sqlite", max_sessions=2, max_sockets=3,
                     max_sockets_per_game=1)
    with TestClient(app, base_url="http://localhost") as client:
        ids = [new_game(client, "ataxx", ["human", "human"])[0] for _ in range(4)]
        assert len(app.state.server.sessions.live) <= 2
        assert all(client.get(f"/api/play/{i}").json()["ply"] == 0 for i in ids)
        with client.websocket_connect(f"ws://localhost/api/play/{ids[0]}/ws") as ws:
            ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as refused, \
                    client.websocket_connect(f"ws://localhost/api/play/{ids[0]}/ws"):
                pass
            assert refused.value.code == 1013
        with pytest.raises(WebSocketDisconnect), client.websocket_connect("ws://localhost/api/play/no/ws"):
            pass


def save(path: Path, text: str) -> None:
    """Save as an editor does, in one step (a write in place can be read half done: the
    watcher, polling every 50 ms, once saw the emptied file before its new text)."""
    temporary = path.with_suffix(".saving")
    temporary.write_text(text)
    os.replace(temporary, path)


def test_watch_reloads_a_saved_file_and_shows_errors_of_a_broken_one(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    shutil.copy(GAMES / "ataxx.yaml", path)
    app = create_app([path], tmp_path / "db.sqlite", watch=True, poll_seconds=0.05)
    with TestClient(app, base_url="http://localhost") as client:
        game_id, tokens, state = new_game(client, "mine", ["human", "human"])
        state = play(client, game_id, tokens[0], 0, action="f1").json()["state"]
        with client.websocket_connect(f"ws://localhost/api/play/{game_id}/ws") as ws:
            ws.receive_json()
            text = path.read_text()
            broken = text.replace("no_legal_move: pass", "no_legal_move: pass\nbogus: 1")
            assert broken != text  # (an unchanged file would never be announced)
            line = broken.splitlines().index("bogus: 1") + 1
            save(path, broken)
            assert ws.receive_json() == {"type": "rules"}
            state = client.get(f"/api/play/{game_id}").json()
            assert state["file_errors"][0]["line"] == line
            assert state["file_errors"][0]["text"].startswith(
                f"{path.name}:{line}:1: error at bogus")
            assert state["file_version"] == state["version"]  # the old rules still play
            assert play(client, game_id, tokens[1], 1, action="b1").status_code == 200
            assert ws.receive_json() == {"type": "update", "ply": 2}
            save(path, text.replace("max_plies", "# edited\nmax_plies"))
            assert ws.receive_json() == {"type": "rules"}
            state = client.get(f"/api/play/{game_id}").json()
            assert state["file_errors"] == [] and state["file_version"] != state["version"]
            assert client.post(f"/api/play/{game_id}/restart",
                               json={"token": None}).status_code == 403
            # (this client holds both seats: a restart needs no one else's yes)
            restarted = client.post(f"/api/play/{game_id}/restart", json={"token": tokens[1]},
                                    headers=holding(tokens))
            assert restarted.status_code == 200
            state, archived = restarted.json()["state"], restarted.json()["archived"]
            assert state["ply"] == 0 and state["version"] == state["file_version"]
            assert ws.receive_json() == {"type": "update", "ply": 0}
        # The game before the restart is kept, read-only, with its record.
        old = client.get(f"/api/play/{archived}").json()
        assert old["ply"] == 2 and old["version"] != state["version"]
        assert Record.from_text(client.get(f"/api/play/{archived}/record").text).turns == \
            [["f1"], ["b1"]]
        assert play(client, archived, tokens[0], 2, action="f2").status_code == 403


def test_openapi_describes_every_api_route(client: TestClient) -> None:
    spec = client.get("/api/openapi.json").json()
    assert spec == json.loads(json.dumps(SPEC))
    routes = {r.path for r in client.app.routes  # type: ignore[attr-defined]
              if getattr(r, "path", "").startswith("/api/") and r.path != "/api/openapi.json"}
    assert routes == set(spec["paths"])


def test_the_page_follows_the_browser_language(client: TestClient) -> None:
    assert pick_language(None, "ru-RU,ru;q=0.9,en;q=0.8") == "ru"
    assert pick_language(None, "de-DE,pt;q=0.5,es;q=0.7") == "es"
    assert pick_language(None, "de") == pick_language(None, None) == "en"
    assert pick_language("eo", "ru") == "eo"
    page = client.get("/", headers={"Accept-Language": "pt-BR,pt;q=0.9"}).text
    assert '<html lang="pt">' in page and TEXTS["pt"]["new_game"] in page
    game_id = new_game(client, "adaptoid", ["human", "human"])[0]
    state = client.get(f"/api/play/{game_id}?lang=es").json()
    assert state["sides"][0]["label"] == "blancas"  # the Spanish catalog's word, as the seeds say
    book = client.get("/rulebooks/ru/adaptoid.html")
    assert book.status_code == 200 and 'lang="ru"' in book.text


def test_the_text_record_replays_from_its_file_header(client: TestClient,
                                                      tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from framework.cli import _register, app

    game_id, tokens, state = new_game(client, "adaptoid", ["human", "human"])
    for _ in range(6):
        state = play(client, game_id, tokens[state["current_seat"]], state["ply"],
                     action=state["legal"][-1]["notation"]).json()["state"]
    path = tmp_path / "game.txt"
    path.write_text(client.get(f"/api/play/{game_id}/record").text)
    # The file's name, never the server's path: found beside the record
    assert '[File "adaptoid.yaml"]' in path.read_text()
    shutil.copy(GAMES / "adaptoid.yaml", tmp_path)
    _register()
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "6 plies" in result.output


def test_serve_refuses_a_path_without_games(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from framework.cli import _register, app
    from framework.web.library import LibraryError

    _register()
    result = CliRunner().invoke(app, ["serve", str(tmp_path / "nothing.yaml")])
    assert isinstance(result.exception, LibraryError)
    assert "neither a game file nor a directory" in str(result.exception)
    result = CliRunner().invoke(app, ["serve", str(tmp_path)])
    assert "holds no game file" in str(result.exception)


def test_the_core_commands_import_no_web_package() -> None:
    import subprocess
    import sys

    code = ("import sys; from framework.cli import _register; _register(); "
            "print(sorted(m for m in ('starlette', 'uvicorn', 'websockets', 'anyio') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    assert out.strip() == "[]"


def test_every_language_has_every_word_of_the_page() -> None:
    from framework.docs import LANGUAGES

    assert set(TEXTS) == set(LANGUAGES)
    for lang, words in TEXTS.items():
        assert words.keys() == TEXTS["en"].keys(), lang
        assert all(word.strip() for word in words.values()), lang


def test_a_file_that_does_not_load_is_listed_with_its_errors(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    text = (GAMES / "ataxx.yaml").read_text().replace("no_legal_move: pass",
                                                      "no_legal_move: pass\nbogus: 1")
    line = text.splitlines().index("bogus: 1") + 1
    broken.write_text(text)
    with TestClient(create_app([broken, GAMES / "web.yaml"]),
                    base_url="http://localhost") as client:
        games = {g["slug"]: g for g in client.get("/api/games").json()["games"]}
        assert games["web"]["playable"] and not games["broken"]["playable"]
        assert games["broken"]["errors"][0]["text"].startswith(
            f"{broken.name}:{line}:1: error at bogus")
        response = client.post("/api/play", json={"game": "broken"})
        assert response.status_code == 409 and "does not load" in response.json()["error"]


def test_the_load_test_runs_and_stops_by_itself(tmp_path: Path) -> None:
    """A short run of benchmarks/serve_load.py: its server starts, players play, it stops."""
    import subprocess
    import sys

    out = tmp_path / "load.json"
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "serve_load.py"),
                          # on a loaded machine: a few moves whatever the clock says,
                          # requests as slow as they come, memory not judged on 2 s
                          "--players", "3", "--seconds", "2", "--min-moves", "5",
                          "--timeout", "300", "--max-growth", "100000",
                          "--out", str(out)], capture_output=True, text=True, timeout=900,
                         cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    result = json.loads(out.read_text())
    assert result["errors"] == 0 and result["moves"] > 0
    assert result["move_latency_ms"]["p50"] <= result["move_latency_ms"]["p95"]


def test_a_resignation_is_kept_across_a_restart_and_refused_to_others(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    with TestClient(create_app([GAMES], db), base_url="http://localhost") as client:
        game_id, tokens, _ = new_game(client, "ataxx", ["human", "human"])
        assert play(client, game_id, tokens[0], 0, action="f1").status_code == 200
        assert client.post(f"/api/play/{game_id}/resign", json={}).status_code == 403
        done = client.post(f"/api/play/{game_id}/resign", json={"token": tokens[1]})
        assert done.status_code == 200
        assert done.json()["state"]["result"]["reason"] == "resign"
        assert client.post(f"/api/play/{game_id}/resign",
                           json={"token": tokens[0]}).status_code == 409
    with TestClient(create_app([GAMES], db), base_url="http://localhost") as client:
        state = client.get(f"/api/play/{game_id}").json()
        assert state["terminal"] and state["result"]["winners"] == ["x"]
        assert state["result"]["reason"] == "resign" and state["ply"] == 1
        record = Record.from_text(client.get(f"/api/play/{game_id}/record").text)
        record.verify(load_game(GAMES / "ataxx.yaml"))
        assert record.headers["Termination"] == "resignation"
        assert record.turns == [["f1"]]


def offer(client: TestClient, game_id: str, token: str | None, kind: str) -> Any:
    return client.post(f"/api/play/{game_id}/offer", json={"token": token, "offer": kind})


def answer(client: TestClient, game_id: str, token: str | None, accept: bool) -> Any:
    return client.post(f"/api/play/{game_id}/answer", json={"token": token, "accept": accept})


def test_a_draw_offered_and_accepted_is_kept_across_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    with TestClient(create_app([GAMES], db), base_url="http://localhost") as client:
        game_id, tokens, _ = new_game(client, "ataxx", ["human", "human"])
        assert play(client, game_id, tokens[0], 0, action="f1").status_code == 200
        assert offer(client, game_id, None, "draw").status_code == 403
        assert offer(client, game_id, tokens[0], "peace").status_code == 422
        made = offer(client, game_id, tokens[0], "draw").json()
        assert made["outcome"] == "pending"
        assert made["state"]["offer"] == {"kind": "draw", "seat": 0, "by": "x"}
        assert answer(client, game_id, tokens[0], True).status_code == 403  # not one's own
        done = answer(client, game_id, tokens[1], True).json()
        assert done["outcome"] == "agreed" and done["state"]["terminal"]
        assert done["state"]["result"]["winners"] == []
        assert done["state"]["result"]["reason"] == "agreement"
        assert done["state"]["offer"] is None
    with TestClient(create_app([GAMES], db), base_url="http://localhost") as client:
        state = client.get(f"/api/play/{game_id}").json()
        assert state["terminal"] and state["result"]["reason"] == "agreement"
        record = Record.from_text(client.get(f"/api/play/{game_id}/record").text)
        record.verify(load_game(GAMES / "ataxx.yaml"))  # a draw its moves do not reach
        assert (record.headers["Result"], record.headers["Termination"]) == ("draw",
                                                                              "agreement")


def test_a_declined_offer_and_one_a_move_outlives_change_nothing(client: TestClient) -> None:
    game_id, tokens, _ = new_game(client, "ataxx", ["human", "human"])
    assert offer(client, game_id, tokens[1], "draw").json()["outcome"] == "pending"
    declined = answer(client, game_id, tokens[0], False).json()
    assert declined["outcome"] == "declined" and not declined["state"]["terminal"]
    assert answer(client, game_id, tokens[0], True).status_code == 409  # nothing waits
    offer(client, game_id, tokens[1], "draw")
    assert play(client, game_id, tokens[0], 0, action="f1").status_code == 200
    state = client.get(f"/api/play/{game_id}").json()
    assert state["offer"] is None and not state["terminal"]  # the move ended the offer


def test_a_move_taken_back_on_request_and_at_once_against_an_agent(client: TestClient
                                                                   ) -> None:
    game_id, tokens, _ = new_game(client, "ataxx", ["human", "human"])
    assert offer(client, game_id, tokens[0], "undo").status_code == 409  # nothing played
    assert play(client, game_id, tokens[0], 0, action="f1").status_code == 200
    assert play(client, game_id, tokens[1], 1, action="b2").status_code == 200
    assert offer(client, game_id, tokens[0], "undo").json()["outcome"] == "pending"
    back = answer(client, game_id, tokens[1], True).json()["state"]
    assert back["ply"] == 0 and back["to_move"] == "x"  # x's turn again, o's reply gone too
    assert back["pieces"] == new_game(client, "ataxx", ["human", "human"])[2]["pieces"]
    solo, mine, _ = new_game(client, "ataxx", ["human", "greedy"])
    play(client, solo, mine[0], 0, action="f1")
    replied = client.post(f"/api/play/{solo}/agent", json={"ply": 1})  # waits for its move
    assert replied.status_code == 200 and replied.json()["state"]["ply"] == 2
    taken = offer(client, solo, mine[0], "undo").json()
    assert taken["outcome"] == "agreed" and taken["state"]["ply"] == 0
    assert offer(client, solo, mine[0], "draw").json()["outcome"] == "declined"


def test_a_rematch_swaps_the_seats_and_keeps_each_persons_link(client: TestClient) -> None:
    game_id, tokens, _ = new_game(client, "ataxx", ["human", "human"])
    assert offer(client, game_id, tokens[0], "rematch").status_code == 409  # not over
    client.post(f"/api/play/{game_id}/resign", json={"token": tokens[0]})
    assert offer(client, game_id, tokens[1], "rematch").json()["outcome"] == "pending"
    agreed = answer(client, game_id, tokens[0], True).json()
    rematch = agreed["state"]["rematch"]
    assert agreed["outcome"] == "agreed" and rematch and rematch != game_id
    again = client.get(f"/api/play/{rematch}").json()
    assert again["ply"] == 0 and not again["terminal"]
    # o's person (tokens[1]) now plays x and moves first with the same link.
    assert play(client, rematch, tokens[1], 0, action="f1").status_code == 200
    assert play(client, rematch, tokens[0], 1, action="b2").status_code == 200


def test_a_new_game_takes_the_game_files_parameters(tmp_path: Path) -> None:
    """The new-game card offers a game's parameters (GET /api/games lists them) and a new
    game is played under the values given; they survive a server restart, a restart of
    the game, and the record; a value the file does not allow is refused and stores
    nothing."""
    db = tmp_path / "games.sqlite"
    with TestClient(create_app([GAMES], db), base_url="http://localhost") as first:
        hex_file = next(g for g in first.get("/api/games").json()["games"]
                        if g["slug"] == "hex")
        size = next(p for p in hex_file["parameters"] if p["name"] == "size")
        assert (size["type"], size["default"], size["min"], size["max"]) == ("int", 11, 5, 19)
        assert size["allowed"] == "a whole number from 5 to 19"
        # (Othello now has its scoring: a game without parameters lists none.)
        assert next(g for g in first.get("/api/games").json()["games"]
                    if g["slug"] == "amazons")["parameters"] == []
        othello = next(g for g in first.get("/api/games").json()["games"]
                       if g["slug"] == "othello")["parameters"]
        assert [(p["name"], p["default"]) for p in othello] == [("scoring", "winloss")]
        response = first.post("/api/play", json={"game": "hex", "seats": ["human", "human"],
                                                 "parameters": {"size": 7, "swap": False}})
        assert response.status_code == 201, response.text
        data = response.json()
        game_id, tokens, state = data["id"], data["tokens"], data["state"]
        assert state["parameters"] == {"size": 7, "swap": False}
        assert len(state["legal"]) == 49
        state = play(first, game_id, tokens[0], 0, action="d4").json()["state"]
        assert "swap" not in {a["notation"] for a in state["legal"]}  # swap: false
        assert len(state["legal"]) == 48
        record = first.get(f"/api/play/{game_id}/record").text
        assert '[Parameters "size=7 swap=false"]' in record
        for body, words in [({"size": 4}, "expected a whole number from 5 to 19; found 4"),
                            ({"colour": 1}, "has no parameter 'colour'"),
                            ({"size": [7]}, "'parameters' must map parameter names"),
                            ([7], "'parameters' must map parameter names")]:
            refused = first.post("/api/play", json={"game": "hex", "parameters": body})
            assert refused.status_code == 422 and words in refused.json()["error"], \
                refused.text
        assert [g["id"] for g in first.get("/api/recent").json()["games"]] == [game_id]
    with TestClient(create_app([GAMES], db), base_url="http://localhost") as second:
        after = second.get(f"/api/play/{game_id}").json()
        assert after["parameters"] == {"size": 7, "swap": False} and after["ply"] == 1
        restarted = second.post(f"/api/play/{game_id}/restart", json={"token": tokens[0]},
                                headers=holding(tokens)).json()["state"]
        assert restarted["parameters"] == {"size": 7, "swap": False}
        assert restarted["ply"] == 0 and len(restarted["legal"]) == 49
        bigger = second.post(f"/api/play/{game_id}/restart",
                             json={"token": tokens[0], "parameters": {"size": 9}},
                             headers=holding(tokens)).json()
        assert bigger["state"]["parameters"] == {"size": 9, "swap": True}
        assert len(bigger["state"]["legal"]) == 81


def test_the_server_rolls_the_dice_and_a_client_cannot(client: TestClient) -> None:
    game_id, tokens, state = new_game(client, "backgammon", ["human", "human"], seed=5)
    opening = state["turns"][0]["actions"][0]
    assert state["ply"] == 1 and opening.startswith("roll:")  # rolled before anyone asks
    seat = state["current_seat"]
    assert opening.endswith(":" + ["x", "o"][seat])  # the opening roll's winner moves
    assert state["dice"] == [int(d) for d in opening.split(":")[1].split("-")]  # shown
    response = play(client, game_id, tokens[seat], state["ply"], action="roll:6-6")
    assert response.status_code in (409, 422), response.text  # no roll from a client
    assert new_game(client, "backgammon", ["human", "human"], seed=5)[2]["turns"] == \
        state["turns"]  # a seeded game rolls the same dice


def test_a_seat_never_receives_the_stones_its_view_hides(client: TestClient) -> None:
    """Phantom tic-tac-toe with two seats: everything o's page is sent (its state JSON,
    the replies to its own moves, its WebSocket) holds none of x's hidden marks; x's own
    page, the record once the game is over, and o after bumping into a mark do."""
    game_id, tokens, _ = new_game(client, "phantom-tic-tac-toe", ["human", "human"])
    x, o = ({"X-Boardspec-Tokens": t} for t in tokens if t)
    url = f"ws://localhost/api/play/{game_id}/ws"
    heard: list[Any] = []
    with client.websocket_connect(url) as socket:
        heard.append(socket.receive_json())
        play(client, game_id, tokens[0], 0, x, action="b2")  # x's mark, hidden from o
        heard.append(socket.receive_json())
        seen = client.get(f"/api/play/{game_id}", headers=o).json()
        # o may try b2 (legal); the picture names every cell, and draws no cross.
        hidden = {k: v for k, v in seen.items() if k not in ("legal", "svg")}
        assert "b2" not in json.dumps(hidden) and "✕" not in seen["svg"], hidden
        assert seen["pieces"] == {} and seen["turns"][0]["hidden"]
        assert "b2" in [a["notation"] for a in seen["legal"]]
        assert client.get(f"/api/play/{game_id}").json()["pieces"] == {}  # a spectator
        assert client.get(f"/api/play/{game_id}/legal").status_code == 403
        assert client.get(f"/api/play/{game_id}/record").status_code == 403
        mine = client.get(f"/api/play/{game_id}", headers=x).json()
        assert mine["pieces"] == {"b2": "x"} and mine["legal"] == [] and "✕" in mine["svg"]
        reply = play(client, game_id, tokens[1], 1, o, action="a1").json()["state"]
        heard.append(socket.receive_json())
        assert reply["pieces"] == {"a1": "o"}  # o's reply shows o's own mark only
        assert all(set(m) == {"type", "ply"} for m in heard)  # the socket says when, not what
        play(client, game_id, tokens[0], 2, x, action="a1")  # x bumps into o's mark
        mine = client.get(f"/api/play/{game_id}", headers=x).json()
        assert mine["pieces"] == {"b2": "x", "a1": "o"} and mine["current_seat"] == 0
        # What a spectator knows is unchanged by the bump: it is not told of it (the next
        # thing it hears is o's name, not an update).
        client.post(f"/api/play/{game_id}/name", json={"token": tokens[1], "name": "O"})
        assert socket.receive_json() == {"type": "presence"}
    state = load_game(GAMES / "phantom-tic-tac-toe.yaml").new_initial_state()
    for ply, action in enumerate(("b2", "a1", "a1", "a3", "b1", "c1")):  # x: a3-b2-c1
        if ply >= 3:
            seat = state.current_player
            seen = holding(tokens[seat:seat + 1])
            sent = client.get(f"/api/play/{game_id}", headers=seen).json()["ply"]
            response = play(client, game_id, tokens[seat], sent, seen, action=action)
            assert response.status_code == 200, response.text
        state.apply(action)
    over = client.get(f"/api/play/{game_id}", headers=o).json()
    assert over["terminal"] and over["result"]["winners"] == ["x"]
    # o's replay of the game shows o's view: after x's first turn, no cross at all.
    replay = client.get(f"/api/play/{game_id}?turn=1", headers=o).json()
    assert replay["pieces"] == {} and "✕" not in replay["svg"]
    assert client.get(f"/api/play/{game_id}?turn=1", headers=x).json()["pieces"] == {"b2": "x"}
    record = Record.from_text(client.get(f"/api/play/{game_id}/record").text)
    assert record.replay(load_game(GAMES / "phantom-tic-tac-toe.yaml")).key() == state.key()


def _seen_by_o(client: TestClient, tries: list[str]) -> tuple[list[Any], list[Any]]:
    """A phantom tic-tac-toe game where x, before its third mark (c1), tries the cells of
    ``tries`` (each holding a hidden nought): everything o's page and a spectator's page
    are sent (their WebSocket pushes, their state JSON along the way), the game's id
    taken out."""
    game_id, tokens, _ = new_game(client, "phantom-tic-tac-toe", ["human", "human"])
    x, o = ({"X-Boardspec-Tokens": t} for t in tokens if t)
    url = f"ws://localhost/api/play/{game_id}/ws"
    states: list[Any] = []

    def look() -> None:
        for headers in (o, {}):
            found = client.get(f"/api/play/{game_id}", headers=headers).json()
            states.append({k: v for k, v in found.items() if k != "id"})

    def move(headers: dict[str, str], token: str | None, action: str) -> None:
        sent = client.get(f"/api/play/{game_id}", headers=headers).json()["ply"]
        response = play(client, game_id, token, sent, headers, action=action)
        assert response.status_code == 200, response.text
        look()

    with client.websocket_connect(url) as mine, client.websocket_connect(url) as watcher:
        heard = [mine.receive_json(), watcher.receive_json()]
        mine.send_json({"type": "hello", "tokens": [tokens[1]]})
        heard += [mine.receive_json(), watcher.receive_json()]  # (presence)
        for headers, token, action in ((x, tokens[0], "b2"), (o, tokens[1], "a1"),
                                       (x, tokens[0], "c3"), (o, tokens[1], "a3"),
                                       *((x, tokens[0], t) for t in tries),
                                       (x, tokens[0], "c1")):
            move(headers, token, action)
        # A mark o names its seat by: whatever o and the watcher heard before it is all
        # the game's moves told them (a receive would wait for ever for a push not sent).
        client.post(f"/api/play/{game_id}/name", json={"token": tokens[1], "name": "O"})
        for socket in (mine, watcher):
            while (message := socket.receive_json()) != {"type": "presence"}:
                heard.append(message)
            heard.append(message)
    # x's own page shows what its tries found (they were played).
    assert sorted(client.get(f"/api/play/{game_id}", headers=x).json()["pieces"]) == \
        sorted(["b2", "c3", "c1", *tries])
    return heard, states


def test_a_seat_is_not_told_how_often_the_other_seat_tried(client: TestClient) -> None:
    """OpenSpiel's phantom tic-tac-toe hides from a player how many tries the other made
    (a try on a hidden mark is shown to the trier only): o's page and a spectator's hear
    and read the same whether x found no nought or two before its mark."""
    heard, states = _seen_by_o(client, [])
    tried_heard, tried_states = _seen_by_o(client, ["a1", "a3"])
    assert tried_heard == heard
    # The states o and the watcher read after each move that changed what they know: the
    # same; after each of x's failed tries, the same as before it.
    assert [s for i, s in enumerate(tried_states) if not 8 <= i < 12] == states
    assert tried_states[8:12] == states[6:8] * 2
    assert states[-2]["ply"] == 5 and states[-2]["current_seat"] == 1  # o's: its turn


def test_the_sides_show_the_score_the_result_rule_keeps(client: TestClient) -> None:
    """Go's area with komi and Kalah's seeds, as the result rule would score the game now,
    beside the pieces on the board; none in a game with a view (it could count what the
    seat does not see) and none where the result scores nothing (chess)."""
    from framework import load_game

    game_id, tokens, state = new_game(client, "go", ["human", "human"])
    assert [s["score"] for s in state["sides"]] == [0, 7.5]  # white's komi
    state = play(client, game_id, tokens[0], 0, action="e5").json()["state"]
    assert [s["score"] for s in state["sides"]] == [81, 7.5]  # one stone holds the board
    _, _, state = new_game(client, "kalah", ["human", "human"])
    kalah = load_game(GAMES / "kalah.yaml")
    assert [s["score"] for s in state["sides"]] == \
        [int(v) for v in kalah.result.scores(kalah.new_initial_state())] == [24, 24]
    for other in ("phantom-tic-tac-toe", "chess"):
        _, _, state = new_game(client, other, ["human", "human"])
        assert all(s["score"] is None for s in state["sides"]), other


def test_the_move_list_takes_off_only_what_left_the_board(client: TestClient) -> None:
    """Castling moves the rook, it takes nothing; a capture lists the cell taken off, and
    where the written move marks it itself (SAN's Bxf2) the page does not mark it again."""
    game_id, tokens, state = new_game(client, "chess", ["human", "human"])
    for action in ("e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1g1", "c5f2"):
        response = play(client, game_id, tokens[state["current_seat"]], state["ply"],
                        action=action)
        assert response.status_code == 200, response.text
        state = response.json()["state"]
    castled, took = state["turns"][-2:]
    assert castled["removed"] == [] and took["removed"] == ["f2"]
    assert took["marked"] and castled["marked"]
    game_id, tokens, state = new_game(client, "tic-tac-toe", ["human", "human"])
    state = play(client, game_id, tokens[0], 0, action="b2").json()["state"]
    assert not state["turns"][0]["marked"]  # its moves are cells: the page marks captures
