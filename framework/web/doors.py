"""Who may knock: the Host names the server answers to, and the Origins it takes changes from.

A page of any other site can make a visitor's browser send requests to a server on their
machine. Two checks keep such a page out, before any route runs:

- **Host.** Every request (HTTP and WebSocket) must name one of the server's own host names
  in its ``Host`` header: ``localhost``, ``127.0.0.1``, ``[::1]``, the address it listens on
  and those given with ``--allow-host``. A DNS-rebinding page reaches the server under its
  own name (``evil.example``), and is refused (421) before it can read a game.
- **Origin.** A request that can change something (any method but GET, HEAD and OPTIONS)
  and every WebSocket must come from the server's own pages: a browser names the page that
  sent it in ``Origin`` (and ``Sec-Fetch-Site``), and one from another origin is refused
  (403). Tools that are not browsers (curl, scripts) send no Origin and are let in: a web
  page cannot leave it out.

A request body must also be JSON (``Content-Type: application/json``), which a page of
another site cannot send without the browser first asking the server (a CORS preflight this
server never grants): see ``app.read_json``.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


def host_name(value: str) -> str:
    """The name part of a Host header or a URL's netloc: ``[::1]:8000`` -> ``::1``."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def allowed_hosts(listen: str | None, extra: Iterable[str] = ()) -> frozenset[str]:
    """The host names served: the local ones, the listening address (unless it is every
    address), and ``extra`` (``--allow-host``)."""
    names = set(LOCAL_HOSTS)
    if listen and listen not in ("0.0.0.0", "::", ""):
        names.add(host_name(listen) if not listen.count(":") > 1 else listen.lower())
    names.update(host_name(name) for name in extra if name.strip())
    return frozenset(names)


class Doors:
    """ASGI middleware refusing other Hosts and, for changes, other Origins."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        problem = self.problem(scope, headers)
        if problem is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": problem[1][:120]})
        else:
            await _refuse(send, *problem)

    def problem(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        host = headers.get("host", "")
        if host_name(host) not in self.hosts:
            return 421, (f"this server does not answer to the host {host[:80]!r}; start it "
                         "with --allow-host NAME to serve that name")
        changes = scope["type"] == "websocket" or scope.get("method") not in SAFE_METHODS
        if not changes:
            return None
        origin = headers.get("origin")
        if headers.get("sec-fetch-site") == "cross-site":
            return 403, "a request from another site's page is refused"
        if origin is None:
            return None  # not a browser: nothing a foreign page can send
        netloc = urlsplit(origin).netloc.lower() if origin != "null" else ""
        if netloc != host.strip().lower():
            return 403, (f"a change requested by the page of another origin "
                         f"({origin[:80]!r}) is refused: only this server's own pages "
                         "may make changes")
        return None


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
