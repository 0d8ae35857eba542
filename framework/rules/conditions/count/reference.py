"""The reference twin of ``count``: the pieces of the named sides, read cell by cell from
the position, or a kind's supply less its pieces on the board."""

from __future__ import annotations

from framework.engine.slots import hand_slot_name, pile_slot_name
from framework.reference.position import RefState
from framework.reference.rules import RefCondition
from framework.spec.zones import zone_cell_names


class RefCount(RefCondition):
    def sides(self, mover: str) -> list[str]:
        players = self.game.players
        chosen = self.params.of
        if chosen == "mover":
            return [mover]
        if chosen == "opponents":
            return [p for p in players if p != mover]
        return list(players) if chosen == "all" else [chosen]

    def pieces(self, s: RefState, player: str) -> int:
        p = self.params
        on_board = [c for c, piece in s.cells.items() if piece["owner"] == player
                    and (p.piece is None or piece["piece"] == p.piece)]
        if p.where == "pile":
            cells = zone_cell_names(self.game.spec, p.zone, player, self.board.graph) \
                if p.zone is not None else self.board.cells
            return sum(s.vars[pile_slot_name(p.piece, c)] for c in cells)
        if p.where == "hand":
            declared = self.game.spec.pieces[p.piece]
            if declared.hand:
                return s.vars[hand_slot_name(player, p.piece)]
            return declared.supply - len(on_board)
        if p.zone is not None:
            zone = zone_cell_names(self.game.spec, p.zone, player, self.board.graph)
            on_board = [c for c in on_board if c in zone]
        return len(on_board)

    def holds(self, s: RefState, mover: str) -> bool:
        n = sum(self.pieces(s, player) for player in self.sides(mover))
        p = self.params
        if p.at_least is not None and n < p.at_least:
            return False
        if p.at_most is not None and n > p.at_most:
            return False
        return p.exactly is None or n == p.exactly
