"""The reference twin of ``insufficient_material``: the pieces on the board tallied by kind
name from the position's dictionary, each combination read as its text says."""

from __future__ import annotations

from collections import Counter

from framework.reference.position import RefState
from framework.reference.rules import RefGoal, RefVerdict
from framework.spec.zones import zone_cell_names


class RefInsufficientMaterial(RefGoal):
    def verdict(self, s: RefState) -> RefVerdict:
        p = self.params
        left = {cell: piece["piece"] for cell, piece in s.cells.items()
                if piece["piece"] not in p.ignore}
        tally = Counter(left.values())
        for m in p.draws:
            if any(kind not in m.pieces for kind in tally):
                continue  # a kind the combination does not allow is on the board
            if any(n != "any" and tally.get(kind, 0) != n for kind, n in m.pieces.items()):
                continue
            if m.shade:
                # the zone is the same for every player here: the first player's view
                zone = zone_cell_names(self.game.spec, m.shade, self.game.players[0],
                                       self.board.graph)
                inside = {cell in zone for cell, kind in left.items() if kind in m.pieces}
                if len(inside) > 1:
                    continue
            return set()
        return None
