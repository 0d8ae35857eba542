"""The ASGI app: pages, the JSON API, WebSocket push and the ``--watch`` loop.

Limits that keep one server healthy whatever clients send: request bodies of at most
``MAX_BODY`` bytes of JSON, sent within ``body_seconds``, at most ``limit`` games in memory
(the rest are in SQLite), at most ``max_sockets`` open WebSockets (``max_sockets_per_game``
per game, ``max_sockets_per_client`` per client address), games created per client and the
database's size bounded (``sessions.Sessions``), agents' budgets capped
(``sessions.check_seat_spec``), other Hosts and Origins refused (``doors``). Every refusal
is a 4xx JSON ``{"error": message}`` and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from framework.errors import BoardspecError
from framework.i18n import LANGUAGES, translations
from framework.limits import MAX_NESTING
from framework.safeio import json_depth
from framework.web.doors import Doors, allowed_hosts
from framework.web.library import Library
from framework.web.sessions import (
    GAMES_WINDOW,
    HUMAN,
    MAX_DB_BYTES,
    MAX_GAMES_PER_CLIENT,
    GameSession,
    Sessions,
    WebError,
)
from framework.web.store import Store
from framework.web.texts import pick_language, texts

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 16 * 1024
#: A request body must arrive within this many seconds (a slow sender holds a connection).
BODY_SECONDS = 10.0


@dataclass
class Server:
    """Everything one app holds."""

    library: Library
    store: Store
    sessions: Sessions
    watch: bool = False
    poll_seconds: float = 0.5
    max_sockets: int = 256
    max_sockets_per_game: int = 32
    max_sockets_per_client: int = 16
    body_seconds: float = BODY_SECONDS
    sockets: int = 0
    #: Open WebSockets by client address.
    client_sockets: dict[str, int] = field(default_factory=dict)
    rulebooks: dict[tuple[str, str, str], str] = field(default_factory=dict)
    #: Agents think in at most this many threads at once (the others wait their turn).
    agent_threads: int = 2
    limiter: anyio.CapacityLimiter | None = None


def create_app(paths: Iterable[str | Path], db: str | Path = ":memory:", *,
               watch: bool = False, max_sessions: int = 256, max_sockets: int = 256,
               max_sockets_per_game: int = 32, max_sockets_per_client: int = 16,
               poll_seconds: float = 0.5, host: str | None = None,
               allow_hosts: Iterable[str] = (),
               games_per_client: int = MAX_GAMES_PER_CLIENT,
               games_window: float = GAMES_WINDOW, max_db_bytes: int = MAX_DB_BYTES,
               body_seconds: float = BODY_SECONDS) -> Starlette:
    """The app serving the game files ``paths`` (files or directories), games kept in the
    SQLite file ``db``, answering to the local host names, ``host`` (the address it
    listens on) and ``allow_hosts``."""
    library = Library(paths)
    store = Store(db)
    sessions = Sessions(store, library, max_sessions, games_per_client=games_per_client,
                        window=games_window, max_db_bytes=max_db_bytes)
    server = Server(library, store, sessions, watch, poll_seconds, max_sockets,
                    max_sockets_per_game, max_sockets_per_client, body_seconds)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(_watch(server)) if watch else None
        try:
            yield
        finally:
            if task is not None:
                task.cancel()
            for session in list(server.sessions.live.values()):
                if session.agent_task is not None:
                    session.agent_task.cancel()
            store.close()

    routes = [
        Route("/", index_page),
        Route("/favicon.ico", no_icon),
        Route("/play/{id}", play_page),
        Route("/rulebooks/{lang}/{slug}.html", rulebook),
        Route("/api/openapi.json", openapi),
        Route("/api/games", list_games),
        Route("/api/games/{slug}", game_info),
        Route("/api/recent", recent),
        Route("/api/play", new_game, methods=["POST"]),
        Route("/api/play/{id}", game_state),
        Route("/api/play/{id}/legal", legal),
        Route("/api/play/{id}/apply", apply, methods=["POST"]),
        Route("/api/play/{id}/agent", agent_move, methods=["POST"]),
        Route("/api/play/{id}/restart", restart, methods=["POST"]),
        Route("/api/play/{id}/record", record),
        WebSocketRoute("/api/play/{id}/ws", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={
        WebError: _web_error, HTTPException: _http_error, Exception: _server_error},
        middleware=[Middleware(Doors, hosts=allowed_hosts(host, allow_hosts))])
    app.state.server = server
    return app


# Errors -----------------------------------------------------------------------------------
async def _web_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, WebError)
    return JSONResponse({"error": str(exc)}, status_code=exc.status)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return JSONResponse({"error": exc.detail}, status_code=exc.status_code)


async def _server_error(request: Request, exc: Exception) -> Response:
    """A bug, not a refusal: still JSON, and no traceback for the client."""
    return JSONResponse({"error": f"internal error ({type(exc).__name__}); the server's "
                                  "log has the details"}, status_code=500)


def _server(request: Request | WebSocket) -> Server:
    server: Server = request.app.state.server
    return server


async def read_json(request: Request) -> dict[str, Any]:
    """The request's JSON object, refusing bodies that are oversized, slow, not JSON (by
    their Content-Type too: a page of another site cannot send that), not UTF-8, or nested
    too deep."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isascii() or not declared.isdigit()
                                 or int(declared) > MAX_BODY):
        raise WebError(413, f"request body too large: at most {MAX_BODY} bytes")
    body = b""
    try:
        with anyio.fail_after(_server(request).body_seconds):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY:
                    raise WebError(413, f"request body too large: at most {MAX_BODY} bytes")
    except TimeoutError:
        raise WebError(408, f"the request body did not arrive within "
                            f"{_server(request).body_seconds:g} s") from None
    if not body:
        return {}
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise WebError(415, f"the body must be JSON, sent as Content-Type: application/json "
                            f"(found {kind[:60] or 'none'!r})")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise WebError(400, f"the body is not UTF-8 (byte {exc.start + 1}); send JSON in "
                            "UTF-8") from None
    if json_depth(text) > MAX_NESTING:
        raise WebError(400, f"the body is nested more than {MAX_NESTING} levels deep")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise WebError(400, f"the body is not valid JSON: {exc}") from None
    except (ValueError, RecursionError) as exc:  # a number of 5,000 digits
        raise WebError(400, f"the body is not usable JSON: {str(exc)[:120]}") from None
    if not isinstance(data, dict):
        raise WebError(400, "the body must be a JSON object")
    return data


