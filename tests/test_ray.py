"""The Ray backend's tests (tests/ray_scenarios.py), run where Ray cannot leave loopback: a
network namespace whose only interface is ``lo`` (tests/ray_cluster.py, ``loopback_only``).
The default run plays Ray in one process there; ``-m slow`` adds the three-node cluster
whose node is killed mid-match."""

from __future__ import annotations

import sys

import pytest

from tests.conftest import ROOT
from tests.ray_cluster import loopback_only

pytest.importorskip("ray")  # in the test extra; absent only in a core-only install


def _scenarios(marks: str, timeout: float) -> None:
    run = loopback_only([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                         "-m", marks, str(ROOT / "tests" / "ray_scenarios.py")],
                        timeout=timeout)
    assert run.returncode == 0, run.stdout[-8000:] + run.stderr[-4000:]
    assert " passed" in run.stdout and " skipped" not in run.stdout, run.stdout[-2000:]


@pytest.mark.slow  # a Ray cluster started and stopped: a minute of CPU (CI's 15 minutes)
def test_the_ray_backend_on_a_loopback_only_network() -> None:
    _scenarios("not slow", timeout=900)


@pytest.mark.slow
def test_a_ray_cluster_on_a_loopback_only_network() -> None:
    _scenarios("slow", timeout=1800)
