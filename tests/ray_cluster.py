"""A throwaway Ray cluster on 127.0.0.1 for tests, and the loopback-only network the Ray
tests run in.

Ray's services (its GCS, raylets, object managers, workers) listen on every interface of
the machine and look for its outside address, whatever ``--node-ip-address`` says, so no
setting keeps a cluster on loopback. ``loopback_only`` runs a command in new user and
network namespaces (``unshare``) whose one interface is ``lo``: there, 127.0.0.1 is the
only address, and nothing can reach or leave the machine.

The cluster: a head (no CPUs: it only coordinates)
and worker nodes, each its own ``ray start --block`` process in its own process group, so a
test can kill one node (every process of it) by its group id, and the cluster is always
torn down the same way, by ids, whatever happens (never ``ray stop``, which would stop every
Ray process on the machine).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

#: Seconds a node may take to start (``ray start`` takes 5-10 s on a busy 2-core machine).
START_TIMEOUT = 90


def loopback_only(command: list[str], *, timeout: float, env: dict[str, str] | None = None
                  ) -> subprocess.CompletedProcess[str]:
    """Run ``command`` in a network namespace with only ``lo`` (brought up), as root of a
    new user namespace (no privilege needed); its output is returned, not shown."""
    unshare = shutil.which("unshare")
    if unshare is None:
        raise RuntimeError("the Ray tests need unshare (util-linux) to keep Ray on loopback")
    return subprocess.run([unshare, "--user", "--map-root-user", "--net", "--", "sh", "-c",
                           'ip link set lo up && exec "$0" "$@"', *command],
                          capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {}), "RAY_AUTH_MODE": "disabled",
                               "RAY_USAGE_STATS_ENABLED": "0"}, check=False)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class LocalCluster:
    address: str
    temp_dir: Path
    head: subprocess.Popen[bytes]
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def kill(self, node: subprocess.Popen[bytes]) -> None:
        """Kill a node at once: its raylet, its object store and its workers."""
        _killpg(node, signal.SIGKILL)

    def nodes_alive(self) -> int:
        import ray

        return sum(1 for n in ray.nodes() if n["Alive"])


def _own_ports() -> list[str]:
    """Ports of a node's own servers (defaults would be shared by the nodes of one host)."""
    return [f"--{name}={free_port()}" for name in (
        "node-manager-port", "object-manager-port", "dashboard-agent-listen-port",
        "dashboard-agent-grpc-port", "metrics-export-port", "runtime-env-agent-port")]


def _ray_env() -> dict[str, str]:
    env = dict(os.environ)
    env.update({"RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "disabled",
                # notice a killed node within seconds, not the default half minute
                "RAY_health_check_period_ms": "500", "RAY_health_check_timeout_ms": "1000",
                "RAY_health_check_failure_threshold": "3"})
    return env


def _start(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    ray = str(Path(sys.executable).with_name("ray"))
    with log.open("wb") as out:
        return subprocess.Popen([ray, "start", "--block", "--disable-usage-stats", *args],
                                stdout=out, stderr=subprocess.STDOUT, env=env,
                                start_new_session=True)


def _killpg(node: subprocess.Popen[bytes], sig: int) -> None:
    with suppress(ProcessLookupError):
        os.killpg(node.pid, sig)  # the node's own process group, made by start_new_session


def _wait_for_nodes(address: str, count: int, env: dict[str, str], log: Path) -> None:
    """Wait until ``count`` nodes are alive, asking the cluster from a short-lived process
    (the test process connects only once the cluster is whole)."""
    ray = str(Path(sys.executable).with_name("ray"))
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        status = subprocess.run([ray, "status", "--address", address], capture_output=True,
                                text=True, env=env, timeout=60)
        if status.returncode == 0 and status.stdout.count(" node_") >= count:
            return
        time.sleep(1)
    raise TimeoutError(f"the local Ray cluster did not reach {count} nodes within "
                       f"{START_TIMEOUT} s; logs in {log}")


@contextmanager
def local_cluster(workers: int = 2, cpus_per_worker: int = 1) -> Iterator[LocalCluster]:
    temp_dir = Path(tempfile.mkdtemp(prefix="bsray-", dir="/tmp"))  # short: unix sockets
    env = _ray_env()
    port = free_port()
    address = f"127.0.0.1:{port}"
    nodes: list[subprocess.Popen[bytes]] = []
    keep = False  # the logs of a cluster that did not start stay for a look
    try:
        head = _start(["--head", "--node-ip-address=127.0.0.1", f"--port={port}",
                       "--num-cpus=0", "--include-dashboard=false", *_own_ports(),
                       f"--temp-dir={temp_dir}"], env, temp_dir / "head.log")
        nodes.append(head)
        cluster = LocalCluster(address, temp_dir, head)
        _wait_for_nodes(address, 1, env, temp_dir)  # workers need a head to join
        # One node after the other: raylets starting together on one host fail to bind.
        for i in range(workers):
            node = _start([f"--address={address}", "--node-ip-address=127.0.0.1",
                           f"--num-cpus={cpus_per_worker}", *_own_ports()],
                          env, temp_dir / f"worker{i}.log")
            nodes.append(node)
            cluster.workers.append(node)
            _wait_for_nodes(address, i + 2, env, temp_dir)
        yield cluster
    except TimeoutError:
        keep = True
        raise
    finally:
        # A throwaway cluster: no graceful stop needed. Each node's whole process group
        # goes at once, by its id.
        for node in nodes:
            _killpg(node, signal.SIGKILL)
        for node in nodes:
            node.wait(timeout=30)
        if not keep:
            shutil.rmtree(temp_dir, ignore_errors=True)
