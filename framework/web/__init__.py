"""``boardspec serve``: play and playtest any game file in the browser.

A Starlette app (served by uvicorn; ``pip install -e '.[web]'``) with one JSON API that the
page itself uses, described by OpenAPI at ``/api/openapi.json``:

- ``library.py`` the game files the server was given (the only files it ever reads), reloaded
  when saved under ``--watch``;
- ``sessions.py`` one played game (its rules text, seats, secret seat tokens, actions) and the
  bounded set of them held in memory;
- ``store.py`` SQLite persistence: every game survives a restart;
- ``app.py`` routes, WebSocket push, limits; ``openapi.py`` the API description;
- ``texts.py`` the page's words in the rulebook languages; ``static/`` the page.

Nothing here knows any particular game: the page draws the board with the rulebooks' SVG
renderer and turns clicks into the legal actions the engine lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from framework.web.app import create_app


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from framework.web.app import create_app

        return create_app
    raise AttributeError(f"module 'framework.web' has no attribute {name!r}")


__all__ = ["create_app"]
