"""The reference twin of ``race``: the rule text read again on named cells.

Each play is found by trying every die on every checker on copies of the whole position,
one die after the other; a checker's place is its distance to the end of its track (the
bar: the track's length plus one), so "home" is a distance of at most ``home`` and bearing
off is a die of at least the distance.
"""

from __future__ import annotations

from typing import Any

from framework.reference.position import RefState
from framework.reference.rules import Effect, RefPhase


class RefRace(RefPhase):
    def _track(self, player: str) -> list[str]:
        track: list[str] = self.params.tracks[player]
        return track

    def _distance(self, player: str, cell: str) -> int:
        track = self._track(player)
        return len(track) - track.index(cell)

    def _single_moves(self, s: RefState, dice: list[int]) -> list[tuple[str, int, Any]]:
        """(source cell or "bar", die, the position after it) for each die playable now."""
        p = self.params
        me = s.to_move
        track = self._track(me)
        found = []
        mine = [c for c, piece in s.cells.items() if piece["owner"] == me]
        on_bar = s.counters[me][p.bar] > 0
        home = not on_bar and all(self._distance(me, c) <= p.home for c in mine)
        for die in sorted(set(dice)):
            if on_bar:
                sources = [("bar", len(track) + 1)]
            else:
                sources = [(c, self._distance(me, c)) for c in mine]
            for source, distance in sources:
                left = distance - die
                if left <= 0:
                    if on_bar or not home:
                        continue
                    further = any(self._distance(me, c) > distance for c in mine)
                    if left < 0 and further:
                        continue
                    target = None
                else:
                    target = track[len(track) - left]
                    piece = s.cells.get(target)
                    if piece is not None and piece["owner"] != me and piece[p.attribute] > 1:
                        continue  # two or more: the point is closed
                after = s.copy()
                self._move(after, source, target)
                found.append((source, die, after))
        return found

    def _move(self, s: RefState, source: str, target: str | None) -> None:
        p = self.params
        me = s.to_move
        if source == "bar":
            s.counters[me][p.bar] -= 1
        else:
            s.cells[source][p.attribute] -= 1
            if s.cells[source][p.attribute] == 0:
                del s.cells[source]
        if target is None:
            s.counters[me][p.borne_off] += 1
            return
        piece = s.cells.get(target)
        if piece is not None and piece["owner"] != me:  # a blot: hit
            s.counters[piece["owner"]][p.bar] += 1
            del s.cells[target]
            piece = None
        if piece is None:
            s.cells[target] = self.game.new_piece(me, p.piece)
            s.cells[target][p.attribute] = 0
        s.cells[target][p.attribute] += 1

    def _plays(self, s: RefState, dice: list[int]) -> list[tuple[list[tuple[str, int, Any]],
                                                                 RefState]]:
        if not dice:
            return [([], s)]
        singles = self._single_moves(s, dice)
        if not singles:
            return [([], s)]
        plays = []
        for source, die, after in singles:
            rest = list(dice)
            rest.remove(die)
            for more, end in self._plays(after, rest):
                plays.append(([(source, die, after), *more], end))
        return plays

    def _name(self, s: RefState, steps: list[tuple[str, int, Any]]) -> str:
        if not steps:
            return "pass"
        words = []
        track = self._track(s.to_move)
        for source, die, _ in steps:
            distance = len(track) + 1 if source == "bar" else self._distance(s.to_move, source)
            left = distance - die
            off = "off" if left == 0 else f"off({die})"
            target = track[len(track) - left] if left > 0 else off
            words.append(f"{source}-{target}")
        return ",".join(words)

    def moves(self, s: RefState) -> dict[str, Effect]:
        dice = [s.vars[f"die_{i + 1}"] for i in range(self._dice_count())]
        if not all(dice):
            return {}
        plays = self._plays(s, dice)
        longest = max(len(steps) for steps, _ in plays)
        plays = [(steps, end) for steps, end in plays if len(steps) == longest]
        if longest == 1 and len(dice) > 1:  # one die only: the higher when it can
            higher = max(steps[0][1] for steps, _ in plays)
            plays = [(steps, end) for steps, end in plays if steps[0][1] == higher]
        return {self._name(s, steps): self._effect(end, len(steps) == len(dice), dice)
                for steps, end in plays}

    def _dice_count(self) -> int:
        roll = next(p for p in self.game.spec.turn if p.name == self.params.roll)
        count: int = roll.dice
        return count

    def _effect(self, end: RefState, all_dice: bool, dice: list[int]) -> Effect:
        roll = next(p for p in self.game.spec.turn if p.name == self.params.roll)

        def play(s: RefState) -> None:
            s.cells = {c: dict(piece) for c, piece in end.cells.items()}
            s.counters = {p: dict(c) for p, c in end.counters.items()}
            doubled = roll.doubles == "twice" and len(set(dice)) == 1
            if s.vars["doubles_played"] == 0 and doubled:
                s.vars["doubles_played"] = 1 if all_dice else 2
            elif s.vars["doubles_played"] == 1:
                s.vars["doubles_played"] = 2
        return play

    def continues(self, s: RefState) -> bool:
        return bool(s.vars["doubles_played"] == 1)