def _client(request: Request | WebSocket) -> str:
    """The client's address: what per-client limits count by."""
    return request.client.host if request.client else ""


def _lang(request: Request) -> str:
    return pick_language(request.query_params.get("lang"),
                         request.headers.get("accept-language"))


# Pages ------------------------------------------------------------------------------------
def _page(name: str, lang: str, data: dict[str, Any]) -> HTMLResponse:
    html = (STATIC / name).read_text(encoding="utf-8")
    data = {**data, "lang": lang, "texts": texts(lang), "languages": LANGUAGES}
    script = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    return HTMLResponse(html.replace("__LANG__", lang).replace("__DATA__", script))


async def no_icon(request: Request) -> Response:
    return Response(status_code=204)


async def index_page(request: Request) -> Response:
    return _page("index.html", _lang(request), {})


async def play_page(request: Request) -> Response:
    session = _server(request).sessions.get(request.path_params["id"])
    return _page("play.html", _lang(request), {"id": session.id})


async def rulebook(request: Request) -> Response:
    """The rulebook of a served game in one language, rendered from the file as it is now."""
    from framework.docs import render_rulebook

    server = _server(request)
    lang, slug = request.path_params["lang"], request.path_params["slug"]
    entry = server.library.get(slug)
    if entry is None or entry.game is None:
        raise WebError(404, f"no playable game {slug!r} on this server")
    if lang not in LANGUAGES:
        raise WebError(404, f"no rulebook language {lang!r}; expected one of: "
                            f"{', '.join(LANGUAGES)}")
    key = (slug, entry.version, lang)
    if key not in server.rulebooks:
        try:
            text, _svgs = await anyio.to_thread.run_sync(render_rulebook, entry.game, lang,
                                                         "html", slug)
        except BoardspecError as exc:  # an example of the file that does not run
            raise WebError(500, f"the rulebook of {slug} cannot be written: {exc}") from None
        server.rulebooks[key] = text
    return HTMLResponse(server.rulebooks[key])


async def openapi(request: Request) -> Response:
    from framework.web.openapi import SPEC

    return JSONResponse(SPEC)


