"""What a study's records say: results, lengths, and how often each rule fires.

Everything is read from the records through the engine, with no knowledge of any game:

- a *decision* is an action, counted by its phase and kind (``move: clone``,
  ``move: attack``, ``build: skip``, ``move: pass``, ``setup: place`` …);
- an *automatic rule* fires when, after a decision, cells other than those the action names
  (its from, to and at cells) change: pieces taken over (``convert`` in Ataxx), removed
  (``starve`` in Adaptoid) or added. The change is credited to the automatic phases that
  run after the decision's phase, by their names in the game file;
- a *skipped phase* is a deciding phase of the turn that a turn went without (a phase with
  nothing to do, which the file lets the engine skip), except in the turn that ends the game.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from framework.match import wilson
from framework.records import DRAW, UNFINISHED, Record

if TYPE_CHECKING:
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.game import Game


@dataclass
class GameFacts:
    """One game, reduced to what the statistics need."""

    plies: int
    result: str  # "first", "second", "draw", "unfinished" (seen from the side that began)
    first_side: int = 0  # the side that made the first move of play (after any setup)
    decisions: Counter[str] = field(default_factory=Counter)
    #: label of the automatic rule -> [times it changed the board, pieces it changed]
    effects: dict[str, list[int]] = field(default_factory=dict)
    skipped: Counter[str] = field(default_factory=Counter)


def _cells(state: State) -> list[int]:
    size = state.game.board.size
    return [state.owner_of(cell) for cell in range(size)]


def _automatic_after(game: Game, phase_name: str) -> str:
    """The names of the automatic phases that run after a decision of ``phase_name``: those
    up to the next deciding phase, else (that one was skipped) all the rest of the turn."""
    phases = list(game.phases)
    names = [p.name for p in phases]
    if phase_name not in names:
        return ""
    after = phases[names.index(phase_name) + 1:]
    upto: list[str] = []
    for phase in after:
        if getattr(phase, "decides", True):
            break
        upto.append(phase.name)
    if upto:
        return "+".join(upto)
    return "+".join(p.name for p in after if not getattr(p, "decides", True))


def game_facts(game: Game, record: Record) -> GameFacts:
    """Replay ``record`` (every action checked by the engine) and collect its facts."""
    phase_names = [p.name for p in game.phases]
    deciding = [p.name for p in game.phases if getattr(p, "decides", True)]
    automatic = {name: _automatic_after(game, name) for name in phase_names}
    state = game.new_initial_state()
    first_side: int | None = None
    facts = GameFacts(plies=0, result=UNFINISHED)
    for turn_number, turn in enumerate(record.turns, start=1):
        played_phases: set[str] = set()
        for text in turn:
            action: Action = state.parse_action(text)
            if first_side is None and action.phase in phase_names:
                first_side = state.to_move
            before = _cells(state)
            state.apply_unchecked(action)
            facts.plies += 1
            label = f"{action.phase}: {action.kind}"
            facts.decisions[label] += 1
            played_phases.add(action.phase)
            after = _cells(state)
            own = {action.src, action.dst, action.at}
            changed = sum(1 for cell, (was, now) in enumerate(zip(before, after, strict=True))
                          if was != now and cell not in own)
            if changed:
                rule = automatic.get(action.phase) or label
                tally = facts.effects.setdefault(rule, [0, 0])
                tally[0] += 1
                tally[1] += changed
        ends_game = state.is_terminal() and turn_number == len(record.turns)
        if played_phases & set(phase_names) and not ends_game and \
                not any(text == game.pass_action.notation for text in turn):
            for name in deciding:
                if name not in played_phases:
                    facts.skipped[name] += 1
    facts.result = _first_result(game, state, record, first_side)
    facts.first_side = first_side or 0
    return facts


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
    times."""
    n = len(facts)
    results = Counter(f.result for f in facts)
    first, second, draws = results["first"], results["second"], results[DRAW]
    score_low, score_high = wilson(first + draws / 2, n)
    score = (first + draws / 2) / n if n else 0.0
    decisive = first + second
    lengths = [f.plies for f in facts]
    by_length = []
    for low, high in length_bins(lengths):
        group = [f for f in facts if low <= f.plies <= high]
        wins = sum(1 for f in group if f.result == "first")
        by_length.append({"plies": [low, high], **share(wins, len(group)),
                          "second": sum(1 for f in group if f.result == "second"),
                          "draws": sum(1 for f in group if f.result == DRAW)})
    decisions: Counter[str] = Counter()
    skipped: Counter[str] = Counter()
    effects: dict[str, list[int]] = {}
    games_with: Counter[str] = Counter()
    for f in facts:
        decisions.update(f.decisions)
        skipped.update(f.skipped)
        for rule, (times, pieces) in f.effects.items():
            tally = effects.setdefault(rule, [0, 0])
            tally[0] += times
            tally[1] += pieces
            games_with[rule] += 1
        for label in f.decisions:
            games_with[label] += 1
        for name in f.skipped:
            games_with[f"skipped {name}"] += 1
    rules: list[dict[str, Any]] = []
    by_phase: Counter[str] = Counter()
    for label, count in decisions.items():
        by_phase[label.split(":")[0]] += count
    for label, count in sorted(decisions.items()):
        rules.append({"rule": label, "what": "decision", "times": count,
                      "per_game": count / n if n else 0.0,
                      "share_of_phase": count / by_phase[label.split(":")[0]],
                      "games": games_with[label]})
    for rule, (times, pieces) in sorted(effects.items()):
        rules.append({"rule": rule, "what": "automatic", "times": times,
                      "per_game": times / n if n else 0.0, "pieces": pieces,
                      "pieces_per_time": pieces / times if times else 0.0,
                      "games": games_with[rule]})
    for name, count in sorted(skipped.items()):
        rules.append({"rule": f"skipped {name}", "what": "skipped phase", "times": count,
                      "per_game": count / n if n else 0.0,
                      "games": games_with[f"skipped {name}"]})
    return {
        "agent": agent, "games": n,
        "results": {"first": share(first, n), "second": share(second, n),
                    "draw": share(draws, n), "unfinished": share(results[UNFINISHED], n)},
        "first_player": {"score": score, "ci95": [score_low, score_high],
                         "advantage": score - 0.5,
                         "advantage_ci95": [score_low - 0.5, score_high - 0.5],
                         "wins_of_decisive": share(first, decisive)},
        "length": _length_summary(lengths),
        "by_length": by_length,
        "rules": rules,
    }


