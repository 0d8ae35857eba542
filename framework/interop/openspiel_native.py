"""OpenSpiel states backed by a game's native kernels (``register(path, native=True)``).

```python
import pyspiel
from framework.interop.openspiel import load

game = load("games/connect-four.yaml", native=True)   # "boardspec_connect_four_native"
state = game.new_initial_state()                    # a compact state of the kernels
```

A state holds the kernels' compact state (``framework.native``): its legal actions,
``apply_action``, the player to move, the terminal flag and the returns are the kernels'
own, so OpenSpiel's loops, bots and searches step the game at native speed. What needs the
Python engine's ``State`` (observations, ``str``, ``serialize``, ``board_state``) replays the
actions not yet replayed on a State kept beside it, once each, and only when asked.

A game qualifies when the kernels play it and every action of its action space is one
native move of its own (as for ``framework.native.batch``), and it has no chance, no view,
no setup that asks for actions, and no ``margins`` (the kernels know who won, not by how
much); anything else is refused with the reason when the game is loaded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from framework.engine.state import State
from framework.errors import BoardspecError

#: pyspiel's current player of a finished game (as framework.interop.openspiel's).
TERMINAL = -4

if TYPE_CHECKING:
    from types import ModuleType

    from framework.codec import ActionCodec
    from framework.compiler import CompiledGame

Array = np.ndarray[Any, Any]


@dataclass(frozen=True)
class NativeTables:
    """What every state of one native-backed game shares: its kernels, the native move of
    each action index and back, and where the compact state keeps who moves and who won."""

    game: CompiledGame
    kernels: ModuleType
    start: Array
    by_action: Array
    index_of: dict[int, int]
    seat_of_side: tuple[int, ...]
    to_move: int
    winners: int
    term: int
    buf: Array = field(repr=False)

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel pickles a Python game's attributes; the kernels' module is not pickled
        # but loaded again (from numba's cache) for the same game.
        return native_tables, (self.game,)


def native_tables(game: CompiledGame) -> NativeTables:
    """The tables of ``game``, or a BoardspecError saying why its states cannot be native."""
    from framework.native import available, why_not_native
    from framework.native.backend import NativeGame
    from framework.native.batch import moves_of_actions

    if not available():
        raise BoardspecError("native OpenSpiel states need numba: pip install "
                             "'boardspec[fast]' (or pip install -e '.[fast]' in a clone)")
    reason = why_not_native(game)
    for refused, why in ((game.margins, "its returns are margins, and the kernels know "
                                        "who won, not by how much"),
                         (game.view is not None, "it has a view (hidden information)"),
                         (any(p.chance for p in game.phases), "it has chance"),
                         (any(s.decides for s in game.setups),
                          "its setup asks the players for actions (who plays which side "
                          "may change there)")):
        if refused:
            reason = why
    if reason is not None:
        raise BoardspecError(f"{game.name}: its OpenSpiel states cannot be native: {reason}")
    native = NativeGame(game)
    initial = State.initial(game)
    try:
        start = native.encode(initial)
    except BoardspecError as exc:  # a setup that asks for actions
        raise BoardspecError(f"{game.name}: its OpenSpiel states cannot be native: "
                             f"{exc}") from None
    by_action = moves_of_actions(native, "a native OpenSpiel state")
    native.compile()
    return NativeTables(
        game=game, kernels=native.kernels, start=start, by_action=by_action,
        index_of={int(m): i for i, m in enumerate(by_action.tolist())},
        seat_of_side=tuple(initial.seat_of_side), to_move=native.layout["TO_MOVE"],
        winners=native.layout["WINNERS"], term=int(native.kernels.TERM),
        buf=np.empty(native.plan.max_moves, np.int64))


class NativeHeld:
    """Everything a native-backed pyspiel state carries (the Python-backed one is
    ``framework.interop.openspiel._Held``; ``BoardspecState`` asks both the same)."""

    __slots__ = ("actions", "codec", "game", "legal", "max_length", "replayed", "st",
                 "state", "tables", "to_play")

    def __init__(self, tables: NativeTables, max_length: int) -> None:
        self.tables = tables
        self.game: CompiledGame = tables.game
        self.codec: ActionCodec = tables.game.codec
        self.st = tables.start.copy()
        self.max_length = max_length
        #: The indices applied: replayed for the State beside, and by undo_action.
        self.actions: list[int] = []
        self.legal: list[int] | None = None
        self.state: State | None = None  # the Python State, replayed up to ``replayed``
        self.replayed = 0
        self.to_play = 0
        self._moved()

    def __deepcopy__(self, memo: dict[int, Any]) -> NativeHeld:
        copy = NativeHeld.__new__(NativeHeld)
        copy.tables, copy.game, copy.codec = self.tables, self.game, self.codec
        copy.st = self.st.copy()
        copy.max_length = self.max_length
        copy.actions = self.actions[:]
        copy.legal, copy.to_play = self.legal, self.to_play
        copy.state = None if self.state is None else self.state.clone()
        copy.replayed = self.replayed
        return copy

    @property
    def plies(self) -> int:
        """The actions applied (BoardspecState reads it for max_game_length)."""
        return len(self.actions)

    def legal_indices(self) -> list[int]:
        if self.legal is None:
            tables = self.tables
            k = tables.kernels.legal_moves(self.st, tables.buf)
            self.legal = sorted(map(tables.index_of.__getitem__, tables.buf[:k].tolist()))
        return self.legal

    def apply(self, action: int) -> None:
        if action not in self.legal_indices():
            self.codec.legal_action(self.board(), action)  # raises, naming the action
        self.tables.kernels.make_move(self.st, self.tables.by_action[action])
        self.actions.append(action)
        self._moved()

    def undo(self) -> None:
        """The position before the last action, the actions before it replayed from the
        start in the kernels (searches clone rather than undo: no copy is kept per ply)."""
        if not self.actions:
            raise IndexError("no action to take back: this is the initial state")
        self.actions.pop()
        tables = self.tables
        self.st = tables.start.copy()
        for index in self.actions:
            tables.kernels.make_move(self.st, tables.by_action[index])
        self._moved()
        if self.replayed > len(self.actions):  # replayed again from the start when asked
            self.state, self.replayed = None, 0

    def board(self) -> State:
        """The Python engine's State of this position (the actions not yet replayed on it
        are, now)."""
        if self.state is None:
            self.state = State.initial(self.game)
        actions = self.codec.actions
        for index in self.actions[self.replayed:]:
            self.state.apply_unchecked(actions[index])
        self.replayed = len(self.actions)
        return self.state

    def won(self) -> bool:
        return int(self.st[self.tables.winners]) != 0

    def player(self) -> int:
        """The seat to move, or pyspiel's TERMINAL: pyspiel asks several times a ply, so
        it is worked out once after each change (``_moved``)."""
        return self.to_play

    def _moved(self) -> None:
        self.legal = None
        if self.won() or self.plies >= self.max_length:
            self.to_play = TERMINAL
        else:
            self.to_play = self.tables.seat_of_side[int(self.st[self.tables.to_move])]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []  # a game with chance is refused by native_tables

    def returns(self) -> list[float]:
        """Per seat, as ``State.returns`` without margins: 1 a win, -1 a loss, 0 else."""
        seats = self.tables.seat_of_side
        values = [0.0] * len(seats)
        won = int(self.st[self.tables.winners]) & ~self.tables.term
        if won:
            for side, seat in enumerate(seats):
                values[seat] = 1.0 if won >> side & 1 else -1.0
        return values
