"""What a study's records say: results, endings, lengths, and how often each rule fires.

Everything is read from the records through the engine, with no knowledge of any game:

- a *decision* is an action, counted by its phase and kind (``move: clone``,
  ``move: attack``, ``build: skip``, ``move: pass``, ``setup: place`` …);
- an *automatic rule* (an automatic phase of the turn, or a consequence under a move
  option's ``then:``) fires when the engine runs it and it changes the position: it is
  counted by its own name, from what changed while it ran (the cells it changed are its
  ``pieces``), never from a difference credited to the phase that comes next. A rule that
  never fires is listed with 0;
- a *skipped phase* is a deciding phase of the turn that a turn went without (a phase with
  nothing to do, which the file lets the engine skip), except in the turn that ends the game;
- an *ending* is what the engine says ended the game (``State.ending``: the goal's keyword,
  ``no_legal_move``), or ``max_plies`` for a game stopped unfinished at the ply limit. Of
  an unfinished game the plies at its end that go round one cycle of positions again and
  again are counted (a loop);
- what Ludii's *Evaluate* measures of a game, read the same way: the *branching factor*
  (the legal actions of the side to decide, averaged over the decisions), *decisiveness*
  (the games with a winner), and, where a position can be said to be led (a result rule
  that scores the board, else the weighted pieces of a game where counting them fits:
  ``framework.agents.evaluation``), the *lead changes* (how often the side ahead at the
  end of a round differs from the one ahead at the end of the last round a side was
  ahead) and the *drama* (of a won game, the share of its rounds that ended with the
  eventual winner not ahead).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from framework.match import wilson
from framework.records import DRAW, UNFINISHED, Record, ending_of

if TYPE_CHECKING:
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.game import Game
    from framework.plugins import Phase

#: The positions at the end of an unfinished game looked at for a loop.
LOOP_WINDOW = 400


@dataclass
class GameFacts:
    """One game, reduced to what the statistics need."""

    plies: int
    result: str  # "first", "second", "draw", "unfinished" (seen from the side that began)
    first_side: int = 0  # the side that made the first move of play (after any setup)
    decisions: Counter[str] = field(default_factory=Counter)
    #: name of the automatic rule -> [times it fired, cells it changed]
    effects: dict[str, list[int]] = field(default_factory=dict)
    skipped: Counter[str] = field(default_factory=Counter)
    #: what ended the game (``State.ending``), ``max_plies`` when it was stopped unfinished
    ending: str = ""
    #: of an unfinished game: the plies at its end that repeat a cycle of ``cycle`` plies
    repeating: int = 0
    cycle: int = 0
    #: the sides that made a decision (chance and setup choices aside)
    movers: set[int] = field(default_factory=set)
    #: the counters whose value changed at some point of the game, by name
    counters_changed: set[str] = field(default_factory=set)
    #: the legal actions summed over the game's decisions, and the decisions counted
    choices: int = 0
    decided: int = 0
    #: the side ahead at the end of each round (-1: level), empty where nothing leads
    leaders: list[int] = field(default_factory=list)
    #: the sides that won (empty: a draw or an unfinished game)
    winners: frozenset[int] = frozenset()
    #: every (phase, kind, attribute) of an action that was legal at some decision
    legal_kinds: set[tuple[str, str, str]] = field(default_factory=set)


def _cells(state: State) -> list[tuple[int, int]]:
    return [(state.owner_of(cell), state.kind_of(cell)) for cell in range(state.game.board.size)]


def automatic_rules(game: Game) -> list[Phase]:
    """The rules the engine runs by itself, in the order of the file: the automatic phases
    of the turn and the consequences under each move option's ``then:``."""
    found: list[Phase] = []
    for phase in game.phases:
        if not getattr(phase, "decides", True):
            found.append(phase)
        for option in getattr(phase, "options", ()):
            found += [c for c in getattr(option, "consequences", ()) if c not in found]
    return found


