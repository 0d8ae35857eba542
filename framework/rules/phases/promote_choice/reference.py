"""The reference twin of ``promote_choice``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.lines import _zone
from framework.reference.moves import tagged
from framework.reference.position import RefState
from framework.reference.rules import Effect, RefPhase


class RefPromoteChoice(RefPhase):
    """The mover's ``piece`` on the cell the last action landed on, in the mover's zone,
    becomes the kind the player picks; with nothing to promote the step is passed over."""

    def skip_when_impossible(self, s: RefState) -> bool:
        return True

    def moves(self, s: RefState) -> dict[str, Effect]:
        p = self.params
        landed = s.vars.get("landed")
        piece = s.cells.get(landed) if landed is not None else None
        if piece is None or piece["owner"] != s.to_move or piece["piece"] != p.piece:
            return {}
        if landed not in _zone(self, p.zone, s.to_move):
            return {}
        return {written: tagged("promote", _promote_play(landed, kind))
                for written, kind in p.choices.items()}


def _promote_play(cell: str, kind: str) -> Effect:
    def play(s: RefState) -> None:
        s.cells[cell] = {**s.cells[cell], "piece": kind}
    return play
