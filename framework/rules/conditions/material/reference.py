"""The reference twin of ``material``: each piece of the named sides read cell by cell
from the position (in the zone's cell names), and each hand slot by name, added up with
the kinds' weights."""

from __future__ import annotations

from framework.engine.slots import hand_slot_name
from framework.reference.position import RefState
from framework.reference.rules import RefCondition
from framework.spec.zones import zone_cell_names


class RefMaterial(RefCondition):
    def worth(self, kind: str) -> int:
        p = self.params
        return 0 if kind in p.ignore else p.weights.get(kind, 1)

    def points(self, s: RefState, player: str) -> int:
        p = self.params
        zone = zone_cell_names(self.game.spec, p.zone, player, self.board.graph) \
            if p.zone is not None else None
        total = sum(self.worth(piece["piece"]) for cell, piece in s.cells.items()
                    if piece["owner"] == player and (zone is None or cell in zone))
        if p.hand:
            total += sum(self.worth(kind) * s.vars[hand_slot_name(player, kind)]
                         for kind, declared in self.game.spec.pieces.items() if declared.hand)
        return total

    def holds(self, s: RefState, mover: str) -> bool:
        p = self.params
        players = self.game.players
        chosen = [mover] if p.of == "mover" else \
            [q for q in players if q != mover] if p.of == "opponents" else \
            list(players) if p.of == "all" else [p.of]
        n = sum(self.points(s, q) for q in chosen)
        return ((p.at_least is None or n >= p.at_least)
                and (p.at_most is None or n <= p.at_most)
                and (p.exactly is None or n == p.exactly))
