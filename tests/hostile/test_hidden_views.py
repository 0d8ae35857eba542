"""Issue 48, "a seat reads what its view hides": in ``boardspec serve`` every answer about a
game with hidden information is computed from the asking seat's view (``framework/web/
sight.py``). Phantom Tic-tac-toe and Dark Hex are played by two seats, A and B, twice: the
two games differ only in B's hidden moves (where its stones are; in Phantom Tic-tac-toe,
whose view does not count tries, also how often it bumped into A's marks). Everything A's
page asks along the way (its state, the inspector, each past position, legal actions and
whole turns, its refused and its accepted moves, the replay, the record, the recent games,
an agent's move, its WebSocket) and what a spectator reads must be the same, byte for byte
once the game's id and tokens are taken out: no answer depends on what A does not see. And
no answer shows A a stone of B's it has not found."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from starlette.testclient import TestClient

from framework.web import create_app
from tests.conftest import ROOT

GAMES = ROOT / "games"


@dataclass
class Script:
    """One game: the seats' moves in order (``("A", "b1 c1")``: one request; B's are its
    requests of one turn, its hidden moves, which differ between the two games)."""

    game: str
    moves: list[tuple[str, str | list[str]]]
    #: B's player name (its stones must never show in A's answers).
    other: str
    #: Texts that only B's stones would put in an answer (its mark's picture).
    marks: tuple[str, ...] = ()


# A plays a1, c3, then "b1 c1" (b1 played, c1 refused: the turn is over); B's stones are
# never where A tries. The second game's B bumps into A's marks twice (hidden from A:
# phantom tic-tac-toe does not tell a player how often the other tried).
PHANTOM = [
    Script("phantom-tic-tac-toe", [("A", "a1"), ("B", "b2"), ("A", "c3"), ("B", "a3"),
                                   ("A", "b1 c1")], "o", ("◯",)),
    Script("phantom-tic-tac-toe", [("A", "a1"), ("B", ["a1", "b3"]), ("A", "c3"),
                                   ("B", ["c3", "c2"]), ("A", "b1 c1")], "o", ("◯",)),
]
# Dark Hex tells both players how many tries were made: the games differ in where B's
# stones are, not in how many tries it made.
DARK_HEX = [
    Script("dark-hex", [("A", "a1"), ("B", "b2"), ("A", "c1"), ("B", "a3"), ("A", "b3 a2")],
           "white"),
    Script("dark-hex", [("A", "a1"), ("B", "c2"), ("A", "c1"), ("B", "c3"), ("A", "b3 a2")],
           "white"),
]


@dataclass
class Heard:
    """Every answer A's page (and a spectator) was given, as text, in order."""

    answers: list[str] = field(default_factory=list)
    states: list[dict[str, Any]] = field(default_factory=list)
    inspected: list[dict[str, Any]] = field(default_factory=list)


def normalised(text: str, secrets: list[str]) -> str:
    for secret in secrets:
        text = text.replace(secret, "<secret>")
    return text


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app([GAMES]), base_url="http://localhost") as opened:
        yield opened


def play_as_seen_by_a(script: Script) -> Heard:
    """Play ``script`` on a server of its own; everything A and a spectator were told."""
    with TestClient(create_app([GAMES]), base_url="http://localhost") as client:
        return _played(client, script)


