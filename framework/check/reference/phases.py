"""Reference automatic phases (the consequences): each one read straight from its rule text
(the plugin's docstring and the game's rule pages), on cell names and piece dicts. The
deciding phases are ``moves`` and its presets (``framework/check/reference/moves.py``)."""

from __future__ import annotations

from framework.check.reference.position import RefState
from framework.check.reference.rules import Effect, RefPhase, RefRestriction, reference
from framework.spec.zones import per_player, zone_cells


@reference("phases", "convert_adjacent")
class RefConvertAdjacent(RefPhase):
    """Enemy pieces within the distance of the landing cell change owner."""

    decides = False

    def run(self, s: RefState) -> None:
        landed = s.vars["landed"]
        if landed is None:
            return
        for cell in self.board.within(landed, self.params.distance):
            if cell in s.cells and s.cells[cell]["owner"] != s.to_move:
                s.cells[cell]["owner"] = s.to_move


@reference("phases", "promote")
class RefPromote(RefPhase):
    """The mover's piece on the cell the last action landed on, in the mover's zone,
    becomes the ``to`` kind (only a ``piece`` when one is named)."""

    decides = False

    def run(self, s: RefState) -> None:
        p = self.params
        landed = s.vars["landed"]
        piece = s.cells.get(landed) if landed is not None else None
        if piece is None or piece["owner"] != s.to_move or piece["piece"] == p.to:
            return
        if p.piece is not None and piece["piece"] != p.piece:
            return
        items = per_player(self.game.spec.zones[p.zone], tuple(self.game.players))
        if landed in {c for _, c in zone_cells(items[s.to_move], self.board.graph)}:
            piece["piece"] = p.to


@reference("phases", "sweep")
class RefSweep(RefPhase):
    """Remove, all at once, every enemy piece with fewer empty neighbours than the sum of
    the listed attributes; the mover scores one per piece."""

    decides = False

    def run(self, s: RefState) -> None:
        p = self.params
        doomed = []
        for cell, piece in s.cells.items():
            if piece["owner"] == s.to_move or p.piece not in (None, piece["piece"]):
                continue
            need = sum(piece.get(a, 0) for a in p.attributes)
            room = sum(1 for n in self.board.neighbours(cell) if s.empty(n))
            if room < need:
                doomed.append(cell)
        for cell in doomed:
            del s.cells[cell]
        if p.score:
            s.counters[s.to_move][p.score] += len(doomed)


@reference("restrictions", "compulsory")
class RefCompulsory(RefRestriction):
    """If any legal action is of one of the kinds, only those are legal."""

    def applies_to(self, phase: str) -> bool:
        return self.params.phases is None or phase in self.params.phases

    def allowed(self, s: RefState, moves: dict[str, Effect]) -> dict[str, Effect]:
        forced = {n: e for n, e in moves.items()
                  if getattr(e, "kind", None) in self.params.kinds}
        return forced or moves
