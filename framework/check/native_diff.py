"""The native kernels against the engine: ``boardspec check``'s differential.

For a game the native backend plays (``framework.native.support_of``), the kernels compiled
from the file are compared with the Python engine, which is the reference:

- **along random games**: ``examples`` random games played by the kernels (each from the
  game's start or one of the file's examples, its seed taken from the check's), replayed by
  the engine move by move; at every position both must list the same legal moves (as
  notations: whole turns when a choice is folded into the move), count them alike and, after
  the move played, reach the same position with the same result;
- **every move of one position per game**: at a position picked along each game, every
  legal move (at most :data:`MOVES_PER_POSITION`) is played both ways and the positions
  compared;
- **perft**: from each start and each picked position, to the deepest depth (at most
  :data:`MAX_PERFT_DEPTH`) whose count stays within :data:`PERFT_LEAVES` leaves.

The budget is the check's ``examples`` and a count of leaves, never time, so the same seed
compares the same positions wherever it runs. A disagreement is reported at the position
where it shows (a perft that differs is followed down to the move below which the counts
part), then a breadth-first search looks for a shorter play that reaches one.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from framework.check.outcome import Outcome
from framework.check.shorten import shortest
from framework.check.strategies import default_depth, sample, starts
from framework.check.trail import Failure, Trail

if TYPE_CHECKING:
    from framework.engine.state import State
    from framework.game import Game
    from framework.native.backend import NativeGame

NAME = "same as the native kernels"
#: Moves played both ways at the position picked along each random game.
MOVES_PER_POSITION = 64
#: Perft from a position goes as deep as its count stays within this many leaves.
PERFT_LEAVES = 2_000
MAX_PERFT_DEPTH = 4
#: Positions the search for a shorter failing play may compare.
SHORTEN_STATES = 2_000


@dataclass
class PerftRow:
    position: str
    depth: int
    count: int


@dataclass
class NativeOutcome(Outcome):
    """The outcome of the differential, with what it compared (``states``: positions)."""

    games: int = 0
    moves: int = 0
    perft: list[PerftRow] = field(default_factory=list)
    #: Seconds the kernels took to compile or to load from numba's cache (of ``seconds``).
    compile_seconds: float = 0.0


class Disagreement(Exception):
    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.message)
        self.failure = failure


def compare_with_native(game: Game, examples: int, random_seed: int) -> NativeOutcome:
    """The differential of ``game`` (see the module's docstring)."""
    from framework.native import available, support_of

    reason = support_of(game)
    if reason is not None:
        return NativeOutcome(NAME, "not required",
                             note=f"the native backend cannot play this game: {reason}")
    if not available():
        return NativeOutcome(NAME, "not checked",
                             note="numba is not installed (the [fast] extra), so the native "
                                  "kernels are not compared with the engine")
    from framework.native.cache import problem

    unusable = problem()
    if unusable is not None:  # a cache that cannot be written or trusted: nothing loaded
        return NativeOutcome(NAME, "not checked", note=unusable)
    from framework.native.backend import NativeGame

    begin = time.perf_counter()
    outcome = NativeOutcome(NAME, "passed")
    try:
        differ = Differ(game, NativeGame(game))
        differ.warm_up()
        outcome.compile_seconds = time.perf_counter() - begin
        differ.run(examples, random_seed, outcome)
    except Disagreement as found:
        outcome.status = "failed"
        # Bounded by a count of positions, not by time: the same seed, the same play.
        failure = shortest(game, found.failure, differ.fails, states=SHORTEN_STATES,
                           seconds=math.inf)
        failure.detail = str(failure.trail.replay(game))  # the board, drawn
        outcome.failure = failure
    except Exception as exc:  # the kernels do not compile (a plugin's piece, say)
        outcome.status = "failed"
        outcome.failure = Failure(f"the native kernels fail: {type(exc).__name__}: {exc}",
                                  Trail("?", None), None)
    outcome.seconds = time.perf_counter() - begin
    return outcome


def _cells(game: Game, mask: int) -> str:
    names = game.board.names
    found = [names[i] for i in range(len(names)) if mask >> i & 1]
    return "[" + ", ".join(found) + "]"


def _result(game: Game, winners: frozenset[int] | None) -> str:
    if winners is None:
        return "the game goes on"
    if not winners:
        return "a draw"
    named = [game.players[s] for s in sorted(winners)]
    return " and ".join(named) + (" wins" if len(named) == 1 else " win")


def snapshot_difference(game: Game, native: NativeGame, ours: tuple[Any, ...],
                        theirs: tuple[Any, ...]) -> str:
    """What differs between the kernels' snapshot (``ours``) and the engine's, in words."""
    owners, kinds, to_move, halfmove, fullmove, must_pass, winners, chain, slots, \
        counters, piles, attributes, setup = ours
    e_owners, e_kinds, e_to_move, e_half, e_full, e_pass, e_winners, e_chain, e_slots, \
        e_counters, e_piles, e_attributes, e_setup = theirs
    parts: list[str] = []
    if winners != e_winners:
        parts.append(f"result: kernels {_result(game, winners)}, engine "
                     f"{_result(game, e_winners)}")
    for side, (mask, e_mask) in enumerate(zip(owners, e_owners, strict=True)):
        if mask != e_mask:
            parts.append(f"{game.players[side]}'s pieces: kernels {_cells(game, mask)}, "
                         f"engine {_cells(game, e_mask)}")
    for index, (mask, e_mask) in enumerate(zip(kinds, e_kinds, strict=True)):
        if mask != e_mask:
            parts.append(f"{game.piece_kinds[index]}s: kernels {_cells(game, mask)}, "
                         f"engine {_cells(game, e_mask)}")
    names = game.board.names
    for label, value, e_value in (("side to move", to_move, e_to_move),
                                  ("half-move clock", halfmove, e_half),
                                  ("full-move number", fullmove, e_full),
                                  ("must pass", must_pass, e_pass),
                                  ("piece in a chain", chain, e_chain)):
        if value != e_value:
            if label == "side to move":
                value, e_value = game.players[value], game.players[e_value]
            elif label == "piece in a chain":
                value, e_value = (names[v] if v >= 0 else "none" for v in (value, e_value))
            parts.append(f"{label}: kernels {value}, engine {e_value}")
    for name, value, e_value in zip(native.plan.slots, slots, e_slots, strict=True):
        if value != e_value:
            parts.append(f"slot {name}: kernels {value}, engine {e_value}")
    for side, (values, e_values) in enumerate(zip(counters, e_counters, strict=True)):
        for name, value, e_value in zip(game.counters, values, e_values, strict=True):
            if value != e_value:
                parts.append(f"{game.players[side]}'s {name}: kernels {value}, engine "
                             f"{e_value}")
    for (kind, _), values, e_values in zip(native.piles, piles, e_piles, strict=True):
        for cell, value, e_value in zip(names, values, e_values, strict=True):
            if value != e_value:
                parts.append(f"{kind}s on {cell}: kernels {value}, engine {e_value}")
    for name, values, e_values in zip(game.attributes, attributes, e_attributes, strict=True):
        for cell, value, e_value in zip(names, values, e_values, strict=True):
            if value != e_value:
                parts.append(f"{name} on {cell}: kernels {value}, engine {e_value}")
    if setup != e_setup:  # the setup step, its actions so far, the seat of the first side
        parts.append(f"setup (step, actions, seat of {game.players[0]}): kernels {setup}, "
                     f"engine {e_setup}")
    return "; ".join(parts)


class Differ:
    """Compares one game's kernels with its engine, position by position."""

    def __init__(self, game: Game, native: NativeGame) -> None:
        from framework.engine.turns import count_turns, perft_turns
        from framework.perft import perft

        self.game = game
        self.native = native
        #: A native move is a whole turn when a choice is folded into it: compare turns.
        self.turns = bool(native.plan.choices)
        self.engine_perft = perft_turns if self.turns else perft
        self.count_turns = count_turns

    def engine_count(self, state: State) -> int:
        return self.count_turns(state) if self.turns else state.count_legal_actions()

    def warm_up(self) -> None:
        """Compile (or load) the kernels the comparison calls, and only those."""
        st = self.native.initial()
        moves = self.native.legal(st)
        if moves:
            self.native.play(st, moves[0])
        self.native.random_game(st, 0, max_plies=1)
        self.native.perft(st, 1)

    def encodable(self, state: State) -> bool:
        """Whether the kernels can take ``state``: at the start of a turn, after the setup
        (in a moves phase chosen by its if: too: Nine Men's Morris's movement)."""
        return state.setup >= len(self.game.setups) and self.native.at_turn_start(state)

    # One position ------------------------------------------------------------------------
    def engine_moves(self, state: State) -> list[str]:
        if self.turns:
            return [t.notation for t in state.legal_turns()]
        return [a.notation for a in state.legal_actions()]

    def native_moves(self, state: State, st: Any) -> dict[str, int] | str:
        """The kernels' moves by notation, or what is wrong with them."""
        found: dict[str, int] = {}
        for move in self.native.legal(st):
            try:
                notation = " ".join(a.notation for a in self.native.turn_of(state, move))
            except Exception as exc:
                return (f"the kernels list the move {move:#x}, which stands for no action of "
                        f"the engine ({type(exc).__name__}: {exc})")
            if notation in found:
                return f"two of the kernels' legal moves share the notation {notation!r}"
            found[notation] = move
        return found

    def position_problem(self, state: State, st: Any) -> str | None:
        """Whether the kernels and the engine agree on this position: the result, the legal
        moves and their count."""
        ours, theirs = self.native.snapshot(st), self.native.python_snapshot(state)
        if ours != theirs:
            return ("the kernels read this position otherwise: "
                    f"{snapshot_difference(self.game, self.native, ours, theirs)}")
        moves = self.native_moves(state, st)
        if isinstance(moves, str):
            return moves
        expected = self.engine_moves(state)
        if sorted(moves) != sorted(expected):
            engine_only = sorted(set(expected) - set(moves))
            native_only = sorted(set(moves) - set(expected))
            return (f"legal moves differ: engine only {engine_only[:8]}, kernels only "
                    f"{native_only[:8]}")
        counted, e_counted = self.native.perft(st, 1), self.engine_count(state)
        if counted != e_counted:
            return (f"the count of legal moves differs: kernels {counted}, engine {e_counted} "
                    f"(both list {len(moves)})")
        return None

    def play(self, state: State, st: Any, move: int) -> tuple[State, Any, list[str]]:
        """Both sides after ``move``, and the notations of the engine's actions."""
        actions = self.native.turn_of(state, move)
        child = state.clone()
        for action in actions:
            child.apply(action)
        return child, self.native.play(st, move), [a.notation for a in actions]

    def move_problem(self, state: State, st: Any, move: int) -> str | None:
        child, child_st, played = self.play(state, st, move)
        if not self.encodable(child):
            return (f"after {' '.join(played)!r} the kernels' turn is over, the engine's goes "
                    f"on (phase {child.phase})")
        ours, theirs = self.native.snapshot(child_st), self.native.python_snapshot(child)
        if ours != theirs:
            return (f"after {' '.join(played)!r}: "
                    f"{snapshot_difference(self.game, self.native, ours, theirs)}")
        return None

    def every_move_problem(self, state: State, st: Any) -> str | None:
        for move in sample(self.native.legal(st), MOVES_PER_POSITION):
            problem = self.move_problem(state, st, move)
            if problem:
                return problem
        return None

    def fails(self, state: State, before: State | None, trail: Trail) -> str | None:
        """The whole comparison of one position (for the search of a shorter play)."""
        if not self.encodable(state):
            return None
        st = self.native.encode(state)
        return self.position_problem(state, st) or self.every_move_problem(state, st)

    def failure(self, message: str, state: State, trail: Trail) -> Disagreement:
        return Disagreement(Failure(message, trail, state.to_json(), detail=str(state)))

    # Perft -------------------------------------------------------------------------------
    def perft_depth(self, st: Any) -> int:
        depth = 1
        while depth < MAX_PERFT_DEPTH and self.native.perft(st, depth + 1) <= PERFT_LEAVES:
            depth += 1
        return depth

    def compare_perft(self, state: State, trail: Trail, outcome: NativeOutcome) -> None:
        st = self.native.encode(state)
        depth = self.perft_depth(st)
        count = self.native.perft(st, depth)
        if count != self.engine_perft(state, depth):
            self.locate(state, st, depth, trail)
        played = len(trail.actions)
        label = f"{trail.label} after {played} action{'s' if played > 1 else ''}" \
            if played else trail.label
        outcome.perft.append(PerftRow(label, depth, count))

    def locate(self, state: State, st: Any, depth: int, trail: Trail) -> None:
        """Follow a perft that differs down to the position where the two part."""
        problem = self.position_problem(state, st) or self.every_move_problem(state, st)
        if problem:
            raise self.failure(problem, state, trail)
        for move in self.native.legal(st):
            child, child_st, played = self.play(state, st, move)
            if self.native.perft(child_st, depth - 1) != self.engine_perft(child, depth - 1):
                deeper = Trail(trail.label, trail.start, [*trail.actions, *played])
                self.locate(child, child_st, depth - 1, deeper)
        raise self.failure(f"perft {depth} differs: kernels {self.native.perft(st, depth)}, "
                           f"engine {self.engine_perft(state, depth)}", state, trail)

    # Random games ------------------------------------------------------------------------
    def run(self, examples: int, random_seed: int, outcome: NativeOutcome) -> None:
        begin, _ = starts(self.game)
        usable = [(trail, state) for trail, state in begin if self.encodable(state)]
        for trail, state in usable:
            try:
                st = self.native.encode(state)
                problem = self.position_problem(state, st) or \
                    self.every_move_problem(state, st)
                if problem:
                    raise self.failure(problem, state, trail)
                outcome.states += 1
                if not state.is_terminal():
                    self.compare_perft(state, trail, outcome)
            except Disagreement:
                raise
            except Exception as exc:  # the engine or the kernels failing here
                raise self.failure(f"{type(exc).__name__}: {exc}", state, trail) from exc
        # Random games from the starts that are not over already.
        usable = [(trail, state) for trail, state in usable if not state.is_terminal()]
        for index in range(examples if usable else 0):
            rng = random.Random(random_seed * 1_000_003 + index)
            trail, start = usable[rng.randrange(len(usable))]
            self.replay(start.clone(), trail, rng, outcome)

    def replay(self, state: State, trail: Trail, rng: random.Random,
               outcome: NativeOutcome) -> None:
        """:meth:`game_of`, with an error of the engine or the kernels reported where it
        happened."""
        where: list[Any] = [state, trail]
        try:
            self.game_of(state, trail, rng, outcome, where)
        except Disagreement:
            raise
        except Exception as exc:
            raise self.failure(f"{type(exc).__name__}: {exc}", where[0], where[1]) from exc

    def game_of(self, state: State, trail: Trail, rng: random.Random,
                outcome: NativeOutcome, where: list[Any]) -> None:
        """One random game of the kernels, replayed by the engine and compared at every
        position; every move of one position along it, and perft from there. ``where``
        holds the position reached and its trail."""
        st = self.native.encode(state)
        _, moves = self.native.random_game(st, rng.randrange(1 << 62),
                                           max_plies=default_depth(self.game))
        picked = rng.randrange(len(moves) + 1)
        for ply in range(len(moves) + 1):
            problem = self.position_problem(state, st)
            outcome.states += 1
            if problem:
                raise self.failure(problem, state, trail)
            if ply == picked:
                problem = self.every_move_problem(state, st)
                outcome.moves += min(len(self.native.legal(st)), MOVES_PER_POSITION)
                if problem:
                    raise self.failure(problem, state, trail)
                if not state.is_terminal():
                    self.compare_perft(state, trail, outcome)
            if ply == len(moves):
                break
            problem = self.move_problem(state, st, moves[ply])
            if problem:
                raise self.failure(problem, state, trail)
            state, st, played = self.play(state, st, moves[ply])
            trail = Trail(trail.label, trail.start, [*trail.actions, *played])
            where[:] = [state, trail]
        outcome.games += 1
