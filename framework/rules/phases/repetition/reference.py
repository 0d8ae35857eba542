"""The reference twin of ``repetition``: the board written cell by cell in the compiled
order of cell names, kept in a sorted list; a placement whose board is in it ends the game."""

from __future__ import annotations

from typing import Any

from framework.reference.position import RefState
from framework.reference.rules import RefPhase


class RefRepetition(RefPhase):
    decides = False

    def __init__(self, params: Any, game: Any) -> None:
        super().__init__(params, game)
        self.order = [n for n in self.board.graph.nodes if n in self.board.cells]
        self.index = {p: str(i) for i, p in enumerate(game.players)}

    def written(self, s: RefState) -> str:
        return "".join(self.index[s.cells[c]["owner"]] if c in s.cells else "."
                       for c in self.order)

    def begin(self, s: RefState) -> None:
        if self.params.start:
            s.vars["seen"] = sorted({*s.vars["seen"], self.written(s)})

    def run(self, s: RefState) -> None:
        board = self.written(s)
        seen: list[str] = s.vars["seen"]
        if s.vars["landed"] is not None and board in seen:
            players = self.game.players
            s.result = frozenset() if self.params.outcome == "draw" else \
                frozenset(p for p in players if p != s.to_move)
            return
        if board not in seen:
            s.vars["seen"] = sorted([*seen, board])
