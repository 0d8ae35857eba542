"""Games between agents, and tournaments with statistics.

``play_game`` plays one game between computer agents and returns its record;
``run_match`` plays many across processes. Each game's seed is derived from the match seed
and the game's index only, so the results do not depend on how games are scheduled over
processes: the same ``--seed`` gives the same games (with depth or iteration budgets; time
budgets depend on the machine). Agents swap seats from one game to the next (with more than
two players, the seats rotate: see ``schedule``).

The statistics are those of a rule page: wins per side (the player that won) and per agent,
draws, unfinished games, each with a Wilson 95 % confidence interval.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Generator, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from framework.backend_base import (
    Interrupted,
    StoppedEarly,
    held_by_a_test,
    hold_point,
    stop_requested,
)
from framework.engine.chance import sample
from framework.numerals import is_digits
from framework.records import (
    DRAW,
    ENDING,
    UNFINISHED,
    Record,
    ending_of,
    header_key,
    parameters_header,
    result_of,
    turn_lines,
)

if TYPE_CHECKING:
    from framework.agents.base import Agent
    from framework.backends import Backend
    from framework.engine.state import State
    from framework.game import Game

DEFAULT_MAX_PLIES = 10_000
#: The Termination header of a game stopped by Ctrl-C.
INTERRUPTED = "interrupted"
#: After Ctrl-C, how long the games being played may take to finish their current turn
#: and send back their records so far (seconds); a game slower than that is lost, and a
#: resumed study plays it again.
STOP_GRACE = 10.0
#: The grace of games a test holds (``framework.backend_base.HOLD_VARIABLE``): all the time
#: they need, so a loaded machine never loses one.
HELD_GRACE = 3600.0
Z95 = 1.959963984540054


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a match seeded ``seed`` (independent of scheduling)."""
    digest = hashlib.sha256(f"boardspec-match/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_game(game: Game, agents: Sequence[Agent], *, max_plies: int | None = None,
              headers: dict[str, str] | None = None, round_number: int = 1,
              seed: int | None = None) -> Record:
    """Play one game, agent i in seat i, until it ends or ``max_plies`` actions.

    Chance (a dice roll) is drawn with a generator of the game's own ``seed`` (default: the
    record's ``Seed`` header), so two matches with one seed roll the same dice for
    whichever agents play them.

    Asked to stop (``stop_requested()``, a worker's Ctrl-C), the game stops after its
    current turn; stopped by Ctrl-C in this process, it keeps the turns played whole and
    raises :class:`StoppedEarly`. Either way its record says ``[Termination
    "interrupted"]`` and replays to the position where it stopped."""
    limit = max_plies or game.spec.max_plies or DEFAULT_MAX_PLIES
    state = game.new_initial_state()
    if seed is None and headers and is_digits(headers.get("Seed", ""), 19):
        seed = int(headers["Seed"])
    chance = random.Random(seed)
    steps: list[tuple[State, list[str]]] = []
    plies = 0
    try:
        while not state.is_terminal() and plies < limit:
            if stop_requested():
                return _game_record(game, agents, headers, steps, None)
            before = state.clone()
            played: list[str] = []
            decided = [sample(state, chance)] if state.is_chance_node() \
                else agents[state.current_player].act(state)
            for action in decided:
                if plies >= limit or state.is_terminal():
                    break
                state.apply(action)
                played.append(action.notation)
                plies += 1
            steps.append((before, played))
            hold_point(round_number, len(steps))
    except KeyboardInterrupt:
        # A turn cut in the middle is left out: the record keeps whole turns only.
        raise StoppedEarly(_game_record(game, agents, headers, list(steps), None)) from None
    return _game_record(game, agents, headers, steps, state)


def _game_record(game: Game, agents: Sequence[Agent], headers: dict[str, str] | None,
                 steps: list[tuple[State, list[str]]], end: State | None) -> Record:
    """The record of ``steps``; ``end`` None: the game was interrupted there."""
    record_headers = {"Game": game.name}
    for seat, agent in enumerate(agents):
        record_headers[header_key(game.players[seat])] = agent.spec
    record_headers.update(headers or {})
    record = Record(record_headers, turn_lines(steps))
    if end is None:
        end = record.replay(game)
        if not end.is_terminal():
            record_headers["Termination"] = INTERRUPTED
    if end.seat_of_side != list(range(len(game.players))):  # a pie rule swapped seats
        by_seat = sorted(range(len(game.players)), key=lambda side: end.seat_of_side[side])
        record_headers["Seats"] = " ".join(game.players[side] for side in by_seat)
    record_headers["Result"] = result_of(end)
    if record_headers.get("Termination") != INTERRUPTED and ending_of(end):
        record_headers[ENDING] = ending_of(end)  # what the engine says ended it
    record_headers["Plies"] = str(sum(len(played) for _, played in steps))
    return Record(record_headers, record.turns)


