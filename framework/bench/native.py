"""The native backend's figures of ``boardspec bench`` (workers, each run in a fresh
process by ``framework/bench/runner.py``): perft and playouts beside python-ataxx, compile time cold
and cached, and MCTS with native playouts against MCTS with Python playouts."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from framework.bench.peer_perft import python_chess_perft

ROOT = Path(__file__).resolve().parent.parent.parent
ATAXX = ROOT / "games" / "ataxx.yaml"
#: perft of the Ataxx start (libataxx's counts; the Python engine agrees).
ATAXX_PERFT = {4: 155_888, 5: 4_752_668, 6: 141_865_520}
#: perft of the chess start by turns (chessprogramming.org; the Python engine agrees).
CHESS_PERFT = {4: 197_281, 5: 4_865_609}
PLAYOUT_SECONDS = 2.0
#: The MCTS figure: games (seats swapped) and seconds per move of each agent.
MCTS_GAMES = 20
MCTS_SECONDS = 0.05


def _ataxx() -> Any:
    from framework import load_game
    from framework.native.backend import NativeGame

    native = NativeGame(load_game(ATAXX))
    native.compile()  # not timed: the compile figures time it
    return native


def _checked(nodes: int, depth: int, cpu: float, wall: float,
             published: dict[int, int] = ATAXX_PERFT) -> dict[str, Any]:
    if nodes != published[depth]:
        return {"error": f"counted {nodes:,} leaves at depth {depth}, expected "
                         f"{published[depth]:,}"}
    return {"value": cpu, "wall_s": wall, "nodes": nodes}


def native_perft(depth: int) -> dict[str, Any]:
    native = _ataxx()
    st = native.initial()
    start, wall = time.process_time(), time.perf_counter()
    nodes = native.perft(st, depth)
    return _checked(nodes, depth, time.process_time() - start, time.perf_counter() - wall)


def peer_perft(depth: int) -> dict[str, Any]:
    import ataxx

    board = ataxx.Board("x5o/7/7/7/7/7/o5x x 0 1")
    start, wall = time.process_time(), time.perf_counter()
    nodes = board.perft(depth)
    return _checked(nodes, depth, time.process_time() - start, time.perf_counter() - wall)


def native_chess_perft(depth: int) -> dict[str, Any]:
    """Chess perft by turns from the start (a promotion and its kind are one move)."""
    from framework import load_game
    from framework.native.backend import NativeGame

    native = NativeGame(load_game(ROOT / "games" / "chess.yaml"))
    native.compile()
    st = native.initial()
    start, wall = time.process_time(), time.perf_counter()
    nodes = native.perft(st, depth)
    return _checked(nodes, depth, time.process_time() - start, time.perf_counter() - wall,
                    CHESS_PERFT)


def peer_chess_perft(depth: int) -> dict[str, Any]:
    """python-chess's perft in its own idiom (``framework/bench/peer_perft.py``)."""
    import chess

    from framework.bench.peer_perft import python_chess_perft

    board = chess.Board()
    start, wall = time.process_time(), time.perf_counter()
    nodes = python_chess_perft(board, depth)
    return _checked(nodes, depth, time.process_time() - start, time.perf_counter() - wall,
                    CHESS_PERFT)


def native_playouts(seed: int) -> dict[str, Any]:
    native = _ataxx()
    st = native.initial()
    games = plies = 0
    start = time.process_time()
    while True:
        _, played = native.playouts(st, 200, seed=seed * 1_000_003 + games)
        games += 200
        plies += played
        elapsed = time.process_time() - start
        if elapsed >= PLAYOUT_SECONDS:
            return {"value": games / elapsed, "games": games, "plies_per_game": plies / games}


def native_game_playouts(game_file: str, seed: int) -> dict[str, Any]:
    """Random playouts per second of any bundled game the kernels play."""
    from framework import load_game
    from framework.native.backend import NativeGame

    native = NativeGame(load_game(ROOT / "games" / game_file))
    native.compile()
    st = native.initial()
    games = plies = 0
    start = time.process_time()
    while True:
        _, played = native.playouts(st, 2000, seed=seed * 1_000_003 + games)
        games += 2000
        plies += played
        elapsed = time.process_time() - start
        if elapsed >= PLAYOUT_SECONDS:
            return {"value": games / elapsed, "games": games, "plies_per_game": plies / games}


