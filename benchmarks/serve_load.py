"""Load test of ``boardspec serve`` on 127.0.0.1: simulated players in parallel games.

    python benchmarks/serve_load.py [--players 50] [--seconds 30] [--out FILE]

Starts the real server (``boardspec serve games/``, a fresh SQLite file, a free port) in
its own process, then runs ``--players`` simulated people at once, each in its own game
against the random agent: read the state, play a random legal action (the latency of a move
is the time of that request), wait for the agent's reply, start a new game at the end.
Every player stops after ``--seconds`` (and every request times out after 10 s), then the
server is stopped. Reports p50/p95/max latency, moves, games, errors, and the server's
resident memory sampled every second (its growth from the end of the first third of the
run to the end), and writes them as JSON (default ``benchmarks/results/serve_load.json``).
Exit status 1 if any request failed or memory grew by more than ``--max-growth`` percent.
Needs ``pip install -e '.[web]'`` and the ``httpx2`` client (in the ``test`` extra).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("ataxx", "assimilation", "hexxagon", "adaptoid-nestorgames", "web")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Tally:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.agent_waits: list[float] = []
        self.errors: list[str] = []
        self.games = 0
        self.finished = 0


async def player(client: httpx2.AsyncClient, number: int, deadline: float,
                 tally: Tally, min_moves: int) -> None:
    rng = random.Random(number)

    def playing() -> bool:  # until the deadline, and past it until the fewest moves asked
        return time.monotonic() < deadline or len(tally.latencies) < min_moves

    while playing():
        game = GAMES[(number + tally.games) % len(GAMES)]
        response = await client.post("/api/play", json={
            "game": game, "seats": ["human", "random"], "seed": number})
        if response.status_code != 201:
            tally.errors.append(f"new game: {response.status_code} {response.text[:200]}")
            return
        data = response.json()
        tally.games += 1
        game_id, token, state = data["id"], data["tokens"][0], data["state"]
        while playing() and not state["terminal"]:
            if state["current_seat"] == 0:
                action = rng.choice(state["legal"])["notation"]
                start = time.perf_counter()
                response = await client.post(f"/api/play/{game_id}/apply", json={
                    "token": token, "ply": state["ply"], "action": action})
                tally.latencies.append(time.perf_counter() - start)
            else:
                start = time.perf_counter()
                response = await client.post(f"/api/play/{game_id}/agent",
                                             json={"ply": state["ply"]})
                tally.agent_waits.append(time.perf_counter() - start)
            if response.status_code != 200:
                tally.errors.append(f"{game} ply {state['ply']}: {response.status_code} "
                                    f"{response.text[:200]}")
                return
            state = response.json()["state"]
        tally.finished += state["terminal"]


async def run(base: str, players: int, seconds: float, pid: int, min_moves: int = 0,
              timeout: float = 10) -> tuple[Tally, list[int]]:
    tally = Tally()
    memory: list[int] = []
    deadline = time.monotonic() + seconds

    async def sample() -> None:
        while time.monotonic() < deadline:
            memory.append(rss_kib(pid))
            await asyncio.sleep(1)

    limits = httpx2.Limits(max_connections=players, max_keepalive_connections=players)
    async with httpx2.AsyncClient(base_url=base, timeout=timeout, limits=limits) as client:
        sampler = asyncio.create_task(sample())
        await asyncio.gather(*(player(client, n, deadline, tally, min_moves)
                               for n in range(players)))
        await sampler
    memory.append(rss_kib(pid))
    return tally, memory


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--min-moves", type=int, default=0,
                        help="go on past --seconds until this many moves were played (a "
                             "test on a loaded machine asks for some, whatever the clock)")
    parser.add_argument("--timeout", type=float, default=10,
                        help="seconds a request may take before it counts as an error")
    parser.add_argument("--start-seconds", type=float, default=180.0,
                        help="how long the server may take to start (it compiles every "
                             "bundled game first)")
    parser.add_argument("--max-growth", type=float, default=15.0,
                        help="largest memory growth accepted, in percent")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" /
                        "serve_load.json")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="boardspec-load-") as tmp:
        server = subprocess.Popen(
            [sys.executable, "-c", "from framework.cli import main; main()", "serve",
             str(ROOT / "games"),
             "--host", "127.0.0.1", "--port", str(port), "--db", f"{tmp}/games.sqlite",
             # every simulated player is the same client, 127.0.0.1
             "--games-per-client", "1000000"],
            cwd=ROOT, stdout=subprocess.DEVNULL)
        try:
            started = time.monotonic()
            while time.monotonic() - started < max(args.start_seconds, args.timeout):
                try:
                    if httpx2.get(f"{base}/api/games", timeout=1).status_code == 200:
                        break
                except httpx2.HTTPError:
                    pass
                time.sleep(0.1)
            else:
                raise SystemExit("the server did not start")
            tally, memory = asyncio.run(run(base, args.players, args.seconds, server.pid,
                                            args.min_moves, args.timeout))
        finally:
            server.terminate()
            server.wait(timeout=20)
    third = memory[max(0, len(memory) // 3 - 1)]
    growth = 100 * (memory[-1] - third) / third if third else float("nan")
    ms = [1000 * x for x in tally.latencies]
    result: dict[str, Any] = {
        "players": args.players, "seconds": args.seconds, "moves": len(ms),
        "games_started": tally.games, "games_finished": tally.finished,
        "errors": len(tally.errors), "first_errors": tally.errors[:5],
        "move_latency_ms": {"p50": round(percentile(ms, 50), 1),
                            "p95": round(percentile(ms, 95), 1),
                            "max": round(max(ms, default=float("nan")), 1),
                            "mean": round(statistics.fmean(ms), 1) if ms else None},
        "agent_reply_wait_ms": {"p50": round(1000 * percentile(tally.agent_waits, 50), 1),
                                "p95": round(1000 * percentile(tally.agent_waits, 95), 1)},
        "server_rss_mib": {"after_first_third": round(third / 1024, 1),
                           "end": round(memory[-1] / 1024, 1),
                           "max": round(max(memory) / 1024, 1),
                           "growth_percent": round(growth, 1),
                           "samples": [round(m / 1024, 1) for m in memory]},
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
                   f"{platform.python_version()}, {platform.system()}",
        "date": time.strftime("%Y-%m-%d"),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"{args.players} players, {args.seconds:g} s: {len(ms)} moves in "
          f"{tally.games} games ({tally.finished} finished), {len(tally.errors)} errors; "
          f"move latency p50 {result['move_latency_ms']['p50']} ms, "
          f"p95 {result['move_latency_ms']['p95']} ms; server memory "
          f"{result['server_rss_mib']['after_first_third']} → "
          f"{result['server_rss_mib']['end']} MiB ({growth:+.1f} %)")
    for error in tally.errors[:5]:
        print("error:", error)
    if tally.errors or growth > args.max_growth:
        sys.exit(1)


if __name__ == "__main__":
    main()
