"""Games between agents, and tournaments with statistics.

``play_game`` plays one game between computer agents and returns its record;
``run_match`` plays many across processes. Each game's seed is derived from the match seed
and the game's index only, so the results do not depend on how games are scheduled over
processes: the same ``--seed`` gives the same games (with depth or iteration budgets; time
budgets depend on the machine). Agents swap seats from one game to the next.

The statistics are those of a rule page: wins per side (the player that won) and per agent,
draws, unfinished games, each with a Wilson 95 % confidence interval.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import multiprocessing
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from framework.records import DRAW, UNFINISHED, Record, header_key, result_of, turn_lines

if TYPE_CHECKING:
    from framework.agents.base import Agent
    from framework.compiler import CompiledGame
    from framework.engine.state import State

DEFAULT_MAX_PLIES = 10_000
Z95 = 1.959963984540054
#: ``Termination`` header of a game stopped by Ctrl-C (its ``Result`` is ``unfinished``).
INTERRUPTED = "interrupted"

#: Set when the match is interrupted (Ctrl-C): games stop after the current action and are
#: kept, marked unfinished. Shared with worker processes, which ignore SIGINT themselves.
_stop: Any = None


def _stopping() -> bool:
    return _stop is not None and _stop.is_set()


def _worker_init(stop: Any) -> None:
    global _stop
    _stop = stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def _interruptible(processes: bool) -> Iterator[Any]:
    """Turn Ctrl-C into a stop request for the duration of a match (main thread only)."""
    global _stop
    # One process needs no shared semaphore (which some sandboxes do not provide).
    stop = multiprocessing.get_context().Event() if processes else threading.Event()
    previous, _stop = _stop, stop
    handler = None
    if threading.current_thread() is threading.main_thread():
        handler = signal.signal(signal.SIGINT, lambda *_: stop.set())
    try:
        yield stop
    finally:
        _stop = previous
        if handler is not None:
            signal.signal(signal.SIGINT, handler)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a match seeded ``seed`` (independent of scheduling)."""
    digest = hashlib.sha256(f"boardspec-match/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_game(game: CompiledGame, agents: Sequence[Agent], *, max_plies: int | None = None,
              headers: dict[str, str] | None = None) -> Record:
    """Play one game, agent i in seat i, until it ends or ``max_plies`` actions."""
    limit = max_plies or game.spec.max_plies or DEFAULT_MAX_PLIES
    state = game.new_initial_state()
    steps: list[tuple[State, list[str]]] = []
    plies = 0
    while not state.is_terminal() and plies < limit and not _stopping():
        before = state.clone()
        played: list[str] = []
        for action in agents[state.current_player].act(state):
            if plies >= limit or state.is_terminal():
                break
            state.apply(action)
            played.append(action.notation)
            plies += 1
        steps.append((before, played))
    record_headers = {"Game": game.name}
    for seat, agent in enumerate(agents):
        record_headers[header_key(game.players[seat])] = agent.spec
    record_headers.update(headers or {})
    if state.seat_of_side != list(range(len(game.players))):  # a pie rule swapped seats
        by_seat = sorted(range(len(game.players)), key=lambda side: state.seat_of_side[side])
        record_headers["Seats"] = " ".join(game.players[side] for side in by_seat)
    if _stopping() and not state.is_terminal():
        record_headers["Termination"] = INTERRUPTED
    record_headers["Result"] = result_of(state)
    record_headers["Plies"] = str(plies)
    return Record(record_headers, turn_lines(steps))


@dataclass(frozen=True)
class GamePlan:
    index: int
    seats: tuple[str, ...]  # agent spec per seat
    seed: int


def schedule(agents: Sequence[str], games: int, seed: int) -> list[GamePlan]:
    """``games`` games for each pair of agents, seats swapped from one game to the next."""
    plans: list[GamePlan] = []
    for first, second in combinations(agents, 2):
        for i in range(games):
            seats = (first, second) if i % 2 == 0 else (second, first)
            index = len(plans)
            plans.append(GamePlan(index, seats, game_seed(seed, index)))
    return plans


@cache
def _load(path: str) -> CompiledGame:
    from framework.compiler import load_game

    return load_game(path)


def play_planned(game_file: str, plan: GamePlan, max_plies: int | None) -> Record | None:
    """Play one planned game (in a worker process: the game file is loaded once per process);
    None if the match was interrupted before it began."""
    from framework.agents import make_agent

    if _stopping():
        return None

    game = _load(game_file)
    agents = [make_agent(spec, game, (plan.seed + seat) % 2**63)
              for seat, spec in enumerate(plan.seats)]
    return play_game(game, agents, max_plies=max_plies,
                     headers={"File": game_file, "Round": str(plan.index + 1),
                              "Seed": str(plan.seed)})


