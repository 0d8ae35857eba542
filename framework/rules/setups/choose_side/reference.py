"""The reference twin of ``choose_side``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import Effect, RefSetup


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
