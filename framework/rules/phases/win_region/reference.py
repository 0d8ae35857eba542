"""The reference twin of ``win_region``: from the landing cell, rows of the mover's pieces
walked on the graph one step at a time, each cell of the row inside the landing's block;
the block's cells then written down as the mover's."""

from __future__ import annotations

from framework.reference.candidate import region_cells, region_of
from framework.reference.position import RefState
from framework.reference.rules import RefPhase


class RefWinRegion(RefPhase):
    decides = False

    def run(self, s: RefState) -> None:
        p = self.params
        landed = s.vars.get("landed")
        if landed is None:
            return
        cells = region_cells(self, p.regions, region_of(self, p.regions, landed))
        keys = [f"won.{p.regions}.{player}" for player in self.game.players]
        if any(cells & set(s.vars[k]) for k in keys):
            return
        mine = {c for c in cells if s.cells.get(c, {}).get("owner") == s.to_move}
        for start in mine:
            for d in self.board.directions:
                run, at = 1, self.board.step(start, d)
                while at in mine and run < p.length:
                    run, at = run + 1, self.board.step(at, d)
                if run >= p.length:
                    key = f"won.{p.regions}.{s.to_move}"
                    s.vars[key] = sorted(set(s.vars[key]) | cells)
                    return
