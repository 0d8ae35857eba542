"""The reference twin of ``capture_groups``: each enemy piece next to the landing cell
grows its group cell by cell over the board's links; a group with no empty cell next to
it goes, and a lone piece taken by a lone surrounded piece marks the ko cell."""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefPhase


class RefCaptureGroups(RefPhase):
    decides = False

    def run(self, s: RefState) -> None:
        landed = s.vars["landed"]
        if landed is None:
            return
        neighbours = self.board.neighbours
        surrounded = all(n in s.cells and s.cells[n]["owner"] != s.to_move
                         for n in neighbours(landed))
        taken: set[str] = set()
        for start in neighbours(landed):
            if start in taken or start not in s.cells or s.cells[start]["owner"] == s.to_move:
                continue
            owner = s.cells[start]["owner"]
            group, todo = {start}, [start]
            while todo:
                for n in neighbours(todo.pop()):
                    if n not in group and n in s.cells and s.cells[n]["owner"] == owner:
                        group.add(n)
                        todo.append(n)
            if not any(s.empty(n) for g in group for n in neighbours(g)):
                taken |= group
        for cell in taken:
            del s.cells[cell]
        if self.params.counter and taken:
            s.counters[s.to_move][self.params.counter] += len(taken)
        if self.params.ko:
            s.vars["ko"] = next(iter(taken)) if surrounded and len(taken) == 1 else None
