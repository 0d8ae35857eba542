"""The native kernel piece of ``choose_side``: the seat that chooses picks a side (a move
names it in the target's bits); the compact state's ``SEATS`` word keeps the seat of side
0 (two players: the other side has the other seat), and the side ``to_move`` moves first,
the one before it the last mover (``ChooseSide.apply``)."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import SETUP_OPTION, Piece
from framework.rules.setups.place_each import SEATS


class ChooseSidePiece(Piece):
    """``choose_side``: the pie rule's choice of a side."""

    KNOWN = frozenset({"name", "by", "to_move"})
    WIDE = True

    def __init__(self, setup: Any, index: int) -> None:
        super().__init__(f"s{index}_", setup.keyword, setup.params, setup.game)
        self.setup = setup
        self.code = self.m.code(SETUP_OPTION)
        self.chooser = SEATS[setup.params.by]
        players = setup.game.players
        self.first = players.index(setup.params.to_move) if setup.params.to_move else 0

    def functions(self) -> list[str]:
        m = self.m
        gen = ["for s in range(S):", f"    buf[n] = {self.code} | s", "    n += 1", "return n"]
        # The seat of side 0: the chooser's when it chose side 0, else the other seat.
        apply = [f"s = mv & {m.cell_mask}",
                 f"st[SEATS] = U64({self.chooser}) if s == 0 else U64({1 - self.chooser})",
                 f"st[TO_MOVE] = U64({self.first})",
                 f"st[LAST_MOVER] = U64(({self.first} + S - 1) % S)"]
        return [self.function("gen", "st, buf, n", gen), self.function("count", "st", ["return S"]),
                self.function("apply", "st, mv", apply),
                self.function("finished", "st", ["return st[SETUP_ACTIONS] > ZERO"])]

    def action_of(self, state: Any, move: int) -> Any:
        return self.setup.choices[move & self.m.cell_mask]

    def move_of(self, action: Any) -> int:
        return self.code | action.side