def native_game_plies(game_file: str, parameters: dict[str, Any] | None,
                      seed: int) -> dict[str, Any]:
    """Random playouts of a bundled game natively, per ply: the kernels' moves per CPU
    second (a ply is a native move: a placement or a pass, a whole turn where a choice is
    folded into the move, Amazons' move and arrow)."""
    from framework import load_game
    from framework.native.backend import NativeGame

    native = NativeGame(load_game(ROOT / "games" / game_file, parameters))
    native.compile()
    st = native.initial()
    games = plies = 0
    start = time.process_time()
    while True:
        _, played = native.playouts(st, 50, seed=seed * 1_000_003 + games)
        games += 50
        plies += played
        elapsed = time.process_time() - start
        if elapsed >= PLAYOUT_SECONDS:
            return {"value": plies / elapsed, "games": games, "plies_per_game": plies / games,
                    "games_per_s": games / elapsed}


#: Games stepped together by the vector-step figure.
VECTOR_GAMES = 4096


def native_vector_steps(game_file: str, seed: int) -> dict[str, Any]:
    """Game steps per CPU second of ``VECTOR_GAMES`` games stepped together in the kernels
    (``NativeBatch``), each a uniformly random legal action drawn by ``random_actions``:
    observations, rewards, done flags and masks written every step. Beside it, the same
    through the Gymnasium vector env (``NativeVectorEnv``, which copies what it returns)."""
    import numpy as np

    from framework import load_game
    from framework.interop.gym_vector import NativeVectorEnv

    env = NativeVectorEnv(load_game(ROOT / "games" / game_file), VECTOR_GAMES)
    batch = env.batch
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    batch.step(batch.random_actions(rng))  # not timed: the first call binds the kernels

    def rate(step: Any) -> tuple[float, float]:
        steps = 0
        start, wall = time.process_time(), time.perf_counter()
        while time.process_time() - start < PLAYOUT_SECONDS:
            for _ in range(10):
                step(batch.random_actions(rng))
            steps += 10 * VECTOR_GAMES
        return (steps / (time.process_time() - start),
                steps / (time.perf_counter() - wall))

    cpu, wall = rate(batch.step)
    gym_cpu, _ = rate(env.step)
    return {"value": cpu, "wall_steps_per_s": wall, "gymnasium_steps_per_s": gym_cpu,
            "games": VECTOR_GAMES}


def openspiel_bot_plies(name: str, parameters: dict[str, Any], actions_per_ply: int,
                        seed: int) -> dict[str, Any]:
    """OpenSpiel's C++ game played by its C++ uniform random bots in its C++ loop
    (``evaluate_bots``), per ply: its games per CPU second times the mean length of its
    random games, counted (untimed) from games played by the same uniform choice in a
    Python loop (20 games, and more where they are short: until 20,000 actions);
    ``actions_per_ply`` of its actions make one of our plies (Amazons: from, to and the
    arrow are three), or, with 0, a ply ends where the player to move changes (Nine Men's
    Morris: a move and the removal after a mill are one of ours)."""
    import random

    import pyspiel

    game = pyspiel.load_game(name, parameters)
    rng = random.Random(seed)
    lengths: list[float] = []
    actions = 0
    while len(lengths) < 20 or actions < 20_000:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            mover = state.current_player()
            if state.is_chance_node():  # as evaluate_bots draws it: by the probabilities
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
            n += 1 if actions_per_ply or state.is_terminal() or \
                state.current_player() != mover else 0
        lengths.append(n / (actions_per_ply or 1))
    mean = sum(lengths) / len(lengths)
    bots = [pyspiel.make_uniform_random_bot(p, seed * 10 + p) for p in range(game.num_players())]
    games = 0
    start = time.process_time()
    while True:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= PLAYOUT_SECONDS and games >= 3:
            break
    by_bots = games / elapsed * mean
    by_rollouts = openspiel_rollout_plies(pyspiel, game, mean, seed)
    faster = "MCTSBot rollouts" if by_rollouts and by_rollouts > by_bots else "evaluate_bots"
    return {"value": max(by_bots, by_rollouts or 0.0), "loop": faster, "games": games,
            "plies_per_game": mean, "games_per_s": games / elapsed,
            "evaluate_bots_plies_per_s": by_bots, "rollout_plies_per_s": by_rollouts}


