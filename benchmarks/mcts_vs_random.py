"""MCTS against random: the issue's bar is at least 95 wins in 100 games, per game.

    python benchmarks/mcts_vs_random.py [--games 100] [--agent mcts:200i] [--jobs 2]

Seats are swapped every game and seeds come from the match seed, so a run is reproducible.
Prints, per game file, the MCTS agent's wins, draws, losses and unfinished games, the
Wilson 95 % interval of its win rate, and the time taken.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from framework.match import run_match, wilson

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("assimilation", "adaptoid", "ataxx", "hexxagon")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--agent", default="mcts:200i")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("names", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    for name in args.names:
        start = time.perf_counter()
        result = run_match(str(ROOT / "games" / f"{name}.yaml"), [args.agent, "random"],
                           games=args.games, seed=args.seed, jobs=args.jobs)
        tally = result.by_agent()[args.agent]
        low, high = wilson(tally.wins, tally.games)
        print(f"{name:14} {args.agent} vs random: {tally.wins} wins, {tally.draws} draws, "
              f"{tally.losses} losses, {tally.unfinished} unfinished of {tally.games} "
              f"(win rate 95 % CI {100 * low:.1f}–{100 * high:.1f} %) "
              f"in {time.perf_counter() - start:.1f} s", flush=True)


if __name__ == "__main__":
    main()
