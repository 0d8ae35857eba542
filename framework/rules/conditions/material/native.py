"""The native kernel piece of ``material``: its share of a game's generated numba module,
as Python source (``framework.kernel``; no numba import here)."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import ConditionPiece


class MaterialPiece(ConditionPiece):
    """``material``: for each side ``of`` names, each kind's weight times its pieces on the
    side's zone (a popcount of the masks), plus, with ``hand: true``, times the pieces the
    side holds in hand (the hand's field, ``HAND``), compared with the bounds."""

    KNOWN = frozenset({"of", "zone", "hand", "weights", "ignore", "at_least", "at_most",
                       "exactly", "not_"})
    WIDE = True

    def __init__(self, condition: Any, prefix: str) -> None:
        super().__init__(condition, prefix)
        game = condition.game
        self.zone = self.table("ZONE", condition.zone)  # per side (its own zone)
        self.worth = self.table("WORTH", condition.worth, "int64")
        held = [int(condition.params.hand and bool(game.spec.pieces[k].hand))
                for k in game.piece_kinds]
        self.held = self.table("HELD", held, "int64") if any(held) else ""

    def holds(self) -> list[str]:
        p, m = self.condition.params, self.m
        bounds = [f"n >= {p.at_least}" if p.at_least is not None else "",
                  f"n <= {p.at_most}" if p.at_most is not None else "",
                  f"n == {p.exactly}" if p.exactly is not None else ""]
        hand = ([f"            if {self.held}[k]:",
                 "                n += w * np.int64(st[HAND[k * S + s]])"] if self.held else [])
        return ["n = 0", "for s in range(S):", f"    if {self.sides_counted(p.of)}:",
                f"        mine = {m.get('s')} & {m.row(self.zone, 's')}",
                "        for k in range(K):", f"            w = {self.worth}[k]",
                "            if w == 0:", "                continue",
                f"            n += w * count(mine & {m.get('KINDS + k')})", *hand,
                f"return {' and '.join(b for b in bounds if b) or 'True'}"]