#: Simulations of one MCTSBot search: a tree of 1,000 nodes keeps its leaves a few plies
#: from the start, so that each rollout is about a whole random game.
ROLLOUT_SIMULATIONS = 1000


def openspiel_rollout_plies(pyspiel: Any, game: Any, mean: float, seed: int) -> float | None:
    """OpenSpiel's fastest random-playout loop: ``MCTSBot`` searching from the start
    with ``RandomRolloutEvaluator(1)``, its tree and random rollouts all in C++. Its plies
    are counted as ``mean`` (the length of a whole random game) per simulation, a little
    more than its rollouts play (they begin at a leaf), so the peer's figure errs high.
    None where OpenSpiel's MCTS does not play the game (a game of chance: its MCTSBot
    crashed the process on Backgammon)."""
    if game.get_type().chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC:
        return None
    try:
        bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, seed), 2.0,
                              ROLLOUT_SIMULATIONS, 1000, False, seed, False)
        start = time.process_time()
        simulations = 0
        while True:
            bot.step(game.new_initial_state())
            simulations += ROLLOUT_SIMULATIONS
            elapsed = time.process_time() - start
            if elapsed >= PLAYOUT_SECONDS:
                return simulations / elapsed * mean
    except (RuntimeError, pyspiel.SpielError):
        return None


def openspiel_playouts(name: str, seed: int) -> dict[str, Any]:
    """The same through OpenSpiel's C++ game (pyspiel), the loop in Python."""
    import random

    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    games = plies = 0
    start = time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= PLAYOUT_SECONDS:
            return {"value": games / elapsed, "games": games, "plies_per_game": plies / games}


_COMPILE = """
import sys, time
t = time.perf_counter()
from framework import load_game
from framework.native.backend import NativeGame
native = NativeGame(load_game(sys.argv[1]))
native.compile()
print(native.compile_cpu_seconds, native.from_cache, native.compile_seconds,
      time.perf_counter() - t)
"""


#: The peer's whole process: python-chess and its users' perft idiom (the source of
#: ``peer_perft.python_chess_perft``, so that the process imports nothing of ours).
_PYTHON_CHESS_PERFT = "\n".join([
    "import sys", "from typing import Any", "import chess",
    inspect.getsource(python_chess_perft),
    "print(python_chess_perft(chess.Board(), int(sys.argv[1])))"])


def _whole_process(command: list[str], depth: int) -> dict[str, Any]:
    """One process's CPU seconds (its own rusage, ``os.wait4``), wall time and peak
    memory, its count checked against chess's published one."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             cwd=ROOT)
    assert child.stdout is not None
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = code = os.waitstatus_to_exitcode(status)  # reaped: Popen must know
    wall = time.perf_counter() - start
    if code != 0 or not out.strip().isdigit():
        return {"error": f"{command[2:]} exited {code}: {out[-200:]!r}"}
    found = _checked(int(out), depth, usage.ru_utime + usage.ru_stime, wall, CHESS_PERFT)
    return found | {"peak_mib": round(usage.ru_maxrss / 1024, 1)} if "value" in found else found


def native_chess_perft_process(depth: int) -> dict[str, Any]:
    """``boardspec perft chess DEPTH --backend native --turns``, the whole process, as a
    user runs it a second time (the first, not timed, compiles the kernels and links the
    library the second counts with: ``framework.native.ahead``)."""
    command = [sys.executable, "-m", "framework", "perft", "chess", str(depth),
               "--backend", "native", "--turns"]
    subprocess.run(command, capture_output=True, check=True, cwd=ROOT)
    return _whole_process(command, depth)


def peer_chess_perft_process(depth: int) -> dict[str, Any]:
    """python-chess's perft idiom, the whole process."""
    return _whole_process([sys.executable, "-c", _PYTHON_CHESS_PERFT, str(depth)], depth)


