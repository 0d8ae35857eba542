"""A real ``boardspec serve`` app on 127.0.0.1 and a free port, in a thread, always stopped."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def running_server(paths: list[Path], db: Path | str = ":memory:", port: int | None = None,
                   **options: Any) -> Iterator[str]:
    """Serve ``paths`` until the block ends; yields the base URL."""
    import uvicorn

    from framework.web import create_app

    port = port or free_port()
    config = uvicorn.Config(create_app(paths, db, **options), host="127.0.0.1", port=port,
                            log_level="warning", ws="websockets-sansio", lifespan="on",
                            timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the test server did not start on port {port}")
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
