"""The benchmark runner's bookkeeping (no timings are asserted: speed lives in benchmarks/)."""

from __future__ import annotations

from framework.bench import FIGURES, WORKERS, Figure, _summary, table


def test_every_figure_has_its_workers() -> None:
    for figure in FIGURES:
        if figure.name == "help":  # timed around a whole `boardspec --help` process
            continue
        assert (figure.name, "ours") in WORKERS
        assert ((figure.name, "peer") in WORKERS) == figure.peer


def test_ratio_is_ours_over_peer_for_rates_and_peer_over_ours_for_times() -> None:
    runs = {"ours": [{"value": v} for v in (2.0, 1.0, 3.0)],
            "peer": [{"value": v} for v in (10.0, 30.0, 20.0)]}
    slower_is_worse = _summary(Figure("t", "a time", "s", False, peer=True, target=10), runs)
    assert slower_is_worse["ours"]["median"] == 2.0 and slower_is_worse["ratio"] == 10.0
    assert slower_is_worse["target_met"] is True
    rate = _summary(Figure("r", "a rate", "games/s", True, peer=True, target=5), runs)
    assert rate["ratio"] == 0.1 and rate["target_met"] is False


def test_a_failed_run_is_reported_not_averaged() -> None:
    runs = {"ours": [{"value": 1.0}, {"error": "ModuleNotFoundError: No module named 'x'"}]}
    summary = _summary(Figure("t", "a time", "s", False), runs)
    assert summary["ours"] == {"error": "ModuleNotFoundError: No module named 'x'"}
    report = {"figures": {FIGURES[0].name: summary}}
    assert "error: ModuleNotFoundError" in table(report)
