"""The reference twin of ``roll``: the outcomes counted out again, on named slots.

Every way the dice can fall is listed one by one (each face of each die), then the ways
that show the same numbers are merged when the dice are not told apart; the opening roll
is one die per player, the equal ones dropped.
"""

from __future__ import annotations

from fractions import Fraction

from framework.reference.position import RefState
from framework.reference.rules import Effect, RefPhase


class RefRoll(RefPhase):
    chance = True

    def _ways(self) -> list[tuple[int, ...]]:
        ways: list[tuple[int, ...]] = [()]
        for _ in range(self.params.dice):
            ways = [(*w, face) for w in ways for face in range(1, self.params.faces + 1)]
        return ways

    def outcomes(self, s: RefState) -> dict[str, tuple[Effect, Fraction]]:
        """Notation → (its effect, its probability)."""
        p = self.params
        if p.max_turns is not None and s.vars["rolls"] >= p.max_turns:
            return {}
        found: dict[str, tuple[Effect, Fraction]] = {}
        if p.opening == "higher_starts" and not s.vars["opened"]:
            first, second = self.game.players
            pairs = [(a, b) for a in range(1, p.faces + 1) for b in range(1, p.faces + 1)
                     if a != b]  # a: the first player's die, b: the second's
            for a, b in pairs:
                starter = first if a > b else second
                dice: tuple[int, ...] = (min(a, b), max(a, b))
                name = f"roll:{dice[0]}-{dice[1]}:{starter}"
                effect, share = found.get(name, (self._effect(dice, starter), Fraction(0)))
                found[name] = (effect, share + Fraction(1, len(pairs)))
            return found
        for way in self._ways():
            dice = way if p.ordered else tuple(sorted(way))
            name = "roll:" + "-".join(map(str, dice))
            effect, share = found.get(name, (self._effect(dice, None), Fraction(0)))
            found[name] = (effect, share + Fraction(1, len(self._ways())))
        return found

    def moves(self, s: RefState) -> dict[str, Effect]:
        return {name: effect for name, (effect, _) in self.outcomes(s).items()}

    def _effect(self, dice: tuple[int, ...], starter: str | None) -> Effect:
        def roll(s: RefState) -> None:
            for i, value in enumerate(dice):
                s.vars[f"die_{i + 1}"] = value
            s.vars["rolls"] += 1
            s.vars["opened"] = True
            if starter is not None:
                s.to_move = starter
        return roll