def _length_summary(lengths: list[int]) -> dict[str, Any]:
    if not lengths:
        return {"mean": 0.0, "median": 0.0, "min": 0, "max": 0, "quartiles": [0, 0, 0],
                "all": []}
    quartiles = statistics.quantiles(lengths, n=4) if len(lengths) > 1 else [lengths[0]] * 3
    return {"mean": statistics.fmean(lengths), "median": statistics.median(lengths),
            "min": min(lengths), "max": max(lengths), "quartiles": quartiles,
            "all": lengths}


def compare_share(ours: int, n: int, theirs: float, m: int) -> dict[str, Any]:
    """Our share ``ours``/``n`` beside a published share ``theirs`` of ``m`` games: the
    difference with its 95 % interval (Newcombe's method from the two Wilson intervals,
    sound near 0 and 1, where few games have a result such as a draw)."""
    p = ours / n if n else 0.0
    low1, high1 = wilson(ours, n)
    low2, high2 = wilson(theirs * m, m)
    diff = p - theirs
    low = diff - math.sqrt((p - low1) ** 2 + (high2 - theirs) ** 2)
    high = diff + math.sqrt((high1 - p) ** 2 + (theirs - low2) ** 2)
    return {"ours": p, "published": theirs, "difference": diff,
            "difference_ci95": [low, high], "consistent": low <= 0 <= high}
