"""The static evaluation of a position, from the game file's ``evaluation:`` block.

```yaml
evaluation:
  terms:
    - {piece: adaptoid, weight: 1}      # pieces of that kind on the board
    - {attribute: pincers, weight: 0.3} # sum of the attribute over the side's pieces
    - {counter: captures, weight: 2}    # the side's counter
    - {distance: move, weight: -0.1}    # what the side's pieces have left to travel in
                                        # the phase 'move' (a race: the pip count)
  mobility: 0.05                        # legal actions of the first phase of a turn
```

Each feature is counted for a side minus the same feature of the other sides (with more
than two players, minus their sum: the paranoid view that alpha-beta takes). Without the
block: 1 per piece of any kind plus 0.05 per legal action (piece difference, a little
mobility). Mobility is the costly term: it generates the moves of every side.

A count of pieces fits a game won by taking pieces, not one won by a shape of pieces: when
every goal is a shape (``connect``, ``line``, ``ring``), no result rule scores the board and
no piece ever leaves it (``shapes_decide``), the default is flat (every position alike, so
MCTS plays each playout to the end), and an ``evaluation:`` block that counts pieces there
is what ``evaluation_misfit`` warns of (``validate``, ``balance``): it biases every agent,
and so a balance study, towards whoever has more stones.
"""

from __future__ import annotations

import math
import random
import weakref
from typing import TYPE_CHECKING

from framework.engine.bits import iter_bits

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.plugins import Phase

DEFAULT_MOBILITY = 0.05
#: The value of a won game: larger than any evaluation.
WIN = 1_000_000.0
#: Goals met by a shape of pieces on the board, whatever their number.
SHAPE_GOALS = frozenset({"connect", "line", "ring"})
#: Goals that end a game without naming a winner by the pieces (a draw by repetition).
NEUTRAL_GOALS = frozenset({"repetition", "halfmove_clock"})
#: The random games played to see whether a piece ever leaves the board, and their length.
PROBE_GAMES, PROBE_PLIES = 4, 400
_shapes_decide: weakref.WeakKeyDictionary[CompiledGame, bool] = weakref.WeakKeyDictionary()


class Evaluator:
    """``evaluator(state, side)``: how good ``state`` is for ``side`` (higher is better)."""

    def __init__(self, game: CompiledGame) -> None:
        self.game = game
        spec = game.spec.evaluation
        self.piece_weights = [0.0] * len(game.piece_kinds)
        self.attribute_weights = [0.0] * len(game.attributes)
        self.counter_weights = [0.0] * len(game.counters)
        #: (phase, weight) of each distance term: the phase measures what is left to go.
        self.distances: list[tuple[Phase, float]] = []
        if spec is None and shapes_decide(game):
            self.mobility = 0.0  # flat: only a finished shape tells positions apart
        elif spec is None:
            self.piece_weights = [1.0] * len(game.piece_kinds)
            self.mobility = DEFAULT_MOBILITY
        else:
            self.mobility = spec.mobility
            for term in spec.terms:
                if term.piece is not None:
                    self.piece_weights[game.piece_kinds.index(term.piece)] += term.weight
                elif term.attribute is not None:
                    self.attribute_weights[game.attributes.index(term.attribute)] += term.weight
                elif term.counter is not None:
                    self.counter_weights[game.counters.index(term.counter)] += term.weight
                elif term.distance is not None:
                    phase = next(p for p in game.phases if p.name == term.distance)
                    self.distances.append((phase, term.weight))
        self.first_phase = next((p.index for p in game.phases if p.decides), 0)
        self.scale = max(1.0, game.board.size / 4)

    @property
    def flat(self) -> bool:
        """Whether every position evaluates alike (all weights 0): only the end of the game
        tells positions apart, so playouts must reach it (``mcts``)."""
        return not (any(self.piece_weights) or any(self.attribute_weights)
                    or any(self.counter_weights) or any(w for _, w in self.distances)
                    or self.mobility)

    @property
    def pieces_and_mobility(self) -> bool:
        """Whether it counts nothing but weighted pieces and mobility: the terms the native
        kernels compute (``evaluation``, ``rollout_values``)."""
        return not (any(self.attribute_weights) or any(self.counter_weights)
                    or self.distances)

    def material(self, state: State, side: int) -> float:
        """The weighted features of one side, without mobility."""
        owned = state.owner[side]
        total = 0.0
        for kind, weight in enumerate(self.piece_weights):
            if weight:
                total += weight * (owned & state.kinds[kind]).bit_count()
        for a, weight in enumerate(self.attribute_weights):
            if weight:
                values = state.attrs[a]
                total += weight * sum(values[c] for c in iter_bits(owned))
        for c, weight in enumerate(self.counter_weights):
            if weight:
                total += weight * state.counters[side][c]
        for phase, weight in self.distances:
            total += weight * phase.distance(state, side)
        return total

    def mobility_of(self, state: State, side: int) -> int:
        """Legal actions ``side`` would have at the start of its turn in this position."""
        probe = state.clone()
        probe.to_move = side
        probe.phase = self.first_phase
        probe.reset_turn_slots()
        return self.game.phases[self.first_phase].count(probe)

    def __call__(self, state: State, side: int) -> float:
        if state.winners is not None:
            return terminal_value(state, side)
        return _relative(self._scores(state), side)

    def _scores(self, state: State) -> list[float]:
        """Each side's own weighted features and mobility."""
        scores = []
        for side in range(len(state.owner)):
            score = self.material(state, side)
            if self.mobility:
                score += self.mobility * self.mobility_of(state, side)
            scores.append(score)
        return scores

    def squashed_all(self, state: State) -> list[float]:
        """The evaluation of every side mapped into (-1, 1), comparable to game returns
        (MCTS leaves); one mobility count per side, however many players.

        The scale grows with the board, so that a lead of a quarter of the cells is worth
        about 0.76 and leads stay distinguishable instead of all saturating at 1."""
        sides = range(len(state.owner))
        if state.winners is not None:
            return [terminal_value(state, side) / WIN for side in sides]
        scores = self._scores(state)
        return [math.tanh(_relative(scores, side) / self.scale) for side in sides]


