"""The native kernel piece of ``repetition`` (positional superko): the compact state keeps
one 64-bit hash per board seen, in a region of its own as long as the game's ``max_plies``
allows boards (an action adds one board at most), and the number of them in the ``seen``
slot's field. After every action the board's hash (the owner masks' words mixed as
``goals/repetition``'s piece mixes a position's) is looked for among them: found after a
placement, the game ends as the Python engine ends it; not found, it is added. Two boards
could share a hash only by a 64-bit collision, as with OpenSpiel's own Zobrist keys; the
Python engine compares whole boards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from framework.engine.slots import SEEN, seen_boards
from framework.errors import BoardspecError
from framework.kernel.pieces import Piece, Unsupported
from framework.kernel.slots import slot_field
from framework.rules.goals.repetition.native import PRIME, SEED, mixed

if TYPE_CHECKING:
    from framework.engine.state import State


class RepetitionPhasePiece(Piece):
    KNOWN = frozenset({"outcome", "start"})
    HANDLED = frozenset({"if_"})
    WIDE = True
    #: It may end the game: the turn stops there, as the engine's does.
    FINISHES = True

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params, phase.game)
        game = phase.game
        if not game.spec.max_plies:
            raise Unsupported("repetition without max_plies (the compact state keeps one "
                              "hash per board seen, as many as the game's plies allow)")
        self.cells = game.board.size
        self.sides = len(game.players)
        self.REGION = (f"{self.prefix}SEEN", game.spec.max_plies + 2)
        self.SLOTS = (SEEN.name,)
        self.seen = slot_field(game, SEEN.name)
        self.draw = phase.params.outcome == "draw"

    def functions(self) -> list[str]:
        region, cap = self.REGION
        words = self.sides * self.m.width  # the owner masks come first in the state
        loses = "np.int64(0)" if self.draw else "((np.int64(1) << S) - 1) & ~(np.int64(1) << side)"
        return [self.function("run", "st, side", [
            f"h = U64({SEED})", f"for i in range({words}):",
            f"    h = (h ^ st[i]) * U64({PRIME})", "    h ^= h >> U64(32)",
            f"n = np.int64(st[{self.seen}])", "for j in range(n):",
            f"    if st[{region} + j] == h:",
            "        if st[LANDED] != ZERO:", f"            finish(st, {loses})",
            "        return",
            f"if n < {cap}:", f"    st[{region} + n] = h", f"    st[{self.seen}] = U64(n + 1)"])]

    def encode_into(self, state: State, st: np.ndarray[Any, Any], at: dict[str, int]) -> None:
        """The hashes of the boards the state has seen, and their number."""
        region, cap = self.REGION
        boards = seen_boards(state.vars[state.game.slots.index[SEEN.name]])
        if len(boards) > cap:
            raise BoardspecError(f"the position has seen {len(boards)} boards, more than the "
                                 f"native state keeps ({cap}: the game's max_plies)")
        full = (1 << self.cells) - 1
        for j, key in enumerate(sorted(boards)):
            words = [w for side in range(self.sides)
                     for w in self.m.words(key >> (side * self.cells) & full)]
            st[at[region] + j] = np.uint64(mixed(words))
        st[at[self.seen]] = len(boards)
