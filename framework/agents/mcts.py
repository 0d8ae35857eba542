"""``mcts``: Monte Carlo tree search with UCT, one decision per node.

Specs: ``mcts:500i`` (500 iterations per decision), ``mcts:2s`` (two seconds), plus
``c1.4`` (exploration constant; default 0.5, or 2 where playouts go to the end and a
leaf is worth a whole game's outcome) and ``r20`` (random actions per playout before
the position is judged by the game's evaluation, default 4; ``r0`` judges at once, a large
value plays out to the end; a game whose evaluation is flat, every weight 0, is played out
to the end by default: there is nothing to judge before). The search runs in the game's
numba kernels (``framework/native``, the [fast] extra) unless the spec says ``python`` (or
``$BOARDSPEC_ENGINE``/``--engine`` is ``python``; ``native`` asks for the kernels whatever
the default). Where it can —
a game the kernels play, without a view, chance or margins, rolled out to the end, from
the start of a turn — the whole tree lives in native code (``framework/native/search.py``)
and a decision is a whole native move (a turn with its folded choice: Pentago's twist);
elsewhere the tree stays in Python and only the playouts and the evaluation run natively,
several averaged per leaf (or all in Python where the kernels cannot play the game), and
the agent says once why.

Each node remembers the seat that decides there, and a child's value is counted for the
seat that chose it, so turns with several decisions by one seat (multi-phase turns, pie
setups) need no special case. A playout ends at the end of the game (the game's returns)
or after the playout limit (the evaluation squashed into (-1, 1) by tanh). The decision
played is the most visited child. With an iteration budget the same seed gives the same
decisions; a time budget depends on the machine (wall seconds, or CPU seconds of the
process with ``agent.cpu_time = True``, as benchmarks against other programs want).

In a game with hidden information (a ``view:``) the search is over information sets
(single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): every iteration draws a
state the player to move could be in (``determinised``: what it sees kept, the rest put
back at random), walks the tree with the actions legal in that draw, and scores each
action by UCB over the iterations in which it was available. A node is the actions played
to reach it and the seat that decides there (after the same try, a hit and a miss lead
to different nodes: the same seat tries again, or the turn passes).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from framework.agents.base import Agent, tell_once, wants_native, warm_start
from framework.agents.evaluation import Evaluator
from framework.engine.chance import CHANCE, sample
from framework.engine.playout import full_length, random_playout
from framework.engine.view import determinised

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.native.playouts import NativePlayouts
    from framework.native.search import NativeSearch

DEFAULT_ITERATIONS = 1000
DEFAULT_ROLLOUT = 4
DEFAULT_EXPLORATION = 0.5
#: The exploration constant when playouts go to the end: a leaf is then worth a whole
#: game's outcome (1, 0 or -1 for each seat, no squashed evaluation), whose spread is
#: wider; 2 is what OpenSpiel's MCTS examples use for such values (their ``uct_c``).
OUTCOME_EXPLORATION = 2.0


class Node:
    __slots__ = ("action", "children", "parent", "seat", "untried", "value", "visits")

    def __init__(self, parent: Node | None, action: Action | None, state: State,
                 untried: list[Action]) -> None:
        self.parent = parent
        self.action = action
        self.seat = state.current_player  # who decides here (TERMINAL at the end)
        self.untried = untried
        self.children: list[Node] = []
        self.visits = 0
        self.value = 0.0  # summed rewards of the seat that chose this node


class SetNode:
    """A node of the information-set search: the seat deciding there, and per action
    tried its visits, summed rewards (of that seat) and the iterations in which it was
    legal; a child per (action, seat deciding next)."""

    __slots__ = ("children", "seat", "stats")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.stats: dict[Action, list[float]] = {}  # action → [visits, value, available]
        self.children: dict[tuple[Action, int], SetNode] = {}

    def child(self, action: Action, seat: int) -> SetNode:
        found = self.children.get((action, seat))
        if found is None:
            found = self.children[(action, seat)] = SetNode(seat)
        return found


def _native_playouts(game: CompiledGame, evaluator: Evaluator, rollout: int
                     ) -> tuple[NativePlayouts | None, str]:
    """The native playouts, or None and why not (warned once per game): the agent then
    plays out in Python, as without ``native``."""
    from framework.errors import BoardspecError
    from framework.native import why_not_native

    reason = why_not_native(game)
    if reason is None:
        from framework.native.playouts import NativePlayouts

        try:
            return NativePlayouts(game, evaluator, rollout), ""
        except BoardspecError as exc:  # an evaluation the kernels do not compute
            reason = str(exc)
    note = f"mcts native playouts: {reason}; they run in Python"
    tell_once(game, note)
    return None, note


def why_not_native_tree(game: CompiledGame, rollout: int) -> str | None:
    """None when the whole tree can live in native code for ``game``, else why not (the
    tree then stays in Python)."""
    from framework.native import why_not_native

    if game.view is not None:  # the information-set search draws states in Python
        return "the game hides information (a view: the search is over information sets)"
    if any(phase.chance for phase in game.phases):
        return "the game has chance (the native tree has no chance nodes)"
    if game.margins:
        return "the game's returns are margins (the native tree scores a win as 1)"
    reason = why_not_native(game)
    if reason is not None:
        return reason
    if rollout < full_length(game):
        return (f"the rollout stops after {rollout} plies to be judged by the evaluation "
                "(the native tree rolls out to the end)")
    return None


class MctsAgent(Agent):
    """UCT search with truncated random playouts."""

    keyword = "mcts"
    summary = "Monte Carlo tree search: iterations (500i) or time (2s); c<explore>, r<playout>"
    budgets = frozenset({"seconds", "iterations", "exploration", "rollout", "native"})
    samples_information_sets = True

    def __init__(self, game: CompiledGame, seed: int | None = None, spec: str = "", *,
                 seconds: float | None = None, iterations: int | None = None,
                 exploration: float | None = None, rollout: int | None = None,
                 native: bool | None = None) -> None:
        super().__init__(game, seed, spec)
        self.seconds = seconds
        self.iterations = iterations or (None if seconds else DEFAULT_ITERATIONS)
        self.evaluate = Evaluator(game)
        if rollout is None:  # a flat evaluation tells nothing: play out to the end
            rollout = full_length(game) if self.evaluate.flat else DEFAULT_ROLLOUT
        self.rollout = rollout
        if exploration is None:
            exploration = OUTCOME_EXPLORATION if rollout >= full_length(game) \
                else DEFAULT_EXPLORATION
        self.exploration = exploration
        self.native: NativePlayouts | None = None
        #: Why the playouts run in Python although ``native`` was asked for ("": they do not).
        self.native_note = ""
        #: The search with its tree in native code, when ``native`` and the game allow it.
        self.native_tree: NativeSearch | None = None
        #: Why the tree stays in Python although ``native`` was asked for ("": it does not).
        self.native_tree_note = ""
        #: Whether ``seconds`` are CPU seconds of this process (else wall seconds).
        self.cpu_time = False
        if wants_native(native):
            self._choose_native(game, rollout)

    def _choose_native(self, game: CompiledGame, rollout: int) -> None:
        reason = why_not_native_tree(game, rollout)
        if reason is None:
            from framework.native.search import NativeSearch

            self.native_tree = NativeSearch(game, self.exploration, self.rng.getrandbits(62),
                                            rollout, reuse=True)
        else:
            from framework.native import why_not_native

            self.native_tree_note = f"mcts native tree: {reason}; the tree is kept in Python"
            if reason != why_not_native(game):  # else the playouts' warning says it
                tell_once(game, self.native_tree_note)
        # The Python tree's playouts, native where they can be: the search's whole tree
        # where it cannot live in native code, a position inside a turn where it can.
        self.native, self.native_note = _native_playouts(game, self.evaluate, rollout)
        # Loaded now, not in the first decision's time budget.
        start = warm_start(game)
        if start is not None:
            if self.native_tree is not None:
                self.native_tree.warm(start)
            elif self.native is not None:
                self.native.warm(start)

    def decide(self, state: State) -> list[Action]:
        actions = state.legal_actions()
        if len(actions) == 1:
            self.info = "only move"
            return actions
        if self.game.view is not None and self.samples_information_sets:
            return [self._decide_over_information_sets(state)]
        if self.native_tree is not None and self._native_tree_plays(state):
            return self._decide_in_native_tree(state, self.native_tree)
        root = self._node(None, None, state)
        done = self._run(lambda: self._iterate(root, state))
        best = max(root.children, key=lambda n: n.visits)
        self.info = (f"{done} iterations, {best.visits} visits, "
                     f"value {best.value / max(best.visits, 1):+.2f}")
        assert best.action is not None
        return [best.action]

    def _native_tree_plays(self, state: State) -> bool:
        """Whether the native tree can search from ``state`` (a native move starts there);
        if not, says once why (the Python tree searches there, its playouts native)."""
        tree = self.native_tree
        assert tree is not None
        if state.setup >= len(self.game.setups) and tree.native.at_turn_start(state):
            return True
        self.native_tree_note = ("mcts native tree: the position is inside a turn or a "
                                 "setup, where no native move starts; the tree is kept in "
                                 "Python there")
        tell_once(self.game, self.native_tree_note)
        return False

    def _decide_in_native_tree(self, state: State, tree: NativeSearch) -> list[Action]:
        clock = time.process_time if self.cpu_time else time.perf_counter
        found = tree.run(state, self.iterations, self.seconds, clock)
        best = found.best
        self.info = (f"native tree: {found.iterations} iterations, {found.nodes} nodes, "
                     f"{found.visits[best]} visits, value {found.means[best]:+.2f}")
        return tree.turn_of(state, best)

    def _run(self, iterate: Callable[[], None]) -> int:
        """``iterate`` until the budget is spent; how many times it ran."""
        clock = time.process_time if self.cpu_time else time.perf_counter
        deadline = clock() + self.seconds if self.seconds else None
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                return done
            # The clock read every iteration: one of the Python engine (a playout) costs
            # far more than a clock read, and 16 of them overshot a slow game's budget.
            if deadline is not None and clock() > deadline:
                return done
            iterate()
            done += 1

    def _decide_over_information_sets(self, state: State) -> Action:
        """The most visited action of an information-set search from ``state`` (of which
        only what the seat to move sees is read: each iteration draws the rest)."""
        root = SetNode(state.current_player)
        done = self._run(lambda: self._iterate_sampled(root, state))
        action, (visits, value, _) = max(root.stats.items(), key=lambda kv: kv[1][0])
        self.info = (f"{done} iterations over information sets, {visits:.0f} visits, "
                     f"value {value / max(visits, 1):+.2f}")
        return action

    def _iterate_sampled(self, root: SetNode, start: State) -> None:
        state = determinised(start, self.rng)
        node = root
        path: list[tuple[SetNode, Action]] = []
        while state.winners is None:
            if state.is_chance_node():
                outcome = sample(state, self.rng)
                state.apply_unchecked(outcome)
                node = node.child(outcome, state.current_player)
                continue
            legal = state.legal_actions()
            fresh = [a for a in legal if a not in node.stats]
            if fresh:  # one new action, judged by a playout from where it leads
                action = self.rng.choice(fresh)
                node.stats[action] = [0, 0.0, 0]
            for tried in legal:  # available in this draw: counted for UCB
                if tried in node.stats:
                    node.stats[tried][2] += 1
            if not fresh:
                action = self._select_available(node, legal)
            path.append((node, action))
            state.apply_unchecked(action)
            node = node.child(action, state.current_player)
            if fresh:
                break
        rewards = self._playout(state)
        for decided, action in path:
            stats = decided.stats[action]
            stats[0] += 1
            stats[1] += rewards[decided.seat]

    def _select_available(self, node: SetNode, legal: list[Action]) -> Action:
        c = self.exploration

        def bound(action: Action) -> float:
            visits, value, available = node.stats[action]
            return value / visits + c * math.sqrt(math.log(available) / visits)

        return max(legal, key=bound)

    def _node(self, parent: Node | None, action: Action | None, state: State) -> Node:
        untried = [] if state.is_chance_node() else state.legal_actions()
        self.rng.shuffle(untried)
        return Node(parent, action, state, untried)

    def _iterate(self, root: Node, start: State) -> None:
        node = root
        state = start.clone()
        while True:
            if node.seat == CHANCE:  # chance is sampled, not selected
                node = self._chance_child(node, state)
            elif not node.untried and node.children:
                node = self._select(node)
                assert node.action is not None
                state.apply_unchecked(node.action)
            else:
                break
        if node.untried:
            action = node.untried.pop()
            state.apply_unchecked(action)
            child = self._node(node, action, state)
            node.children.append(child)
            node = child
        rewards = self._playout(state)
        walk: Node | None = node
        while walk is not None:
            walk.visits += 1
            if walk.parent is not None and walk.parent.seat >= 0:
                walk.value += rewards[walk.parent.seat]
            walk = walk.parent

    def _chance_child(self, node: Node, state: State) -> Node:
        """The child of a chance node for an outcome drawn with its probability (made on
        first draw); ``state`` is moved on to it."""
        outcome = sample(state, self.rng)
        state.apply_unchecked(outcome)
        for child in node.children:
            if child.action == outcome:
                return child
        child = self._node(node, outcome, state)
        node.children.append(child)
        return child

    def _select(self, node: Node) -> Node:
        log_n = math.log(node.visits)
        c = self.exploration
        return max(node.children,
                   key=lambda n: n.value / n.visits + c * math.sqrt(log_n / n.visits))

    def _playout(self, state: State) -> list[float]:
        if self.native is not None:
            return self.native.returns(state, self.rng)
        random_playout(state, self.rng, self.rollout)
        if state.winners is not None:
            return state.returns()
        seats = state.seat_of_side
        rewards = [0.0] * len(seats)
        for side, value in enumerate(self.evaluate.squashed_all(state)):
            rewards[seats[side]] = value
        return rewards