def _relative(scores: list[float], side: int) -> float:
    """A side's score minus the others', summed in seat order (the same float every time)."""
    value = 0.0
    for other, score in enumerate(scores):
        value += score if other == side else -score
    return value


def terminal_value(state: State, side: int) -> float:
    """WIN, -WIN or 0 for a finished game, from ``side``'s point of view."""
    winners = state.winners or frozenset()
    if not winners:
        return 0.0
    return WIN if side in winners else -WIN


def shapes_decide(game: CompiledGame) -> bool:
    """Whether the game is won by a shape of pieces alone: every goal is a shape (or a
    draw by repetition), no result rule scores the board, and in a few random games no
    piece ever left the board (no capture). Found once per game."""
    found = _shapes_decide.get(game)
    if found is None:
        keywords = {goal.keyword for goal in game.goals}
        scored = game.result is not None and game.result.keyword != "draw"
        found = bool(keywords & SHAPE_GOALS) and keywords <= SHAPE_GOALS | NEUTRAL_GOALS \
            and not scored and not _pieces_leave(game)
        _shapes_decide[game] = found
    return found


def _pieces_leave(game: CompiledGame) -> bool:
    """Whether a piece leaves the board in one of a few seeded random games."""
    from framework.engine.chance import sample
    from framework.engine.state import State

    rng = random.Random(0)
    for _ in range(PROBE_GAMES):
        state = State.initial(game)
        for _ in range(PROBE_PLIES):
            if state.is_terminal():
                break
            before = state.occupied().bit_count()
            if state.is_chance_node():
                state.apply_unchecked(sample(state, rng))
            elif actions := state.legal_actions():
                state.apply_unchecked(rng.choice(actions))
            else:
                break
            if state.occupied().bit_count() < before:
                return True
    return False


def evaluation_misfit(game: CompiledGame) -> str | None:
    """Why the file's ``evaluation:`` does not fit its goals (it counts pieces in a game
    won by a shape, where no piece is ever taken), or None."""
    spec = game.spec.evaluation
    if spec is None:
        return None
    counted = sorted({term.piece for term in spec.terms
                      if term.piece is not None and term.weight})
    if not counted or not shapes_decide(game):
        return None
    goals = ", ".join(sorted({goal.keyword for goal in game.goals} & SHAPE_GOALS))
    return (f"the evaluation counts pieces ({', '.join(counted)}), but the game is won by a "
            f"shape ({goals}) and no piece is ever taken: the count says little of who is "
            "winning and biases every agent, and a balance study, towards the side with "
            "more pieces; give the pieces weight 0 (a flat evaluation: MCTS plays each "
            "playout to the end) or terms that measure the shape")
