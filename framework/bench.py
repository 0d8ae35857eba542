"""Benchmarks: boardspec beside python-ataxx (the peer), in one process tree.

``boardspec bench`` (or ``python benchmarks/run.py``) runs every figure ``repeats`` times,
each run in a fresh subprocess (``python -m framework.bench worker FIGURE SIDE``), ours and
the peer's interleaved so that both see the same machine load; it prints a table (median,
min/median/max, ratio) and writes JSON. Only the work is timed inside a worker; start-up
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
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"
ATAXX_START_FEN = "x5o/7/7/7/7/7/o5x x 0 1"
PERFT_DEPTH = 5
PERFT_NODES = 4_752_668  # perft(5) of the Ataxx start, from the shared perft table
PLAYOUT_SECONDS = 2.0
#: The random seed of a worker: each repeat plays other games (game lengths vary).
_seed = 1
#: Games of the match figures (Assimilation, random against random, seats swapped).
MATCH_GAMES = 1000

#: A mid-game Adaptoid position (random play from the start, seed 7), black to move.
ADAPTOID_POSITION: dict[str, Any] = {
    "game": "Adaptoid", "to_move": "black", "phase": "move",
    "cells": {
        "A1": {"owner": "black", "legs": 0, "pincers": 1},
        "A3": {"owner": "black", "legs": 0, "pincers": 1},
        "B2": {"owner": "black", "legs": 0, "pincers": 1},
        "B3": "black", "C1": "black", "D2": "black", "E2": "black",
        "B4": "white", "C6": "white", "D6": "white", "E6": "white",
        "C5": {"owner": "white", "legs": 0, "pincers": 1},
        "F6": {"owner": "white", "legs": 1, "pincers": 0},
    },
    "counters": {"white": {"captures": 2}, "black": {"captures": 3}},
    "halfmove": 29, "fullmove": 15,
}


@dataclass(frozen=True)
class Figure:
    name: str
    what: str
    unit: str
    higher_is_better: bool
    peer: bool = False
    target: float | None = None  # the ratio ours/peer we must reach
    peer_runs: int | None = None  # a peer too slow to run every repeat: at most this often
    peer_name: str = "python-ataxx"  # whose figure the peer column holds


FIGURES: tuple[Figure, ...] = (
    Figure("ataxx_perft5", "Ataxx perft(5) from the start", "s", False, peer=True, target=10),
    Figure("ataxx_playouts", "Ataxx random playouts, start to end", "games/s", True,
           peer=True, target=5),
    Figure("adaptoid_playouts", "Adaptoid random playouts, start to end", "games/s", True),
    Figure("othello_playouts", "Othello random playouts, start to end (peer: OpenSpiel's "
           "C++ othello)", "games/s", True, peer=True, peer_name="OpenSpiel"),
    Figure("connect_four_playouts", "Connect Four random playouts, start to end (peer: "
           "OpenSpiel's C++ connect_four, its C++ random bots)", "games/s", True, peer=True,
           peer_name="OpenSpiel"),
    Figure("chess_playouts", "Chess random playouts, start to end (peer: OpenSpiel's C++ "
           "chess, its C++ random bots)", "games/s", True, peer=True, peer_name="OpenSpiel"),
    Figure("chess_perft4", "Chess perft(4) from the start (by turns)", "s", False, peer=True,
           target=1 / 3, peer_name="python-chess"),
    Figure("adaptoid_perft_turns2", "Adaptoid perft by turns, depth 2 (mid-game)", "s", False),
    Figure("adaptoid_perft_turns3", "Adaptoid perft by turns, depth 3 (mid-game)", "s", False),
    Figure("load_first", "load + compile, first call in a process (slowest game)", "ms",
           False),
    Figure("load_again", "load + compile, later calls (slowest game)", "ms", False),
    Figure("help", "`boardspec --help`, whole process", "ms", False),
    Figure("state_bytes", "bytes per state (mid-game Ataxx / Adaptoid)", "B", False,
           peer=True),
    Figure("match_local_1", f"{MATCH_GAMES:,}-game random match, 1 process (wall clock)",
           "games/s", True),
    Figure("match_local_2", f"{MATCH_GAMES:,}-game random match, pool of 2 processes "
           "(wall clock)", "games/s", True),
    Figure("match_ray_1", f"{MATCH_GAMES:,}-game random match, Ray with 1 CPU (wall clock)",
           "games/s", True),
    Figure("match_ray_2", f"{MATCH_GAMES:,}-game random match, Ray with 2 CPUs (wall clock)",
           "games/s", True),
    # The native backend (framework/native, the [fast] extra): framework/native/bench.py.
    Figure("native_perft5", "Ataxx perft(5), native kernels", "s", False, peer=True,
           target=1000),
    Figure("native_perft6", "Ataxx perft(6), native kernels (peer: one run)", "s", False,
           peer=True, peer_runs=1),
    Figure("native_playouts", "Ataxx random playouts, native kernels", "games/s", True,
           peer=True),
    Figure("native_c4_playouts", "Connect Four random playouts, native kernels (peer: "
           "OpenSpiel's C++ through pyspiel)", "games/s", True, peer=True, target=1,
           peer_name="OpenSpiel"),
    Figure("native_othello_playouts", "Othello random playouts, native kernels (peer: "
           "OpenSpiel's C++ othello, its C++ random bots)", "games/s", True, peer=True,
           target=1, peer_name="OpenSpiel"),
    Figure("native_breakthrough_playouts", "Breakthrough random playouts, native kernels "
           "(peer: OpenSpiel's C++ breakthrough, its C++ random bots)", "games/s", True,
           peer=True, target=1, peer_name="OpenSpiel"),
    Figure("native_checkers_playouts", "English draughts random playouts, native kernels "
           "(peer: OpenSpiel's C++ checkers, its C++ random bots)", "games/s", True,
           peer=True, target=1, peer_name="OpenSpiel"),
    Figure("native_chess_perft5", "Chess perft(5) from the start (by turns), native kernels "
           "(peer: python-chess, one run)", "s", False, peer=True, peer_runs=1,
           peer_name="python-chess"),
    Figure("native_chess_playouts", "Chess random playouts, native kernels (peer: "
           "OpenSpiel's C++ chess, its C++ random bots)", "games/s", True, peer=True,
           target=1, peer_name="OpenSpiel"),
    Figure("native_compile_cold", "Ataxx native kernels: compile, empty cache", "s", False),
    Figure("native_compile_cached", "Ataxx native kernels: load from numba's cache", "s",
           False),
    Figure("native_mcts", "MCTS native vs Python playouts, Ataxx, 0.05 s/move: native's "
           "score", "%", True),
)
#: Figures that need Ray (the [ray] extra): run only when it is installed.
RAY_FIGURES = ("match_ray_1", "match_ray_2")
#: Figures that need numba (the [fast] extra).
NATIVE_FIGURES = tuple(f.name for f in FIGURES if f.name.startswith("native_"))


# Workers: one measurement each, run in a fresh process ------------------------------------
def _ours_perft() -> dict[str, Any]:
    from framework import load_game
    from framework.perft import perft

    state = load_game(GAMES / "ataxx.yaml").new_initial_state()
    start, wall = time.process_time(), time.perf_counter()
    nodes = perft(state, PERFT_DEPTH)
    return _perft_result(nodes, time.process_time() - start, time.perf_counter() - wall)


def _peer_perft() -> dict[str, Any]:
    import ataxx

    board = ataxx.Board(ATAXX_START_FEN)
    start, wall = time.process_time(), time.perf_counter()
    nodes = board.perft(PERFT_DEPTH)
    return _perft_result(nodes, time.process_time() - start, time.perf_counter() - wall)


CHESS_PERFT_NODES = 197_281  # perft(4) of the chess start (chessprogramming.org)


def _ours_chess_perft() -> dict[str, Any]:
    from framework import load_game
    from framework.engine.turns import perft_turns

    state = load_game(GAMES / "chess.yaml").new_initial_state()
    start, wall = time.process_time(), time.perf_counter()
    nodes = perft_turns(state, 4)
    return _perft_result(nodes, time.process_time() - start, time.perf_counter() - wall,
                         expected=(4, CHESS_PERFT_NODES))


def _peer_chess_perft() -> dict[str, Any]:
    import chess

    from framework.peer_perft import python_chess_perft

    board = chess.Board()
    start, wall = time.process_time(), time.perf_counter()
    nodes = python_chess_perft(board, 4)
    return _perft_result(nodes, time.process_time() - start, time.perf_counter() - wall,
                         expected=(4, CHESS_PERFT_NODES))


def _perft_result(nodes: int, cpu: float, wall: float,
                  expected: tuple[int, int] = (PERFT_DEPTH, PERFT_NODES)) -> dict[str, Any]:
    """A perft timing, or an error when the count is wrong: a wrong tree is no speed."""
    depth, wanted = expected
    if nodes != wanted:
        return {"error": f"counted {nodes:,} leaves at depth {depth}, expected {wanted:,}"}
    return {"value": cpu, "wall_s": wall, "nodes": nodes, "peak_rss_mb": _rss_mb()}


def _timed_games(play_one: Callable[[], int]) -> dict[str, Any]:
    games = plies = 0
    start = time.process_time()
    while True:
        plies += play_one()
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= PLAYOUT_SECONDS and games >= 3:
            return {"value": games / elapsed, "games": games, "plies_per_game": plies / games}


def _ours_playouts(game_file: str = "ataxx.yaml") -> dict[str, Any]:
    import random

    from framework import load_game
    from framework.engine.playout import random_playout

    game = load_game(GAMES / game_file)
    rng = random.Random(_seed)
    return _timed_games(lambda: random_playout(game.new_initial_state(), rng))


def _peer_playouts() -> dict[str, Any]:
    import random

    import ataxx

    rng = random.Random(_seed)

    def play_one() -> int:
        board = ataxx.Board(ATAXX_START_FEN)
        plies = 0
        while True:
            moves = board.legal_moves()
            if not moves:
                return plies
            board.makemove(rng.choice(moves))
            plies += 1

    return _timed_games(play_one)


def _openspiel_playouts(name: str) -> dict[str, Any]:
    """OpenSpiel's C++ game played by its C++ uniform random bots, the loop in C++ too
    (``evaluate_bots``): the native limit, with no Python per ply."""
    import pyspiel

    game = pyspiel.load_game(name)
    bots = [pyspiel.make_uniform_random_bot(p, _seed * 10 + p)
            for p in range(game.num_players())]
    result = _timed_games(lambda: _openspiel_game(pyspiel, game, bots))
    del result["plies_per_game"]  # evaluate_bots plays on a copy: its length is not known
    return result


def _openspiel_game(pyspiel: Any, game: Any, bots: list[Any]) -> int:
    pyspiel.evaluate_bots(game.new_initial_state(), bots, _seed)
    return 0


def _ours_adaptoid_perft(depth: int) -> dict[str, Any]:
    from framework import load_game
    from framework.engine.turns import perft_turns

    state = load_game(GAMES / "adaptoid.yaml").state_from_json(ADAPTOID_POSITION)
    start = time.process_time()
    nodes = perft_turns(state, depth)
    return {"value": time.process_time() - start, "nodes": nodes}


_FIRST_LOAD = """
import sys, time
t = time.process_time()
import framework.game
t1 = time.process_time()
framework.game.load_game(sys.argv[1])
t2 = time.process_time()
print((t1 - t) * 1000, (t2 - t1) * 1000)
"""


def _ours_load(again: bool) -> dict[str, Any]:
    """Per bundled game, the time of ``load_game``: in a fresh process (the first call pays
    for the game model, the entry points and the plugins' imports) or once warm."""
    per_game: dict[str, float] = {}
    imports: list[float] = []
    for path in sorted(GAMES.glob("*.yaml")):
        if again:
            from framework import load_game

            load_game(path)
            start = time.process_time()
            load_game(path)
            per_game[path.stem] = (time.process_time() - start) * 1000
        else:
            done = subprocess.run([sys.executable, "-c", _FIRST_LOAD, str(path)],
                                  capture_output=True, text=True, check=True, cwd=ROOT)
            import_ms, load_ms = map(float, done.stdout.split())
            imports.append(import_ms)
            per_game[path.stem] = load_ms
    result: dict[str, Any] = {"value": max(per_game.values()), "per_game_ms": per_game}
    if imports:
        result["import_ms"] = statistics.median(imports)
    return result


def _ours_state_bytes() -> dict[str, Any]:
    import random

    from framework import load_game

    sizes = {}
    for name in ("ataxx", "adaptoid"):
        game = load_game(GAMES / f"{name}.yaml")
        state = game.new_initial_state()
        rng = random.Random(2)
        for _ in range(40):
            if state.is_terminal():
                break
            state.apply_unchecked(rng.choice(state.legal_actions()))
        sizes[name] = _bytes_per_copy(state.clone)
    return {"value": sizes["ataxx"], "per_game": sizes}


def _peer_state_bytes() -> dict[str, Any]:
    import copy
    import random

    import ataxx

    board = ataxx.Board(ATAXX_START_FEN)
    rng = random.Random(2)
    for _ in range(40):
        board.makemove(rng.choice(board.legal_moves()))
    board.history.clear()  # the move list grows with the game; a bare position is fairer
    board._halfmove_stack.clear()
    return {"value": _bytes_per_copy(lambda: copy.deepcopy(board))}


def _bytes_per_copy(make: Callable[[], object], copies: int = 2000) -> float:
    import tracemalloc

    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [make() for _ in range(copies)]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    return round((after - before) / copies, 1)


def _ours_match(backend: str, workers: int) -> dict[str, Any]:
    """Games per second of wall-clock time of a whole match on a backend: what a user
    waits for (the backend is started first and not timed: its start-up is reported)."""
    from framework.backends import make_backend
    from framework.match import run_match

    start = time.perf_counter()
    with make_backend(backend, jobs=workers) as runner:
        runner.connect()  # Ray starts here, before the clock
        started = time.perf_counter() - start
        wall = time.perf_counter()
        result = run_match(str(GAMES / "assimilation.yaml"), ["random", "random"],
                           games=MATCH_GAMES, seed=_seed, backend=runner)
        elapsed = time.perf_counter() - wall
    plies = sum(int(r.headers["Plies"]) for r in result.records)
    return {"value": result.games / elapsed, "games": result.games, "wall_s": elapsed,
            "start_s": started, "plies_per_game": plies / result.games}


def native_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("numba") is not None


def ray_available() -> bool:
    done = subprocess.run([sys.executable, "-c", "import ray"], capture_output=True)
    return done.returncode == 0


def _rss_mb() -> float:
    import resource

    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


WORKERS: dict[tuple[str, str], Callable[[], dict[str, Any]]] = {
    ("ataxx_perft5", "ours"): _ours_perft,
    ("ataxx_perft5", "peer"): _peer_perft,
    ("ataxx_playouts", "ours"): _ours_playouts,
    ("ataxx_playouts", "peer"): _peer_playouts,
    ("adaptoid_playouts", "ours"): lambda: _ours_playouts("adaptoid.yaml"),
    ("othello_playouts", "ours"): lambda: _ours_playouts("othello.yaml"),
    ("othello_playouts", "peer"): lambda: _openspiel_playouts("othello"),
    ("connect_four_playouts", "ours"): lambda: _ours_playouts("connect-four.yaml"),
    ("connect_four_playouts", "peer"): lambda: _openspiel_playouts("connect_four"),
    ("chess_playouts", "ours"): lambda: _ours_playouts("chess.yaml"),
    ("chess_playouts", "peer"): lambda: _openspiel_playouts("chess"),
    ("chess_perft4", "ours"): _ours_chess_perft,
    ("chess_perft4", "peer"): _peer_chess_perft,
    ("adaptoid_perft_turns2", "ours"): lambda: _ours_adaptoid_perft(2),
    ("adaptoid_perft_turns3", "ours"): lambda: _ours_adaptoid_perft(3),
    ("load_first", "ours"): lambda: _ours_load(again=False),
    ("load_again", "ours"): lambda: _ours_load(again=True),
    ("state_bytes", "ours"): _ours_state_bytes,
    ("state_bytes", "peer"): _peer_state_bytes,
    ("match_local_1", "ours"): lambda: _ours_match("local", 1),
    ("match_local_2", "ours"): lambda: _ours_match("local", 2),
    ("match_ray_1", "ours"): lambda: _ours_match("ray", 1),
    ("match_ray_2", "ours"): lambda: _ours_match("ray", 2),
}


def _native(name: str, side: str) -> Callable[[], dict[str, Any]]:
    """A worker of framework/native/bench.py, imported when it runs (it needs numba)."""
    def work() -> dict[str, Any]:
        from framework.native.bench import WORKERS as NATIVE_WORKERS

        found: dict[str, Any] = NATIVE_WORKERS[(name, side)]()
        return found

    return work


WORKERS.update({key: _native(*key) for key in (
    ("native_perft5", "ours"), ("native_perft5", "peer"), ("native_perft6", "ours"),
    ("native_perft6", "peer"), ("native_compile_cold", "ours"),
    ("native_compile_cached", "ours"), ("native_mcts", "ours"),
    ("native_c4_playouts", "ours"), ("native_c4_playouts", "peer"),
    ("native_chess_perft5", "ours"), ("native_chess_perft5", "peer"))})
WORKERS[("native_playouts", "ours")] = lambda: _native_playouts()
WORKERS[("native_playouts", "peer")] = _peer_playouts


def _native_playouts() -> dict[str, Any]:
    from framework.native.bench import native_playouts

    return native_playouts(_seed)


def _native_game_playouts(game_file: str) -> dict[str, Any]:
    from framework.native.bench import native_game_playouts

    return native_game_playouts(game_file, _seed)


# Othello, Breakthrough, draughts and chess natively, beside OpenSpiel's C++ game loop
# (evaluate_bots).
for _name, _file, _spiel in (("othello", "othello.yaml", "othello"),
                             ("breakthrough", "breakthrough.yaml", "breakthrough"),
                             ("checkers", "checkers.yaml", "checkers"),
                             ("chess", "chess.yaml", "chess")):
    WORKERS[(f"native_{_name}_playouts", "ours")] = partial(_native_game_playouts, _file)
    WORKERS[(f"native_{_name}_playouts", "peer")] = partial(_openspiel_playouts, _spiel)


# The runner -------------------------------------------------------------------------------
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
    with_peer = {"python-ataxx": peer_available()}
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
                               "target_ratio": figure.target}
    for side, found in runs.items():
        errors = [r["error"] for r in found if "error" in r]
        values = [r["value"] for r in found if "error" not in r]
        if errors:
            summary[side] = {"error": errors[0]}
            continue
        summary[side] = {"min": min(values), "median": statistics.median(values),
                         "max": max(values), "runs": found}
    ours, peer = summary.get("ours", {}), summary.get("peer", {})
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
    cells = [figure.what, figure.unit,
             _fmt(ours["median"]) if ours and "median" in ours else _spread(ours),
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
    runs = figures.get("native_mcts", {}).get("ours", {}).get("runs", [])
    if runs:
        r = runs[0]
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


def main(argv: list[str]) -> None:
    global _seed
    if len(argv) in (3, 4) and argv[0] == "worker":
        _seed = int(argv[3]) if len(argv) == 4 else 1
        print(json.dumps(WORKERS[(argv[1], argv[2])]()))
        return
    raise SystemExit("usage: python -m framework.bench worker FIGURE SIDE [SEED] "
                     "(or: boardspec bench)")


if __name__ == "__main__":
    main(sys.argv[1:])
