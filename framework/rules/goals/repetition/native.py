"""The native kernel piece of ``repetition``: the compact state keeps, for the positions
since the half-move clock was last reset, one 64-bit hash each, at the index of the clock's
value then (``since: clock_reset`` bounds the history by the clock's limit).

At every check (the end of a turn, the clock already counted) the hash of the position is
written at its clock's index and the equal hashes from index 0 to there are counted. A hash
mixes the words of the key ``framework.engine.trail`` makes (the pieces' masks, the player to
move, the position's slots as a repetition counts them): two different positions could
share one only by a 64-bit collision, as with OpenSpiel's own Zobrist hashes.

Over the whole game (no ``since``: positional superko, ``times: 2, same: placement``) the
region keeps the number of boards seen in its first word and one hash per board after it,
from the board play began from (or the position was read from) to the one just reached, as
many as the game's ``max_plies`` allows (one board a turn). ``record`` writes the board at
every check, before any goal is evaluated and whatever the goal's ``if:`` says (as the
engine extends its trail); ``evaluate``, when its ``if:`` holds, counts the boards equal to
the last one. A board's hash mixes every word of its masks (each side's, each kind's, the
gaps), so boards of any width are hashed alike; with ``overrides`` the assembler lets the
ending stand over the other goals (``STANDS``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.engine.piles import piled_kinds
from framework.engine.playout import DEFAULT_MAX_PLIES
from framework.engine.slots import HALFMOVE
from framework.engine.trail import kept_slots
from framework.errors import BoardspecError
from framework.kernel.pieces import GoalPiece, Unsupported
from framework.kernel.slots import encoded, pile_field, slot_field
from framework.rules.phases.count_checks import checks_slot_name

if TYPE_CHECKING:
    import numpy as np

    from framework.engine.state import State

SEED = 0x84222325CBF29CE4
PRIME = 0x9E3779B97F4A7C15
MASK = (1 << 64) - 1


def mixed(words: Any) -> int:
    """The hash of a sequence of words, as the kernel computes it."""
    h = SEED
    for w in words:
        h = ((h ^ (int(w) & MASK)) * PRIME) & MASK
        h ^= h >> 32
    return h


class RepetitionPiece(GoalPiece):
    KNOWN = frozenset({"times", "same", "since", "winner", "overrides", "perpetual_check"})
    # The assembler's guard: over the whole game ``record`` writes the board whatever the
    # if: says; since the clock's reset an if: is refused (a skipped check would leave
    # the position unwritten).
    HANDLED = frozenset({"if_"})

    def __init__(self, goal: Any, index: int) -> None:
        super().__init__(goal, index)
        game, params = goal.game, goal.params
        #: The ending stands over the other goals of the check (``overrides``).
        self.STANDS = params.overrides
        self.whole = params.since != "clock_reset"
        #: Per side, the field of its run of checks (``perpetual_check``: a side whose run
        #: has reached it loses the repetition).
        self.runs = [slot_field(game, checks_slot_name(str(p))) for p in game.players] \
            if params.perpetual_check is not None else []
        if self.runs and not self.whole:
            raise Unsupported("repetition since the clock's reset with perpetual_check")
        if self.whole:
            self._whole_game(goal)
            return
        if goal.conditions:
            raise Unsupported("repetition since the clock's reset with an if: (a check it "
                              "skips would leave the position unwritten)")
        limits = [g.params.limit for g in game.goals if g.keyword == "halfmove_clock"]
        if not limits:
            raise Unsupported("repetition without a halfmove_clock goal (its limit bounds "
                              "the positions the compact state keeps)")
        #: The words of the state this piece keeps its hashes in (its own region).
        self.REGION = (f"{self.prefix}HIST", min(limits))
        self.placement = params.same == "placement"
        # The slots of the key, as the trail takes them, with the options that may count
        # one otherwise (an en passant cell nobody can take): their ``has`` kernels.
        table = game.slots
        self.kept = [i for i, s in enumerate(table.slots)
                     if s.scope != "turn" and not s.derived and i != HALFMOVE]
        self.readers: dict[int, list[str]] = {}
        options = game.turn_phases[0].block.options
        for o, option in enumerate(options):
            for i in option.repetition_reads():
                self.readers.setdefault(i, []).append(f"o{o}_has(st, side, own, enemy, empty)")
        self.SLOTS = tuple(table.slots[i].name for i in self.kept)

    def _whole_game(self, goal: Any) -> None:
        """The positions of the whole game: one hash each, as many as ``max_plies`` (or the
        engine's playout bound, ``DEFAULT_MAX_PLIES``) allows."""
        game = goal.game
        self.placement = goal.params.same == "placement"
        if not self.placement and any(o.repetition_reads() for p in game.turn_phases
                                      for o in getattr(p.block, "options", ())):
            raise Unsupported("repetition of whole positions whose rights a move may count "
                              "otherwise (an en passant cell: since: clock_reset)")
        self.WIDE = True
        #: Its ``record`` runs at every check, before the goals (the engine's trail).
        self.RECORDS = True
        #: The count, then the start's position and one a turn (the last: one spare); at
        #: the end of the state, out of the copies a move is tried on (``HEAD``).
        self.REGION = (f"{self.prefix}HIST", (game.spec.max_plies or DEFAULT_MAX_PLIES) + 3)
        self.HISTORY = True
        self.words = (len(game.players) + len(game.piece_kinds) + 1) * self.m.width
        #: A whole position's rights after the board: the player to move, the kept slots
        #: (hands, rights; as the trail keeps them) and the counters' words.
        self.kept = list(kept_slots(game))
        self.counters = len(game.players) * len(game.counters)

    def functions(self) -> list[str]:
        if not self.whole:
            return super().functions()
        region, width = self.REGION
        rights = [] if self.placement else [
            "st[TO_MOVE]",
            *(f"st[{self._field(i)}]"
              for i in self.kept),
            *(f"st[COUNTERS + {j}]" for j in range(self.counters))]
        record = [f"h = U64({SEED})", f"for i in range({self.words}):",
                  f"    h = (h ^ st[i]) * U64({PRIME})", "    h ^= h >> U64(32)",
                  *(line for word in rights for line in (
                      f"h = (h ^ U64({word})) * U64({PRIME})", "h ^= h >> U64(32)")),
                  f"n = np.int64(st[{region}])", f"if n < {width - 1}:",
                  f"    st[{region} + 1 + n] = h", f"    st[{region}] = U64(n + 1)"]
        return [self.function("record", "st", record), *super().functions()]

    def _evaluate_whole(self) -> list[str]:
        """The boards equal to the last one written, it included."""
        region, _ = self.REGION
        return [f"n = np.int64(st[{region}])", "if n == 0:",
                "    return False, False, np.int64(0)",
                f"h = st[{region} + n]", "seen = 0", "for j in range(n):",
                f"    if st[{region} + 1 + j] == h:", "        seen += 1",
                f"if seen < {self.goal.params.times}:", "    return False, False, np.int64(0)"]

    def _field(self, i: int) -> str:
        """The compact state's word of slot ``i``: its field, or a cell's word of the piles
        of a kind kept in piles (they live in a region of their own)."""
        game = self.goal.game
        name = game.slots.slots[i].name
        for kind in piled_kinds(game):
            if name.startswith(f"{kind}.") and name[len(kind) + 1:] in game.board.index:
                return f"{pile_field(game, kind)} + {game.board.cell(name[len(kind) + 1:])}"
        return slot_field(game, name)

    def _words(self) -> list[str]:
        """The expressions of the key's words, in the trail's order."""
        game = self.goal.game
        words = [f"st[{i}]" for i in range(len(game.players) + len(game.piece_kinds))]
        words.append("st[GAPS]")
        if self.placement:
            return words
        words.append("st[TO_MOVE]")
        for i in self.kept:
            field = f"st[{self._field(i)}]"
            readers = self.readers.get(i)
            words.append(f"({field} if {' or '.join(readers)} else ZERO)" if readers
                         else field)
        return words

    def evaluate(self) -> list[str]:
        if self.whole:
            return self._ending(self._evaluate_whole())
        region, width = self.REGION
        lines = ["side = np.int64(st[TO_MOVE])", "own, enemy, empty = masks(st, side)",
                 f"h = U64({SEED})"]
        for word in self._words():
            lines += [f"h = (h ^ U64({word})) * U64({PRIME})", "h ^= h >> U64(32)"]
        lines += ["hm = np.int64(st[HALFMOVE])", f"if hm >= {width}:",
                  "    return False, False, np.int64(0)",  # the clock's goal ends it
                  f"st[{region} + hm] = h", "seen = 0", "for j in range(hm + 1):",
                  f"    if st[{region} + j] == h:", "        seen += 1",
                  f"if seen < {self.goal.params.times}:", "    return False, False, np.int64(0)"]
        return self._ending(lines)

    def _ending(self, lines: list[str]) -> list[str]:
        """``lines``, then the return of a repetition found: who wins it (a side whose run
        of checks has reached ``perpetual_check`` loses, the first in turn order)."""
        everyone = "((np.int64(1) << S) - 1)"
        for side, field in enumerate(self.runs):
            lines = [*lines, f"if np.int64(st[{field}]) >= {self.goal.params.perpetual_check}:",
                     f"    return True, False, {everyone} & ~(np.int64(1) << {side})"]
        winner = self.goal.params.winner
        if winner == "score":  # the result rule decides, as at any other scored end
            return [*lines, "return True, True, np.int64(0)"]
        if winner == "draw":
            return [*lines, "return True, False, np.int64(0)"]
        mover = "(np.int64(1) << np.int64(st[LAST_MOVER]))"
        if winner == "mover":
            return [*lines, f"return True, False, {mover}"]
        return [*lines, f"return True, False, ((np.int64(1) << S) - 1) & ~{mover}"]

    def encode_into(self, state: State, st: np.ndarray[Any, Any], at: dict[str, int]) -> None:
        """Write the hashes of the state's history since the clock's reset (or of its
        position alone) into the region; over the whole game, of every board of its trail
        and their number."""
        import numpy as np  # the fast extra's: the support check loads this piece without it

        game = state.game
        region, width = self.REGION
        trail = state.trail or (game.trail_key(state),) if game.trail_key else ()
        if self.whole:
            if len(trail) > width - 1:
                raise BoardspecError(f"the position has a history of {len(trail)} boards, "
                                     f"more than the native state keeps ({width - 1}: the "
                                     "game's max_plies and the start)")
            for j, key in enumerate(trail):
                st[at[region] + 1 + j] = np.uint64(self.hash_of(key))
            st[at[region]] = len(trail)
            return
        halfmove = state.vars[HALFMOVE]
        recent = trail[-1 - halfmove:]
        first = halfmove + 1 - len(recent)  # the clock's value at the first one kept
        for j, key in enumerate(recent):
            if first + j < width:
                st[at[region] + first + j] = np.uint64(self.hash_of(key))

    def hash_of(self, key: Any) -> int:
        placement, rights = key
        if self.whole:  # every word of every mask, as ``record`` reads the state
            board = [w for mask in placement for w in self.m.words(mask)]
            if self.placement:
                return mixed(board)
            slots = self.goal.game.slots.slots
            kept = [encoded(slots[i], v)
                    for i, v in zip(self.kept, rights[1:1 + len(self.kept)], strict=True)]
            return mixed([*board, rights[0], *kept, *rights[1 + len(self.kept):]])
        if self.placement:
            return mixed(placement)
        game = self.goal.game
        values = [encoded(game.slots.slots[i], v)
                  for i, v in zip(self.kept, rights[1:1 + len(self.kept)], strict=True)]
        return mixed([*placement, rights[0], *values])