# Statistics ---------------------------------------------------------------------------
def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (0, 0 for n = 0)."""
    if n == 0:
        return 0.0, 0.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return low, high


@dataclass
class AgentTally:
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    unfinished: int = 0

    @property
    def score(self) -> float:
        """Points per game: 1 a win, ½ a draw."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0


@dataclass
class MatchResult:
    """Every record of a match, in game order, and the tallies drawn from them."""

    players: tuple[str, ...]
    records: list[Record] = field(default_factory=list)
    #: Whether Ctrl-C stopped the match: games not started are missing, the games being
    #: played when it came are kept with ``Termination "interrupted"``.
    interrupted: bool = False

    @property
    def games(self) -> int:
        return len(self.records)

    def by_result(self) -> dict[str, int]:
        counts = {p: 0 for p in self.players} | {DRAW: 0, UNFINISHED: 0}
        for record in self.records:
            counts[record.result] = counts.get(record.result, 0) + 1
        return counts

    def by_agent(self) -> dict[str, AgentTally]:
        tallies: dict[str, AgentTally] = {}
        for record in self.records:
            seats = [record.headers.get(header_key(p), "?") for p in self.players]
            for seat, spec in enumerate(seats):
                tally = tallies.setdefault(spec, AgentTally())
                tally.games += 1
                result = record.result
                if result == UNFINISHED:
                    tally.unfinished += 1
                elif result == DRAW:
                    tally.draws += 1
                elif self._won(record, seat):
                    tally.wins += 1
                else:
                    tally.losses += 1
        return tallies

    def _won(self, record: Record, seat: int) -> bool:
        """Whether the agent in ``seat`` won. A seat plays the side of its number unless a
        pie rule swapped them (the ``Seats`` header lists the side of each seat)."""
        sides = record.headers.get("Seats", " ".join(self.players)).split()
        return sides[seat] in record.result.split("+")

    def summary(self) -> dict[str, Any]:
        n = self.games
        sides = {}
        for name, count in self.by_result().items():
            low, high = wilson(count, n)
            sides[name] = {"games": count, "share": count / n if n else 0.0,
                           "ci95": [low, high]}
        agents = {}
        for spec, t in self.by_agent().items():
            low, high = wilson(t.wins + t.draws / 2, t.games)
            agents[spec] = {"games": t.games, "wins": t.wins, "losses": t.losses,
                            "draws": t.draws, "unfinished": t.unfinished, "score": t.score,
                            "ci95": [low, high]}
        return {"games": n, "results": sides, "agents": agents}


def run_match(game_file: str, agents: Sequence[str], *, games: int, seed: int = 0,
              jobs: int = 1, max_plies: int | None = None,
              on_game: Callable[[Record], None] | None = None) -> MatchResult:
    """Play the scheduled games (``jobs`` processes) and return them in game order.

    ``on_game`` is called with each record as its game ends (in the order they end). On
    Ctrl-C the games being played stop after their current action and are kept, marked
    unfinished; games not yet started are not played.
    """
    game = _load(game_file)
    plans = schedule(agents, games, seed)
    records: dict[int, Record] = {}
    with _interruptible(jobs > 1) as stop:
        if jobs <= 1:
            for plan in plans:
                if stop.is_set():
                    break
                record = play_planned(game_file, plan, max_plies)
                if record is not None:
                    records[plan.index] = record
                    if on_game:
                        on_game(record)
        else:
            with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_init,
                                     initargs=(stop,)) as pool:
                futures = {pool.submit(play_planned, game_file, plan, max_plies): plan.index
                           for plan in plans}
                for future in as_completed(futures):
                    played = None if future.cancelled() else future.result()
                    if played is not None:
                        records[futures[future]] = played
                        if on_game:
                            on_game(played)
                    if stop.is_set():
                        for waiting in futures:
                            waiting.cancel()  # only games not yet started
        interrupted = stop.is_set()
    return MatchResult(game.players, [records[i] for i in sorted(records)], interrupted)


def write_records(result: MatchResult, out: Path, *, as_json: bool = False) -> list[Path]:
    """Write each game as ``game-0001.txt`` (or ``.json``) into ``out``."""
    return [record.save(out / record_name(record, i, result.games, as_json))
            for i, record in enumerate(result.records, start=1)]


def record_name(record: Record, number: int, total: int, as_json: bool = False) -> str:
    """``game-0007.txt``: numbered by the game's ``Round`` (else ``number``), padded to the
    width of ``total``."""
    width = max(4, len(str(total)))
    round_ = record.headers.get("Round", "")
    index = int(round_) if round_.isascii() and round_.isdigit() else number
    return f"game-{index:0{width}d}{'.json' if as_json else '.txt'}"


def match_files(out: Path) -> list[Path]:
    """The files a match wrote into ``out`` (records and summary), if any."""
    if not out.is_dir():
        return []
    found = [p for p in out.iterdir() if p.name == "summary.json" or (
        p.name.startswith("game-") and p.suffix in (".txt", ".json"))]
    return sorted(found)