def _played(client: TestClient, script: Script) -> Heard:
    created = client.post("/api/play", json={"game": script.game,
                                             "seats": ["human", "human"], "seed": 3}).json()
    game_id, tokens = created["id"], created["tokens"]
    secrets = [game_id, *tokens]
    a, b = ({"X-Boardspec-Tokens": t} for t in tokens)
    base = f"/api/play/{game_id}"
    heard = Heard()

    def told(label: str, response: Any) -> Any:
        body = response.json() if response.headers.get("content-type", "").startswith(
            "application/json") else response.text
        if isinstance(body, dict):
            for game in body.get("games", []):  # (/api/recent: when it was written)
                game.pop("updated", None)
            state = body.get("state", body) if "id" in body.get("state", body) else None
            if state is not None and "pieces" in state:
                heard.states.append(state)
            if isinstance(body.get("inspect"), dict):
                heard.inspected.append(body["inspect"])
        heard.answers.append(normalised(f"{label} {response.status_code} "
                                        f"{json.dumps(body, sort_keys=True)}", secrets))
        return body

    def look() -> None:
        """Every reading route, as A and as a spectator."""
        for who, headers in (("A", a), ("spectator", {})):
            state = told(f"{who} state", client.get(f"{base}?inspect=1", headers=headers))
            for turn in range(len(state["turns"]) + 2):  # (and two past the end: refused)
                told(f"{who} turn {turn}",
                     client.get(f"{base}?turn={turn}&inspect=1", headers=headers))
            told(f"{who} legal", client.get(f"{base}/legal?turns=1", headers=headers))
            told(f"{who} replay", client.get(f"{base}/replay", headers=headers))
            told(f"{who} record", client.get(f"{base}/record?format=json", headers=headers))
            told(f"{who} agent", client.post(f"{base}/agent", json={}, headers=headers))
        told("recent", client.get("/api/recent"))

    def ply(headers: dict[str, str]) -> int:
        return int(client.get(base, headers=headers).json()["ply"])

    with client.websocket_connect(f"ws://localhost{base}/ws") as socket:
        pushed = [socket.receive_json()]
        socket.send_json({"type": "hello", "tokens": [tokens[0]]})
        pushed.append(socket.receive_json())  # (presence)
        look()
        for seat, actions in script.moves:
            if not isinstance(actions, str):  # B's turn: each request on its own
                for action in actions:
                    response = client.post(f"{base}/apply", headers=b, json={
                        "token": tokens[1], "ply": ply(b), "action": action})
                    assert response.status_code == 200, response.text
            elif seat == "B":
                response = client.post(f"{base}/apply", headers=b, json={
                    "token": tokens[1], "ply": ply(b), "action": actions})
                assert response.status_code == 200, response.text
            else:
                # A first sends what is refused: a move out of notation, then a stale one.
                now = ply(a)
                for body in ({"action": "zz9", "ply": now},
                             {"action": actions, "ply": now + 1}):
                    told("A refused", client.post(f"{base}/apply", headers=a,
                                                  json={"token": tokens[0], **body}))
                played = told("A moves", client.post(f"{base}/apply", headers=a, json={
                    "token": tokens[0], "ply": now, "action": actions}))
                assert played.get("played") == actions.split()[:1], played
                # A, out of turn (B is to move).
                told("A out of turn", client.post(f"{base}/apply", headers=a, json={
                    "token": tokens[0], "ply": ply(a), "action": "a2"}))
            look()
        # Whatever A's socket heard before its name's presence is all the game told it.
        client.post(f"{base}/name", json={"token": tokens[0], "name": "A"})
        while (message := socket.receive_json()) != {"type": "presence"}:
            pushed.append(message)
        heard.answers.append(f"pushed {json.dumps(pushed)}")
    return heard


@pytest.mark.parametrize("scripts", [PHANTOM, DARK_HEX], ids=["phantom-tic-tac-toe",
                                                               "dark-hex"])
def test_a_seat_reads_the_same_whatever_the_other_seats_hidden_moves(
        scripts: list[Script]) -> None:
    first, second = (play_as_seen_by_a(script) for script in scripts)
    assert len(first.answers) == len(second.answers) > 100
    for one, other in zip(first.answers, second.answers, strict=True):
        assert one == other


@pytest.mark.parametrize("script", [*PHANTOM, *DARK_HEX],
                         ids=["phantom-1", "phantom-2", "dark-hex-1", "dark-hex-2"])
def test_no_answer_shows_a_seat_a_stone_it_has_not_found(script: Script) -> None:
    heard = play_as_seen_by_a(script)
    assert heard.states and heard.inspected
    for state in heard.states:
        assert script.other not in state["pieces"].values(), state["pieces"]
        assert not any(mark in state["svg"] for mark in script.marks)
        for turn in state["turns"]:
            assert turn["seat"] == 0 or (turn["hidden"] and not turn["actions"])
    for inspected in heard.inspected:
        cells = inspected["position"].get("cells", {})
        owners = [c["owner"] if isinstance(c, dict) else c for c in cells.values()]
        assert script.other not in owners, cells
        for slot in inspected["slots"]:  # B's found cells and remembered moves: empty
            if slot["name"].endswith("." + script.other):
                assert not slot["value"], slot


def test_a_refused_request_tells_nothing_a_try_would_not(client: TestClient) -> None:
    """A request of several actions is played one by one: "b2 b2" on a hidden mark plays
    the try (which finds it: the seat now sees it) before the second is refused, where all
    or none refused both and still said the mark was there."""
    created = client.post("/api/play", json={"game": "phantom-tic-tac-toe",
                                             "seats": ["human", "human"]}).json()
    game_id, tokens = created["id"], created["tokens"]
    x, o = ({"X-Boardspec-Tokens": t} for t in tokens)
    base = f"/api/play/{game_id}"
    assert client.post(f"{base}/apply", headers=x, json={
        "token": tokens[0], "ply": 0, "action": "b2"}).status_code == 200
    turns = client.get(f"{base}/legal?turns=1", headers=o).json()["turns"]
    assert turns == sorted(turns) and all(" " not in t for t in turns)  # (no "b2 a1")
    answer = client.post(f"{base}/apply", headers=o, json={
        "token": tokens[1], "ply": 1, "action": "b2 b2"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["played"] == ["b2"] and "not legal" in answer.json()["refused"]
    assert answer.json()["state"]["pieces"] == {"b2": "x"}  # found by playing the try
    inspected = client.get(f"{base}?inspect=1", headers=o)
    assert inspected.status_code == 200  # (it was a 500 once a move was remembered)
    slots = {s["name"]: s["value"] for s in inspected.json()["inspect"]["slots"]}
    assert slots["moves.o"] == ["b2"] and slots["moves.x"] == [] and slots["found.o"] == ["b2"]
    assert client.post(f"{base}/restart", headers=o, json={
        "token": tokens[1], "keep": True}).status_code == 409  # (keep replays x's moves)
