"""Does each search keep its clock? Every agent with a time budget, over many decisions.

    python benchmarks/agent_clock.py [--game go --param size=9] [--moves 200] [--budget 0.1]

For each agent (MCTS and alpha-beta, with the native kernels and in Python), it plays
``--moves`` decisions of a game whose other moves are random, measuring each decision in
CPU seconds of this process (the agents' clocks read CPU time here, so the figure holds on a
loaded machine) and in wall seconds. The goal (issue 56): every decision within the budget
+ 10 % + 20 ms. The agents are made before the clock starts: they load their kernels then,
not in the first decision. Writes ``benchmarks/results/agent_clock.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from framework import load_game  # noqa: E402
from framework.agents.registry import make_agent  # noqa: E402

AGENTS = ("mcts:{s}s", "mcts:{s}s:python", "alphabeta:{s}s", "alphabeta:{s}s:python")


def measure(spec: str, game_file: str, params: dict[str, int], moves: int, seed: int
            ) -> dict[str, float | int | str]:
    game = load_game(ROOT / "games" / f"{game_file}.yaml", params)
    agent = make_agent(spec, game, seed=seed)
    agent.cpu_time = True  # type: ignore[attr-defined]  # MCTS and alpha-beta read it
    rng = random.Random(seed)
    state, cpu, wall = game.new_initial_state(), [], []
    while len(cpu) < moves:
        if state.is_terminal():
            state = game.new_initial_state()
        began, began_wall = time.process_time(), time.perf_counter()
        actions = agent.act(state)
        cpu.append(time.process_time() - began)
        wall.append(time.perf_counter() - began_wall)
        for action in actions:
            state.apply(action)
        if not state.is_terminal():  # the other side: a random move
            state.apply(rng.choice(state.legal_actions()))
    cpu.sort()
    return {"agent": spec, "decisions": len(cpu), "cpu_max": cpu[-1],
            "cpu_p99": cpu[int(0.99 * (len(cpu) - 1))], "cpu_median": cpu[len(cpu) // 2],
            "wall_max": max(wall)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="go")
    parser.add_argument("--param", action="append", default=["size=9"])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--budget", type=float, default=0.1)
    args = parser.parse_args()
    params = {k: int(v) for k, v in (p.split("=", 1) for p in args.param)}
    limit = args.budget * 1.1 + 0.02
    rows = []
    for template in AGENTS:
        row = measure(template.format(s=args.budget), args.game, params, args.moves, seed=1)
        row["within"] = float(row["cpu_max"]) <= limit
        rows.append(row)
        print(f"{row['agent']:<22} {row['decisions']} decisions: CPU max {row['cpu_max']:.3f} s,"
              f" p99 {row['cpu_p99']:.3f}, median {row['cpu_median']:.3f}; wall max "
              f"{row['wall_max']:.3f} s; within {limit:.3f} s: {row['within']}")
    out = ROOT / "benchmarks" / "results" / "agent_clock.json"
    out.write_text(json.dumps({"game": args.game, "params": params, "budget": args.budget,
                               "limit": limit, "machine": platform.processor() or
                               platform.machine(), "date": time.strftime("%Y-%m-%d"),
                               "rows": rows}, indent=2) + "\n")


if __name__ == "__main__":
    main()
