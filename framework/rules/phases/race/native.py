"""The native kernel piece of ``race``: the dice of the roll played along each side's
track, one action a play of both dice, as ``Race.sequences`` lists them.

A point's stack is its checker's word of the attribute that counts it (the compact
state's ``ATTRS`` region), the bar and the borne-off checkers the counters' words. A move
names its steps, each ``from * 8 + die`` (``from`` a track index, or the track's length
for the bar), the first in the target's bits and the second in the source's (the source
field holds the second + 1, as it holds a source cell + 1): a pass (no die can be played)
is the move with neither. The second step is found on a copy of the state after the
first, so a hit or a checker that entered counts as it does in ``Race._extend``; then as
many dice as can be are played, and when one can, the higher one when it can.
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import PrimitivePiece, Unsupported
from framework.kernel.slots import attribute_field, slot_field
from framework.rules.phases.race import BAR

#: The step's die in its low three bits (a die of at most 7 faces).
DIE_BITS = 3


class RacePiece(PrimitivePiece):
    """``race``: both dice of the roll played with checkers along the track."""

    KNOWN = frozenset({"roll", "piece", "attribute", "tracks", "home", "bar", "borne_off"})
    HANDLED = frozenset()
    PLACES = False  # a checker that lands on an empty point is no piece out of a supply
    #: The piece is its phase's whole decision (no options): the assembler lists its moves
    #: as a moves phase's option 0, and asks it whether the phase decides again.
    WHOLE_PHASE = True
    #: Its ``continues(st)``: whether the phase decides again (a double's second play).
    CONTINUES = True
    #: Its ``distance(st, side)``: the pip count (``Race.distance``), for the evaluation.
    MEASURES = True

    def __init__(self, phase: Any, index: int) -> None:
        super().__init__(phase, index)
        self.phase = phase
        game = phase.game
        roll = phase.roll_params
        if roll.dice != 2:
            rolled = "one die" if roll.dice == 1 else f"{roll.dice} dice"
            raise Unsupported(f"race after a roll of {rolled} (the kernels play two dice)")
        if roll.faces >= 1 << DIE_BITS or phase.length * 8 + 7 > self.m.cell_mask:
            raise Unsupported("race with dice or tracks too long for a move's steps")
        self.length = phase.length
        self.home = phase.params.home
        self.kind = phase.kind
        self.stack = attribute_field(game, phase.params.attribute)
        c = len(game.counters)
        self.bar = f"COUNTERS + side * {c} + {phase.bar}"
        self.holder_bar = f"COUNTERS + s * {c} + {phase.bar}"
        self.off = f"COUNTERS + side * {c} + {phase.off}"
        self.dice_fields = [slot_field(game, f"die_{i + 1}") for i in range(2)]
        self.repeat = slot_field(game, "doubles_played")
        self.twice = phase.twice
        #: The most plays listed at once: a first step (a point or the bar, either die),
        #: then a second from the position it leaves.
        self.most = 2 * (self.length + 1) ** 2 + 1
        self.track = self.table("TRACK", [c for t in phase.tracks for c in t], "int64")

    # Moves and actions ------------------------------------------------------------------
    def action_of(self, state: Any, move: int) -> Any:
        """The ``Race`` action a native move of this piece stands for in ``state``."""
        first = move & self.m.cell_mask
        second = (move >> self.m.src_shift) & self.m.cell_mask
        steps = tuple((BAR if s >> DIE_BITS == self.length else s >> DIE_BITS,
                       s & (1 << DIE_BITS) - 1) for s in (first, second) if s)
        return self.phase.action_of(state.to_move, steps)

    def move_of(self, action: Any) -> int:
        """The native move of a ``Race`` action (``action_of`` read backwards)."""
        codes = [(self.length if t == BAR else t) << DIE_BITS | d
                 for t, d in self.phase.steps_of(action)]
        codes += [0] * (2 - len(codes))
        return self.code | codes[1] << self.m.src_shift | codes[0]

    def functions(self) -> list[str]:
        m, n = self.m, self.length
        cell = f"{self.track}[side * {n} + t]"
        # The checkers of ``who`` on ``c``: its stack's word where it owns the cell.
        held = ["if " + m.test(m.get("who"), "c") + ":",
                f"    return np.int64(st[{self.stack} + c])", "return np.int64(0)"]
        # The checkers of every other side on ``c`` (one side at most holds a point; with
        # three or four players each other side is an enemy).
        foes = ["for s in range(S):",
                "    if s != side and " + m.test(m.get("s"), "c") + ":",
                f"        return np.int64(st[{self.stack} + c])", "return np.int64(0)"]
        return [self.function("held", "st, who, c", held),
                self.function("foes", "st, side, c", foes),
                self.function("steps", "st, side, lo, hi, out", self._steps(cell)),
                self.function("step", "st, side, s", self._step()),
                self.function("walk", "st, side, buf, n, write", self._walk()),
                *super().functions(),
                self.function("continues", "st", [f"return st[{self.repeat}] == ONE"]),
                self.function("distance", "st, side", self._distance(cell))]

    def _distance(self, cell: str) -> list[str]:
        """As ``Race.distance``: per checker, the points to the end of the track and one
        more to bear it off; a checker on the bar has the whole track to go."""
        n = self.length
        return [f"total = np.int64(st[{self.bar}]) * {n + 1}", f"for t in range({n}):",
                f"    c = {cell}", f"    total += {self.prefix}held(st, side, c) * ({n} - t)",
                "return total"]

    def _steps(self, cell: str) -> list[str]:
        """Every single die (``lo``, ``hi``: the two values, equal for a double) the
        mover may play now into ``out`` (``Race._steps``); returns how many."""
        p, n = self.prefix, self.length
        bar_steps = [f"if st[{self.bar}] != ZERO:", "    for j in range(2):",
                     "        d = lo if j == 0 else hi", "        if j == 1 and hi == lo:",
                     "            break",
                     f"        if d - 1 < {n} and {p}foes(st, side, "
                     f"{self.track}[side * {n} + d - 1]) < 2:",
                     f"            out[k] = {n * 8} + d", "            k += 1",
                     "    return k"]
        start = n - self.home
        return ["k = 0", *bar_steps, "all_home = True", f"for t in range({start}):",
                f"    c = {cell}", f"    if {p}held(st, side, c) > 0:",
                "        all_home = False", "        break", "furthest = -1",
                f"for t in range({start}, {n}):", f"    c = {cell}",
                f"    if {p}held(st, side, c) > 0:", "        furthest = t", "        break",
                f"for t in range({n}):", f"    c = {cell}",
                f"    if {p}held(st, side, c) == 0:", "        continue",
                "    for j in range(2):", "        d = lo if j == 0 else hi",
                "        if j == 1 and hi == lo:", "            break", "        to = t + d",
                f"        if to >= {n}:",
                f"            if all_home and (to == {n} or t == furthest):",
                "                out[k] = t * 8 + d", "                k += 1",
                f"        elif {p}foes(st, side, {self.track}[side * {n} + to]) < 2:",
                "            out[k] = t * 8 + d", "            k += 1",
                "return k"]

    def _step(self) -> list[str]:
        """One die played (``Race.apply``'s loop body): from the bar or a point, onto a
        point (a lone enemy checker there to its owner's bar) or off."""
        n, count = self.length, self.stack
        return ["t = s >> 3", "d = s & 7", f"if t == {n}:", f"    st[{self.bar}] -= ONE",
                "    to = d - 1", "else:", f"    c = {self.track}[side * {n} + t]",
                f"    st[{count} + c] -= ONE", f"    if st[{count} + c] == ZERO:",
                "        remove(st, c)", "    to = t + d", f"if to >= {n}:",
                f"    st[{self.off}] += ONE", "    return",
                f"c = {self.track}[side * {n} + to]", "for s in range(S):",
                f"    if s != side and {self.m.test(self.m.get('s'), 'c')}:",
                "        remove(st, c)", f"        st[{self.holder_bar}] += ONE",
                "        break",
                f"if {self.m.test(self.m.get('side'), 'c')}:", f"    st[{count} + c] += ONE",
                "else:", f"    place(st, c, side, {self.kind})", f"    st[{count} + c] = ONE"]

    def _walk(self) -> list[str]:
        """The plays of both dice (``write``: into ``buf`` from ``n``); returns the new
        ``n``. Both dice when some play uses both, else one die — the higher where it can
        be played —, else the pass (no step)."""
        p, code, shift = self.prefix, self.code, self.m.src_shift
        d1, d2 = (f"np.int64(st[{f}])" for f in self.dice_fields)
        size = 2 * self.length + 2
        return [f"a = {d1}", f"b = {d2}", "lo = min(a, b)", "hi = max(a, b)",
                f"first = np.empty({size}, np.int64)", f"second = np.empty({size}, np.int64)",
                f"k = {p}steps(st, side, lo, hi, first)",
                "trial = np.empty(HEAD, np.uint64)", "both = 0", "for i in range(k):",
                "    s = first[i]", "    rest = hi if (s & 7) == lo else lo",
                "    copy_into(trial, st)", f"    {p}step(trial, side, s)",
                f"    k2 = {p}steps(trial, side, rest, rest, second)",
                "    for j in range(k2):", "        if write:",
                f"            buf[n] = {code} | (second[j] << {shift}) | s",
                "        n += 1", "        both += 1",
                "if both > 0:", "    return n", "if k == 0:", "    if write:",
                f"        buf[n] = {code}", "    return n + 1",
                "higher = False", "for i in range(k):", "    if (first[i] & 7) == hi:",
                "        higher = True", "for i in range(k):",
                "    if (first[i] & 7) == hi or not higher:", "        if write:",
                f"            buf[n] = {code} | first[i]", "        n += 1", "return n"]

    def gen(self) -> list[str]:
        return [f"return {self.prefix}walk(st, side, buf, n, True)"]

    def count(self) -> list[str]:
        return [f"return {self.prefix}walk(st, side, np.empty(0, np.int64), 0, False)"]

    def has(self) -> list[str]:
        return ["return True  # with the dice rolled, a play or the pass"]

    def apply(self) -> list[str]:
        # As Race.apply: the steps, then the plays of a double counted.
        p = self.prefix
        d1, d2 = (f"st[{f}]" for f in self.dice_fields)
        lines = ["played = 0", "if dst != 0:", f"    {p}step(st, side, dst)", "    played += 1",
                 "if src >= 0:", f"    {p}step(st, side, src + 1)", "    played += 1"]
        if self.twice:
            lines += [f"if st[{self.repeat}] == ZERO and {d1} == {d2}:",
                      f"    st[{self.repeat}] = ONE if played == 2 else U64(2)",
                      f"elif st[{self.repeat}] == ONE:", f"    st[{self.repeat}] = U64(2)"]
        return lines
