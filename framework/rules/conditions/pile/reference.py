"""The reference twin of ``pile``: the landing cell by name, the step resolved from the
player's forward on the graph, the pile read from its position slot."""

from __future__ import annotations

from framework.engine.slots import pile_slot_name
from framework.reference.position import RefState
from framework.reference.rules import RefCondition, RefPhase


def stepped(block: RefCondition | RefPhase, cell: str, direction: str | None,
            player: str) -> str | None:
    """The cell one step ``direction`` (absolute, or named from ``player``'s forward) from
    ``cell``; ``cell`` itself without a direction."""
    if direction is None:
        return cell
    game = block.game
    forward = next((getattr(p, "forward", None) for p in game.spec.players
                    if str(p) == player), None)
    board = block.board
    resolved = board.resolve(direction, forward)
    return board.walk(cell, resolved, 1) if resolved is not None else None


class RefPile(RefCondition):
    def holds(self, s: RefState, mover: str) -> bool:
        landed = s.vars.get("landed")
        cell = stepped(self, landed, self.params.step, mover) if landed else None
        if cell is None:
            return False
        n = s.vars[pile_slot_name(self.params.piece, cell)]
        p = self.params
        return ((p.at_least is None or n >= p.at_least) and (p.at_most is None or n <= p.at_most)
                and (p.exactly is None or n == p.exactly))