@contextmanager
def watching(rules: list[Phase], fired: Callable[[str, int], None]) -> Iterator[None]:
    """While open, each time the engine runs one of ``rules`` and the position changes,
    ``fired(name, cells changed)``. The engine's own calls are observed (each rule's
    ``run`` is wrapped on the object, and restored on leaving), so what is counted is
    what the engine ran, whichever phase or option ran it."""
    def observed(rule: Phase, run: Callable[[State], None]) -> Callable[[State], None]:
        def run_observed(state: State) -> None:
            before, cells = state.key(), _cells(state)
            run(state)
            if state.key() != before:
                fired(rule.name, sum(1 for was, now in zip(cells, _cells(state), strict=True)
                                     if was != now))
        return run_observed

    for rule in rules:
        rule.run = observed(rule, rule.run)  # type: ignore[method-assign, assignment]
    try:
        yield
    finally:
        for rule in rules:
            del rule.run  # the class's own again


def game_facts(game: Game, record: Record) -> GameFacts:
    """Replay ``record`` (every action checked by the engine) and collect its facts."""
    phase_names = [p.name for p in game.phases]
    deciding = [p.name for p in game.phases if getattr(p, "decides", True)]
    rules = automatic_rules(game)
    state = game.new_initial_state()
    first_side: int | None = None
    facts = GameFacts(plies=0, result=UNFINISHED)
    facts.effects = {rule.name: [0, 0] for rule in rules}  # a rule never fired shows 0

    def fired(name: str, cells: int) -> None:
        tally = facts.effects[name]
        tally[0] += 1
        tally[1] += cells

    positions: list[tuple[Any, ...]] = []
    start_counters = [list(c) for c in state.counters]
    lead = lead_measure(game)
    sides = len(game.players)
    with watching(rules, fired):
        for turn_number, turn in enumerate(record.turns, start=1):
            played_phases: set[str] = set()
            for text in turn:
                action: Action = state.parse_action(text)
                if first_side is None and action.phase in phase_names:
                    first_side = state.to_move
                if action.phase in phase_names and not state.is_chance_node():
                    facts.movers.add(state.to_move)
                    legal = state.legal_actions()
                    facts.choices += len(legal)
                    facts.decided += 1
                    facts.legal_kinds |= {(a.phase, a.kind, a.attribute) for a in legal}
                state.apply_unchecked(action)
                if state.counters != start_counters:
                    facts.counters_changed |= _changed_counters(game, start_counters, state)
                facts.plies += 1
                facts.decisions[f"{action.phase}: {action.kind}"] += 1
                played_phases.add(action.phase)
                positions.append(state._position_key())  # the clocks left out
                del positions[:-LOOP_WINDOW]
            ends_game = state.is_terminal() and turn_number == len(record.turns)
            if lead is not None and turn_number % sides == 0 and not ends_game:
                facts.leaders.append(_leader(lead(state)))
            if played_phases & set(phase_names) and not ends_game and \
                    not any(text == game.pass_action.notation for text in turn):
                for name in deciding:
                    if name not in played_phases:
                        facts.skipped[name] += 1
    facts.result = _first_result(game, state, record, first_side)
    facts.first_side = first_side or 0
    facts.ending = ending_of(state)
    facts.winners = frozenset(state.winners or ()) if state.is_terminal() else frozenset()
    if not state.is_terminal():
        facts.repeating, facts.cycle = final_loop(positions)
    return facts


def lead_measure(game: Game) -> Callable[[State], list[float]] | None:
    """How far each side is ahead in a position, where a game says: the result rule's
    running scores (Go's area, Kalah's seeds), else the weighted pieces of the default or
    the file's evaluation (None where that is flat: a game won by a shape alone)."""
    from framework.agents.evaluation import Evaluator

    result = game.result
    if result is not None and result.scored:
        return lambda state: [float(v) for v in result.scores(state)]
    evaluator = Evaluator(game)
    if not (any(evaluator.piece_weights) or any(evaluator.counter_weights)
            or any(evaluator.attribute_weights) or evaluator.distances):
        return None
    return lambda state: [evaluator.material(state, side) for side in range(len(game.players))]


def _leader(values: list[float]) -> int:
    """The side strictly ahead, or -1."""
    best = max(values)
    ahead = [side for side, value in enumerate(values) if value == best]
    return ahead[0] if len(ahead) == 1 else -1


def lead_changes(leaders: list[int]) -> int:
    """How often the side ahead changes (a level round between two leads is no change)."""
    changes, last = 0, -1
    for side in leaders:
        if side >= 0:
            changes += last >= 0 and side != last
            last = side
    return changes


