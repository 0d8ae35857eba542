"""Reference setups."""

from __future__ import annotations

from framework.check.reference.position import RefState
from framework.check.reference.rules import Effect, RefSetup, reference


@reference("setups", "fixed")
class RefFixed(RefSetup):
    """Pieces on the listed cells; optionally a side other than the first moves first."""

    def prepare(self, s: RefState) -> None:
        for cell, value in self.params.cells.items():
            owner = value if isinstance(value, str) else value.owner
            piece = None if isinstance(value, str) else value.piece
            s.cells[cell] = self.game.new_piece(owner, self.kind(piece))
        if self.params.to_move:
            s.to_move = self.params.to_move
            s.last_mover = self.game.previous(s.to_move, s.fullmove)


@reference("setups", "place_each")
class RefPlaceEach(RefSetup):
    """One seat places a bare piece of each side in player order, on empty cells."""

    def _next(self, s: RefState) -> str | None:
        kind = self.kind(self.params.piece)
        return next((p for p in self.game.players if not s.pieces_of(p, kind)), None)

    def moves(self, s: RefState) -> dict[str, Effect]:
        side = self._next(s)
        if side is None:
            return {}
        return {f"{side}@{cell}": self._place(side, cell)
                for cell in self.board.cells if s.empty(cell)}

    def _place(self, side: str, cell: str) -> Effect:
        def play(s: RefState) -> None:
            s.cells[cell] = self.game.new_piece(side, self.kind(self.params.piece))
        return play

    def finished(self, s: RefState) -> bool:
        return self._next(s) is None


@reference("setups", "choose_side")
class RefChooseSide(RefSetup):
    """The choosing seat takes the side it names, the other seat the other side; then the
    declared side (default the first) moves."""

    def moves(self, s: RefState) -> dict[str, Effect]:
        return {player: self._choose(player) for player in self.game.players}

    def _choose(self, side: str) -> Effect:
        def play(s: RefState) -> None:
            chooser = 0 if self.params.by == "first" else 1
            others = [p for p in self.game.players if p != side]
            s.seats = [side if seat == chooser else others.pop(0)
                       for seat in range(len(self.game.players))]
            s.to_move = self.params.to_move or self.game.players[0]
            s.last_mover = self.game.previous(s.to_move, s.fullmove)
        return play

    def finished(self, s: RefState) -> bool:
        return s.setup_actions > 0
