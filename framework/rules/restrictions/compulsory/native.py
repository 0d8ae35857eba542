"""The native kernel piece of ``compulsory``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import STOP_OPTION, PrimitivePiece, RestrictionPiece, Unsupported


class CompulsoryPiece(RestrictionPiece):
    """``compulsory``: when a move of the forced kinds is legal, only those are (each
    option makes one kind, so the forced moves are those of the forced options).

    With ``longest``, of several forced moves only those that begin the longest run of
    forced moves within the turn stay: ``run`` searches below each one, depth first on an
    explicit stack, the phase's moves of the forced kinds (``gen_raw``), for as long as
    the same player's turn goes on — the length ``Compulsory._run`` finds, since the
    child's legal moves there are cut to their own longest runs."""

    KNOWN = frozenset({"kinds", "phases", "longest"})

    def __init__(self, restriction: Any, index: int, moves: list[PrimitivePiece],
                 skippable: bool) -> None:
        super().__init__(restriction, index, moves, skippable)
        kinds = set(restriction.params.kinds)
        if kinds & {"skip", "stop"}:
            raise Unsupported("compulsory with the kind skip or stop")
        self.forced = [m for m in moves if {k for k, _ in m.option.kinds()} & kinds]
        for m in self.forced:
            if not {k for k, _ in m.option.kinds()} <= kinds:
                raise Unsupported(f"compulsory on some of the kinds of one option "
                                  f"({m.option.keyword})")
        self.longest = restriction.params.longest
        if self.longest and len(restriction.game.restrictions) > 1:
            # The runs would be of the moves the other rules leave: not searched here.
            raise Unsupported("compulsory with longest: true beside another restriction")
        self.keeps_stop = not self.longest and self._stop_stays(restriction)
        codes = {m.index for m in self.forced}
        # 1: a forced move; 2: a chain's stop, which stays beside forced moves.
        self.forced_table = self.table("FORCED", [
            1 if i in codes else 2 if self.keeps_stop and i == STOP_OPTION else 0
            for i in range(256)], "int64")
        #: The entry of the table for the move ``buf[i]`` (its option).
        self.forced_of = f"{self.forced_table}[buf[i] >> {self.m.opt_shift}]"

    @staticmethod
    def _stop_stays(restriction: Any) -> bool:
        """Whether the rule keeps a chain's ``stop`` beside the forced moves (forcing the
        first capture, not the chain's going on): the reference rule's own answer, asked
        once here, so the kernels keep what ``Compulsory.allowed`` keeps."""
        from framework.engine.action import Action

        probe = [Action("", restriction.params.kinds[0]), Action("", "stop")]
        return len(restriction.allowed(None, probe)) == 2

    def functions(self) -> list[str]:
        found = super().functions()
        if self.longest:
            found += [self.function("forced", "node, side, turn, buf", self.forced_at()),
                      self.function("run", "st, mv", self.run())]
        return found

    def _keep_forced(self) -> list[str]:
        return ["kept = 0", "for i in range(n):",
                f"    if {self.forced_of} == 1:", "        buf[kept] = buf[i]",
                "        kept += 1"]

    def filter(self) -> list[str]:
        if self.keeps_stop:  # a stop alone is no forced move: count those first
            return ["forced = 0", "for i in range(n):",
                    f"    if {self.forced_of} == 1:", "        forced += 1",
                    "if forced == 0:", "    return n", "kept = 0", "for i in range(n):",
                    f"    if {self.forced_of}:", "        buf[kept] = buf[i]",
                    "        kept += 1", "return kept"]
        if not self.longest:
            return [*self._keep_forced(), "return kept if kept else n"]
        return [*self._keep_forced(), "if kept <= 1:", "    return kept if kept else n",
                "runs = np.empty(kept, np.int64)", "best = 0",
                "for i in range(kept):", f"    runs[i] = {self.prefix}run(st, buf[i])",
                "    best = max(best, runs[i])", "m = 0", "for i in range(kept):",
                "    if runs[i] == best:", "        buf[m] = buf[i]", "        m += 1",
                "return m"]

    def forced_at(self) -> list[str]:
        """The forced moves at ``node`` while it is still ``side``'s turn ``turn``."""
        return ["if node[WINNERS] != ZERO or np.int64(node[TO_MOVE]) != side or "
                "node[FULLMOVE] != turn:", "    return 0", "n = gen_raw(node, side, buf)",
                *self._keep_forced(), "return kept"]

    def run(self) -> list[str]:
        """How many forced moves the turn takes at most when it begins with ``mv``."""
        return ["side = np.int64(st[TO_MOVE])", "turn = st[FULLMOVE]",
                "levels = MAXCHAIN + 1", "stack = np.empty((levels, L), np.uint64)",
                "moves = np.empty((levels, MAXM), np.int64)",
                "found = np.zeros(levels, np.int64)", "next_ = np.zeros(levels, np.int64)",
                "copy_into(stack[0], st)", "make_move(stack[0], mv)",
                f"found[0] = {self.prefix}forced(stack[0], side, turn, moves[0])",
                "best = 1", "level = 0", "while level >= 0:",
                "    if next_[level] >= found[level]:", "        level -= 1", "        continue",
                "    child = stack[level + 1]", "    copy_into(child, stack[level])",
                "    make_move(child, moves[level, next_[level]])", "    next_[level] += 1",
                "    level += 1", "    best = max(best, level + 1)",
                f"    found[level] = {self.prefix}forced(child, side, turn, moves[level])",
                "    next_[level] = 0", "return best"]

    def count(self) -> list[str] | None:
        if self.longest:  # counted from the moves the filter keeps
            return None
        args = PrimitivePiece.ARGS
        forced = " + ".join(f"{m.prefix}count({args})" for m in self.forced) or "0"
        rest = " + ".join(f"{m.prefix}count({args})" for m in self.moves
                          if m not in self.forced) or "0"
        return [f"n = {forced}", "if n:", "    return n",
                f"return {rest} + {int(self.skippable)}"]