def drama(leaders: list[int], winners: frozenset[int]) -> float | None:
    """Of a game one side won, the share of its rounds that ended with the winner not
    ahead (None: no winner, or no round measured)."""
    if len(winners) != 1 or not leaders:
        return None
    winner = next(iter(winners))
    return sum(1 for side in leaders if side != winner) / len(leaders)


def ludii_metrics(facts: list[GameFacts]) -> dict[str, Any]:
    """Ludii's measures of a level: branching factor, decisiveness, lead changes per game
    and drama (the last two None where no position is led: a game won by a shape)."""
    n = len(facts)
    decided = sum(f.decided for f in facts)
    measured = [f for f in facts if f.leaders]
    dramas = [d for f in measured if (d := drama(f.leaders, f.winners)) is not None]
    return {
        "branching": sum(f.choices for f in facts) / decided if decided else 0.0,
        "decisiveness": sum(1 for f in facts if f.winners) / n if n else 0.0,
        "lead_changes": sum(lead_changes(f.leaders) for f in measured) / len(measured)
        if measured else None,
        "drama": sum(dramas) / len(dramas) if dramas else None,
    }


def _changed_counters(game: Game, start: list[list[int]], state: State) -> set[str]:
    return {name for c, name in enumerate(game.counters)
            if any(now[c] != was[c] for now, was in zip(state.counters, start, strict=True))}