def is_interrupted(record: Record) -> bool:
    """Whether ``record`` is a game stopped by Ctrl-C (kept, but not a finished game)."""
    return record.headers.get("Termination") == INTERRUPTED


@dataclass(frozen=True)
class GamePlan:
    index: int
    seats: tuple[str, ...]  # agent spec per seat
    seed: int


def schedule(agents: Sequence[str], games: int, seed: int, players: int = 2
             ) -> list[GamePlan]:
    """Two players: ``games`` games for each pair of agents, seats swapped from one game to
    the next. More players: ``games`` games in all, the agents dealt round the seats in
    the order given (repeated when there are fewer agents than seats) and the deal rotated
    by one seat each game, so every agent plays every seat in turn."""
    plans: list[GamePlan] = []
    if players > 2:
        for number in range(games):
            lineup = tuple(agents[(number + seat) % len(agents)] for seat in range(players))
            plans.append(GamePlan(number, lineup, game_seed(seed, number)))
        return plans
    for first, second in combinations(agents, 2):
        for i in range(games):
            seats = (first, second) if i % 2 == 0 else (second, first)
            index = len(plans)
            plans.append(GamePlan(index, seats, game_seed(seed, index)))
    return plans


@dataclass(frozen=True)
class GameSource:
    """A game file as a task carries it: its name (for the records' File header) and its
    text, so that a worker on another machine needs no copy of the file."""

    file: str
    text: str
    #: The game's parameter values as given (``--param``), sorted by name.
    parameters: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def read(cls, path: str | Path, parameters: Mapping[str, Any] | None = None
             ) -> GameSource:
        """The source of a game file (or a bundled game's name), with parameter values; the
        file is read with a bound (a link to /dev/zero, a FIFO: refused with a message)."""
        from framework.bundled import game_path
        from framework.limits import MAX_GAME_FILE_BYTES
        from framework.safeio import read_text

        found = game_path(path)
        return cls(str(path), read_text(found, MAX_GAME_FILE_BYTES, "game file"),
                   tuple(sorted((parameters or {}).items())))


def game_headers(game: Game, file: str) -> dict[str, str]:
    """The record headers naming the game: its file and its parameter values, if it has
    parameters (so that a replay sets the same variant up)."""
    found = {"File": file}
    if game.parameters:
        found["Parameters"] = parameters_header(game.parameters)
    return found


@cache
def compiled(source: GameSource) -> Game:
    """The compiled game of a source, once per process (sources hash by their text)."""
    from framework.game import load_game_text

    return load_game_text(source.text, source.file, dict(source.parameters))


def play_planned(source: GameSource | str, plan: GamePlan, max_plies: int | None
                 ) -> Record | None:
    """Play one planned game (in a worker: the game is compiled once per process); None if
    the run was stopped before this game began."""
    from framework.agents import make_agent

    if stop_requested():
        return None
    if isinstance(source, str):
        source = GameSource.read(source)
    game = compiled(source)
    agents = [make_agent(spec, game, (plan.seed + seat) % 2**63)
              for seat, spec in enumerate(plan.seats)]
    return play_game(game, agents, max_plies=max_plies,
                     headers={**game_headers(game, source.file), "Round": str(plan.index + 1),
                              "Seed": str(plan.seed)}, round_number=plan.index + 1)


def plan_problem(plan: GamePlan, record: Record, players: Sequence[str]) -> str | None:
    """What is wrong with ``record`` as the game of ``plan`` (None: it is that game)."""
    want = {"Round": str(plan.index + 1), "Seed": str(plan.seed)}
    want |= {header_key(p): spec for p, spec in zip(players, plan.seats, strict=True)}
    for key, value in want.items():
        if record.headers.get(key) != value:
            return (f"expected the game with {key} {value!r}, found "
                    f"{record.headers.get(key)!r}")
    return None


