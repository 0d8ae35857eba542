"""``boardspec balance``: is a game balanced? A study in one command.

Each agent of ``--agents`` is one *level* of play strength (``random`` → ``mcts:20i`` →
``mcts:100i`` …) and plays itself ``games`` times, so any difference between the two sides
comes from the rules, not the players. From the records (:mod:`.analysis`): the first
player's advantage with a 95 % interval, the draw rate, the distribution of game lengths,
the first player's wins by game length, how often each rule fires, and how all of it moves
with strength; beside the results a rule page published (``games/published/<game>.yaml``).
The report is JSON and HTML with SVG plots (:mod:`.report`).

The games run on any backend (local processes, Ray) and their records are kept in a
resumable study folder (:mod:`framework.study`): the same command again continues.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from framework.errors import BoardspecError, InputError, SpecError
from framework.limits import MAX_GAME_FILE_BYTES
from framework.match import GamePlan, GameSource, compiled
from framework.safeio import read_text
from framework.spec.yamlsource import parse_yaml

if TYPE_CHECKING:
    from framework.backends import Backend
    from framework.balance.analysis import GameFacts
    from framework.game import Game
    from framework.records import Record

DEFAULT_AGENTS = ("random", "mcts:20i", "mcts:100i")
PUBLISHED_DIR = "published"


class BalanceError(BoardspecError):
    """A balance study that cannot be run as asked."""


def level_seed(seed: int, agent: str, index: int) -> int:
    """The seed of game ``index`` of the level played by ``agent``: independent of the
    other levels, so adding a level changes no game of the others."""
    digest = hashlib.sha256(f"boardspec-balance/{seed}/{agent}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class Level:
    agent: str
    games: int
    first: int  # index of its first game in the study


def levels_of(agents: Sequence[str], games: Sequence[int]) -> list[Level]:
    if len(games) == 1:
        games = list(games) * len(agents)
    if len(games) != len(agents):
        raise BalanceError(f"--games gives {len(games)} numbers for {len(agents)} agents; "
                           "give one number, or one per agent")
    levels, first = [], 0
    for agent, count in zip(agents, games, strict=True):
        levels.append(Level(agent, count, first))
        first += count
    return levels


def balance_plans(levels: Sequence[Level], seed: int) -> list[GamePlan]:
    return [GamePlan(level.first + i, (level.agent, level.agent),
                     level_seed(seed, level.agent, i))
            for level in levels for i in range(level.games)]


def published_for(game_file: Path, explicit: Path | None = None) -> dict[str, Any] | None:
    """The published results for a game: ``explicit``, or ``published/<stem>.yaml`` beside
    the game file (None when there is none)."""
    path = explicit or game_file.parent / PUBLISHED_DIR / f"{game_file.stem}.yaml"
    if not path.exists():
        if explicit is not None:
            raise BalanceError(f"--published {explicit}: no such file")
        return None
    # The bounded reader and the game files' YAML parser (no aliases, no tags, bounded
    # nesting): a pipe or /dev/zero is refused, not read forever.
    try:
        data = parse_yaml(read_text(path, MAX_GAME_FILE_BYTES, "published results"),
                          str(path)).data
    except (InputError, SpecError) as exc:
        raise BalanceError(str(exc)) from None
    results = data.get("results") if isinstance(data, dict) else None
    if not isinstance(results, dict) or not all(isinstance(v, int) and v >= 0
                                                for v in results.values()):
        raise BalanceError(f"{path}: expected 'results:' mapping each player's name (and "
                           "'draw') to a count of games, e.g. {white: 6929, black: 6492, "
                           "draw: 68}")
    games = data.get("games", sum(results.values()))
    if not isinstance(games, int) or games <= 0:
        raise BalanceError(f"{path}: 'games' is the number of games, a positive integer")
    return {"file": str(path), "source": str(data.get("source", "")).strip(),
            "games": games, "results": dict(results)}


def analyse_record(source: GameSource, record: Record) -> GameFacts:
    """The facts of one record (a task: the replays of a big study run on the backend)."""
    from framework.balance.analysis import game_facts

    return game_facts(compiled(source), record)


def all_facts(source: GameSource, records: dict[int, Record],
              backend: Backend) -> dict[int, GameFacts]:
    tasks = {index: (record,) for index, record in records.items()}
    with closing(backend.run(analyse_record, tasks, common=(source,))) as results:
        return dict(results)


def summarise(game: Game, levels: Sequence[Level], facts: dict[int, GameFacts],
              published: dict[str, Any] | None, *, seed: int) -> dict[str, Any]:
    """The whole study as one JSON-ready dict."""
    from framework.balance.analysis import compare_share, level_statistics

    stats = []
    first_side = 0
    for level in levels:
        found = [facts[level.first + i] for i in range(level.games)
                 if level.first + i in facts]
        if found:
            first_side = found[0].first_side
        stats.append(level_statistics(level.agent, found))
    first_name, second_name = game.players[first_side], game.players[1 - first_side] \
        if len(game.players) == 2 else "others"
    report: dict[str, Any] = {
        "format": "boardspec-balance", "version": 1, "game": game.name,
        "game_file": game.file, "seed": seed,
        "players": {"first": first_name, "second": second_name},
        "levels": stats,
    }
    if published:
        results = published["results"]
        m = published["games"]
        theirs = {"first": results.get(first_name, 0) / m,
                  "second": results.get(second_name, 0) / m,
                  "draw": results.get("draw", 0) / m}
        comparison = []
        for row in stats:
            n = row["games"]
            comparison.append({
                "agent": row["agent"],
                **{key: compare_share(row["results"][key]["games"], n, theirs[key], m)
                   for key in ("first", "second", "draw")}})
        report["published"] = {**published, "shares": theirs, "comparison": comparison}
    return report


def write_report(report: dict[str, Any], out: Path) -> list[Path]:
    """``balance.json``, ``balance.html`` and the plots (``plots/*.svg``) into ``out``."""
    from framework.balance.report import write_report as write

    return write(report, out)
