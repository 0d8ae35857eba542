"""The Ray backend: the same records as the process pool, and no game lost or counted twice
when a Ray worker (a process here, a whole node in the slow cluster test) dies mid-run.

Ray's services listen on every interface of the machine whatever address it is given, so
these tests run only inside a network namespace whose one interface is loopback:
``tests/test_ray.py`` starts pytest on this file there (``tests/ray_cluster.py``,
``loopback_only``); run directly, every test here fails at once, saying so. The default run
starts Ray inside the test process (about 10 s); the slow test starts a real cluster of
three nodes on 127.0.0.1 (about 30 s more).
"""

from __future__ import annotations

import os
import signal
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from framework.backends import Backend, ProcessBackend
from framework.match import GameSource, MatchResult, play_plans, run_match, schedule
from framework.records import Record
from tests.conftest import ROOT

ray = pytest.importorskip("ray")  # in the test extra; absent only in a core-only install

from framework.ray_backend import RayBackend  # noqa: E402

GAME = str(ROOT / "games" / "assimilation.yaml")
AGENTS = ["random", "greedy"]


@pytest.fixture(autouse=True, scope="module")
def only_loopback() -> None:
    """Ray must never be reachable from, nor send to, another machine."""
    names = [name for _, name in socket.if_nameindex()]
    assert names == ["lo"], (f"the Ray tests run in a network namespace with only 'lo' "
                             f"(run them through tests/test_ray.py), found {names}")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[RayBackend]:
    backend = RayBackend(cpus=2)
    backend.connect()
    yield backend
    backend.close()


def _descendants_running(task_name: str) -> list[int]:
    """Pids of this process's descendants whose title is ``ray::<task_name>``."""
    parents: dict[int, int] = {}
    titles: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            titles[int(entry.name)] = (entry / "cmdline").read_bytes().split(b"\0")[0].decode()
        except OSError:
            continue
        parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    me = os.getpid()

    def mine(pid: int) -> bool:
        while pid > 1:
            pid = parents.get(pid, 0)
            if pid == me:
                return True
        return False

    return [pid for pid, title in titles.items()
            if title.startswith(f"ray::{task_name}") and mine(pid)]


def test_ray_gives_the_records_of_the_process_pool(local_ray: RayBackend) -> None:
    pooled = run_match(GAME, AGENTS, games=20, seed=6, jobs=2)
    on_ray = run_match(GAME, AGENTS, games=20, seed=6, backend=local_ray)
    assert [r.to_text() for r in on_ray.records] == [r.to_text() for r in pooled.records]


def test_a_ray_worker_killed_mid_run_loses_no_game(local_ray: RayBackend) -> None:
    plans = schedule(AGENTS, 80, seed=12)
    source = GameSource.read(GAME)
    expected = play_plans(source, plans, backend=Backend())
    seen: list[int] = []
    killed: list[int] = []

    def on_game(index: int, _: Record) -> None:
        seen.append(index)
        if len(seen) >= 10 and not killed:
            running = _descendants_running("play_planned")
            if running:
                os.kill(running[0], signal.SIGKILL)
                killed.append(running[0])

    records = play_plans(source, plans, backend=local_ray, on_game=on_game)
    assert killed, "no Ray worker was running a game to kill"
    assert sorted(seen) == list(range(80))
    assert [records[i].to_text() for i in range(80)] == \
        [expected[i].to_text() for i in range(80)]


def test_check_on_ray_reports_what_the_serial_check_reports(local_ray: RayBackend) -> None:
    """The same seed, the same report (times aside) in this process, in a pool of
    processes and on Ray workers, the native kernels' section included."""
    from framework import load_game
    from framework.check.report import report_json, without_timings
    from framework.check.runner import check_game

    game = load_game(GAME)
    source = GameSource.read(GAME)
    serial = check_game(game, examples=3, random_seed=2)
    with ProcessBackend(2) as pool:
        pooled = check_game(game, examples=3, random_seed=2, backend=pool, source=source)
    spread = check_game(game, examples=3, random_seed=2, backend=local_ray, source=source)
    assert without_timings(report_json(spread)) == without_timings(report_json(serial)) == \
        without_timings(report_json(pooled))
    assert len(spread.outcomes) == len(serial.outcomes) >= 10
    assert report_json(spread)["native"]["status"] == "passed"


def test_balance_facts_on_ray_are_those_of_this_process(local_ray: RayBackend) -> None:
    from framework import load_game
    from framework.balance import all_facts, balance_plans, levels_of
    from framework.balance.analysis import game_facts

    source = GameSource.read(GAME)
    records = play_plans(source, balance_plans(levels_of(["random"], [6]), 3),
                         backend=local_ray)
    game = load_game(GAME)
    assert all_facts(source, records, local_ray) == \
        {i: game_facts(game, r) for i, r in records.items()}


@pytest.mark.slow
def test_a_cluster_node_killed_mid_match_loses_no_game(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    from tests.ray_cluster import local_cluster

    if ray.is_initialized():
        ray.shutdown()  # the module's in-process Ray, if an earlier test started it
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")  # as the test cluster runs
    with ProcessBackend(2) as pool:
        expected = run_match(GAME, AGENTS, games=200, seed=21, backend=pool)
    with local_cluster(workers=2) as cluster:
        backend = RayBackend(address=cluster.address)
        finished: list[int] = []
        after_kill: list[int] = []

        def on_game(record: Record) -> None:
            finished.append(int(record.headers["Round"]))
            if len(finished) == 30:
                cluster.kill(cluster.workers[0])
            elif len(finished) > 30:
                after_kill.append(finished[-1])

        try:
            result = run_match(GAME, AGENTS, games=200, seed=21, backend=backend,
                               on_game=on_game)
        finally:
            backend.close()
        assert cluster.workers[0].wait(timeout=30) is not None  # that node is gone
        assert len(after_kill) == 170  # the match went on after the kill
    assert isinstance(result, MatchResult)
    assert result.games == 200 and sorted(finished) == list(range(1, 201))
    assert result.summary() == expected.summary()
    assert [r.to_text() for r in result.records] == [r.to_text() for r in expected.records]
