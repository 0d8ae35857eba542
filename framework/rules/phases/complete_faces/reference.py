"""The reference twin of ``complete_faces``: the closed faces round the landing cell, by
name, each one point on the mover's counter."""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefPhase
from framework.rules.conditions.completes_face.reference import closed_faces


class RefCompleteFaces(RefPhase):
    decides = False

    def run(self, s: RefState) -> None:
        landed = s.vars.get("landed")
        if landed is not None:
            s.counters[s.to_move][self.params.counter] += len(closed_faces(self.board, s,
                                                                           landed))
