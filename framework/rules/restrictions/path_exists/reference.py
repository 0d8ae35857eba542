"""The reference twin of ``path_exists``: after each checked move, from every piece of the
kind, a breadth-first walk over the graph's links by name, skipping the links a standing
wall lies across (``framework/reference/walls.py``), must meet a cell of its owner's zone."""

from __future__ import annotations

from collections import deque

from framework.reference.position import RefState
from framework.reference.rules import Effect, RefRestriction
from framework.reference.walls import standing, wall_shapes
from framework.spec.zones import zone_cell_names


class RefPathExists(RefRestriction):
    def allowed(self, s: RefState, moves: dict[str, Effect]) -> dict[str, Effect]:
        kinds = self.params.kinds
        kept = {}
        for name, effect in moves.items():
            if kinds is not None and getattr(effect, "kind", None) not in kinds:
                kept[name] = effect
                continue
            after = s.copy()
            effect(after)
            if self._open(after):
                kept[name] = effect
        return kept

    def _open(self, s: RefState) -> bool:
        shapes = wall_shapes(self)
        blocked = set().union(*(shapes[i][1] for i in standing(self, s))) \
            if standing(self, s) else set()
        for cell, piece in s.cells.items():
            if piece["piece"] != self.params.piece:
                continue
            goal = set(zone_cell_names(self.game.spec, self.params.zone, piece["owner"],
                                       self.board.graph))
            seen, todo = {cell}, deque([cell])
            while todo:
                at = todo.popleft()
                for n in self.board.neighbours(at):
                    if n not in seen and frozenset((at, n)) not in blocked:
                        seen.add(n)
                        todo.append(n)
            if not seen & goal:
                return False
        return True
