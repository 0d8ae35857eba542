"""The reference twin of ``shuffle``: its rule text (the docstring of ``__init__.py``)
read again, on cell names and piece dicts: every way of giving the values to the cells
one by one is listed, and the ways that give the same numbers to the same cells merged.
"""

from __future__ import annotations

from fractions import Fraction

from framework.engine.chance import CHANCE
from framework.reference.position import RefState
from framework.reference.rules import Effect, RefSetup


class RefShuffle(RefSetup):
    chance = True

    def _ways(self) -> list[tuple[int, ...]]:
        """The orders of the values, built one cell at a time (each value used once)."""
        ways: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((), tuple(self.params.values))]
        for _ in self.params.cells:
            ways = [((*done, left[i]), left[:i] + left[i + 1:])
                    for done, left in ways for i in range(len(left))]
        return [done for done, _left in ways]

    def actor(self, s: RefState) -> int:
        return CHANCE

    def outcomes(self, s: RefState) -> dict[str, tuple[Effect, Fraction]]:
        ways = self._ways()
        found: dict[str, tuple[Effect, Fraction]] = {}
        for way in ways:
            name = "deal:" + "-".join(map(str, way))
            effect, share = found.get(name, (self._deal(way), Fraction(0)))
            found[name] = (effect, share + Fraction(1, len(ways)))
        return found

    def moves(self, s: RefState) -> dict[str, Effect]:
        return {name: effect for name, (effect, _) in self.outcomes(s).items()}

    def _deal(self, way: tuple[int, ...]) -> Effect:
        p = self.params

        def deal(s: RefState) -> None:
            for cell, value in zip(p.cells, way, strict=True):
                s.cells[cell] = self.game.new_piece(p.owner, self.kind(p.piece))
                s.cells[cell][p.attribute] = value
            s.to_move = p.to_move or self.game.players[0]
            s.last_mover = self.game.previous(s.to_move, s.fullmove)
        return deal

    def finished(self, s: RefState) -> bool:
        p = self.params
        return all(s.cells.get(c, {}).get("owner") == p.owner for c in p.cells)
