"""Benchmarks: boardspec beside python-ataxx (the peer), in one process tree.

``boardspec bench`` (or ``python benchmarks/run.py``) runs every figure ``repeats`` times,
each run in a fresh subprocess (``python -m framework.bench worker FIGURE SIDE``: the
workers of ``workers.py`` and ``native.py``), ours and the peer's interleaved so that both
see the same machine load; it prints a table (median, min/median/max, ratio) and writes
JSON. Only the work is timed inside a worker; start-up
figures time the whole process, as a user sees it.

Times are CPU seconds of the measuring process (``time.process_time``; for ``--help`` the
child's user + system time): the machines are shared, and wall-clock time would measure the
neighbours' load as much as the code. Both sides are single-threaded, so on an idle machine
the two clocks agree.

The peer is PyPI ``ataxx`` 2.2.0 (python-ataxx), a benchmark-only dependency
(``pip install -e '.[bench]'``). Its playout loop is the fastest honest one its API allows:
``legal_moves()`` is empty exactly when ``gameover()`` is true, so the loop asks only once.
Repeat ``i`` seeds both sides' generators with ``i``, so the repeats sample other games.

Othello's peer is OpenSpiel's C++ ``othello`` (the ``test`` extra installs it), played by
its C++ uniform random bots in its C++ game loop (``pyspiel.evaluate_bots``): the native
limit, with no Python per ply.

Chess's figure has python-chess as its peer (``pip install chess``, in the ``bench`` and
``test`` extras): perft(4) from the start, python-chess counting the last ply with
``legal_moves.count()`` as its own perft does, ours counting whole turns (a promotion is
the move and the choice of kind).
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from framework.bench.figures import FIGURES, NATIVE_FIGURES, RAY_FIGURES, Figure
from framework.bench.workers import ADAPTOID_POSITION, ROOT


def native_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("numba") is not None


def ray_available() -> bool:
    done = subprocess.run([sys.executable, "-c", "import ray"], capture_output=True)
    return done.returncode == 0


def measure(figure: Figure, side: str, seed: int = 1) -> dict[str, Any]:
    """One run of one figure in a fresh process."""
    if figure.name == "help":
        import resource

        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "framework", "--help"], check=True,
                       capture_output=True, cwd=ROOT)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        return {"value": cpu * 1000, "wall_ms": wall * 1000}
    done = subprocess.run([sys.executable, "-m", "framework.bench", "worker", figure.name,
                           side, str(seed)], capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": last}
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def peer_available(module: str = "ataxx") -> bool:
    """Whether a figure's peer can run: python-ataxx 2.2.0, or python-chess."""
    done = subprocess.run([sys.executable, "-c", f"import {module}; print({module}.__version__)"],
                          capture_output=True, text=True)
    if module == "ataxx":
        return done.returncode == 0 and done.stdout.strip() == "2.2.0"
    return done.returncode == 0


def openspiel_available() -> bool:
    done = subprocess.run([sys.executable, "-c", "import pyspiel"], capture_output=True)
    return done.returncode == 0


def run(repeats: int = 3, only: list[str] | None = None,
        progress: Callable[[str], None] = print) -> dict[str, Any]:
    figures = [f for f in FIGURES if not only or f.name in only]
    if any(f.name in RAY_FIGURES for f in figures) and not ray_available():
        progress("Ray is not installed (pip install -e '.[ray]'): the match figures on Ray "
                 "are left out")
        figures = [f for f in figures if f.name not in RAY_FIGURES]
    if any(f.name in NATIVE_FIGURES for f in figures) and not native_available():
        progress("numba is not installed (pip install -e '.[fast]'): the native figures "
                 "are left out")
        figures = [f for f in figures if f.name not in NATIVE_FIGURES]
    # Our own Python search is a peer that is always there.
    with_peer = {"python-ataxx": peer_available(), "Python alphabeta": True}
    if not with_peer["python-ataxx"]:
        progress("python-ataxx 2.2.0 is not installed (pip install -e '.[bench]'): "
                 "the peer's columns stay empty")
    if any(f.peer and f.peer_name == "python-chess" for f in figures):
        with_peer["python-chess"] = peer_available("chess")
        if not with_peer["python-chess"]:
            progress("python-chess is not installed (pip install -e '.[bench]'): its "
                     "columns stay empty")
    if any(f.peer and f.peer_name == "OpenSpiel" for f in figures):
        with_peer["OpenSpiel"] = openspiel_available()
        if not with_peer["OpenSpiel"]:
            progress("OpenSpiel is not installed (pip install -e '.[test]'): its columns "
                     "stay empty")
    results: dict[str, Any] = {}
    for figure in figures:
        sides = ["ours", "peer"] if figure.peer and with_peer.get(figure.peer_name) \
            else ["ours"]
        runs: dict[str, list[dict[str, Any]]] = {side: [] for side in sides}
        for repeat in range(repeats):
            for side in sides:
                if side == "peer" and figure.peer_runs is not None and \
                        repeat >= figure.peer_runs:
                    continue
                runs[side].append(measure(figure, side, seed=repeat + 1))
        results[figure.name] = _summary(figure, runs)
        progress(_row(figure, results[figure.name]))
    return {"machine": machine(), "repeats": repeats, "figures": results,
            "adaptoid_position": ADAPTOID_POSITION}


