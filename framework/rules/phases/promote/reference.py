"""The reference twin of ``promote``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from typing import Any

from framework.reference.moves import tagged
from framework.reference.position import RefState
from framework.reference.rules import Effect, RefPhase
from framework.spec.zones import zone_cell_names


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
        zone = zone_cell_names(self.game.spec, p.zone, s.to_move, self.board.graph)
        if p.from_zone:  # from or into the zone, by a move (a dropped piece never)
            start = s.vars.get("departed")
            if start is None:
                return None
            return landed if landed in zone or start in zone else None
        return landed if landed in zone else None

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
