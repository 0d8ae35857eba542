"""``alphabeta``: minimax with alpha-beta pruning, iterative deepening and a transposition
table keyed by Zobrist hashes.

Specs: ``alphabeta:d3`` (depth 3), ``alphabeta:0.5s`` (deepen until half a second is spent;
the move of the deepest finished iteration is played), ``alphabeta:d4:1s`` (both limits),
``alphabeta:d2:turns`` (a ply is a whole turn instead of one decision).

Whose decision it is decides max or min at each node (``state.current_player`` against the
seat the search is for); plies never simply alternate, so a player who decides twice in a
row (phases of one turn, a pie-rule setup) is searched correctly. By default a ply is one
decision; with ``turns`` it is one complete turn (see ``framework.agents.turns``), which suits
games whose turns have few phases. Wins are scored above any evaluation, and sooner wins
above later ones.

The search runs in the game's numba kernels (``framework/native/alphabeta.py``, the
[fast] extra) unless the spec says ``python`` (or ``$BOARDSPEC_ENGINE``/``--engine`` is
``python``), from every position at the start of a turn: the same
search over native moves (a ply is a native move: a whole turn where a choice is folded
into it), without the transposition table, a few hundred times as many positions a
second. Where the kernels cannot (a game they do not play, hidden information, an
evaluation of more than pieces and mobility, a position inside a turn) it says why once
and searches in Python.

With more than two players the search is *paranoid* (Sturtevant and Korf): every other
player is assumed to play against the searching one, so the players other than the seat
searched for all minimise its value (the evaluation is its features minus the sum of the
others'). It is a sound worst-case search, and cheap; it plays defensively.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from framework.agents.base import Agent, tell_once, wants_native, warm_start
from framework.agents.evaluation import WIN, Evaluator
from framework.agents.turns import legal_turns
from framework.agents.zobrist import zobrist_table

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.native.alphabeta import NativeAlphaBeta

Move = tuple["Action", ...]
EXACT, LOWER, UPPER = 0, 1, 2
DEFAULT_DEPTH = 3
MAX_DEPTH = 64


class _OutOfTime(Exception):
    pass


class AlphaBetaAgent(Agent):
    """Iterative-deepening alpha-beta search with a transposition table."""

    keyword = "alphabeta"
    summary = "alpha-beta search to a depth (d3) or for a time (0.5s); 'turns' = ply by turn"
    budgets = frozenset({"depth", "seconds", "turns", "native"})

    def __init__(self, game: CompiledGame, seed: int | None = None, spec: str = "", *,
                 depth: int | None = None, seconds: float | None = None,
                 turns: bool = False, native: bool | None = None) -> None:
        super().__init__(game, seed, spec)
        self.max_depth = depth or (MAX_DEPTH if seconds else DEFAULT_DEPTH)
        self.seconds = seconds
        self.by_turns = turns
        self.evaluate = Evaluator(game)
        self.zobrist = zobrist_table(game)
        self.table: dict[int, tuple[int, float, int, Move | None]] = {}
        self.nodes = 0
        #: Whether ``seconds`` are CPU seconds of this process (else wall seconds), as
        #: benchmarks against other programs want.
        self.cpu_time = False
        #: The search in native code (``native``), and why not where it was asked for.
        self.native: NativeAlphaBeta | None = None
        self.native_note = ""
        if wants_native(native):
            self._choose_native(game)

    def _choose_native(self, game: CompiledGame) -> None:
        from framework.native import why_not_native

        # Asked first: the native search's module needs numpy, which a core install lacks.
        reason = why_not_native(game)
        if reason is None:
            from framework.native.alphabeta import why_not_native_search

            reason = why_not_native_search(game)
        evaluate = self.evaluate
        if reason is None and not evaluate.pieces_and_mobility:
            reason = "the game's evaluation counts more than pieces and mobility"
        if reason is None:
            from framework.native.alphabeta import NativeAlphaBeta

            self.native = NativeAlphaBeta(game, evaluate.piece_weights, evaluate.mobility,
                                          WIN)
            start = warm_start(game)  # loaded now, not in the first decision's budget
            if start is not None:
                self.native.warm(start)
        else:
            self.native_note = f"alphabeta native: {reason}; it searches in Python"
            tell_once(game, self.native_note)

    # Search -------------------------------------------------------------------------
    def _clock(self) -> float:
        return time.process_time() if self.cpu_time else time.perf_counter()

    def decide(self, state: State) -> list[Action]:
        if self.native is not None:
            if state.setup >= len(self.game.setups) and \
                    self.native.native.at_turn_start(state):
                return self._decide_natively(state, self.native)
            self.native_note = ("alphabeta native: the position is inside a turn or a "
                                "setup, where no native move starts; it searches in Python "
                                "there")
            tell_once(self.game, self.native_note)
        self.seat = state.current_player
        self.table.clear()
        self.nodes = 0
        self.deadline = self._clock() + self.seconds if self.seconds else None
        root_moves = self._moves(state)
        self.rng.shuffle(root_moves)  # seeded tie-breaking among equal moves
        best: Move = root_moves[0][0]
        reached = 0
        value = 0.0
        for depth in range(1, self.max_depth + 1):
            self.cut_off = False
            try:
                value, move = self._root(state, root_moves, depth)
            except _OutOfTime:
                break
            best, reached = move, depth
            # Best move first in the next iteration.
            root_moves.sort(key=lambda m: m[0] != best)
            if abs(value) >= WIN - MAX_DEPTH - 1 or not self.cut_off:
                break  # a forced result, or the whole tree was searched
        self.info = f"depth {reached}, {self.nodes} nodes, value {value:+.2f}"
        return list(best)

    def _decide_natively(self, state: State, search: NativeAlphaBeta) -> list[Action]:
        found = search.run(state, self.max_depth, self.seconds, self.rng, self._clock)
        self.info = (f"native: depth {found.depth}, {found.nodes} nodes, "
                     f"value {found.value:+.2f}")
        return search.turn_of(state, found.move)

    def _root(self, state: State, moves: list[tuple[Move, State]], depth: int
              ) -> tuple[float, Move]:
        maximizing = state.current_player == self.seat
        alpha, beta = -2 * WIN, 2 * WIN
        best_value = -2 * WIN if maximizing else 2 * WIN
        best: Move = moves[0][0]
        for move, child in moves:
            value = self._search(child, depth - 1, 1, alpha, beta)
            if (value > best_value) if maximizing else (value < best_value):
                best_value, best = value, move
            if maximizing:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
        return best_value, best

    def _search(self, state: State, depth: int, ply: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        # The clock read every 16 nodes: a node of the Python engine costs 50 µs or more
        # (a clock read 0.1 µs): 256 of them could run far past a slow game's budget.
        if self.deadline is not None and self.nodes & 15 == 0 \
                and self._clock() > self.deadline:
            raise _OutOfTime
        if state.winners is not None:
            side = state.seat_of_side.index(self.seat)
            if not state.winners:
                return 0.0
            return WIN - ply if side in state.winners else -WIN + ply
        if depth == 0:
            self.cut_off = True
            return self.evaluate(state, state.seat_of_side.index(self.seat))
        if state.is_chance_node():  # expectimax: the outcomes' values, weighted
            return sum(float(p) * self._search(state.child(outcome), depth - 1, ply + 1,
                                               -2 * WIN, 2 * WIN)
                       for outcome, p in state.chance_outcomes())
        key = self.zobrist.hash(state)
        entry = self.table.get(key)
        hint: Move | None = None
        if entry is not None:
            stored_depth, stored, flag, hint = entry
            if stored_depth >= depth:
                # The stored search may have stopped at its depth: deepening must go on.
                self.cut_off = True
                if flag == EXACT:
                    return stored
                if flag == LOWER:
                    alpha = max(alpha, stored)
                elif flag == UPPER:
                    beta = min(beta, stored)
                if alpha >= beta:
                    return stored
        maximizing = state.current_player == self.seat
        low, high = alpha, beta
        best_value = -2 * WIN if maximizing else 2 * WIN
        best: Move | None = None
        for move, child in self._ordered(state, hint, depth):
            value = self._search(child, depth - 1, ply + 1, alpha, beta)
            if maximizing:
                if value > best_value:
                    best_value, best = value, move
                alpha = max(alpha, value)
            else:
                if value < best_value:
                    best_value, best = value, move
                beta = min(beta, value)
            if alpha >= beta:
                break
        flag = UPPER if best_value <= low else LOWER if best_value >= high else EXACT
        self.table[key] = (depth, best_value, flag, best)
        return best_value

    # Moves --------------------------------------------------------------------------
    def _moves(self, state: State) -> list[tuple[Move, State]]:
        if self.by_turns:
            return [(t.actions, t.after) for t in legal_turns(state)]
        return [((a,), state.child(a)) for a in state.legal_actions()]

    def _ordered(self, state: State, hint: Move | None, depth: int
                 ) -> list[tuple[Move, State]]:
        moves = self._moves(state)
        if depth >= 2:
            # Likely-best first makes cut-offs early: the static value of each child.
            seat = self.seat
            sign = 1.0 if state.current_player == seat else -1.0
            moves.sort(key=lambda m: -sign * self.evaluate(m[1], m[1].seat_of_side.index(seat)))
        if hint is not None:
            moves.sort(key=lambda m: m[0] != hint)
        return moves