def _summary(figure: Figure, runs: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    summary: dict[str, Any] = {"what": figure.what, "unit": figure.unit,
                               "target_ratio": figure.target, "floor": figure.floor}
    for side, found in runs.items():
        errors = [r["error"] for r in found if "error" in r]
        values = [r["value"] for r in found if "error" not in r]
        if errors:
            summary[side] = {"error": errors[0]}
            continue
        summary[side] = {"min": min(values), "median": statistics.median(values),
                         "max": max(values), "runs": found}
    ours, peer = summary.get("ours", {}), summary.get("peer", {})
    if figure.floor is not None and "median" in ours:
        summary["floor_met"] = ours["median"] >= figure.floor
    if "median" in ours and "median" in peer:
        ratio = ours["median"] / peer["median"] if figure.higher_is_better \
            else peer["median"] / ours["median"]
        summary["ratio"] = round(ratio, 2)
        if figure.target is not None:
            summary["target_met"] = ratio >= figure.target
    return summary


def _fmt(value: float) -> str:
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.3g}"


def _spread(side: dict[str, Any] | None) -> str:
    if not side:
        return ""
    if "error" in side:
        return f"error: {side['error']}"
    return f"{_fmt(side['min'])} / {_fmt(side['median'])} / {_fmt(side['max'])}"


def _row(figure: Figure, summary: dict[str, Any]) -> str:
    ours, peer = summary.get("ours"), summary.get("peer")
    ratio = summary.get("ratio")
    ratio_text = "" if ratio is None else f"{ratio:.1f}×" + \
        (f" (target {figure.target:.3g}×)" if figure.target else "")
    ours_text = _fmt(ours["median"]) if ours and "median" in ours else _spread(ours)
    if figure.floor is not None and ours and "median" in ours:
        ours_text += f" (floor {_fmt(figure.floor)})"
    cells = [figure.what, figure.unit, ours_text,
             _fmt(peer["median"]) if peer and "median" in peer else _spread(peer),
             ratio_text, _spread(ours), _spread(peer)]
    return "| " + " | ".join(cells) + " |"


TABLE_HEAD = ("| figure | unit | ours (median) | peer (median) | ratio | "
              "ours min / median / max | peer min / median / max |\n"
              "| --- | --- | --- | --- | --- | --- | --- |")


def table(report: dict[str, Any]) -> str:
    rows = [TABLE_HEAD]
    for figure in FIGURES:
        if figure.name in report["figures"]:
            rows.append(_row(figure, report["figures"][figure.name]))
    return "\n".join(rows)


