"""Random playouts of thousands of games at once, with numpy arrays of bitboards.

``BatchPlayouts(game, games=4096).run()`` plays ``games`` uniformly random games from the
start to the end in lock step: each step is one ply of every unfinished game, computed with
whole-array operations on uint64 bitboards (one per side and game).

The rules come from the blocks' own vectorised kernels (``framework/batch/kernels.py``),
asked for by keyword: each move primitive of the deciding phase (``reach``), each
consequence after it (``convert_adjacent``), each goal (``no_pieces`` then score,
``halfmove_clock``, checked at the end of each turn) and the result (``majority``). A game
needs two players, one kind of piece without attributes or counters, fixed setups, boards
of up to 64 cells, one deciding phase first, ``no_legal_move`` pass or end_game, and no
restrictions; any other game, or a block without a kernel, raises ``BoardspecError`` naming
what is missing: the per-state engine plays it. So Ataxx, Assimilation and Hexxagon, and a
game written with ``reach`` primitives directly, play here.

The picks follow the engine's rules exactly (tests replay recorded batch games through
``State.apply``) but use numpy's generator, so a batch game is not the game
``random_playout`` plays for a seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from framework.batch.kernels import (
    CONSEQUENCE_KERNELS,
    GOAL_KERNELS,
    PRIMITIVE_KERNELS,
    RESULT_KERNELS,
    Unsupported,
    kernel_of,
)
from framework.batch.tables import Tables
from framework.errors import BoardspecError

if TYPE_CHECKING:
    from framework.game import Game

U64 = np.uint64
#: Recorded plies: (source, target) cell ids; a clone has source -1, a pass (-1, -1).
Ply = tuple[int, int]


@dataclass
class BatchResult:
    games: int
    plies: int
    #: Per game: the winning side, -1 for a draw, -2 for a game stopped at ``max_plies``.
    winners: np.ndarray[Any, Any]
    #: Per game: the plies played.
    lengths: np.ndarray[Any, Any]
    #: Per game, when recorded: the plies played.
    records: list[list[Ply]] = field(default_factory=list)
    #: Per game: the final bitboard of each side, shape (games, 2).
    boards: np.ndarray[Any, Any] = field(default_factory=lambda: np.zeros((0, 2), U64))


class BatchPlayouts:
    """Random playouts of one game, ``games`` at a time."""

    def __init__(self, game: Game, games: int = 4096, seed: int | None = None,
                 max_plies: int | None = None) -> None:
        self.game = game
        self.games = games
        self.rng = np.random.default_rng(seed)
        self.max_plies = max_plies or game.spec.max_plies or 10_000
        try:
            self._read_rules(game)
        except Unsupported as exc:
            raise BoardspecError(f"the batch backend cannot play {game.name}: {exc} (it "
                                 "plays two-player games of one kind of piece on boards of "
                                 "up to 64 cells, from blocks with a batch kernel: see "
                                 "framework/batch/kernels.py)") from None
        start = game.new_initial_state()
        # A start where the mover must pass needs no flag: a mover without moves passes.
        self.start = (start.owner[0], start.owner[1], start.to_move, start.halfmove,
                      start.winners)
        self.gaps = start.gaps

    def _read_rules(self, game: Game) -> None:
        if len(game.players) != 2 or game.spec.turn_order != "rotate":
            raise Unsupported("not two players in turn")
        if game.board.size > 64:
            raise Unsupported("more than 64 cells")
        if len(game.piece_kinds) != 1 or game.attributes or game.counters:
            raise Unsupported("more than one kind of piece, attributes or counters")
        if any(s.decides for s in game.setups) or game.goal_check_phases:
            raise Unsupported("a deciding setup or goal checks inside the turn")
        if game.spec.no_legal_move not in ("pass", "end_game") or game.restrictions:
            raise Unsupported("restrictions or another no_legal_move")
        first, *rest = game.phases
        options = getattr(first, "options", None)
        if not first.decides or options is None or getattr(first, "skip", None) or \
                first.skip_when_impossible or any(p.decides for p in rest):
            raise Unsupported("the turn is not one deciding moves phase then consequences")
        self.tables = Tables(game.board.size)
        self.moves = [kernel_of(PRIMITIVE_KERNELS, o.keyword, "the move primitive")(
            o, self.tables) for o in options]
        self.consequences = [kernel_of(CONSEQUENCE_KERNELS, p.keyword, "the phase")(
            p, self.tables) for p in rest]
        self.goals = [kernel_of(GOAL_KERNELS, g.keyword, "the goal")(g) for g in game.goals]
        if game.result is None:
            raise Unsupported("no result rule")
        self.result_of = kernel_of(RESULT_KERNELS, game.result.keyword, "the result")
        if game.result.params.equal != "draw":
            raise Unsupported("a majority whose tie is not a draw")
        self.bits = np.array([1 << i for i in range(game.board.size)], U64)
        self.all_mask = U64(game.board.all_mask)
        self.passes = game.spec.no_legal_move == "pass"

    def _can_move(self, pieces: np.ndarray[Any, Any], empty: np.ndarray[Any, Any]
                  ) -> np.ndarray[Any, Any]:
        found = np.zeros(len(pieces), bool)
        for kernel in self.moves:
            found |= kernel.any(self.tables, pieces, empty)
        return found

    def run(self, record: bool = False) -> BatchResult:
        """Play ``games`` random games to their end; return results (and plies if asked)."""
        t = self.tables
        games = self.games
        first, second, to_move, halfmove, winners = self.start
        boards = np.zeros((games, 2), U64)
        boards[:, 0], boards[:, 1] = first, second
        mover = np.full(games, to_move, np.int64)
        clock = np.full(games, halfmove, np.int64)
        result = np.full(games, -2, np.int8)
        lengths = np.zeros(games, np.int64)
        if winners is not None:
            result[:] = min(winners) if len(winners) == 1 else -1
        active = np.flatnonzero(result == -2)
        records: list[list[Ply]] = [[] for _ in range(games)] if record else []
        gaps, all_mask = U64(self.gaps), self.all_mask
        ply = 0
        while active.size and ply < self.max_plies:
            side = mover[active]
            own = boards[active, side]
            opp = boards[active, 1 - side]
            empty = all_mask & ~(own | opp | gaps)
            has = t.has(own)
            counted = [kernel.count(t, own, has, empty) for kernel in self.moves]
            total = np.zeros(active.size, np.int64)
            for counts, _ in counted:
                total += counts
            stuck = total == 0
            # A player without a move passes if the other can move; else the game is over.
            over = np.zeros(active.size, bool)
            if stuck.any():
                over = stuck & ~self._can_move(opp, empty) if self.passes else stuck
                if over.any():
                    result[active[over]] = self.result_of(own[over], opp[over], side[over])
            passing = stuck & ~over
            moving = ~stuck
            pick = (self.rng.random(active.size) * np.maximum(total, 1)).astype(np.int64)
            target = np.zeros(active.size, np.int64)
            source = np.full(active.size, -1, np.int64)
            resets = np.zeros(active.size, bool)
            before = np.zeros(active.size, np.int64)
            for kernel, (counts, aux) in zip(self.moves, counted, strict=True):
                chosen = moving & (pick >= before) & (pick < before + counts)
                rows = np.flatnonzero(chosen)
                if rows.size:
                    source[rows], target[rows] = kernel.choose(t, aux, rows, pick - before,
                                                               empty)
                    resets[rows] = kernel.resets
                before += counts
            landed = np.where(moving, self.bits[target], U64(0))
            left = np.where(moving & (source >= 0), self.bits[np.maximum(source, 0)], U64(0))
            own = np.asarray((own | landed) & ~left, U64)
            for consequence in self.consequences:
                own, opp = consequence.apply(target, moving, own, opp)
            played = active[moving | passing]
            boards[active, side] = own
            boards[active, 1 - side] = opp
            clock[active] = np.where(resets, 0, clock[active] + 1)
            mover[active] = 1 - side
            lengths[played] += 1
            if record:
                for g, s, tg, m in zip(active.tolist(), source.tolist(), target.tolist(),
                                       moving.tolist(), strict=True):
                    if result[g] == -2:
                        records[g].append((s, tg) if m else (-1, -1))
            self._end_of_turn(moving | passing, active, own, opp, side, clock, result)
            active = active[result[active] == -2]
            ply += 1
        return BatchResult(games=games, plies=int(lengths.sum()), winners=result,
                           lengths=lengths, records=records, boards=boards)

    def _end_of_turn(self, live: np.ndarray[Any, Any], active: np.ndarray[Any, Any],
                     own: np.ndarray[Any, Any], opp: np.ndarray[Any, Any],
                     side: np.ndarray[Any, Any], clock: np.ndarray[Any, Any],
                     result: np.ndarray[Any, Any]) -> None:
        """The goals, in the engine's way: every goal that fires counts; a scored one gives
        the result rule's verdict, and a draw stands only where none is scored."""
        scored = np.zeros(active.size, bool)
        drawn = np.zeros(active.size, bool)
        for goal in self.goals:
            fires, by_score = goal.fires(own, opp, clock[active])
            fires &= live
            if by_score:
                scored |= fires
            else:
                drawn |= fires
        if scored.any():
            verdict = self.result_of(own, opp, side)
            result[active[scored]] = verdict[scored]
        result[active[drawn & ~scored]] = -1
