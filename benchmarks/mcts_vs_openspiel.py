"""``mcts:<T>:native`` (the tree in native code) against OpenSpiel's C++ MCTS, at the same
CPU time per move. The issue's bar: at least 70 % of 50 Connect Four games and 60 % of 20
games of Hex 11×11 with the swap rule (score = wins + draws / 2).

    python benchmarks/mcts_vs_openspiel.py [--seconds 0.1] [--exploration C] [--seed 1]
                                           [--budgets OURS THEIRS] [connect_four:50 hex:20]

OpenSpiel's bot is ``pyspiel.MCTSBot`` with one random rollout per leaf
(``RandomRolloutEvaluator(1, seed)``), UCT's c at OpenSpiel's usual 2 (its example
script's default; ours is the agent's default, 0.5: each side as it is shipped), no
solver. It has a simulation budget, not a CPU one: its ``max_simulations`` is its measured
simulations per CPU second (from a calibration at the start, then from every move it has
made) times the seconds per move, so both sides spend about the same CPU time, and both
sides' measured mean CPU seconds per move are printed beside the result. ``--budgets 3000
3000`` gives fixed budgets instead (our iterations, OpenSpiel's simulations a move): the
two searches compared move for move rather than by speed.

Each game is played in one loop: our ``State`` for us and a pyspiel state kept in step by
action index (``game.codec``: the same indices as OpenSpiel's ``connect_four`` and ``hex``,
checked at every ply: both sides' legal indices must agree). Seats are swapped every game.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyspiel

from framework import load_game
from framework.agents.mcts import MctsAgent
from framework.engine.state import State
from framework.game import Game

ROOT = Path(__file__).resolve().parent.parent
#: name → (our game file, its parameters, OpenSpiel's game, its parameters); the Hex
#: parameters are ``framework/bench/workers.py``'s BIG_BOARDS ``hex11``.
GAMES: dict[str, tuple[str, dict[str, Any] | None, str, dict[str, Any]]] = {
    "connect_four": ("connect-four.yaml", None, "connect_four", {}),
    "hex": ("hex.yaml", {"size": 11, "swap": True}, "hex", {"board_size": 11, "swap": True}),
}
#: The issue's bar per game: (games, the lowest score fraction that passes).
BARS = {"connect_four": (50, 0.70), "hex": (20, 0.60)}
SPIEL_UCT_C = 2.0
SPIEL_MEMORY_MB = 1000
#: Simulations of OpenSpiel's calibration searches from the start.
CALIBRATION_SIMULATIONS = 2000


@dataclass
class Clock:
    """CPU seconds spent and moves made by one side (and its simulations, for OpenSpiel)."""

    seconds: float = 0.0
    moves: int = 0
    simulations: int = 0

    @property
    def per_move(self) -> float:
        return self.seconds / max(self.moves, 1)


@dataclass
class Result:
    name: str
    seconds: float
    exploration: float | None  # None: the agent's default
    #: Fixed budgets instead of CPU time: our iterations and OpenSpiel's simulations a move.
    budgets: tuple[int, int] | None = None
    wins: int = 0
    draws: int = 0
    losses: int = 0
    ours: Clock = field(default_factory=Clock)
    theirs: Clock = field(default_factory=Clock)
    #: OpenSpiel's calibration searches: in its rate, not in its moves.
    calibration: Clock = field(default_factory=Clock)
    iterations: list[int] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / max(self.games, 1)

    def line(self) -> str:
        mean_iterations = sum(self.iterations) / max(len(self.iterations), 1)
        rate = self.spiel_rate()
        ours = f"{self.budgets[0]}i" if self.budgets else f"{self.seconds}s"
        c = "" if self.exploration is None else f":c{self.exploration}"
        return (f"{self.name}: mcts:{ours}{c}:native vs OpenSpiel "
                f"MCTSBot (c {SPIEL_UCT_C}), "
                f"{self.games} games: {self.wins} wins, {self.draws} draws, {self.losses} "
                f"losses, score {100 * self.score:.0f} %; CPU s per move: ours "
                f"{self.ours.per_move:.3f}, OpenSpiel {self.theirs.per_move:.3f}; ours "
                f"{mean_iterations:.0f} iterations per move, OpenSpiel "
                f"{self.theirs.simulations / max(self.theirs.moves, 1):.0f} simulations "
                f"per move ({rate:.0f} per CPU s)")

    def spiel_rate(self) -> float:
        """OpenSpiel's simulations per CPU second so far (calibration and moves)."""
        simulations = self.calibration.simulations + self.theirs.simulations
        return simulations / max(self.calibration.seconds + self.theirs.seconds, 1e-9)