def record_problem(plan: GamePlan, record: Record, game: Game, max_plies: int | None
                   ) -> str | None:
    """What is wrong with ``record`` as the finished game of ``plan`` (None: it is that
    game). It must be the planned game (``plan_problem``), say how it ended (``Result``,
    ``Plies``), replay through the engine to that result, and end either where the rules
    end it or at the ply limit: a record cut short, edited or forged is never counted."""
    from framework.errors import BoardspecError

    problem = plan_problem(plan, record, game.players)
    if problem:
        return problem
    if is_interrupted(record):
        return "it is a game stopped by Ctrl-C, not a finished one"
    missing = [key for key in ("Result", "Plies") if key not in record.headers]
    if missing:
        return f"it has no {' or '.join(missing)} header (every record of a match has them)"
    try:
        end = record.verify(game)
    except BoardspecError as exc:
        return f"it does not replay: {exc}"
    limit = max_plies or game.spec.max_plies or DEFAULT_MAX_PLIES
    if not end.is_terminal() and len(record.plies) != limit:
        return (f"it stops after {len(record.plies)} plies, unfinished, but its game stops "
                f"only at its end or after {limit:,} plies")
    return None


def play_plans(source: GameSource, plans: Sequence[GamePlan], *, backend: Backend,
               max_plies: int | None = None, done: Mapping[int, Record] | None = None,
               on_game: Callable[[int, Record], None] | None = None,
               on_unfinished: Callable[[int, Record], object] | None = None
               ) -> dict[int, Record]:
    """Play every plan not already ``done`` on ``backend``; ``on_game(index, record)`` is
    called as each game finishes (in finishing order). Returns every record by index.

    On Ctrl-C the games being played stop after their current turn (on the backends that
    can: this process and the local pool) and ``on_unfinished(index, record)`` is called
    with each one's record so far, marked interrupted; then the KeyboardInterrupt goes on.
    """
    records = dict(done or {})
    tasks = {plan.index: (plan, max_plies) for plan in plans if plan.index not in records}

    def finished(index: int, record: Record) -> None:
        records[index] = record
        if on_game:
            on_game(index, record)

    # closing(): whatever stops the loop (Ctrl-C, an error in on_game) stops the work too
    with closing(backend.run(play_planned, tasks, common=(source,),
                             grace=HELD_GRACE if held_by_a_test() else STOP_GRACE)
                 ) as results:
        keeping: tuple[int, Record] | None = None
        try:
            for index, record in results:
                keeping = index, record
                finished(index, record)
                keeping = None
        except KeyboardInterrupt as stop:
            partial = stop.partial if isinstance(stop, Interrupted) else _wind_down(results)
            # A game Ctrl-C came upon while ``on_game`` kept it (its record half written) is
            # kept again, once: the backend may hand it back too.
            ended = dict([keeping] if keeping else [])
            for index, record in partial:
                if record is None:
                    continue  # not begun
                if not is_interrupted(record):
                    ended[index] = record  # it ended while the others were stopping
                elif on_unfinished:
                    on_unfinished(index, record)
            for index, record in ended.items():
                finished(index, record)
            raise
    return records


def _wind_down(results: Generator[tuple[int, Any], None, None]) -> list[tuple[int, Any]]:
    """Ctrl-C came while ``on_game`` ran: pass it to the backend, which stops its tasks."""
    try:
        results.throw(KeyboardInterrupt())
    except Interrupted as stop:
        return stop.partial
    except (KeyboardInterrupt, StopIteration):
        pass
    return []


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
              on_game: Callable[[Record], None] | None = None,
              backend: Backend | None = None,
              done: Mapping[int, Record] | None = None) -> MatchResult:
    """Play the scheduled games (on ``backend``; default: ``jobs`` local processes), skipping
    those already ``done``, and return them all in game order."""
    from framework.backends import make_backend

    source = GameSource.read(game_file)
    game = compiled(source)
    plans = schedule(agents, games, seed, len(game.players))
    own = backend is None
    runner = make_backend("local", jobs=jobs) if backend is None else backend
    try:
        records = play_plans(source, plans, backend=runner, max_plies=max_plies, done=done,
                             on_game=(lambda _, record: on_game(record)) if on_game else None)
    finally:
        if own:
            runner.close()
    return MatchResult(game.players, [records[i] for i in sorted(records)])


def write_records(result: MatchResult, out: Path, *, as_json: bool = False) -> list[Path]:
    """Write each game as ``game-0001.txt`` (or ``.json``) into ``out``."""
    suffix = ".json" if as_json else ".txt"
    width = max(4, len(str(result.games)))
    return [record.save(out / f"game-{i:0{width}d}{suffix}")
            for i, record in enumerate(result.records, start=1)]