def details(report: dict[str, Any]) -> str:
    """The extra facts each figure carries: nodes, peak memory, per-game timings."""
    figures = report["figures"]
    lines = []

    def first(name: str, side: str, key: str) -> Any:
        runs = figures.get(name, {}).get(side, {}).get("runs", [])
        return runs[0].get(key) if runs else None

    for side in ("ours", "peer"):
        rss = [r.get("peak_rss_mb") for r in
               figures.get("ataxx_perft5", {}).get(side, {}).get("runs", [])]
        if rss:
            lines.append(f"- perft(5) {side}: {first('ataxx_perft5', side, 'nodes'):,} leaves, "
                         f"peak RSS {max(rss)} MB")
    for name in ("ataxx_playouts", "adaptoid_playouts",
                 "othello_playouts", "connect_four_playouts", "chess_playouts"):
        for side in ("ours", "peer"):
            runs = figures.get(name, {}).get(side, {}).get("runs", [])
            plies = statistics.mean(r["plies_per_game"] for r in runs) \
                if runs and "plies_per_game" in runs[0] else None
            median = figures.get(name, {}).get(side, {}).get("median")
            if plies and median:
                lines.append(f"- {name} {side}: {plies:.1f} plies per game, "
                             f"{plies * median:,.0f} plies/s")
    for depth in (2, 3):
        nodes = first(f"adaptoid_perft_turns{depth}", "ours", "nodes")
        if nodes is not None:
            lines.append(f"- Adaptoid perft by turns, depth {depth}: {nodes:,} turn sequences")
    for name in ("load_first", "load_again"):
        per_game = first(name, "ours", "per_game_ms")
        if per_game:
            lines.append(f"- {name} (first run): " + ", ".join(f"{g} {ms:.1f} ms"
                                                                for g, ms in per_game.items()))
    imports = first("load_first", "ours", "import_ms")
    if imports:
        lines.append(f"- importing the compiler (pydantic, networkx, PyYAML), before any "
                     f"load: {imports:.0f} ms")
    sizes = first("state_bytes", "ours", "per_game")
    if sizes:
        lines.append("- bytes per state: " + ", ".join(f"{g} {b:,.0f}"
                                                       for g, b in sizes.items()))
    # Compared only with what this run measured: a figure quoted from elsewhere was taken
    # on another load and is no measurement here (README quotes native engines in prose).
    for name in ("match_local_1", "match_local_2", "match_ray_1", "match_ray_2"):
        runs = figures.get(name, {}).get("ours", {}).get("runs", [])
        if runs:
            lines.append(f"- {name}: {runs[0]['games']:,} games of "
                         f"{runs[0]['plies_per_game']:.0f} plies on average in "
                         f"{runs[0]['wall_s']:.1f} s (start-up before the clock: "
                         f"{runs[0]['start_s']:.1f} s)")
    lines += _native_details(figures)
    return "\n".join(lines)


def _first_run(figures: dict[str, Any], name: str) -> dict[str, Any] | None:
    """Our side's first run of figure ``name`` in a report, if it ran."""
    runs: list[dict[str, Any]] = figures.get(name, {}).get("ours", {}).get("runs", [])
    return runs[0] if runs else None


def _native_details(figures: dict[str, Any]) -> list[str]:
    """The native figures beside our Python engine's, and the MCTS duel's games."""
    lines = []

    def median(name: str) -> float | None:
        found: float | None = figures.get(name, {}).get("ours", {}).get("median")
        return found

    for native, python in (("native_perft5", "ataxx_perft5"),
                           ("native_playouts", "ataxx_playouts"),
                           ("native_othello_playouts", "othello_playouts"),
                           ("native_chess_playouts", "chess_playouts")):
        a, b = median(native), median(python)
        if a and b:
            ratio = b / a if native.endswith("perft5") else a / b
            lines.append(f"- {native}: {ratio:,.0f}× our Python engine in the same run")
    r = _first_run(figures, "native_vector_steps")
    if r:
        lines.append(f"- native_vector_steps (first run): {r['games']:,} games, "
                     f"{r['wall_steps_per_s']:,.0f} steps per wall second; through the "
                     f"Gymnasium vector env, {r['gymnasium_steps_per_s']:,.0f} per CPU second")
    r = _first_run(figures, "native_mcts")
    if r:
        lines.append(f"- native_mcts (first run): {r['wins']} wins, {r['draws']} draws, "
                     f"{r['losses']} losses in {r['games']} games at "
                     f"{r['seconds_per_move']} s per move")
    return lines


def machine() -> dict[str, Any]:
    model = platform.processor() or platform.machine()
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    return {"cpu": model, "cores": os.cpu_count(), "python": platform.python_version(),
            "platform": platform.platform(),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}