def native_compile(cached: bool) -> dict[str, Any]:
    """CPU seconds to compile every kernel of Ataxx (a fresh process, an empty cache
    directory), or to load them from numba's cache (the same, a second time)."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "BOARDSPEC_NATIVE_CACHE": folder}
        runs = 2 if cached else 1
        for _ in range(runs):
            done = subprocess.run([sys.executable, "-c", _COMPILE, str(ATAXX)], env=env,
                                  capture_output=True, text=True, check=True, cwd=ROOT)
        seconds, from_cache, wall, whole = done.stdout.split()
    if (from_cache == "True") != cached:
        return {"error": f"expected from_cache={cached}, found {from_cache}"}
    return {"value": float(seconds), "wall_s": float(wall), "process_wall_s": float(whole)}


def mcts_duel(games: int = MCTS_GAMES, seconds: float = MCTS_SECONDS, seed: int = 1
              ) -> dict[str, Any]:
    """MCTS with native playouts against MCTS with Python playouts on Ataxx, the same time
    per move, seats swapped: the native agent's score (wins + draws / 2) in %."""
    from framework.match import run_match

    native, python = f"mcts:{seconds}s:native", f"mcts:{seconds}s:python"
    start = time.perf_counter()
    result = run_match(str(ATAXX), [native, python], games=games, seed=seed)
    tally = result.by_agent()[native]
    return {"value": 100 * tally.score, "games": tally.games, "wins": tally.wins,
            "draws": tally.draws, "losses": tally.losses, "seconds_per_move": seconds,
            "wall_s": time.perf_counter() - start}


#: The alpha-beta figure: positions (random play from the start, seeded) and the depth.
ALPHABETA_POSITIONS = 5
ALPHABETA_DEPTH = 4


def alphabeta_search(native: bool, seed: int = 1) -> dict[str, Any]:
    """CPU seconds for ``alphabeta:d4:python`` (``:native`` with ``native``) to decide in each of
    ``ALPHABETA_POSITIONS`` Breakthrough positions, and the positions it searched."""
    import random

    from framework import load_game
    from framework.agents.registry import make_agent

    game = load_game(ROOT / "games" / "breakthrough.yaml")
    spec = f"alphabeta:d{ALPHABETA_DEPTH}" + (":native" if native else ":python")
    agent = make_agent(spec, game, seed=seed)
    rng = random.Random(seed)
    states: list[Any] = []
    while len(states) < ALPHABETA_POSITIONS:
        state = game.new_initial_state()
        for _ in range(rng.randrange(2, 12)):
            state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    agent.act(states[0])  # not timed: the native search's first call compiles
    nodes, start = 0, time.process_time()
    for state in states:
        agent.act(state)
        nodes += int(agent.info.split(" nodes")[0].rsplit(" ", 1)[-1])
    cpu = time.process_time() - start
    return {"value": cpu, "nodes": nodes, "nodes_per_s": nodes / cpu}


WORKERS: dict[tuple[str, str], Any] = {
    ("native_perft5", "ours"): lambda: native_perft(5),
    ("native_perft5", "peer"): lambda: peer_perft(5),
    ("native_perft6", "ours"): lambda: native_perft(6),
    ("native_perft6", "peer"): lambda: peer_perft(6),
    ("native_compile_cold", "ours"): lambda: native_compile(cached=False),
    ("native_compile_cached", "ours"): lambda: native_compile(cached=True),
    ("native_mcts", "ours"): mcts_duel,
    ("native_alphabeta_d4", "ours"): lambda: alphabeta_search(native=True),
    ("native_alphabeta_d4", "peer"): lambda: alphabeta_search(native=False),
    ("native_c4_playouts", "ours"): lambda: native_game_playouts("connect-four.yaml", 1),
    ("native_c4_playouts", "peer"): lambda: openspiel_playouts("connect_four", 1),
    ("native_chess_perft5", "ours"): lambda: native_chess_perft(5),
    ("native_chess_perft5", "peer"): lambda: peer_chess_perft(5),
    ("native_chess_perft5_process", "ours"): lambda: native_chess_perft_process(5),
    ("native_chess_perft5_process", "peer"): lambda: peer_chess_perft_process(5),
    ("native_vector_steps", "ours"): lambda: native_vector_steps("connect-four.yaml", 1),
    ("native_vector_steps", "peer"): lambda: openspiel_bot_plies("connect_four", {}, 1, 1),
}
