"""``boardspec check --design``: what a designer wants to know before a balance study.

A few games are played by each agent of ``agents`` (itself against itself, as ``balance``
plays them), replayed through the engine (``framework.balance.analysis``), and read for the
signs of a rule that does not do what its designer meant, each named by its line in the
game file:

- a goal never reached in any game (a dead goal: ``validate`` and ``check`` pass it), or
  reached within the first two plies;
- an automatic rule (an automatic phase, a ``then:`` consequence) that never fires;
- a move option whose ``if:`` never holds: none of its actions is ever legal;
- a counter of the file's ``counters`` that never changes (nothing writes it, so a goal
  that reads it is dead);
- one player making every move;
- a level whose games mostly hit the ply limit (a loop: "the last 20 plies repeat").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from framework.balance import Level, balance_plans, levels_of
from framework.balance.analysis import GameFacts, automatic_rules, game_facts, loop_warning
from framework.balance.analysis import level_statistics as statistics_of
from framework.match import GameSource, play_plans

if TYPE_CHECKING:
    from pathlib import Path

    from framework.backends import Backend
    from framework.game import Game
    from framework.spec.yamlsource import Loc, YamlSource

DESIGN_AGENTS = ("random", "greedy")
DESIGN_GAMES = 20
#: A goal met this early (in plies, setup included) is met before the game has begun.
EARLY = 2


@dataclass(frozen=True)
class Finding:
    """One sign of a rule that may not do what was meant, at its line of the file."""

    line: int
    where: str  # the path in the file: goals[1], turn[0].options[0].then[0]
    message: str

    def text(self, file: str) -> str:
        return f"{file}:{self.line}: {self.where}: {self.message}"


def design_findings(game: Game, source: GameSource, src: YamlSource, *, backend: Backend,
                    agents: Sequence[str] = DESIGN_AGENTS, games: int = DESIGN_GAMES,
                    seed: int = 0, max_plies: int | None = None) -> list[Finding]:
    """Play ``games`` games for each agent and say what they show."""
    levels = levels_of(list(agents), [games])
    plans = balance_plans(levels, seed)
    records = play_plans(source, plans, backend=backend, max_plies=max_plies)
    facts = {index: game_facts(game, record) for index, record in records.items()}
    return findings_of(game, src, {level.agent: [facts[level.first + i]
                                                 for i in range(level.games)]
                                   for level in levels}, max_plies)


def findings_of(game: Game, src: YamlSource, by_agent: dict[str, list[GameFacts]],
                max_plies: int | None = None) -> list[Finding]:
    """What the games of each agent show, goal by goal, rule by rule and counter by counter
    (in the file's order), then who moves, then the loops (``balance`` reads its own
    games with this too)."""
    every = [f for facts in by_agent.values() for f in facts]
    if not every:
        return []
    counts = {len(facts) for facts in by_agent.values()}
    each = f", {counts.pop()} each" if len(counts) == 1 else ""
    played = f"in {len(every)} games ({', '.join(by_agent)}{each})"
    found = _goal_findings(game, src, every, played) + \
        _rule_findings(game, src, every, played) + \
        _condition_findings(game, src, every, played) + \
        _counter_findings(game, src, every, played)
    movers = set().union(*(f.movers for f in every))
    if len(game.players) > 1 and len(movers) == 1:
        found.append(_at(src, ("players",), f"only {game.players[movers.pop()]} ever makes a "
                                            f"move {played}"))
    for agent, facts in by_agent.items():
        stats = statistics_of(agent, facts)
        if stats["loop"]:
            where = ("max_plies",) if "max_plies" in src.data else ()
            found.append(_at(src, where, f"{agent}: {loop_warning(stats)} (the ply limit "
                                         f"ends them: {_limit(game, max_plies)})"))
    return found


def _counter_findings(game: Game, src: YamlSource, facts: list[GameFacts], played: str
                      ) -> list[Finding]:
    """The counters that no game ever changed: a goal or condition that reads one reads
    its start value."""
    changed = set().union(*(f.counters_changed for f in facts))
    listed = src.data.get("counters") if isinstance(src.data, dict) else None
    names = [str(n) for n in listed] if isinstance(listed, list) else []
    return [_at(src, ("counters", names.index(name)) if name in names else ("counters",),
                f"the counter {name} never changes {played}: whatever reads it reads "
                "its start value")
            for name in game.counters if name not in changed and name in names]


def _goal_findings(game: Game, src: YamlSource, facts: list[GameFacts], played: str
                   ) -> list[Finding]:
    ended_by: Counter[str] = Counter()
    early: Counter[str] = Counter()
    for f in facts:
        for keyword in f.ending.split("+"):
            ended_by[keyword] += 1
            early[keyword] += f.plies <= EARLY
    found = []
    for i, goal in enumerate(game.goals):
        keyword = goal.keyword
        if not ended_by[keyword]:
            found.append(_at(src, ("goals", i), f"the goal {keyword} is never reached "
                                                f"{played}"))
        elif early[keyword]:
            found.append(_at(src, ("goals", i), f"the goal {keyword} is reached within "
                                                f"{EARLY} plies in {early[keyword]} of "
                                                f"{len(facts)} games"))
    return found


def _rule_findings(game: Game, src: YamlSource, facts: list[GameFacts], played: str
                   ) -> list[Finding]:
    fired: Counter[str] = Counter()
    for f in facts:
        for name, (times, _pieces) in f.effects.items():
            fired[name] += times
    return [_at(src, _rule_loc(src.data, rule.name), f"the rule {rule.name} never fires "
                                                     f"{played}")
            for rule in automatic_rules(game) if not fired[rule.name]]


def _condition_findings(game: Game, src: YamlSource, facts: list[GameFacts], played: str
                        ) -> list[Finding]:
    """The move options of the file with an ``if:`` none of whose actions was ever legal
    at any decision of the games (an option's actions are told by their kind, which
    ``validate`` makes its own)."""
    legal = set().union(*(f.legal_kinds for f in facts))
    turn = src.data.get("turn") if isinstance(src.data, dict) else None
    entries = turn if isinstance(turn, list) else []
    found = []
    for phase in game.phases:
        at = next((i for i, e in enumerate(entries)
                   if isinstance(e, dict) and e.get("name") == phase.name), None)
        if at is None:
            continue
        written = entries[at].get("options")
        if not isinstance(written, list):
            continue
        for j, option in enumerate(getattr(phase, "options", ())[:len(written)]):
            if not option.conditions:
                continue
            kinds = list(option.kinds())
            if any((phase.name, kind, attribute) in legal for kind, attribute in kinds):
                continue
            where: Loc = ("turn", at, "options", j, "if") \
                if isinstance(written[j], dict) and "if" in written[j] \
                else ("turn", at, "options", j)
            name = kinds[0][0] if kinds else "option"
            found.append(_at(src, where, f"the condition of {phase.name}'s option {name} "
                                         f"never holds {played}: none of its actions is "
                                         "ever legal"))
    return found


def _rule_loc(data: Any, name: str) -> Loc:
    """Where the file gives the automatic rule ``name``: a phase of ``turn`` by its name, or
    a consequence under an option's ``then:`` (by its name, else its type)."""
    turn = data.get("turn") if isinstance(data, dict) else None
    for i, phase in enumerate(turn if isinstance(turn, list) else []):
        if not isinstance(phase, dict):
            continue
        if phase.get("name") == name:
            return ("turn", i)
        for j, option in enumerate(phase.get("options") or []):
            then = option.get("then") if isinstance(option, dict) else None
            for k, consequence in enumerate(then if isinstance(then, list) else []):
                if isinstance(consequence, dict) and \
                        consequence.get("name", consequence.get("type")) == name:
                    return ("turn", i, "options", j, "then", k)
    return ("turn",)


def _at(src: YamlSource, loc: Loc, message: str) -> Finding:
    from framework.spec.yamlsource import format_path

    line, _column, path = src.locate(loc)
    return Finding(line, format_path(path) or "the game", message)


def _limit(game: Game, max_plies: int | None) -> str:
    from framework.match import DEFAULT_MAX_PLIES

    limit = max_plies or game.spec.max_plies or DEFAULT_MAX_PLIES
    return f"{limit:,} plies"


def design_section(game: Game, game_file: Path, levels: Sequence[Level],
                   facts: dict[int, GameFacts], max_plies: int | None) -> list[dict[str, Any]]:
    """The study's games read as ``check --design`` reads its own: the goals never reached,
    the rules that never fire, the counters that never change, the loops, by line."""
    from framework.spec.load import load_spec

    _, src = load_spec(game_file, game.parameters)
    by_agent = {level.agent: [facts[level.first + i] for i in range(level.games)
                              if level.first + i in facts] for level in levels}
    return [{"line": f.line, "where": f.where, "message": f.message}
            for f in findings_of(game, src, by_agent, max_plies)]
