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
import math
import time
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from framework.engine.action import SKIP_KIND
from framework.engine.chance import drawn_by_chance
from framework.engine.turns import turn_key
from framework.errors import BoardspecError
from framework.i18n import LANGUAGES, game_translations, translations
from framework.limits import MAX_NESTING
from framework.numerals import is_digits
from framework.safeio import json_depth
from framework.web.doors import Doors, allowed_hosts
from framework.web.library import Library
from framework.web.sessions import (
    GAMES_WINDOW,
    HUMAN,
    MAX_DB_BYTES,
    MAX_GAMES_PER_CLIENT,
    GameSession,
    Ply,
    Sessions,
    WebError,
)
from framework.web.sight import Sight, sight_of
from framework.web.store import Store
from framework.web.texts import pick_language, texts

if TYPE_CHECKING:
    from framework.engine.state import State
    from framework.game import Game

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
    #: The task of each game with a running clock that lets its flag fall on time.
    timers: dict[str, asyncio.Task[None]] = field(default_factory=dict)


def create_app(paths: Iterable[str | Path], db: str | Path = ":memory:", *,
               watch: bool = False, max_sessions: int = 256, max_sockets: int = 256,
               max_sockets_per_game: int = 32, max_sockets_per_client: int = 16,
               poll_seconds: float = 0.5, host: str | None = None,
               allow_hosts: Iterable[str] = (),
               games_per_client: int = MAX_GAMES_PER_CLIENT,
               games_window: float = GAMES_WINDOW, max_db_bytes: int = MAX_DB_BYTES,
               body_seconds: float = BODY_SECONDS,
               clock: Callable[[], float] = time.monotonic) -> Starlette:
    """The app serving the game files ``paths`` (files or directories), games kept in the
    SQLite file ``db``, answering to the local host names, ``host`` (the address it
    listens on) and ``allow_hosts``. ``clock`` is the monotonic clock games' time controls
    are kept by (a test gives a fake one that it advances)."""
    library = Library(paths)
    store = Store(db)
    sessions = Sessions(store, library, max_sessions, games_per_client=games_per_client,
                        window=games_window, max_db_bytes=max_db_bytes, clock=clock)
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
            for timer in list(server.timers.values()):
                timer.cancel()
            for session in list(server.sessions.live.values()):
                if session.agent_task is not None:
                    session.agent_task.cancel()
                if session.clock is not None:  # the running clock charged up to the stop
                    session._stored_update()
                    store.save_plies(session.stored)
            store.close()

    routes = [
        Route("/", index_page),
        Route("/favicon.ico", no_icon),
        Route("/play/{id}", play_page),
        Route("/sketch", sketch_page),
        Route("/api/sketch", sketch_board, methods=["POST"]),
        Route("/rulebooks/{lang}/{slug}.html", rulebook),
        Route("/api/openapi.json", openapi),
        Route("/api/games", list_games),
        Route("/api/games/{slug}", game_info),
        Route("/api/games/{slug}/position", check_position, methods=["POST"]),
        Route("/api/recent", recent),
        Route("/api/play", new_game, methods=["POST"]),
        Route("/api/play/{id}", game_state),
        Route("/api/play/{id}/legal", legal),
        Route("/api/play/{id}/apply", apply, methods=["POST"]),
        Route("/api/play/{id}/agent", agent_move, methods=["POST"]),
        Route("/api/play/{id}/restart", restart, methods=["POST"]),
        Route("/api/play/{id}/replay", replay_report, methods=["GET"]),
        Route("/api/play/{id}/resign", resign, methods=["POST"]),
        Route("/api/play/{id}/offer", offer, methods=["POST"]),
        Route("/api/play/{id}/answer", answer, methods=["POST"]),
        Route("/api/play/{id}/name", name_seat, methods=["POST"]),
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
    if declared is not None and (not is_digits(declared) or int(declared) > MAX_BODY):
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
#: The agents the game list offers, weak to strong (the pages name them by these).
AGENT_STRENGTHS = {"alphabeta": ["alphabeta:d1", "alphabeta:d2", "alphabeta:0.5s"],
                   "mcts": ["mcts:200i", "mcts:1000i", "mcts:1s"]}


def _page(name: str, lang: str, data: dict[str, Any]) -> HTMLResponse:
    html = (STATIC / name).read_text(encoding="utf-8")
    from framework.web.clocks import OFFERED

    data = {**data, "lang": lang, "texts": texts(lang), "languages": LANGUAGES,
            "agents": AGENT_STRENGTHS, "clocks": OFFERED}
    script = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    return HTMLResponse(html.replace("__LANG__", lang).replace("__DATA__", script))


async def no_icon(request: Request) -> Response:
    return Response(status_code=204)


async def index_page(request: Request) -> Response:
    return _page("index.html", _lang(request), {})


async def play_page(request: Request) -> Response:
    session = _server(request).sessions.get(request.path_params["id"])
    return _page("play.html", _lang(request), {"id": session.id})


async def sketch_page(request: Request) -> Response:
    """Board sketching: a board from a template, changed by clicking, exported as YAML."""
    from framework.web.sketch import TEMPLATES

    return _page("sketch.html", _lang(request),
                 {"templates": {name: {option: list(spec) for option, spec in options.items()}
                                for name, options in TEMPLATES.items()}})


async def sketch_board(request: Request) -> Response:
    """A sketch started (``{"template": {...}, "players"}``), changed (``{"sketch",
    "change"}``) or only drawn (``{"sketch"}``): the sketch, its ``board:``/``zones:``
    YAML, a whole game file around it, and boardspec's picture of it (or why its export
    does not read). Nothing is stored: the page keeps the sketch."""
    from framework.web.sketch import SketchError, change, checked, sketch_view, start

    body = await read_json(request)
    try:
        if "template" in body:
            sketch = start(body["template"], body.get("players"))
        elif isinstance(body.get("change"), dict):
            sketch = change(body.get("sketch"), body["change"])
        else:
            sketch = checked(body.get("sketch"))
    except SketchError as exc:
        raise WebError(422, str(exc)) from None
    _ = translations(_lang(request)).gettext
    return JSONResponse(await anyio.to_thread.run_sync(sketch_view, sketch, _))


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
    """The game files, their words in the language of ``?lang=`` (or the browser's)."""
    server, lang = _server(request), _lang(request)
    return JSONResponse({"games": [e.summary(lang) for e in server.library.files.values()]})


async def game_info(request: Request) -> Response:
    entry = _server(request).library.get(request.path_params["slug"])
    if entry is None:
        raise WebError(404, f"no game {request.path_params['slug']!r} on this server")
    return JSONResponse(entry.summary(_lang(request)))


async def check_position(request: Request) -> Response:
    """The position editor's position read by the engine (``{"position"}`` or ``{"fen"}``,
    and the game's ``parameters``): valid or why not, its JSON, FEN, picture and moves."""
    from framework.web.bench import check_position as check

    server = _server(request)
    entry = server.library.get(request.path_params["slug"])
    if entry is None or entry.game is None:
        raise WebError(404, f"no playable game {request.path_params['slug']!r} on this "
                            "server")
    body = await read_json(request)
    given = body.get("parameters")
    game = server.sessions.setting(entry.text, entry.file, given) if given else entry.game
    lang = _lang(request)
    found = await anyio.to_thread.run_sync(check, game, body, lang,
                                           translations(lang).gettext)
    return JSONResponse(found)


async def recent(request: Request) -> Response:
    """The recent games, as a spectator may read them: a game with hidden information that
    is not over does not say how many plies were played (the tries on hidden pieces)."""
    server = _server(request)
    games = []
    for row in server.store.recent():
        reference, file, parameters = row.pop("rules"), row.pop("file"), row.pop("parameters")
        if row["result"] == "unfinished" and _hides(server, reference, file, parameters):
            row["plies"] = None
        games.append(row)
    return JSONResponse({"games": games})


def _hides(server: Server, reference: str, file: str, parameters: dict[str, Any]) -> bool:
    """Whether the stored rules ``reference`` hide information (a ``view:``); rules that
    no longer load are taken to."""
    from framework.web.library import compile_rules

    text = server.store.rules_text(reference)
    if text is not None and "view" not in text:  # (no compile: a view is declared as view:)
        return False
    try:
        return text is None or compile_rules(text, file, parameters).view is not None
    except BoardspecError:
        return True


# Played games -----------------------------------------------------------------------------
async def new_game(request: Request) -> Response:
    server = _server(request)
    body = await read_json(request)
    session, tokens = server.sessions.create(body.get("game"), body.get("seats"),
                                             body.get("seed"), _client(request),
                                             body.get("parameters"), body.get("clock"),
                                             body.get("names"), position=body.get("position"),
                                             fen=body.get("fen"), record=body.get("record"))
    _start_agents(server, session)
    return JSONResponse({"id": session.id, "tokens": tokens, "url": f"/play/{session.id}",
                         "state": _payload(request, server, session)},
                        status_code=201)


async def game_state(request: Request) -> Response:
    """The game now, or with ``?turn=N`` the position after its first N turns (read
    only: no legal actions)."""
    server = _server(request)
    session = server.sessions.get(request.path_params["id"])
    turn = request.query_params.get("turn")
    if turn is not None:
        if not is_digits(turn, 6):
            raise WebError(422, f"'turn' must be a number of turns, found {turn[:20]!r}")
        sight = _sight(request, session)
        view = sight.after_turns(int(turn))
        found = _payload(request, server, session, view)
        if request.query_params.get("inspect") in ("1", "true"):
            found["inspect"] = sight.inspect(view[0], _lang(request), now=False)
        return JSONResponse(found)
    await _check_flag(server, session)
    _start_agents(server, session)
    _arm_clock(server, session)  # (a game read back from the store after a restart)
    found = _payload(request, server, session)
    if request.query_params.get("inspect") in ("1", "true"):
        found["inspect"] = _sight(request, session).inspect(session.state, _lang(request),
                                                            now=True)
    return JSONResponse(found)


async def legal(request: Request) -> Response:
    server = _server(request)
    session = server.sessions.get(request.path_params["id"])
    await _check_flag(server, session)  # a seat out of time has no legal action left
    sight = _sight(request, session)
    if not sight.may_act:
        # The mover's actions tell what it sees: only its own seat may read them.
        raise WebError(403, "this game hides information: only the seat to move may read "
                            f"its legal actions (send its token in {TOKENS_HEADER})")
    data: dict[str, Any] = {"ply": sight.version, "current_seat": _seat(session),
                            "actions": [a.to_json(session.game) for a in sight.legal()]}
    if request.query_params.get("turns") in ("1", "true"):
        turns = await anyio.to_thread.run_sync(sight.legal_turns)
        data["turns"] = [t.notation for t in turns]
    return JSONResponse(data)


async def apply(request: Request) -> Response:
    """Play actions for the seat whose token is given: ``action`` (notation; several
    separated by spaces make one request), or the cells of a click (``from``/``to``,
    ``at``)."""
    server = _server(request)
    session = server.sessions.get(request.path_params["id"])
    body = await read_json(request)
    await _check_flag(server, session)
    async with session.lock:
        # The ply the page was sent is its viewer's (its header's seats and the token's).
        seat = session.check_turn(body.get("token"), body.get("ply"), sorted(
            {*_viewer_seats(request, session), *session.seats_of_token(body.get("token"))}))
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
        if session.game.view is None:
            played, refused = session.play(notations, seat, _lang(request)), ""
        else:  # all or none would tell, by where it is refused, what the seat cannot see
            played, refused = session.play_each(notations, seat, _lang(request))
        server.sessions.save(session)
    await broadcast_update(session)
    _start_agents(server, session)
    _arm_clock(server, session)
    return JSONResponse({"played": played, **({"refused": refused} if refused else {}),
                         "state": _payload(request, server, session, token=body.get("token"))})


async def name_seat(request: Request) -> Response:
    """The person of a seat link gives their name (``{"token", "name"}``; null or empty:
    none): the seat list and the record's headers show it."""
    server = _server(request)
    session = server.sessions.get(request.path_params["id"])
    body = await read_json(request)
    async with session.lock:
        session.set_name(body.get("token"), body.get("name"))
        server.sessions.save_all(session)
    await broadcast(session, {"type": "presence"})  # no new ply: every page fetches
    return JSONResponse({"state": _payload(request, server, session)})


async def _check_flag(server: Server, session: GameSession) -> None:
    """Let the running clock's flag fall if its time is up, and tell every page."""
    if session.clock is None:
        return
    async with session.lock:
        fallen = session.check_flag()
        if fallen:
            task = session.agent_task  # (the agents' loop itself stops by itself)
            if task is not None and task is not asyncio.current_task():
                task.cancel()
            server.sessions.save(session)
    if fallen:
        await broadcast(session, {"type": "flag"})


def _arm_clock(server: Server, session: GameSession) -> None:
    """Keep one task per game whose clock runs, that lets the flag fall when its time is
    up even if nobody asks (it looks at most once a second, by the server's clock)."""
    if session.clock is None or session.clock.running is None or \
            session.state.is_terminal():
        return
    timer = server.timers.get(session.id)
    if timer is None or timer.done():
        server.timers[session.id] = asyncio.create_task(_flag_timer(server, session))


async def _flag_timer(server: Server, session: GameSession) -> None:
    try:
        while session.clock is not None and session.clock.running is not None and \
                not session.state.is_terminal():
            left = session.clock.remaining(session.clock.running)
            await asyncio.sleep(min(max(left, 0.02), 1.0))
            await _check_flag(server, session)
    finally:
        if server.timers.get(session.id) is asyncio.current_task():
            del server.timers[session.id]


async def agent_move(request: Request) -> Response:
    """Wait for the agent whose turn it is to play it (it starts if it has not)."""
    server = _server(request)
    session = server.sessions.get(request.path_params["id"])
    body = await read_json(request)
    # The ply as the viewer was sent it (with hidden information: its version, seen_by).
    viewer = _viewer_seats(request, session)
    sight = sight_of(session, viewer)
    now = sight.version
    before = body.get("ply", now)
    if not isinstance(before, int) or isinstance(before, bool) or not 0 <= before <= now:
        raise WebError(422, f"'ply' must be a ply of this game (0 to {now}), "
                            f"found {before!r}")
    start = session.plies_seen_by(viewer, before)
    if before < now:  # already played (agents start by themselves)
        if session.seat_spec(session.plies[start].seat) == HUMAN:
            raise WebError(409, f"stale request: a person moved at ply {before}")
        return JSONResponse({"played": sight.played_since(start),
                             "state": _payload(request, server, session)})
    if session.agent_to_move() is None:
        who = "nobody" if session.state.is_terminal() else "a person"
        raise WebError(409, f"no agent is to move: {who} is")
    task = _start_agents(server, session)
    while task is not None and not task.done() and session.seen_by(viewer) == before:
        change = asyncio.ensure_future(session.changed.wait())
        try:  # until its turn is played (or it fails)
            await asyncio.wait({task, change}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            change.cancel()
    if session.agent_error:
        raise WebError(500, session.agent_error)
    return JSONResponse({"played": sight.played_since(start),
                         "state": _payload(request, server, session)})


async def restart(request: Request) -> Response:
    """Start the game again with the rules file as it is now (any seat's token). The game
    so far is kept, read-only, under a new id (``archived``): its record stays. A game not
    over with another person seated (one the request's tokens do not hold) is restarted
    only if that person agrees: the restart is then an offer (``outcome``: ``pending``,
    answered at /answer), as taking a move back is."""
    server = _server(request)
    session = server.sessions.get(request.path_params["id"])
    body = await read_json(request)
    token = body.get("token")
    if not session.seats_of_token(token):
        raise WebError(403, "only a player of this game (a seat link) can restart it")
    # The same setting again, unless the request names another one.
    given = body.get("parameters", session.stored.parameters)
    text, game = _restart_rules(server, session, given)
    keep = body.get("keep", False)
    if not isinstance(keep, bool):
        raise WebError(422, f"'keep' must be true or false, found {str(keep)[:40]!r}")
    sight = _sight(request, session, token)
    if keep and sight.secret:
        raise WebError(409, "this game hides information: going on under the new rules "
                            "would tell which of the other seats' hidden moves they still "
                            "take; restart from the beginning instead")
    async with session.lock:
        if session.state.is_terminal() or not session.other_people(list(sight.seats)):
            archived, outcome = _restart_now(server, session, text, game, keep), "agreed"
        else:
            archived, outcome = None, session.ask_restart(token, given, keep)
    if outcome == "pending":
        await _announce_offer(server, session, "restart", outcome)
    else:
        await broadcast_update(session, every=True)
        _start_agents(server, session)
    return JSONResponse({"outcome": outcome, "archived": archived,
                         "state": _payload(request, server, session)})


def _restart_rules(server: Server, session: GameSession, given: Any) -> tuple[str, Game]:
    """The rules text of the game's file as it is now, and its game under the parameter
    values ``given``."""
    entry = server.library.get(session.stored.slug)
    if entry is None or entry.game is None:
        raise WebError(409, "the game file does not load: nothing to restart with")
    game = server.sessions.setting(entry.text, entry.file, given) if given else entry.game
    return entry.text, game


def _restart_now(server: Server, session: GameSession, text: str, game: Game,
                 keep: bool) -> str | None:
    """Restart the game under ``text`` (from its start, or going on from the last move
    the new rules take: ``keep``); the id of the game so far, kept read-only."""
    if session.agent_task is not None:
        session.agent_task.cancel()
    archived = server.sessions.archive(session) if session.ply else None
    if keep:
        session.keep_under(text, game)
    else:
        session.restart(text, game)
    server.sessions.save_all(session)
    return archived


async def replay_report(request: Request) -> Response:
    """The game's moves played again under its rules file as it is now (edited under
    ``--watch``): how many stay legal, and the first that does not, with the reason."""
    from framework.web.bench import replay_report as report

    server = _server(request)
    session = server.sessions.get(request.path_params["id"])
    # Whether the other seats' hidden moves stay legal would tell what they were.
    _sight(request, session).refuse_while_secret("the replay of its moves under the file")
    entry = server.library.get(session.stored.slug)
    if entry is None or entry.game is None:
        raise WebError(409, "the game file does not load: nothing to replay under")
    given = session.stored.parameters
    game = server.sessions.setting(entry.text, entry.file, given) if given else entry.game
    found = await anyio.to_thread.run_sync(report, session, game, _lang(request))
    return JSONResponse({**found, "version": session.version,
                         "file_version": entry.version})


async def resign(request: Request) -> Response:
    """The seat of the token given resigns: every other side wins."""
    server = _server(request)
    session = server.sessions.get(request.path_params["id"])
    body = await read_json(request)
    async with session.lock:
        if session.agent_task is not None:
            session.agent_task.cancel()
        session.resign(body.get("token"))
        server.sessions.save(session)
    await broadcast(session, {"type": "resigned"})  # no new ply: every page fetches
    return JSONResponse({"state": _payload(request, server, session)})


async def offer(request: Request) -> Response:
    """The seat of the token offers a draw, to take its last turn back, or a rematch
    (``{"token", "offer"}``); the answer says ``agreed``, ``declined`` (an agent plays on
    rather than draw) or ``pending`` (another person answers at /answer)."""
    server = _server(request)
    session = server.sessions.get(request.path_params["id"])
    body = await read_json(request)
    async with session.lock:
        outcome = session.make_offer(body.get("token"), body.get("offer"))
        _settle(server, session, body.get("offer"), outcome)
    await _announce_offer(server, session, body.get("offer"), outcome)
    return JSONResponse({"outcome": outcome, "state": _payload(request, server, session)})


async def answer(request: Request) -> Response:
    """A person of another seat accepts or declines the offer (``{"token", "accept"}``)."""
    server = _server(request)
    session = server.sessions.get(request.path_params["id"])
    body = await read_json(request)
    async with session.lock:
        kind = session.offer[0] if session.offer else None
        outcome = session.answer_offer(body.get("token"), body.get("accept"))
        _settle(server, session, kind, outcome)
    await _announce_offer(server, session, kind, outcome)
    return JSONResponse({"outcome": outcome, "state": _payload(request, server, session)})


def _settle(server: Server, session: GameSession, kind: Any, outcome: str) -> None:
    """After an offer or its answer: stop a thinking agent whose position was taken back
    or drawn, make an agreed rematch, and keep the game."""
    if outcome == "agreed" and kind in ("undo", "draw") and session.agent_task is not None:
        session.agent_task.cancel()
    if outcome == "agreed" and kind == "rematch":
        server.sessions.rematch(session)
    if outcome == "agreed" and kind == "restart":
        given, keep = session.restart_asked
        _restart_now(server, session, *_restart_rules(server, session, given), keep)
    server.sessions.save_all(session)


async def _announce_offer(server: Server, session: GameSession, kind: Any,
                          outcome: str) -> None:
    """Tell every page (no new ply: each fetches the state, with the offer in it)."""
    await broadcast(session, {"type": "offer", "offer": kind, "outcome": outcome})
    if outcome == "agreed" and kind in ("undo", "restart"):
        _start_agents(server, session)
        _arm_clock(server, session)


async def record(request: Request) -> Response:
    session = _server(request).sessions.get(request.path_params["id"])
    fmt = request.query_params.get("format", "text")
    # The record keeps every action (the server's copy): in a game with hidden information
    # it is read once the game is over, never during it.
    sight_of(session, []).refuse_while_secret("its record")
    rec = session.record()
    name = f"{session.stored.slug}-{session.id}"
    if fmt == "json":
        return Response(json.dumps(rec.to_json(), ensure_ascii=False, indent=1) + "\n",
                        media_type="application/json", headers={
                            "Content-Disposition": f'attachment; filename="{name}.json"'})
    if fmt == "pgn" and "pgn" in record_formats(session.game):
        from framework.pgn import pgn_of

        return Response(pgn_of([rec], session.game), media_type="application/x-chess-pgn",
                        headers={"Content-Disposition": f'attachment; filename="{name}.pgn"'})
    if fmt != "text":
        raise WebError(422, "format: expected " + " or ".join(
            repr(f) for f in record_formats(session.game)) + f", found {fmt!r}")
    # The text for people, in SAN where the file declares it; JSON keeps the file's actions.
    return Response(rec.in_notation(session.game).to_text(),
                    media_type="text/plain; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="{name}.txt"'})


def record_formats(game: Game) -> list[str]:
    """The formats ``/record`` gives a game's record in: PGN too for a two-player game in
    SAN (chess), for chess programs and databases."""
    from framework.pgn import writes_pgn

    return ["text", "json"] + ["pgn"] * writes_pgn(game)


# The state as the page sees it -------------------------------------------------------------
def _seat(session: GameSession) -> int | None:
    seat = session.state.current_player
    return None if seat < 0 else seat


def _payload(request: Request, server: Server, session: GameSession,
             view: tuple[State, list[Ply]] | None = None, token: Any = None
             ) -> dict[str, Any]:
    """``state_payload`` in the request's language, turned as it asks, and (in a game
    with hidden information) as the seats of the request's tokens see it (those of its
    header, and ``token``: the one its body proved)."""
    return state_payload(server, session, _lang(request), view, flip=_flip(request),
                         seats=list(_sight(request, session, token).seats))


#: The request header that carries a page's seat tokens (space-separated): in a game with
#: hidden information each seat is sent only what it sees.
TOKENS_HEADER = "x-boardspec-tokens"


def _viewer_seats(request: Request, session: GameSession) -> list[int]:
    """The seats the request's tokens open (none: a spectator)."""
    given = request.headers.get(TOKENS_HEADER, "")[:2000].split()[:8]
    return sorted({seat for token in given for seat in session.seats_of_token(token)})


def _sight(request: Request, session: GameSession, token: Any = None) -> Sight:
    """The game as the request may read it: as the seats of its tokens see it (those of
    its header, and ``token``: the one its body proved). Every answer about a game is
    computed from it."""
    return sight_of(session, [*_viewer_seats(request, session),
                              *session.seats_of_token(token)])


def _flip(request: Request) -> bool:
    """``?flip=1``: the board drawn half round (the second player's side nearest)."""
    return request.query_params.get("flip") in ("1", "true")


def state_payload(server: Server, session: GameSession, lang: str,
                  view: tuple[State, list[Ply]] | None = None, *, flip: bool = False,
                  seats: list[int] | None = None) -> dict[str, Any]:
    """What the page draws: the game now, or ``view`` (a past position and the plies
    that led to it), whose legal actions are none. In a game with hidden information
    (``view:`` in its file) only what the viewer's ``seats`` see (none: a spectator)."""
    from framework.engine.supply import attribute_supply, piece_supply
    from framework.notation_words import words_in
    from framework.records import result_of
    from framework.render.svg import Marks, board_svg

    # Everything below is read through the viewer's sight: with hidden information the
    # true position is never looked at (its legal actions only by the seat to move).
    sight = sight_of(session, seats or [])
    game, viewer = session.game, list(sight.seats)
    state, plies = sight.state, sight.plies()
    if view is not None:
        state, plies = sight.sees(view[0]), sight.plies(view[1])
    hidden = sight.hidden
    _ = translations(lang).gettext
    words = words_in(game, lang)  # the notation as the page's language writes it
    # Another seat's hidden actions are not listed (a game with a view); the move list in
    # SAN where the file declares it (a game without a view: chess).
    turns = sight.move_list()
    san = session.san_turns(turns) if not hidden else []
    entry = server.library.get(session.stored.slug)
    players = list(game.players)
    in_setup = state.setup < len(game.setups)
    # A player reads the phase's name only where the turn has several steps that decide
    # (move, then build); a setup is told by what its rule says, not by its keyword.
    deciding = [p for p in game.phases if p.decides]
    phase = "" if state.is_terminal() or in_setup or len(deciding) < 2 else \
        game.phases[state.phase].name
    hint = game.setups[state.setup].describe(_) if in_setup and not state.is_terminal() \
        else ""
    seat_rows: list[dict[str, Any]] = []
    for seat, spec in enumerate(session.stored.seats):
        side = state.seat_of_side.index(seat) if seat in state.seat_of_side else seat
        seat_rows.append({"seat": seat, "player": players[side], "label": _(players[side]),
                          "agent": spec, "human": spec == HUMAN,
                          "name": session.stored.names[seat]})
    # The result rule's running count (Go's area with komi, Kalah's seeds, the boxes), as
    # it would score the game now; not in a game with a view, where it could count what
    # a seat does not see.
    scores = game.result.scores(state) if game.result is not None and game.result.scored \
        and not hidden else None
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
                      "supplies": supplies, "hands": hands,
                      "score": None if scores is None else _plain_number(scores[side])})
    winners = sorted(state.winners) if state.winners is not None else None
    agent = session.agent_to_move()
    names = game.board.names
    svg = board_svg(state, Marks(), game.name, _, flip=flip, zones=True)
    legal = sight.legal() if view is None else []
    ask = bool(legal) and not in_setup and _choice_may_follow(game, state.phase)
    lands = _landing_cells(state, legal) if not hidden else {}
    online = sorted({seat for seats in session.present.values() for seat in seats})
    actor = state.current_player
    own = game_translations(lang, Path(session.stored.file).stem).gettext
    return {
        "id": session.id, "game": session.stored.slug, "name": game.name,
        "title": own(game.name),
        "file": Path(session.stored.file).name, "version": session.version,
        "file_version": entry.version if entry else "",
        "file_errors": entry.errors if entry else [],
        "parameters": dict(game.parameters),
        "ply": sight.version, "players": players, "seats": seat_rows,
        "sides": sides, "record_formats": record_formats(game),
        "current_seat": _seat(session),
        "to_move": None if state.is_terminal() else players[state.to_move],
        # In a setup the seat that acts is named by the side it plays now (before a choice
        # of sides: the side it was dealt), not by the side whose pieces are placed.
        "to_move_label": None if state.is_terminal() else _(players[
            state.seat_of_side.index(actor) if in_setup and actor in state.seat_of_side
            else state.to_move]),
        "phase": phase, "phase_label": _(phase) if phase else "", "setup": in_setup,
        "hint": hint, "piece_key": [_(a) for a in game.attributes],
        # The dice of the turn, as the server rolled them (a client never rolls).
        "dice": drawn_by_chance(state),
        "terminal": state.is_terminal(),
        "result": None if winners is None else {
            "code": result_of(state), "winners": [players[w] for w in winners],
            "labels": [_(players[w]) for w in winners],
            **({"reason": "resign", "resigned": _(players[state.seat_of_side.index(
                session.resigned)]), "row": []} if session.resigned is not None and
               view is None else {"reason": "time", "resigned": _(players[
                   state.seat_of_side.index(session.flagged)]), "row": []}
               if session.flagged is not None and view is None
               else {"reason": "agreement", "row": []}
               if session.agreed and view is None else _reason(game, state, _))},
        "clock": None if session.clock is None else session.clock.shown(),
        "offer": None if session.offer is None or view is not None else {
            "kind": session.offer[0], "seat": session.offer[1],
            "by": _(players[state.seat_of_side.index(session.offer[1])]
                    if session.offer[1] in state.seat_of_side else players[session.offer[1]])},
        "rematch": session.rematch,
        "pieces": {names[c]: players[state.owner_of(c)] for c in range(game.board.size)
                   if state.owner_of(c) >= 0},
        "last": _last_move(game, plies) if not hidden or (plies and plies[-1].seat in viewer)
        else {}, "continuing": bool(plies) and (not hidden or plies[-1].seat in viewer) and
        not state.is_terminal() and turn_key(state) == plies[-1].key,
        "viewing": None if view is None else _turns_in(plies),
        "forced": _forced_cells(game, state, legal),
        "check": [names[c] for c in _royals_attacked(game, state)], "online": online,
        "thinking": agent is not None, "agent_error": session.agent_error,
        "turns": [{**turn, "label": _(players[state.seat_of_side.index(turn["seat"])]
                                      if turn["seat"] in state.seat_of_side else
                                      turn["player"]),
                   "chose_label": _(turn["chose"]) if turn["chose"] else "",
                   "written": [san[index]] if san else
                   [words.write_text(n) for n in turn["actions"]]}
                  for index, turn in enumerate(turns)],
        "legal": [{**a.to_json(game), "written": words.write(a),
                   **({"label": _(a.attribute)} if a.attribute else {}),
                   **(_choices_after(game, state, a, words, _) if ask else {}),
                   **({"lands": lands[a]} if a in lands else {})}
                  for a in legal],
        "svg": svg, "lang": lang, "flipped": flip,
    }


def _turns_in(plies: list[Ply]) -> int:
    """How many turns of the move list ``plies`` make."""
    return sum(1 for i, p in enumerate(plies) if i == 0 or p.key != plies[i - 1].key)


def _last_move(game: Any, plies: list[Ply]) -> dict[str, str]:
    """Where the last turn's piece came from and where it ended (a chain of hops: from its
    first cell to its last), for the highlight of the last move."""
    names = game.board.names
    if not plies:
        return {}
    key = plies[-1].key
    turn = [p for p in plies if p.key == key and p.seat == plies[-1].seat]
    first = next((p.src for p in turn if p.src >= 0), -1)
    ends = [p.cell for p in turn if p.cell >= 0]
    found = {}
    if first >= 0:
        found["from"] = names[first]
    if ends:
        found["to"] = names[ends[-1]]
    return found


def _choices_after(game: Any, state: Any, action: Any, words: Any, _: Any
                   ) -> dict[str, Any]:
    """``{"then": [...]}`` when the action leads, in the same turn, to a choice made on
    no cell (a promotion's kind): the page asks it before sending both, so that nothing
    moves until the player has chosen. Each choice with its name and picture."""
    trial = state.clone()
    key, seat = turn_key(trial), trial.current_player
    trial.apply_unchecked(action)
    if trial.is_terminal() or turn_key(trial) != key or trial.current_player != seat or \
            trial.phase == state.phase:
        return {}
    after = trial.legal_actions()
    if len(after) < 2 or any(a.src >= 0 or a.dst >= 0 or a.at >= 0 for a in after):
        return {}
    from framework.render.svg import _ink, player_colour

    player = game.players[trial.to_move]
    fill = player_colour(game, trial.to_move)  # drawn as the board draws its pieces
    choices = []
    for a in after:
        piece = game.spec.pieces.get(a.attribute)
        glyph = (piece.glyphs.get(player) or piece.glyph or piece.symbols.get(player, "")) \
            if piece is not None else ""
        choices.append({"notation": a.notation, "written": words.write(a),
                        "label": _(a.attribute) if a.attribute else words.write(a),
                        "glyph": glyph, "fill": fill, "ink": _ink(fill)})
    return {"then": choices}


#: Placements looked at one by one for where their piece ends (beyond: not looked at).
MAX_LANDINGS = 32


def _landing_cells(state: Any, legal: list[Any]) -> dict[Any, str]:
    """Placements whose piece ends on another cell than the one they name (a drop that
    falls): that cell's name, so that the page shows and takes the drop where it lands."""
    placed = [a for a in legal if a.src < 0 and a.at >= 0]
    if not placed or len(placed) > MAX_LANDINGS:
        return {}
    found = {}
    before = state.occupied()
    for action in placed:
        trial = state.clone()
        trial.apply_unchecked(action)
        arrived = trial.occupied() & ~before
        if arrived and arrived & (arrived - 1) == 0 and not arrived >> action.at & 1:
            found[action] = state.game.board.names[arrived.bit_length() - 1]
    return found


def _plain_number(value: float) -> int | float:
    """A score as a person writes it: 40, not 40.0; 47.5 stays."""
    return int(value) if float(value).is_integer() else value


def _choice_may_follow(game: Any, phase: int) -> bool:
    """Whether a later phase of the turn may ask a choice on no cell (by the actions it can
    ever make; a phase that cannot say is looked at too)."""
    for later in game.phases[phase + 1:]:
        space = later.action_space() if later.decides else ()
        if space is None or any(a.src < 0 and a.dst < 0 and a.at < 0 and a.kind != SKIP_KIND
                                for a in space):
            return True
    return False


def _reason(game: Any, state: Any, _: Any) -> dict[str, Any]:
    """Why a finished game ended, in the page's words (``said``, from the goal that ended
    it, else the result rule that scored it; ``reason`` its keyword), and the row that
    won, if a goal of rows was met."""
    from framework.render.ending import ending, score_line

    why = ending(state, _)
    row: list[str] = []
    if why.goal is not None and hasattr(why.goal, "winning_row"):
        for side in sorted(state.winners or ()):
            row = row or [game.board.names[c] for c in why.goal.winning_row(state, side)]
    return {"reason": why.keyword, "said": why.said, "row": row, "scores": score_line(state, _)}


def _forced_cells(game: Any, state: Any, legal: list[Any]) -> list[str]:
    """The pieces that must act because a ``compulsory`` rule leaves only its kinds legal
    (a forced capture), by cell; empty when the rule does not bind now."""
    if state.is_terminal() or state.setup < len(game.setups):
        return []
    phase = game.phases[state.phase].name
    moving = [a for a in legal if a.src >= 0]
    for rule in game.restrictions:
        kinds = getattr(rule.params, "kinds", None)
        if rule.keyword == "compulsory" and kinds and rule.applies_to(phase) and moving \
                and all(a.kind in kinds for a in moving):
            return sorted({game.board.names[a.src] for a in moving})
    return []


def _royals_attacked(game: Any, state: Any) -> list[int]:
    """The royal pieces of the player to move that are attacked (check)."""
    from framework.engine.bits import iter_bits
    from framework.moves.attacks import attacks_of

    if state.is_terminal() and game.result is None:
        return []
    me = state.to_move
    found: list[int] = []
    for rule in game.restrictions:
        if rule.keyword == "royal":
            royal = state.owner[me] & state.kinds[game.piece_kinds.index(rule.params.piece)]
            attacks = attacks_of(game)
            found += [c for c in iter_bits(royal) if attacks.attacked(state, c, me)]
    return found


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
            if server.limiter is None:
                server.limiter = anyio.CapacityLimiter(server.agent_threads)
            # In a thread: making an agent may load (or, the first time, compile) the
            # game's native kernels, which must not hold up the other games' requests.
            agent = await anyio.to_thread.run_sync(session.agent_for, seat,
                                                   limiter=server.limiter)
            _within_clock(session, seat, agent)
        try:
            actions = await anyio.to_thread.run_sync(agent.act, state, limiter=server.limiter)
        except Exception as exc:  # shown in the page; the server keeps serving
            session.agent_error = f"{agent.spec}: {exc}"
            await broadcast_update(session, every=True)
            return
        await _check_flag(server, session)
        async with session.lock:
            if session.state.is_terminal():
                return  # its time ran out meanwhile, or the game ended otherwise
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
        await broadcast_update(session)
        _arm_clock(server, session)


def _within_clock(session: GameSession, seat: int, agent: Any) -> None:
    """An agent of a timed game thinks within its clock: at most its share of the time it
    has left (an agent of a depth or iterations stops at that share too)."""
    from framework.agents import parse_agent

    if session.clock is None or "seconds" not in agent.budgets:
        return
    own = parse_agent(session.seat_spec(seat)).options.get("seconds") or math.inf
    agent.seconds = min(own, session.clock.share())


# WebSocket push ---------------------------------------------------------------------------
async def broadcast(session: GameSession, message: dict[str, Any]) -> None:
    """Send ``message`` to every page: one that says no ply makes each fetch the state,
    so each is then known to hold its viewer's version of the game now."""
    session.announce()
    for ws in list(session.sockets):
        await _send(session, ws, message)
        session.sent[ws] = sight_of(session, session.present.get(ws, [])).version


async def broadcast_update(session: GameSession, every: bool = False) -> None:
    """``{"type": "update", "ply": n}`` to every page, ``n`` the game's version as its
    viewer is shown it (the seats its hello proved, else a spectator's: ``seen_by``). With
    hidden information a page hears only of a change to what its viewer knows (``every``:
    of any change): the count of pushes never tells how often another seat acted
    unseen."""
    session.announce()
    for ws in list(session.sockets):
        version = sight_of(session, session.present.get(ws, [])).version
        if every or session.game.view is None or session.sent.get(ws) != version:
            session.sent[ws] = version
            await _send(session, ws, {"type": "update", "ply": version})


async def _send(session: GameSession, ws: Any, message: dict[str, Any]) -> None:
    try:
        with anyio.fail_after(2):
            await ws.send_json(message)
    except Exception:  # a viewer gone or stuck: drop it, never stall the game
        session.sockets.discard(ws)
        session.present.pop(ws, None)
        session.sent.pop(ws, None)


async def socket(ws: WebSocket) -> None:
    """Pushes ``{"type": "update", "ply": n}`` after every change of the game (with
    hidden information: of what the seats the viewer's hello proved know, ``n`` their
    version of the game) and ``{"type": "rules"}`` when its file changes; the page then
    fetches the state."""
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
        session.sent[ws] = sight_of(session, []).version  # a spectator's, until its hello
        await ws.send_json({"type": "update", "ply": session.sent[ws]})
        while True:  # viewers listen; all they may say is which seats they hold
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            seats = _hello_seats(session, message.get("text"))
            if seats is not None and seats != session.present.get(ws):
                session.present[ws] = seats
                await broadcast(session, {"type": "presence"})
    except WebSocketDisconnect:
        pass
    finally:
        session.sent.pop(ws, None)
        if session.present.pop(ws, None):
            with contextlib.suppress(Exception):
                await broadcast(session, {"type": "presence"})
        server.sockets -= 1
        left = server.client_sockets.get(client, 1) - 1
        if left:
            server.client_sockets[client] = left
        else:
            server.client_sockets.pop(client, None)
        session.sockets.discard(ws)


def _hello_seats(session: GameSession, text: Any) -> list[int] | None:
    """The seats a viewer's ``{"type": "hello", "tokens": [...]}`` proves it holds (None
    for anything else: a message that is not that is ignored)."""
    if not isinstance(text, str) or len(text) > 2000:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("type") != "hello" or \
            not isinstance(data.get("tokens"), list):
        return None
    return sorted({seat for token in data["tokens"][:8]
                   for seat in session.seats_of_token(token)})


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
