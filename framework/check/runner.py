"""Run every property of one game under hypothesis and collect the outcomes.

Each property is its own hypothesis run (``examples`` generated cases, seeded), so a failure
shrinks against that property alone. The failure hypothesis re-raises at the end is then
cut to its shortest failing prefix and handed to a breadth-first search for a shorter play
(:mod:`framework.check.shorten`); its trail is the reproduction.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from hypothesis import HealthCheck, Phase, Verbosity, given, seed, settings
from hypothesis import strategies as st

from framework.check import DEFAULT_EXAMPLES
from framework.check.outcome import Outcome
from framework.check.properties import (
    CONFORMANCE,
    STACKS_CONSERVED,
    VIEWS_HIDE,
    StateProperty,
    reference_agrees,
)
from framework.check.shorten import shortest
from framework.check.strategies import default_depth, play_legal, starts, states, walk
from framework.check.trail import Failure, Subject, Trail, Violation
from framework.plugins import Invariant, plugins

if TYPE_CHECKING:
    from framework.backends import Backend
    from framework.engine.state import State
    from framework.game import Game
    from framework.match import GameSource

@dataclass
class GameReport:
    file: str
    game: str
    outcomes: list[Outcome] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: the game's parameter values (``--param``) the properties were checked under
    parameters: dict[str, Any] = field(default_factory=dict)

    @property
    def failed(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status == "failed"]

    @property
    def unchecked(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status == "not checked"]


def declared_invariants(game: Game) -> list[Invariant]:
    registry = plugins("invariants")
    made: list[Invariant] = []
    for params in game.spec.invariants:
        invariant = registry[params.type](params, game)
        assert isinstance(invariant, Invariant)
        made.append(invariant)
    return made


def invariant_label(invariant: Invariant) -> str:
    shown = invariant.params.model_dump(exclude_none=True, exclude={"type"})
    args = ", ".join(f"{k}={v}" for k, v in shown.items())
    return f"invariant {invariant.keyword}" + (f" ({args})" if args else "")


def _settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet,
                    phases=[Phase.explicit, Phase.generate, Phase.shrink],
                    print_blob=False, report_multiple_bugs=False)


#: Seconds hypothesis may spend shrinking one failure; the prefix cut and the
#: breadth-first search of :mod:`framework.check.shorten` finish the job.
SHRINK_SECONDS = 5


@contextmanager
def _shrink_budget(seconds: float) -> Iterator[None]:
    """Cap hypothesis's shrinking time (300 s by default: far too long for a command).
    The cap is an internal constant of hypothesis; without it the default stays."""
    from hypothesis.internal.conjecture import engine

    saved = getattr(engine, "MAX_SHRINKING_SECONDS", None)
    if saved is not None:
        engine.MAX_SHRINKING_SECONDS = seconds  # type: ignore[assignment]
    try:
        yield
    finally:
        if saved is not None:
            engine.MAX_SHRINKING_SECONDS = saved


@contextmanager
def _no_local_constants() -> Iterator[None]:
    """Keep hypothesis from drawing the constants of the source files it finds imported.

    Hypothesis mixes into its draws the literals of every local module in ``sys.modules``
    (its internal ``_get_local_constants``). Which modules those are depends on the process
    — the command, pytest, a pool worker, a Ray worker, what ran before, a native kernel
    module loaded from the cache — so the same seed drew different cases on each backend.
    With the pool left empty the cases depend on the seed alone."""
    from hypothesis.internal.conjecture import providers

    saved = getattr(providers, "_get_local_constants", None)
    cache = getattr(providers, "CONSTANTS_CACHE", None)
    if saved is None:
        yield
        return
    from hypothesis.internal.constants_ast import Constants

    empty = Constants()
    providers._get_local_constants = lambda: empty
    if cache is not None:
        cache.cache.clear()  # permitted constants, computed from the pool in use
    try:
        yield
    finally:
        providers._get_local_constants = saved
        if cache is not None:
            cache.cache.clear()


def _run(name: str, test: Callable[[], None], counter: list[int]) -> Outcome:
    start = time.perf_counter()
    try:
        with _shrink_budget(SHRINK_SECONDS), _no_local_constants():
            test()
    except Violation as violation:
        return Outcome(name, "failed", counter[0], time.perf_counter() - start,
                       violation.failure())
    except Exception as exc:  # hypothesis itself failing (flaky, unsatisfiable, …)
        message = f"{type(exc).__name__}: {exc}"
        return Outcome(name, "failed", counter[0], time.perf_counter() - start,
                       Failure(message, Trail("?", None), None))
    return Outcome(name, "passed", counter[0], time.perf_counter() - start)


def check_state_property(game: Game, prop: StateProperty, examples: int,
                         random_seed: int, strategy: st.SearchStrategy[Subject]) -> Outcome:
    counter = [0]

    @seed(random_seed)
    @_settings(examples)
    @given(strategy)
    def test(subject: Subject) -> None:
        counter[0] += 1
        try:
            message = prop.check(game, subject)
        except Violation:
            raise
        except Exception as exc:
            raise Violation(f"{type(exc).__name__}: {exc}", subject) from exc
        if message:
            raise Violation(message, subject)

    outcome = _run(prop.name, test, counter)
    if outcome.failure is not None:
        failure = shortest_prefix(game, prop, outcome.failure)

        def fails(state: State, before: State | None, trail: Trail) -> str | None:
            return prop.check(game, Subject(state, before, trail))
        outcome.failure = shortest(game, failure, fails, states=500)
    return outcome


def shortest_prefix(game: Game, prop: StateProperty, failure: Failure) -> Failure:
    """The failure at the earliest state of its play where the property already fails
    (hypothesis shrinks the choices; the state checked is picked along the play)."""
    trail = failure.trail
    if trail.label == "?" or not trail.actions:
        return failure
    state = game.new_initial_state() if trail.start is None \
        else game.state_from_json(trail.start)
    before = None
    for k in range(len(trail.actions)):
        prefix = Trail(trail.label, trail.start, trail.actions[:k])
        try:
            message = prop.check(game, Subject(state.clone(), before, prefix))
        except Exception as exc:
            message = f"{type(exc).__name__}: {exc}"
        if message:
            return Failure(message, prefix, state.to_json())
        before = state.clone()
        state.apply(trail.actions[k])
    return failure


def check_invariant(game: Game, invariant: Invariant, examples: int,
                    random_seed: int) -> Outcome:
    counter = [0]
    depth = default_depth(game)

    def holds(state: State, before: State | None) -> str | None:
        return invariant.violation(state, before)

    @seed(random_seed)
    @_settings(examples)
    @given(st.data())
    def test(data: Any) -> None:
        counter[0] += walk(game, data, depth, holds)

    outcome = _run(invariant_label(invariant), test, counter)
    if outcome.failure is not None:
        outcome.failure = shortest(game, outcome.failure,
                                   lambda state, before, _: holds(state, before))
    return outcome


def check_termination(game: Game, examples: int, random_seed: int) -> Outcome:
    name = "random play ends within max_plies"
    limit = game.spec.max_plies
    if limit is None:
        return Outcome(name, "not required", note="max_plies is null (the file says the game "
                                                  "may not end by itself)")
    counter = [0]
    begin, _ = starts(game)

    @seed(random_seed)
    @_settings(examples)
    # One drawn seed drives the whole play: a play may be far longer than hypothesis can
    # draw choice by choice, and its length is fixed by max_plies anyway.
    @given(st.integers(0, len(begin) - 1), st.integers(0, 1 << 32))
    def test(which: int, play_seed: int) -> None:
        rng = random.Random(play_seed)
        trail, start = begin[which]
        state = start.clone()
        played: list[str] = []
        for _ in range(limit):
            actions = state.legal_actions()
            if not actions:
                break
            action = rng.choice(actions)
            play_legal(state, action, Trail(trail.label, trail.start, played))
            played.append(action.notation)
            counter[0] += 1
        if not state.is_terminal():
            raise Violation(f"the game has not ended after {limit} actions (max_plies: "
                            f"{limit})", Subject(state, None, Trail(trail.label, trail.start,
                                                                    played)))

    return _run(name, test, counter)


Check = tuple[str, Callable[[], Outcome]]


def plan(game: Game, *, examples: int = DEFAULT_EXAMPLES, random_seed: int = 0
         ) -> list[Check]:
    """Every property of ``game``, by name, each ready to run: conformance, agreement with
    the reference interpreter, the declared invariants, termination and agreement with the
    native kernels (:mod:`framework.check.native_diff`)."""
    from framework.check.reference import MissingReference, ReferenceGame

    strategy = states(game)
    checks: list[Check] = [
        (prop.name, partial(check_state_property, game, prop, examples, random_seed, strategy))
        for prop in CONFORMANCE]
    if game.view is not None:
        checks.append((VIEWS_HIDE.name, partial(check_state_property, game, VIEWS_HIDE,
                                                examples, random_seed, strategy)))
    else:
        checks.append((VIEWS_HIDE.name, partial(
            Outcome, VIEWS_HIDE.name, "not required",
            note="the file declares no view: every player sees everything")))
    stacks = game.spec.stacks
    if stacks is not None and stacks.conserved:
        checks.append((STACKS_CONSERVED.name, partial(check_state_property, game,
                                                      STACKS_CONSERVED, examples,
                                                      random_seed, strategy)))
    name = "same as the reference interpreter"
    try:
        ref = ReferenceGame(game.spec)
    except MissingReference as missing:
        note = f"{missing}: the engine's {missing.keyword!r} is not cross-checked"
        checks.append((name, partial(Outcome, name, "not checked", note=note)))
    else:
        agree = StateProperty(name, reference_agrees(ref))
        checks.append((name, partial(check_state_property, game, agree, examples,
                                     random_seed, strategy)))
    for invariant in declared_invariants(game):
        checks.append((invariant_label(invariant),
                       partial(check_invariant, game, invariant, examples, random_seed)))
    checks.append(("random play ends within max_plies",
                   partial(check_termination, game, examples, random_seed)))
    from framework.check.native_diff import NAME, compare_with_native

    checks.append((NAME, partial(compare_with_native, game, examples, random_seed)))
    return checks


def check_game(game: Game, *, examples: int = DEFAULT_EXAMPLES, random_seed: int = 0,
               progress: Callable[[Outcome], None] | None = None,
               backend: Backend | None = None, source: GameSource | None = None
               ) -> GameReport:
    """Run every property of ``game`` (see :func:`plan`) and collect the report.

    With a ``backend`` and the game's ``source`` (its file's text), the properties run as
    tasks of the backend (local processes, Ray), each one rebuilt from the source where it
    runs; every property has its own seed, so the report is the same wherever it runs."""
    report = GameReport(game.file, game.name, parameters=dict(game.parameters))
    _, report.notes = starts(game)
    checks = plan(game, examples=examples, random_seed=random_seed)
    if backend is None or source is None:
        for _, run in checks:
            outcome = run()
            report.outcomes.append(outcome)
            if progress:
                progress(outcome)
        return report
    tasks = {index: (index,) for index in range(len(checks))}
    outcomes: dict[int, Outcome] = {}
    with closing(backend.run(run_planned_check, tasks,
                             common=(source, examples, random_seed))) as results:
        for index, outcome in results:
            outcomes[index] = outcome
            if progress:
                progress(outcome)
    report.outcomes = [outcomes[i] for i in sorted(outcomes)]
    return report


def run_planned_check(source: GameSource, examples: int, random_seed: int,
                      index: int) -> Outcome:
    """Property ``index`` of :func:`plan` for the game of ``source`` (in a worker)."""
    from framework.match import compiled

    game = compiled(source)
    _, run = plan(game, examples=examples, random_seed=random_seed)[index]
    return run()
