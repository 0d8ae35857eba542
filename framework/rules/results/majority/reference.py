"""The reference twin of ``majority``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.engine.slots import pile_slot_name
from framework.reference.position import RefState
from framework.reference.rules import RefResult
from framework.spec.zones import zone_cell_names


class RefMajority(RefResult):
    def winners(self, s: RefState) -> set[str]:
        counts = {p: self.count(s, p) for p in self.game.players}
        best = max(counts.values())
        leaders = {p for p, n in counts.items() if n == best}
        return leaders if len(leaders) == 1 or self.params.equal == "shared" else set()

    def scores(self, s: RefState) -> dict[str, float]:
        return {p: float(self.count(s, p)) for p in self.game.players}

    def count(self, s: RefState, player: str) -> int:
        p = self.params
        if p.counter is not None:
            return int(s.counters[player][p.counter])
        if p.zones is not None:
            cells = set().union(*(zone_cell_names(self.game.spec, z, player, self.board.graph)
                                  for z in p.zones))
            return sum(s.vars[pile_slot_name(p.piece, c)] for c in cells)
        return len(s.pieces_of(player, p.piece))