# Game files -------------------------------------------------------------------------------
async def list_games(request: Request) -> Response:
    server = _server(request)
    return JSONResponse({"games": [e.summary() for e in server.library.files.values()]})


async def game_info(request: Request) -> Response:
    entry = _server(request).library.get(request.path_params["slug"])
    if entry is None:
        raise WebError(404, f"no game {request.path_params['slug']!r} on this server")
    return JSONResponse(entry.summary())


async def recent(request: Request) -> Response:
    return JSONResponse({"games": _server(request).store.recent()})


# Played games -----------------------------------------------------------------------------
async def new_game(request: Request) -> Response:
    server = _server(request)
    body = await read_json(request)
    session, tokens = server.sessions.create(body.get("game"), body.get("seats"),
                                             body.get("seed"), _client(request))
    _start_agents(server, session)
    return JSONResponse({"id": session.id, "tokens": tokens, "url": f"/play/{session.id}",
                         "state": state_payload(server, session, _lang(request))},
                        status_code=201)


async def game_state(request: Request) -> Response:
    server = _server(request)
    session = server.sessions.get(request.path_params["id"])
    _start_agents(server, session)
    return JSONResponse(state_payload(server, session, _lang(request)))


async def legal(request: Request) -> Response:
    session = _server(request).sessions.get(request.path_params["id"])
    state = session.state
    data: dict[str, Any] = {"ply": session.ply, "current_seat": _seat(session),
                            "actions": [a.to_json(session.game) for a in state.legal_actions()]}
    if request.query_params.get("turns") in ("1", "true"):
        turns = await anyio.to_thread.run_sync(state.clone().legal_turns)
        data["turns"] = [t.notation for t in turns]
    return JSONResponse(data)


async def apply(request: Request) -> Response:
    """Play actions for the seat whose token is given: ``action`` (notation; several
    separated by spaces make one request), or the cells of a click (``from``/``to``,
    ``at``)."""
    server = _server(request)
    session = server.sessions.get(request.path_params["id"])
    body = await read_json(request)
    async with session.lock:
        seat = session.check_turn(body.get("token"), body.get("ply"))
        action = body.get("action")
        if action is not None:
            if not isinstance(action, str) or len(action) > 2000:
                raise WebError(422, f"'action' must be an action in notation, found "
                                    f"{str(action)[:80]!r}")
            notations = action.split()
        elif any(k in body for k in ("from", "to", "at")):
            notations = [session.resolve(body.get("from"), body.get("to"), body.get("at"))]
        else:
            raise WebError(422, "expected 'action' (in notation) or the cells of a click "
                                "('from' and 'to', or 'at')")
        played = session.play(notations, seat, _lang(request))
        server.sessions.save(session)
    await broadcast(session, {"type": "update", "ply": session.ply})
    _start_agents(server, session)
    return JSONResponse({"played": played, "state": state_payload(server, session,
                                                                  _lang(request))})


