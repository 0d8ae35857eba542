"""The benchmark runner's bookkeeping (no timings are asserted: speed lives in benchmarks/)."""

from __future__ import annotations

import pytest

import framework.bench.runner as runner
import framework.bench.workers as workers
from framework.bench.figures import FIGURES, Figure
from framework.bench.runner import _summary, table
from framework.bench.workers import WORKERS


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


def test_ray_figures_are_left_out_without_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    measured: list[str] = []

    def fake_measure(figure: Figure, side: str, seed: int = 1) -> dict[str, float]:
        measured.append(figure.name)
        return {"value": 1.0}

    monkeypatch.setattr(runner, "measure", fake_measure)
    monkeypatch.setattr(runner, "peer_available", lambda: False)
    monkeypatch.setattr(runner, "ray_available", lambda: False)
    said: list[str] = []
    report = runner.run(1, ["match_local_1", "match_local_2", "match_ray_1", "match_ray_2"],
                       progress=said.append)
    assert measured == ["match_local_1", "match_local_2"]
    assert set(report["figures"]) == {"match_local_1", "match_local_2"}
    assert any("Ray is not installed" in line for line in said)
    monkeypatch.setattr(runner, "ray_available", lambda: True)
    measured.clear()
    runner.run(1, ["match_local_2", "match_ray_2"], progress=said.append)
    assert measured == ["match_local_2", "match_ray_2"]


def test_othello_is_measured_beside_openspiel_only_when_it_is_installed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    measured: list[tuple[str, str]] = []

    def fake_measure(figure: Figure, side: str, seed: int = 1) -> dict[str, float]:
        measured.append((figure.name, side))
        return {"value": 2.0 if side == "ours" else 4.0}

    monkeypatch.setattr(runner, "measure", fake_measure)
    monkeypatch.setattr(runner, "peer_available", lambda: False)  # python-ataxx: not Othello's
    monkeypatch.setattr(runner, "openspiel_available", lambda: True)
    report = runner.run(1, ["othello_playouts"], progress=lambda _: None)
    assert measured == [("othello_playouts", "ours"), ("othello_playouts", "peer")]
    assert report["figures"]["othello_playouts"]["ratio"] == 0.5
    monkeypatch.setattr(runner, "openspiel_available", lambda: False)
    measured.clear()
    said: list[str] = []
    runner.run(1, ["othello_playouts"], progress=said.append)
    assert measured == [("othello_playouts", "ours")]
    assert any("OpenSpiel is not installed" in line for line in said)


def test_connect_four_playouts_are_timed_beside_openspiels(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setattr(workers, "PLAYOUT_SECONDS", 0.0)
    figure = next(f for f in FIGURES if f.name == "connect_four_playouts")
    assert figure.peer and figure.peer_name == "OpenSpiel"
    for side in ("ours", "peer"):
        result = WORKERS[(figure.name, side)]()
        assert result["value"] > 0 and result["games"] == 3
    # OpenSpiel's games are played in its C++ loop (evaluate_bots), whose length is not
    # reported; ours are.
    assert 7 <= WORKERS[(figure.name, "ours")]()["plies_per_game"] <= 42


def test_a_worker_runs_in_a_fresh_process_of_the_bench_package() -> None:
    # `python -m framework.bench worker FIGURE SIDE SEED`, as the runner calls it
    figure = next(f for f in FIGURES if f.name == "adaptoid_perft_turns2")
    result = runner.measure(figure, "ours", seed=1)
    assert "error" not in result, result
    assert result["nodes"] == 3_300 and result["value"] > 0


def test_openspiel_plies_counted_by_turns_join_a_move_and_the_removal_after_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Nine Men's Morris per ply: OpenSpiel's removal after a mill is an action of its own,
    folded into the move in ours, so its plies are counted where the mover changes."""
    pytest.importorskip("pyspiel")
    from framework.bench import native

    monkeypatch.setattr(native, "PLAYOUT_SECONDS", 0.0)
    by_actions = native.openspiel_bot_plies("nine_mens_morris", {}, 1, 1)
    by_turns = native.openspiel_bot_plies("nine_mens_morris", {}, 0, 1)
    assert 0 < by_turns["plies_per_game"] < by_actions["plies_per_game"]
    kept = native.openspiel_bot_plies("tic_tac_toe", {}, 0, 1)  # every action a turn
    assert kept["plies_per_game"] == native.openspiel_bot_plies("tic_tac_toe", {}, 1, 1)[
        "plies_per_game"]


def test_the_openspiel_peer_is_the_faster_of_its_two_cpp_loops(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Per ply, OpenSpiel is timed in evaluate_bots and in MCTSBot's random rollouts (its
    fastest loop on most games), and the figure keeps the faster; a game of chance is
    timed in evaluate_bots alone (OpenSpiel's MCTSBot crashes on Backgammon)."""
    pytest.importorskip("pyspiel")
    from framework.bench import native

    monkeypatch.setattr(native, "PLAYOUT_SECONDS", 0.0)
    both = native.openspiel_bot_plies("tic_tac_toe", {}, 1, 1)
    rates = {"evaluate_bots": both["evaluate_bots_plies_per_s"],
             "MCTSBot rollouts": both["rollout_plies_per_s"]}
    assert all(rate > 0 for rate in rates.values())
    assert both["value"] == max(rates.values()) and rates[both["loop"]] == both["value"]
    chance = native.openspiel_bot_plies("backgammon", {}, 1, 1)
    assert chance["rollout_plies_per_s"] is None and chance["loop"] == "evaluate_bots"
