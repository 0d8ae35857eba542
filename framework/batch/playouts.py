"""Random playouts of thousands of games at once, with numpy arrays of bitboards.

``BatchPlayouts(game, games=4096).run()`` plays ``games`` uniformly random games from the
start to the end in lock step: each step is one ply of every unfinished game, computed with
whole-array operations on uint64 bitboards (one per side and game). It serves the games made
of these blocks, whatever the board (up to 64 cells) and their parameters:

- setup: ``fixed``; turn: ``clone_or_jump`` then ``convert_adjacent``;
- ``no_legal_move``: ``pass`` or ``end_game``; goals: ``no_pieces`` (``then: score``) and
  ``halfmove_clock``, checked at the end of each turn; result: ``majority``.

Other games raise ``BoardspecError``: the per-state engine plays them. The picks follow the
engine's rules exactly (tests replay recorded batch games through ``State.apply``) but use
numpy's generator, so a batch game is not the game ``random_playout`` plays for a seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

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
        self._read_rules(game)
        start = game.new_initial_state()
        # A start where the mover must pass needs no flag: a mover without moves passes.
        self.start = (start.owner[0], start.owner[1], start.to_move, start.halfmove,
                      start.winners)
        self.gaps = start.gaps

    def _read_rules(self, game: Game) -> None:
        from framework.goals.halfmove_clock import HalfmoveClock
        from framework.goals.majority import Majority
        from framework.goals.no_pieces import NoPieces
        from framework.phases.clone_or_jump import CloneOrJump
        from framework.phases.convert_adjacent import ConvertAdjacent

        phases = game.phases
        ok = (len(game.players) == 2 and game.board.size <= 64 and len(game.piece_kinds) == 1
              and not game.attributes and not game.counters and len(phases) == 2
              and isinstance(phases[0], CloneOrJump) and isinstance(phases[1], ConvertAdjacent)
              and not any(s.decides for s in game.setups) and not game.goal_check_phases
              and isinstance(game.result, Majority) and game.spec.no_legal_move in
              ("pass", "end_game"))
        self.halfmove_limit = 0
        self.no_pieces = False
        for goal in game.goals:
            if isinstance(goal, NoPieces) and goal.params.then == "score":
                self.no_pieces = True
            elif isinstance(goal, HalfmoveClock):
                self.halfmove_limit = goal.params.limit
            else:
                ok = False
        if not ok:
            raise BoardspecError(
                f"the batch backend cannot play {game.name}: it plays two-player games of "
                "fixed setups, clone_or_jump then convert_adjacent, no_pieces (then: score) "
                "and halfmove_clock goals and a majority result, on boards of up to 64 cells")
        move, convert = phases
        assert isinstance(move, CloneOrJump) and isinstance(convert, ConvertAdjacent)
        size = game.board.size
        self.size = size
        self.bits = np.array([1 << i for i in range(size)], U64)
        self.all_mask = U64(game.board.all_mask)
        self.clone_masks = np.array(move.clone_masks, U64)
        self.jump_masks = np.array(move.jump_masks, U64)
        self.reach_masks = self.clone_masks | self.jump_masks
        self.around = np.array(convert.around, U64)
        # Byte-wise tables: a bitboard is 8 bytes, and a table row per byte value replaces a
        # loop over its 8 cells (the union of clone or reach masks, the k-th set bit).
        self.near_table = self._byte_table(self.clone_masks)
        self.reach_table = self._byte_table(self.reach_masks)
        self.byte_offsets = (np.arange(8, dtype=np.intp) * 256)[:, None]
        # SELECT[v, r]: the position of the r-th set bit of the byte value v.
        self.select = np.zeros((256, 8), np.int64)
        for value in range(256):
            ones = [i for i in range(8) if value >> i & 1]
            self.select[value, :len(ones)] = ones
        self.clone_resets = move.clone_resets
        self.jump_resets = move.jump_resets
        self.passes = game.spec.no_legal_move == "pass"

    # ---------------------------------------------------------------------------------
    def _byte_table(self, masks: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """(8, 256): for byte ``b`` of a bitboard holding ``v``, the union of ``masks`` of
        its cells."""
        padded = np.zeros(64, U64)
        padded[:self.size] = masks
        table = np.zeros((8, 256), U64)
        for value in range(1, 256):
            low = (value & -value).bit_length() - 1
            table[:, value] = table[:, value & (value - 1)] | padded[np.arange(8) * 8 + low]
        return table

    def _bytes(self, boards: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """(games, 8) uint8: the bytes of each bitboard, lowest first."""
        return np.ascontiguousarray(boards).astype("<u8").view(np.uint8).reshape(-1, 8)

    def _union(self, table: np.ndarray[Any, Any], boards: np.ndarray[Any, Any]
               ) -> np.ndarray[Any, Any]:
        """Per game, the union of ``table``'s masks over the cells of ``boards``."""
        rows = table.ravel()[self._byte_rows(boards) + self.byte_offsets]  # (8, games)
        union = rows[0].copy()
        for row in rows[1:]:
            union |= row
        return union

    def _byte_rows(self, boards: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """(8, games) uint8: row i holds byte i of each bitboard."""
        return np.ascontiguousarray(self._bytes(boards).T)

    # Per-cell arrays are laid out (cells, games): sums and prefix sums then run along the
    # first axis, adding whole rows, which numpy does far faster than many short rows.
    def _has(self, pieces: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """(cells, games) bool: which cells hold a piece of ``pieces``."""
        rows = self._byte_rows(pieces)
        return np.unpackbits(rows, axis=0, bitorder="little")[:self.size].view(bool)

    def _can_move(self, pieces: np.ndarray[Any, Any], empty: np.ndarray[Any, Any]
                  ) -> np.ndarray[Any, Any]:
        return (self._union(self.reach_table, pieces) & empty) != 0

    # Row loops below beat numpy's own ``cumsum``/``sum`` along the first axis on these
    # shapes by several times (those walk short columns); int16 keeps the rows small.
    @staticmethod
    def _prefix_sums(rows: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """Running sums down the rows."""
        sums = rows.astype(np.int16)
        for i in range(1, len(sums)):
            sums[i] += sums[i - 1]
        return sums

    @staticmethod
    def _first_above(prefix: np.ndarray[Any, Any], k: np.ndarray[Any, Any]
                     ) -> np.ndarray[Any, Any]:
        """Per game (column), the first row whose running sum exceeds ``k``."""
        k = k.astype(np.int16)
        found = np.zeros(prefix.shape[1], np.int16)
        for row in prefix:
            found += row <= k
        return found.astype(np.intp)

    def _nth_bit(self, masks: np.ndarray[Any, Any], k: np.ndarray[Any, Any]
                 ) -> np.ndarray[Any, Any]:
        """Per game, the cell id of the ``k``-th set bit (0 = lowest) of ``masks``: first
        the byte that holds it, then the bit inside the byte."""
        rows = self._byte_rows(masks)
        counts = np.bitwise_count(rows)
        prefix = self._prefix_sums(counts)
        byte = self._first_above(prefix, k)
        games = np.arange(len(k))
        before = prefix[byte, games] - counts[byte, games]
        return byte * 8 + self.select[rows[byte, games], k - before]

    def _majority(self, mine: np.ndarray[Any, Any], theirs: np.ndarray[Any, Any],
                  side: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        a, b = np.bitwise_count(mine).astype(np.int16), np.bitwise_count(theirs).astype(np.int16)
        return np.where(a > b, side, np.where(b > a, 1 - side, -1)).astype(np.int8)

    def run(self, record: bool = False) -> BatchResult:
        """Play ``games`` random games to their end; return results (and plies if asked)."""
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
            has = self._has(own)
            near = self._union(self.near_table, own) & empty
            jump_counts = np.bitwise_count(self.jump_masks[:, None] & empty[None, :])
            jump_counts *= has
            clones = np.bitwise_count(near).astype(np.int64)
            per_source = self._prefix_sums(jump_counts)
            total = clones + per_source[-1]
            stuck = total == 0
            # A player without a move passes if the other can move; else the game is over.
            over = np.zeros(active.size, bool)
            if stuck.any():
                over = stuck & ~self._can_move(opp, empty) if self.passes else stuck
                if over.any():
                    result[active[over]] = self._majority(own[over], opp[over], side[over])
            passing = stuck & ~over
            moving = ~stuck
            pick = (self.rng.random(active.size) * np.maximum(total, 1)).astype(np.int64)
            is_clone = moving & (pick < clones)
            is_jump = moving & ~is_clone
            target = np.zeros(active.size, np.int64)
            source = np.full(active.size, -1, np.int64)
            if is_clone.any():
                target[is_clone] = self._nth_bit(near[is_clone], pick[is_clone])
            if is_jump.any():
                jumps = np.flatnonzero(is_jump)
                k = pick[jumps] - clones[jumps]
                # Every game's source (clones get a meaningless one): cheaper than first
                # gathering the columns of the jumping games.
                src = self._first_above(per_source, pick - clones)[jumps]
                before = per_source[src, jumps].astype(np.int64) - jump_counts[src, jumps]
                target[jumps] = self._nth_bit(self.jump_masks[src] & empty[jumps], k - before)
                source[jumps] = src
            landed = np.where(moving, self.bits[target], U64(0))
            left = np.where(is_jump, self.bits[np.maximum(source, 0)], U64(0))
            taken = np.where(moving, self.around[target], U64(0)) & opp
            own = np.asarray((own | landed | taken) & ~left, U64)
            opp = np.asarray(opp & ~taken, U64)
            played = active[moving | passing]
            boards[active, side] = own
            boards[active, 1 - side] = opp
            resets = (is_clone & self.clone_resets) | (is_jump & self.jump_resets)
            clock[active] = np.where(resets, 0, clock[active] + 1)
            mover[active] = 1 - side
            lengths[played] += 1
            if record:
                for g, s, t, m in zip(active.tolist(), source.tolist(), target.tolist(),
                                      moving.tolist(), strict=True):
                    if result[g] == -2:
                        records[g].append((s, t) if m else (-1, -1))
            # End of the turn: the goals, in the engine's way (every goal that fires counts).
            live = moving | passing
            emptied = np.zeros(active.size, bool)
            if self.no_pieces:
                emptied = live & ((own == 0) | (opp == 0))
            timed_out = live & (clock[active] >= self.halfmove_limit) if self.halfmove_limit \
                else np.zeros(active.size, bool)
            scored = self._majority(own, opp, side)
            result[active[emptied]] = scored[emptied]
            draw = timed_out & ~emptied
            result[active[draw]] = -1
            active = active[result[active] == -2]
            ply += 1
        return BatchResult(games=games, plies=int(lengths.sum()), winners=result,
                           lengths=lengths, records=records, boards=boards)
