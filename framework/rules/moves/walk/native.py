"""The native kernel piece of ``walk``: a piece walks up to its steps (an attribute's word,
or a fixed number, the lower of both) through empty cells, grown a ring of neighbours at a
time as ``Walk.targets`` grows them; with ``attack`` it may end on an enemy next to its
path, the attribute ``compare`` deciding who stays (``Walk.apply``)."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import FromSourcesPiece
from framework.kernel.slots import attribute_field


class WalkPiece(FromSourcesPiece):
    """``walk``: along empty cells, up to the piece's steps; an attack at the end."""

    KNOWN = frozenset({"piece", "steps", "attack", "notation"})
    PLACES = False
    WIDE = True

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        game = option.game
        self.near = self.table("NEAR", option.neighbours)
        kind = option.kind
        self.sources = "own" if kind < 0 else f"own & {self.m.get(f'KINDS + {kind}')}"
        steps = option.params.steps
        self.steps = attribute_field(game, steps.attribute) if steps.attribute else ""
        self.most = option.max_steps
        self.attack = option.attack
        self.compare = attribute_field(game, self.attack.compare) if self.attack else ""
        c = len(game.counters)
        self.score = f"COUNTERS + {{who}} * {c} + {option.score}" if option.score >= 0 else ""
        self.resets = option.resets_clock

    def _from(self, s: str) -> str:
        return f"{self.prefix}reach(st, {s}, enemy, empty)"

    def functions(self) -> list[str]:
        return [self.function("reach", "st, s, enemy, empty", self._reach()),
                *super().functions()]

    def _reach(self) -> list[str]:
        """The cells the piece on ``s`` may end on (``Walk.targets``)."""
        m = self.m
        n = (f"n = min(np.int64(st[{self.steps} + s]), {self.most})" if self.steps
             else f"n = {self.most}")
        lines = [n, "if n <= 0:", f"    return {m.zero}", f"reached = {m.zero}",
                 f"hits = {m.zero}", f"frontier = {m.bit('s')}", "for _ in range(n):",
                 f"    grown = {m.zero}", "    f = frontier", "    while f:",
                 f"        grown |= {m.row(self.near, 'low(f)')}", "        f &= f - ONE",
                 "    hits |= grown & enemy", "    frontier = grown & empty & ~reached",
                 "    if not frontier:", "        break", "    reached |= frontier"]
        a = self.attack
        if a is None:
            return [*lines, "return reached"]
        mine = f"np.int64(st[{self.compare} + s])"
        allowed = [f"mine = {mine}", f"if not hits or mine < {a.min_attacker}:",
                   "    return reached", "while hits:", "    t = low(hits)",
                   "    hits &= hits - ONE", f"    theirs = np.int64(st[{self.compare} + t])"]
        if not a.allow_stronger_target:
            allowed += ["    if theirs > mine:", "        continue"]
        if a.tie == "not_allowed":
            allowed += ["    if theirs == mine:", "        continue"]
        return [*lines, *allowed, f"    reached |= {m.bit('t')}", "return reached"]

    def apply(self) -> list[str]:
        m = self.m
        land = ["st[LANDED] = U64(dst + 1)", *(["st[RESET] = ONE"] if self.resets else [])]
        walk = ["move_piece(st, src, dst)", *land]
        if self.attack is None:
            return walk
        # As Walk.apply: the attacker stays when stronger, both go when equal.
        score = (lambda who: [f"st[{self.score.format(who=who)}] += ONE"]) if self.score \
            else (lambda who: [])
        return ["them = -1", "for s in range(S):",
                f"    if s != side and {m.test(m.get('s'), 'dst')}:", "        them = s",
                "if them < 0:", *("    " + line for line in walk), "    return",
                f"mine = np.int64(st[{self.compare} + src])",
                f"theirs = np.int64(st[{self.compare} + dst])",
                "if mine >= theirs:", "    remove(st, dst)",
                *("    " + line for line in score("side")),
                "if theirs >= mine:", "    remove(st, src)",
                *("    " + line for line in score("them")),
                "if mine > theirs:", *("    " + line for line in walk)]
