"""The workers of ``boardspec bench``: one measurement each, run in a fresh process
(``python -m framework.bench worker FIGURE SIDE [SEED]``) and printed as JSON. Only the work
is timed, in CPU seconds of this process."""


from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from framework.bench.figures import MATCH_GAMES

ROOT = Path(__file__).resolve().parent.parent.parent
GAMES = ROOT / "games"
ATAXX_START_FEN = "x5o/7/7/7/7/7/o5x x 0 1"
PERFT_DEPTH = 5
PERFT_NODES = 4_752_668  # perft(5) of the Ataxx start, from the shared perft table
PLAYOUT_SECONDS = 2.0
#: The random seed of a worker: each repeat plays other games (game lengths vary).
_seed = 1

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

    from framework.bench.peer_perft import python_chess_perft

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
    """A worker of framework/bench/native.py, imported when it runs (it needs numba)."""
    def work() -> dict[str, Any]:
        from framework.bench.native import WORKERS as NATIVE_WORKERS

        found: dict[str, Any] = NATIVE_WORKERS[(name, side)]()
        return found

    return work


WORKERS.update({key: _native(*key) for key in (
    ("native_perft5", "ours"), ("native_perft5", "peer"), ("native_perft6", "ours"),
    ("native_perft6", "peer"), ("native_compile_cold", "ours"),
    ("native_compile_cached", "ours"), ("native_mcts", "ours"),
    ("native_c4_playouts", "ours"), ("native_c4_playouts", "peer"),
    ("native_chess_perft5", "ours"), ("native_chess_perft5", "peer"),
    ("native_chess_perft5_process", "ours"), ("native_chess_perft5_process", "peer"),
    ("native_alphabeta_d4", "ours"), ("native_alphabeta_d4", "peer"),
    ("native_vector_steps", "ours"), ("native_vector_steps", "peer"))})
WORKERS[("native_playouts", "ours")] = lambda: _native_playouts()
WORKERS[("native_playouts", "peer")] = _peer_playouts


def _native_playouts() -> dict[str, Any]:
    from framework.bench.native import native_playouts

    return native_playouts(_seed)


def _native_game_playouts(game_file: str) -> dict[str, Any]:
    from framework.bench.native import native_game_playouts

    return native_game_playouts(game_file, _seed)


# Othello, Breakthrough, draughts and chess natively, beside OpenSpiel's C++ game loop
# (evaluate_bots).
for _name, _file, _spiel in (("othello", "othello.yaml", "othello"),
                             ("breakthrough", "breakthrough.yaml", "breakthrough"),
                             ("checkers", "checkers.yaml", "checkers"),
                             ("chess", "chess.yaml", "chess")):
    WORKERS[(f"native_{_name}_playouts", "ours")] = partial(_native_game_playouts, _file)
    WORKERS[(f"native_{_name}_playouts", "peer")] = partial(_openspiel_playouts, _spiel)


# Every game OpenSpiel also has that the kernels play, per ply, beside OpenSpiel's C++ game
# and its C++ random bots:
# (figure, our file, its parameters, OpenSpiel's game, its parameters, its actions a ply).
PER_PLY_GAMES: tuple[tuple[str, str, dict[str, Any] | None, str, dict[str, Any], int], ...] = (
    ("go9", "go.yaml", {"size": 9}, "go", {"board_size": 9}, 1),
    ("go19", "go.yaml", {"size": 19}, "go", {"board_size": 19}, 1),
    ("amazons", "amazons.yaml", None, "amazons", {}, 3),
    ("y", "y.yaml", None, "y", {"board_size": 19}, 1),
    ("havannah", "havannah.yaml", None, "havannah", {"board_size": 8}, 1),
    ("hex11", "hex.yaml", {"size": 11, "swap": True}, "hex", {"board_size": 11, "swap": True}, 1),
    ("gomoku", "gomoku.yaml", None, "gomoku", {}, 1),
    ("lines_of_action", "lines-of-action.yaml", None, "lines_of_action", {}, 1),
    ("pentago", "pentago.yaml", None, "pentago", {}, 1),
    ("phantom_ttt", "phantom-tic-tac-toe.yaml", None, "phantom_ttt", {}, 1),
    ("dark_hex", "dark-hex.yaml", None, "dark_hex", {}, 1),
    ("tic_tac_toe", "tic-tac-toe.yaml", None, "tic_tac_toe", {}, 1),
    ("connect_four", "connect-four.yaml", None, "connect_four", {}, 1),
    ("othello", "othello.yaml", None, "othello", {}, 1),
    ("breakthrough", "breakthrough.yaml", None, "breakthrough", {}, 1),
    ("checkers", "checkers.yaml", None, "checkers", {}, 1),
    ("chess", "chess.yaml", None, "chess", {}, 1),
    ("clobber", "clobber.yaml", None, "clobber", {}, 1),
    ("dots_and_boxes", "dots-and-boxes.yaml", None, "dots_and_boxes", {}, 1),
    ("kalah", "kalah.yaml", None, "mancala", {}, 1),
    # A removal after a mill is an action of its own in OpenSpiel's game, folded into the
    # move in ours: its plies are counted as turns (0: a ply ends when the mover changes).
    ("nine_mens_morris", "nine-mens-morris.yaml", None, "nine_mens_morris", {}, 0),
    ("shogi", "shogi.yaml", None, "shogi", {}, 1),
    # Chance's rolls are plies on both sides (actions of their own in OpenSpiel's game).
    ("backgammon", "backgammon.yaml", None, "backgammon", {}, 1))


def _native_game_plies(game_file: str, parameters: dict[str, Any] | None) -> dict[str, Any]:
    from framework.bench.native import native_game_plies

    return native_game_plies(game_file, parameters, _seed)


def _openspiel_bot_plies(name: str, parameters: dict[str, Any], per: int) -> dict[str, Any]:
    from framework.bench.native import openspiel_bot_plies

    return openspiel_bot_plies(name, parameters, per, _seed)


for _name, _file, _ours, _spiel, _theirs, _per in PER_PLY_GAMES:
    WORKERS[(f"native_{_name}_plies", "ours")] = partial(_native_game_plies, _file, _ours)
    WORKERS[(f"native_{_name}_plies", "peer")] = partial(_openspiel_bot_plies, _spiel,
                                                          _theirs, _per)


def main(argv: list[str]) -> None:
    global _seed
    if len(argv) in (3, 4) and argv[0] == "worker":
        _seed = int(argv[3]) if len(argv) == 4 else 1
        print(json.dumps(WORKERS[(argv[1], argv[2])]()))
        return
    raise SystemExit("usage: python -m framework.bench worker FIGURE SIDE [SEED] "
                     "(or: boardspec bench)")