def final_loop(positions: list[Any]) -> tuple[int, int]:
    """How many positions at the end of ``positions`` go round one cycle, and the cycle's
    length in plies (the shortest that repeats longest): (0, 0) when the last position is
    not one seen before. A stretch counts the cycle itself and each repetition of it."""
    best = (0, 0)
    last = len(positions) - 1
    for cycle in range(1, len(positions) // 2 + 1):
        if positions[last] != positions[last - cycle]:
            continue
        same = 0
        while same + cycle <= last and positions[last - same] == positions[last - same - cycle]:
            same += 1
        if same + cycle > best[0]:
            best = (same + cycle, cycle)
    return best


def _first_result(game: Game, state: State, record: Record,
                  first_side: int | None) -> str:
    if not state.is_terminal():
        return UNFINISHED
    winners = state.winners or frozenset()
    if not winners:
        return DRAW
    first = first_side if first_side is not None else 0
    return "first" if first in winners else "second"


# Statistics ---------------------------------------------------------------------------
def share(count: int, n: int) -> dict[str, Any]:
    low, high = wilson(count, n)
    return {"games": count, "share": count / n if n else 0.0, "ci95": [low, high]}


def length_bins(lengths: list[int], bins: int = 6) -> list[tuple[int, int]]:
    """Up to ``bins`` ranges of game length, each with about as many games (quantiles)."""
    if not lengths:
        return []
    ordered = sorted(lengths)
    edges = sorted({ordered[min(len(ordered) - 1, (len(ordered) * k) // bins)]
                    for k in range(bins)} | {ordered[-1] + 1})
    return [(edges[i], edges[i + 1] - 1) for i in range(len(edges) - 1)]


def level_statistics(agent: str, facts: list[GameFacts]) -> dict[str, Any]:
    """The statistics of one level of a study: one agent playing itself ``len(facts)``
    times. An unfinished game is an outcome of its own: the first player's score is over
    the finished games, and the unfinished ones are counted beside (``loop`` when most
    games are)."""
    n = len(facts)
    results = Counter(f.result for f in facts)
    first, second, draws = results["first"], results["second"], results[DRAW]
    finished = n - results[UNFINISHED]
    score_low, score_high = wilson(first + draws / 2, finished)
    score = (first + draws / 2) / finished if finished else 0.0
    decisive = first + second
    lengths = [f.plies for f in facts]
    by_length = []
    for low, high in length_bins(lengths):
        group = [f for f in facts if low <= f.plies <= high]
        wins = sum(1 for f in group if f.result == "first")
        by_length.append({"plies": [low, high], **share(wins, len(group)),
                          "second": sum(1 for f in group if f.result == "second"),
                          "draws": sum(1 for f in group if f.result == DRAW),
                          "unfinished": sum(1 for f in group if f.result == UNFINISHED)})
    return {
        "agent": agent, "games": n,
        "results": {"first": share(first, n), "second": share(second, n),
                    "draw": share(draws, n), "unfinished": share(results[UNFINISHED], n)},
        "first_player": {"score": score, "ci95": [score_low, score_high],
                         "finished": finished,
                         "advantage": score - 0.5,
                         "advantage_ci95": [score_low - 0.5, score_high - 0.5],
                         "wins_of_decisive": share(first, decisive)},
        "endings": _endings(facts),
        "loop": _loop(facts),
        "length": _length_summary(lengths),
        "by_length": by_length,
        "rules": _rule_rows(facts),
        "ludii": ludii_metrics(facts),
        "edge_rule": edge_rule(facts),
    }


#: The games each side must have won before a rule is said to go with one side's wins.
EDGE_GAMES = 3


def edge_rule(facts: list[GameFacts]) -> dict[str, Any] | None:
    """The rule (a decision by phase and kind, or an automatic rule) whose use a game
    differs most between the games the first player won and those the second won,
    relative to its use (at least half a time a game): where to look for a side's edge.
    None with fewer than ``EDGE_GAMES`` wins of either side, or no such rule."""
    wins = [f for f in facts if f.result == "first"]
    losses = [f for f in facts if f.result == "second"]
    if len(wins) < EDGE_GAMES or len(losses) < EDGE_GAMES:
        return None

    def uses(f: GameFacts) -> Counter[str]:
        found: Counter[str] = Counter(f.decisions)
        found.update({name: times for name, (times, _cells) in f.effects.items()})
        return found
    won, lost = Counter[str](), Counter[str]()
    for f in wins:
        won.update(uses(f))
    for f in losses:
        lost.update(uses(f))
    best: dict[str, Any] | None = None
    for rule in sorted(set(won) | set(lost)):
        a, b = won[rule] / len(wins), lost[rule] / len(losses)
        if a + b < 1:  # half a time a game on average, or less
            continue
        spread = abs(a - b) / (a + b)
        if best is None or spread > best["spread"]:
            best = {"rule": rule, "wins": a, "losses": b, "spread": spread}
    return best


def _endings(facts: list[GameFacts]) -> list[dict[str, Any]]:
    """The games by what ended them, the most frequent first, with the results of each."""
    rows = []
    reasons = Counter(f.ending or "unknown" for f in facts)
    for reason, count in sorted(reasons.items(), key=lambda item: (-item[1], item[0])):
        group = Counter(f.result for f in facts if (f.ending or "unknown") == reason)
        rows.append({"ending": reason, **share(count, len(facts)),
                     "first": group["first"], "second": group["second"],
                     "draws": group[DRAW], "unfinished": group[UNFINISHED]})
    return rows


def _loop(facts: list[GameFacts]) -> dict[str, Any] | None:
    """Most games unfinished: how many, and the plies at their end that repeat (those of
    the games that end going round a cycle at least twice), else None."""
    unfinished = [f for f in facts if f.result == UNFINISHED]
    if not unfinished or 2 * len(unfinished) <= len(facts):
        return None
    looping = [f for f in unfinished if f.cycle and f.repeating >= 2 * f.cycle]
    return {"unfinished": len(unfinished), "games": len(facts), "looping": len(looping),
            "repeating": min((f.repeating for f in looping), default=0),
            "cycle": Counter(f.cycle for f in looping).most_common(1)[0][0]
            if looping else 0}


def loop_warning(level: dict[str, Any]) -> str:
    """"possible loop: 40 of 40 unfinished; the last 20 plies repeat", or empty."""
    loop = level.get("loop")
    if not loop:
        return ""
    said = f"possible loop: {loop['unfinished']} of {loop['games']} unfinished"
    if loop["looping"]:
        said += f"; the last {loop['repeating']} plies repeat"
        if loop["looping"] < loop["unfinished"]:
            said += f" in {loop['looping']} of them"
    return said


def verdict(level: dict[str, Any]) -> str:
    """The level's verdict in a line: the loop first (when most games hit the cap), the
    first player's score over the finished games, and the draws and unfinished games."""
    first = level["first_player"]
    results = level["results"]
    parts = [loop_warning(level)] if level.get("loop") else []
    finished = first.get("finished", level["games"])
    if finished:
        low, high = first["ci95"]
        said = (f"first player scores {100 * first['score']:.1f} % "
                f"({100 * low:.1f}–{100 * high:.1f})")
        if finished < level["games"]:
            said += f" of {finished} finished games"
        if low > 0.5:
            said += ": the first player is favoured"
        elif high < 0.5:
            said += ": the second player is favoured"
        else:
            said += ": no advantage shown at this sample size"
        parts.append(said)
    else:
        parts.append("no game finished: no verdict")
    parts.append(f"draws {100 * results['draw']['share']:.1f} %")
    if results["unfinished"]["games"] and not level.get("loop"):
        parts.append(f"unfinished {100 * results['unfinished']['share']:.1f} %")
    return ", ".join(parts)


def _rule_rows(facts: list[GameFacts]) -> list[dict[str, Any]]:
    """How often each rule fires: decisions, automatic rules (every one the game has, 0
    for one that never fired) and skipped phases; ``games`` counts each game once."""
    n = len(facts)
    decisions: Counter[str] = Counter()
    skipped: Counter[str] = Counter()
    effects: dict[str, list[int]] = {}
    games_with: dict[str, Counter[str]] = {"decision": Counter(), "automatic": Counter(),
                                           "skipped phase": Counter()}
    for f in facts:
        decisions.update(f.decisions)
        skipped.update(f.skipped)
        games_with["decision"].update(set(f.decisions))
        games_with["skipped phase"].update(set(f.skipped))
        for rule, (times, pieces) in f.effects.items():
            tally = effects.setdefault(rule, [0, 0])
            tally[0] += times
            tally[1] += pieces
            if times:
                games_with["automatic"][rule] += 1
    rows: list[dict[str, Any]] = []
    by_phase: Counter[str] = Counter()
    for label, count in decisions.items():
        by_phase[label.split(":")[0]] += count
    for label, count in sorted(decisions.items()):
        rows.append({"rule": label, "what": "decision", "times": count,
                     "per_game": count / n if n else 0.0,
                     "share_of_phase": count / by_phase[label.split(":")[0]],
                     "games": games_with["decision"][label]})
    for rule, (times, pieces) in effects.items():  # in the file's order
        rows.append({"rule": rule, "what": "automatic", "times": times,
                     "per_game": times / n if n else 0.0, "pieces": pieces,
                     "pieces_per_time": pieces / times if times else 0.0,
                     "games": games_with["automatic"][rule]})
    for name, count in sorted(skipped.items()):
        rows.append({"rule": f"skipped {name}", "what": "skipped phase", "times": count,
                     "per_game": count / n if n else 0.0,
                     "games": games_with["skipped phase"][name]})
    return rows


def _length_summary(lengths: list[int]) -> dict[str, Any]:
    if not lengths:
        return {"mean": 0.0, "median": 0.0, "min": 0, "max": 0, "quartiles": [0, 0, 0],
                "all": []}
    quartiles = statistics.quantiles(lengths, n=4) if len(lengths) > 1 else [lengths[0]] * 3
    return {"mean": statistics.fmean(lengths), "median": statistics.median(lengths),
            "min": min(lengths), "max": max(lengths), "quartiles": quartiles,
            "all": lengths}


def compare_share(ours: float, n: int, theirs: float, m: int) -> dict[str, Any]:
    """Our share ``ours``/``n`` (a score may count halves) beside a published share
    ``theirs`` of ``m`` games: the difference with its 95 % interval (Newcombe's method
    from the two Wilson intervals, sound near 0 and 1, where few games have a result such
    as a draw)."""
    p = ours / n if n else 0.0
    low1, high1 = wilson(ours, n)
    low2, high2 = wilson(theirs * m, m)
    diff = p - theirs
    low = diff - math.sqrt((p - low1) ** 2 + (high2 - theirs) ** 2)
    high = diff + math.sqrt((high1 - p) ** 2 + (theirs - low2) ** 2)
    return {"ours": p, "published": theirs, "difference": diff,
            "difference_ci95": [low, high], "consistent": low <= 0 <= high}
