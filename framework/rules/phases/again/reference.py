"""The reference twin of ``again``: it marks the position; the reference turn flow keeps
the mover to move when the turn passes with the mark set."""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefPhase


class RefAgain(RefPhase):
    decides = False

    def run(self, s: RefState) -> None:
        s.vars["again"] = True