def spiel_bot(game: pyspiel.Game, simulations: int, seed: int) -> pyspiel.MCTSBot:
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.MCTSBot(game, evaluator, SPIEL_UCT_C, max(simulations, 1),
                           SPIEL_MEMORY_MB, False, seed, False)


def calibrate(game: pyspiel.Game, result: Result, seed: int) -> None:
    """A few searches from the start: OpenSpiel's first simulations per CPU second."""
    state = game.new_initial_state()
    for k in range(3):
        bot = spiel_bot(game, CALIBRATION_SIMULATIONS, seed + k)
        start = time.process_time()
        bot.step(state)
        result.calibration.seconds += time.process_time() - start
        result.calibration.simulations += CALIBRATION_SIMULATIONS


def their_move(game: pyspiel.Game, state: pyspiel.State, result: Result, seed: int) -> int:
    budget = result.budgets[1] if result.budgets else round(result.spiel_rate() * result.seconds)
    bot = spiel_bot(game, budget, seed)
    start = time.process_time()
    action = int(bot.step(state))
    spent = time.process_time() - start
    result.theirs.seconds += spent
    result.theirs.simulations += budget
    result.theirs.moves += 1
    return action


def our_moves(agent: MctsAgent, state: State, result: Result) -> list[int]:
    start = time.process_time()
    actions = agent.act(state)
    result.ours.seconds += time.process_time() - start
    result.ours.moves += 1
    if agent.info.startswith("native tree: "):
        result.iterations.append(int(agent.info.split()[2]))
    return [state.game.codec.index(a) for a in actions]


def play_game(ours: Game, theirs: pyspiel.Game, our_seat: int, seed: int,
              result: Result) -> float:
    """One game; our return."""
    budget = {"iterations": result.budgets[0]} if result.budgets else {"seconds": result.seconds}
    agent = MctsAgent(ours, seed=seed, exploration=result.exploration, native=True, **budget)
    agent.cpu_time = True
    assert agent.native_tree is not None, agent.native_tree_note
    state, spiel_state = ours.new_initial_state(), theirs.new_initial_state()
    plies = 0
    while not spiel_state.is_terminal():
        assert state.winners is None
        assert ours.codec.legal_indices(state) == sorted(spiel_state.legal_actions()), \
            str(spiel_state)
        if state.current_player == our_seat:
            indices = our_moves(agent, state, result)
        else:
            indices = [their_move(theirs, spiel_state, result, seed * 1000 + plies)]
        for index in indices:
            state.apply(ours.codec.action(index))
            spiel_state.apply_action(index)
            plies += 1
    assert state.winners is not None and state.returns() == spiel_state.returns()
    return float(spiel_state.returns()[our_seat])


def play_match(name: str, games: int, seconds: float, seed: int = 1,
               exploration: float | None = None, progress: bool = False,
               budgets: tuple[int, int] | None = None) -> Result:
    file, parameters, spiel_name, spiel_parameters = GAMES[name]
    ours = load_game(ROOT / "games" / file, parameters)
    theirs = pyspiel.load_game(spiel_name, spiel_parameters)
    result = Result(name, seconds, exploration, budgets)
    calibrate(theirs, result, seed)
    # Our kernels compiled (or loaded from numba's cache) before any move is timed.
    MctsAgent(ours, seed=seed, iterations=10, native=True).act(ours.new_initial_state())
    for g in range(games):
        ours_return = play_game(ours, theirs, g % 2, seed * 10_000 + g, result)
        if ours_return > 0:
            result.wins += 1
        elif ours_return < 0:
            result.losses += 1
        else:
            result.draws += 1
        if progress:
            print(f"  game {g + 1}: {ours_return:+.0f} (we were seat {g % 2})", flush=True)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.1, help="CPU seconds per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--exploration", type=float, default=None,
                        help="our UCT c (the agent's default unless given)")
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--budgets", type=int, nargs=2, metavar=("OURS", "THEIRS"),
                        help="fixed budgets: our iterations, OpenSpiel's simulations")
    parser.add_argument("matches", nargs="*", default=[f"{n}:{g}" for n, (g, _) in BARS.items()],
                        help="name:games (connect_four:50 hex:20)")
    args = parser.parse_args()
    for match in args.matches:
        name, games = match.split(":")
        start = time.perf_counter()
        result = play_match(name, int(games), args.seconds, args.seed, args.exploration,
                            args.progress, tuple(args.budgets) if args.budgets else None)
        bar = BARS[name][1]
        verdict = "meets" if result.score >= bar else "does NOT meet"
        judged = "" if args.budgets else f"; {verdict} the bar of {100 * bar:.0f} %"
        print(f"{result.line()}{judged}; {time.perf_counter() - start:.0f} s wall", flush=True)


if __name__ == "__main__":
    main()
