"""Reference automatic phases (the consequences): each one read straight from its rule text
(the plugin's docstring and the game's rule pages), on cell names and piece dicts. The
deciding phases are ``moves`` and its presets (``framework/check/reference/moves.py``)."""

from __future__ import annotations

from typing import Any

from framework.check.reference.moves import outflanked_from, tagged
from framework.check.reference.position import RefState
from framework.check.reference.rules import Effect, RefPhase, RefRestriction, reference
from framework.spec.zones import zone_cell_names


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
    becomes the ``to`` kind (only a ``piece`` when one is named); with a list of kinds the
    player chooses one, written ``{at}={to}``, and the step is passed over when no piece is
    due."""

    def __init__(self, params: Any, game: Any) -> None:
        super().__init__(params, game)
        self.choice = isinstance(params.to, list)
        self.decides = self.choice

    def skip_when_impossible(self, s: RefState) -> bool:
        return True

    def due(self, s: RefState) -> str | None:
        p = self.params
        kinds = p.to if self.choice else [p.to]
        landed = s.vars["landed"]
        piece = s.cells.get(landed) if landed is not None else None
        if piece is None or piece["owner"] != s.to_move:
            return None
        if (p.piece is not None and piece["piece"] != p.piece) or \
                (p.piece is None and piece["piece"] in kinds):
            return None
        inside = landed in zone_cell_names(self.game.spec, p.zone, s.to_move,
                                           self.board.graph)
        return landed if inside else None

    def run(self, s: RefState) -> None:
        cell = self.due(s)
        if cell is not None and not self.choice:
            s.cells[cell]["piece"] = self.params.to

    def moves(self, s: RefState) -> dict[str, Effect]:
        cell = self.due(s)
        if cell is None or not self.choice:
            return {}
        return {self.params.notation.replace("{at}", cell).replace("{to}", kind):
                tagged("promote", _become(cell, kind)) for kind in self.params.to}


def _become(cell: str, kind: str) -> Effect:
    def play(s: RefState) -> None:
        s.cells[cell]["piece"] = kind
    return play


@reference("phases", "flip_flanked")
class RefFlipFlanked(RefPhase):
    """Every enemy run between the landing cell and an own piece, along each direction,
    changes owner."""

    decides = False

    def run(self, s: RefState) -> None:
        landed = s.vars["landed"]
        if landed is None:
            return
        for cell in outflanked_from(self, s, landed, self.params.directions):
            s.cells[cell]["owner"] = s.to_move


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
        if not forced or not getattr(self.params, "longest", False):
            # a chain that may stop still may: the first capture is what is forced
            stop = {n: e for n, e in moves.items() if getattr(e, "kind", None) == "stop"}
            return {**forced, **stop} if forced else moves
        runs = {n: self._longest(s, e) for n, e in forced.items()}
        best = max(runs.values())
        return {n: e for n, e in forced.items() if runs[n] == best}

    def keeps_some(self, s: RefState, moves: dict[str, Effect]) -> bool:
        return bool(moves)  # the forced moves, or the longest of them, are never none

    def _longest(self, s: RefState, effect: Effect) -> int:
        """The most forced actions a turn that begins with ``effect`` can take, by trying
        every way on."""
        after = self.game.play_effect(s, effect)
        if after.result is not None or after.setup is not None or \
                (after.to_move, after.fullmove) != (s.to_move, s.fullmove):
            return 1
        phase = self.game.phases[after.phase]
        more = [e for e in phase.moves(after).values()
                if getattr(e, "kind", None) in self.params.kinds]
        return 1 + max((self._longest(after, e) for e in more), default=0)
