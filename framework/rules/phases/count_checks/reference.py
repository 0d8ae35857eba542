"""The reference twin of ``count_checks``: after the mover's moves, is a royal piece of
another player attacked (the reference attack test, by cell names)? The mover's run grows
by one, else it starts again at 0."""

from __future__ import annotations

from framework.reference.attacks import royal_attacked
from framework.reference.position import RefState
from framework.reference.rules import RefPhase


class RefCountChecks(RefPhase):
    decides = False

    def run(self, s: RefState) -> None:
        royal = next(r.piece for r in self.game.spec.restrictions if r.type == "royal")
        check = any(royal_attacked(self.game, s, royal, p)
                    for p in self.game.players if p != s.to_move)
        key = f"checks.{s.to_move}"
        s.vars[key] = s.vars[key] + 1 if check else 0
