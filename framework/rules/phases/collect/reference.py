"""The reference twin of ``collect``: the landing cell and the cell across by name, the
mover's cell of the zone read from the file, the piles moved slot by slot."""

from __future__ import annotations

from framework.engine.slots import pile_slot_name
from framework.reference.position import RefState
from framework.reference.rules import RefPhase
from framework.rules.conditions.pile.reference import stepped
from framework.spec.zones import zone_cell_names


class RefCollect(RefPhase):
    decides = False

    def run(self, s: RefState) -> None:
        landed = s.vars.get("landed")
        if landed is None:
            return
        p = self.params
        (store,) = zone_cell_names(self.game.spec, p.into, s.to_move, self.board.graph)
        taken = {landed}
        if p.across is not None:
            other = stepped(self, landed, p.across, s.to_move)
            if other is not None:
                taken.add(other)
        for cell in taken:
            s.vars[pile_slot_name(p.piece, store)] += s.vars[pile_slot_name(p.piece, cell)]
            s.vars[pile_slot_name(p.piece, cell)] = 0
