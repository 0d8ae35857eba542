"""``boardspec serve``: play and playtest game files in the browser (``framework.web``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from framework.cli import app
from framework.cli.options import EngineOption, use_engine


@app.command()
def serve(paths: Annotated[list[Path] | None, typer.Argument(
              help="game files or directories of them (default: the bundled games)")]
          = None,
          host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
          port: Annotated[int, typer.Option(min=0, max=65535, help="port")] = 8000,
          db: Annotated[Path, typer.Option(
              help="SQLite file keeping every game (a restarted server resumes them)")]
          = Path("boardspec-games.sqlite"),
          watch: Annotated[bool, typer.Option(
              help="reload a game file when it is saved (errors shown in the page)")] = False,
          allow_host: Annotated[list[str] | None, typer.Option(
              "--allow-host", help="a host name the server may be reached by besides "
              "localhost, 127.0.0.1, [::1] and --host (repeat for several); requests "
              "naming any other Host are refused")] = None,
          games_per_client: Annotated[int, typer.Option(
              min=1, help="games one client address may create in an hour")] = 100,
          engine: EngineOption = None) -> None:
    """Serve the games in the browser: play against agents or a friend (seat links),
    watch, download records; with --watch, edit the rules and play again."""
    use_engine(engine)
    try:
        import uvicorn

        from framework.web import create_app
    except ImportError as exc:
        raise typer.BadParameter(f"the web server needs its extra: pip install -e '.[web]' "
                                 f"({exc.name} is missing)") from None
    from framework.bundled import bundled_folder

    given = paths or [bundled_folder() or Path("games")]
    web_app = create_app(given, db, watch=watch, host=host, allow_hosts=allow_host or (),
                         games_per_client=games_per_client)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    print(f"boardspec: serving {len(web_app.state.server.library.files)} games on "
          f"http://{shown}:{port}/ (games kept in {db})", flush=True)
    # Bounded: connections at once, and the size of a WebSocket message.
    uvicorn.run(web_app, host=host, port=port, log_level="warning", ws="websockets-sansio",
                ws_max_size=64 * 1024, limit_concurrency=512, timeout_graceful_shutdown=2)