async def agent_move(request: Request) -> Response:
    """Wait for the agent whose turn it is to play it (it starts if it has not)."""
    server = _server(request)
    session = server.sessions.get(request.path_params["id"])
    body = await read_json(request)
    before = body.get("ply", session.ply)
    if not isinstance(before, int) or isinstance(before, bool) or \
            not 0 <= before <= session.ply:
        raise WebError(422, f"'ply' must be a ply of this game (0 to {session.ply}), "
                            f"found {before!r}")
    if before < session.ply:  # already played (agents start by themselves)
        if session.seat_spec(session.plies[before].seat) == HUMAN:
            raise WebError(409, f"stale request: a person moved at ply {before}")
        played = [p.notation for p in session.plies[before:]]
        return JSONResponse({"played": played, "state": state_payload(server, session,
                                                                      _lang(request))})
    if session.agent_to_move() is None:
        who = "nobody" if session.state.is_terminal() else "a person"
        raise WebError(409, f"no agent is to move: {who} is")
    task = _start_agents(server, session)
    while task is not None and not task.done() and session.ply == before:
        change = asyncio.ensure_future(session.changed.wait())
        try:  # until its turn is played (or it fails)
            await asyncio.wait({task, change}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            change.cancel()
    if session.agent_error:
        raise WebError(500, session.agent_error)
    played = [p.notation for p in session.plies[before:]]
    return JSONResponse({"played": played, "state": state_payload(server, session,
                                                                  _lang(request))})


async def restart(request: Request) -> Response:
    """Start the game again with the rules file as it is now (any seat's token). The game
    so far is kept, read-only, under a new id (``archived``): its record stays."""
    server = _server(request)
    session = server.sessions.get(request.path_params["id"])
    body = await read_json(request)
    if not session.seats_of_token(body.get("token")):
        raise WebError(403, "only a player of this game (a seat link) can restart it")
    entry = server.library.get(session.stored.slug)
    if entry is None or entry.game is None:
        raise WebError(409, "the game file does not load: nothing to restart with")
    async with session.lock:
        if session.agent_task is not None:
            session.agent_task.cancel()
        archived = server.sessions.archive(session) if session.ply else None
        session.restart(entry.text, entry.game)
        server.sessions.save_all(session)
    await broadcast(session, {"type": "update", "ply": session.ply})
    _start_agents(server, session)
    return JSONResponse({"archived": archived,
                         "state": state_payload(server, session, _lang(request))})


async def record(request: Request) -> Response:
    session = _server(request).sessions.get(request.path_params["id"])
    fmt = request.query_params.get("format", "text")
    rec = session.record()
    name = f"{session.stored.slug}-{session.id}"
    if fmt == "json":
        return Response(json.dumps(rec.to_json(), ensure_ascii=False, indent=1) + "\n",
                        media_type="application/json", headers={
                            "Content-Disposition": f'attachment; filename="{name}.json"'})
    if fmt != "text":
        raise WebError(422, f"format: expected 'text' or 'json', found {fmt!r}")
    return Response(rec.to_text(), media_type="text/plain; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="{name}.txt"'})


# The state as the page sees it -------------------------------------------------------------
def _seat(session: GameSession) -> int | None:
    seat = session.state.current_player
    return None if seat < 0 else seat


def state_payload(server: Server, session: GameSession, lang: str) -> dict[str, Any]:
    from framework.engine.supply import attribute_supply, piece_supply
    from framework.notation_words import words_in
    from framework.records import result_of
    from framework.render.svg import Marks, board_svg

    game, state = session.game, session.state
    _ = translations(lang).gettext
    words = words_in(game, lang)  # the notation as the page's language writes it
    entry = server.library.get(session.stored.slug)
    players = list(game.players)
    in_setup = state.setup < len(game.setups)
    phase = (game.setups[state.setup].name if in_setup else
             game.phases[state.phase].name) if not state.is_terminal() else ""
    seats = []
    for seat, spec in enumerate(session.stored.seats):
        side = state.seat_of_side.index(seat) if seat in state.seat_of_side else seat
        seats.append({"seat": seat, "player": players[side], "label": _(players[side]),
                      "agent": spec, "human": spec == HUMAN})
    sides = []
    for side, player in enumerate(players):
        supplies: dict[str, int] = {}
        hands: dict[str, int] = {}
        for kind, name in enumerate(game.piece_kinds):
            left = piece_supply(state, side, kind)
            if left is not None:  # a kind kept in hand: what the hand holds
                (hands if game.spec.pieces[name].hand else supplies)[_(name)] = left
        for index, name in enumerate(game.attributes):
            left = attribute_supply(state, side, index)
            if left is not None:
                supplies[_(name)] = left
        sides.append({"player": player, "label": _(player),
                      "seat": state.seat_of_side[side],
                      "on_board": state.owner[side].bit_count(),
                      "counters": {_(c): v for c, v in zip(game.counters, state.counters[side],
                                                           strict=True)},
                      "supplies": supplies, "hands": hands})
    winners = sorted(state.winners) if state.winners is not None else None
    agent = session.agent_to_move()
    last = session.plies[-1].cell if session.plies else -1
    svg = board_svg(state, Marks(highlight=last), game.name, _)
    return {
        "id": session.id, "game": session.stored.slug, "name": game.name,
        "file": Path(session.stored.file).name, "version": session.version,
        "file_version": entry.version if entry else "",
        "file_errors": entry.errors if entry else [],
        "ply": session.ply, "players": players, "seats": seats, "sides": sides,
        "current_seat": _seat(session),
        "to_move": None if state.is_terminal() else players[state.to_move],
        "to_move_label": None if state.is_terminal() else _(players[state.to_move]),
        "phase": phase, "phase_label": _(phase) if phase else "", "setup": in_setup,
        "terminal": state.is_terminal(),
        "result": None if winners is None else {
            "code": result_of(state), "winners": [players[w] for w in winners],
            "labels": [_(players[w]) for w in winners]},
        "thinking": agent is not None, "agent_error": session.agent_error,
        "turns": [{**turn, "label": _(turn["player"]),
                   "written": [words.write_text(n) for n in turn["actions"]]}
                  for turn in session.turns()],
        "legal": [{**a.to_json(game), "written": words.write(a)}
                  for a in state.legal_actions()],
        "svg": svg, "lang": lang,
    }


# Agents -----------------------------------------------------------------------------------
def _start_agents(server: Server, session: GameSession) -> asyncio.Task[None] | None:
    """Let agents play while one is to move (in a worker thread: the server stays
    responsive)."""
    task = session.agent_task
    if task is not None and not task.done():
        return task
    if session.agent_to_move() is None:
        return None
    session.agent_task = asyncio.create_task(_run_agents(server, session))
    session.agent_task.add_done_callback(lambda done: _agent_failed(session, done))
    return session.agent_task


def _agent_failed(session: GameSession, task: asyncio.Task[None]) -> None:
    """A failure of the agents' loop is shown in the page, not lost in a task."""
    if not task.cancelled() and task.exception() is not None:
        session.agent_error = f"the agent stopped: {task.exception()!r}"


async def _run_agents(server: Server, session: GameSession) -> None:
    while True:
        async with session.lock:
            seat = session.agent_to_move()
            if seat is None:
                return
            ply, state = session.ply, session.state.clone()
            agent = session.agent_for(seat)
        try:
            if server.limiter is None:
                server.limiter = anyio.CapacityLimiter(server.agent_threads)
            actions = await anyio.to_thread.run_sync(agent.act, state, limiter=server.limiter)
        except Exception as exc:  # shown in the page; the server keeps serving
            session.agent_error = f"{agent.spec}: {exc}"
            await broadcast(session, {"type": "update", "ply": session.ply})
            return
        async with session.lock:
            if session.ply != ply:
                continue  # restarted meanwhile
            notations = []
            probe = session.state.clone()
            for action in actions:  # an agent's turn may end the game early
                if probe.is_terminal() or probe.current_player != seat:
                    break
                probe.apply_unchecked(action)
                notations.append(action.notation)
            session.play(notations, seat)
            server.sessions.save(session)
        await broadcast(session, {"type": "update", "ply": session.ply})


# WebSocket push ---------------------------------------------------------------------------
async def broadcast(session: GameSession, message: dict[str, Any]) -> None:
    session.announce()
    for ws in list(session.sockets):
        try:
            with anyio.fail_after(2):
                await ws.send_json(message)
        except Exception:  # a viewer gone or stuck: drop it, never stall the game
            session.sockets.discard(ws)


async def socket(ws: WebSocket) -> None:
    """Pushes ``{"type": "update", "ply": n}`` after every change of the game and
    ``{"type": "rules"}`` when its file changes; the page then fetches the state."""
    server = _server(ws)
    try:
        session = server.sessions.get(ws.path_params["id"])
    except WebError:
        await ws.close(code=1008)
        return
    client = _client(ws)
    if server.sockets >= server.max_sockets or \
            len(session.sockets) >= server.max_sockets_per_game or \
            server.client_sockets.get(client, 0) >= server.max_sockets_per_client:
        await ws.close(code=1013)  # try again later
        return
    await ws.accept()
    server.sockets += 1
    server.client_sockets[client] = server.client_sockets.get(client, 0) + 1
    session.sockets.add(ws)
    try:
        await ws.send_json({"type": "update", "ply": session.ply})
        while True:  # viewers only listen; anything they send is ignored
            if (await ws.receive())["type"] == "websocket.disconnect":
                break
    except WebSocketDisconnect:
        pass
    finally:
        server.sockets -= 1
        left = server.client_sockets.get(client, 1) - 1
        if left:
            server.client_sockets[client] = left
        else:
            server.client_sockets.pop(client, None)
        session.sockets.discard(ws)


async def _watch(server: Server) -> None:
    while True:
        await asyncio.sleep(server.poll_seconds)
        try:
            changed = await anyio.to_thread.run_sync(server.library.poll)
        except Exception:  # keep watching whatever one reload did
            continue
        for slug in changed:
            for session in list(server.sessions.live.values()):
                if session.stored.slug == slug:
                    await broadcast(session, {"type": "rules"})
