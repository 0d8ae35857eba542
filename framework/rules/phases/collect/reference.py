"""The reference twin of ``collect``: the landing cell and the cells across by name, the
chain walked on the graph one step at a time, the grand slam read as "the opponents' cells
of the zone that would be left hold nothing", the mover's cell of the zone read from the
file, the piles moved slot by slot."""

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
        spec, graph = self.game.spec, self.board.graph
        (store,) = zone_cell_names(spec, p.into, s.to_move, graph)
        taken: list[str] = [landed] if p.landing else []
        if p.across is not None:
            cell: str | None = landed
            for _ in range(p.reach):
                cell = stepped(self, cell, p.across, s.to_move) if cell else None
                if cell is not None and cell not in taken:
                    taken.append(cell)
        if p.chain is not None:
            origin = s.vars.get("departed")
            cell = self._before(landed, s.to_move)
            while cell is not None and cell != origin and cell not in taken and \
                    s.vars[pile_slot_name(p.piece, cell)] in p.chain.counts:
                taken.append(cell)
                cell = self._before(cell, s.to_move)
        if p.spare is not None:
            mine = zone_cell_names(spec, p.spare, s.to_move, graph)
            theirs = set().union(*(zone_cell_names(spec, p.spare, q, graph)
                                   for q in self.game.players if q != s.to_move)) - mine
            if theirs and all(s.vars[pile_slot_name(p.piece, c)] == 0
                              for c in theirs - set(taken)):
                return
        for cell in taken:
            s.vars[pile_slot_name(p.piece, store)] += s.vars[pile_slot_name(p.piece, cell)]
            s.vars[pile_slot_name(p.piece, cell)] = 0

    def _before(self, cell: str, player: str) -> str | None:
        """The chain's next cell after ``cell``: one step its way, or the one before along
        the player's track."""
        chain = self.params.chain
        if chain.step is not None:
            return stepped(self, cell, chain.step, player)
        track = chain.track[player] if isinstance(chain.track, dict) else chain.track
        return track[track.index(cell) - 1] if cell in track else None
