"""Declared state: every value a position carries besides its pieces lives in a slot.

A rule block that needs state of its own (a clock, the cell a piece just landed on, a
castling right) declares a ``Slot``; the compiler gives each distinct slot an index into
``State.vars`` (a flat list of ints), and everything that handles a whole state — clone,
``key()``, position JSON, Zobrist hashing, the end of a turn, the reference interpreter —
loops over the slots. Adding a state-carrying mechanic is one module: the block that
declares the slot and reads and writes ``state.vars[index]``.

```python
class Tally(Phase):
    slots = (Slot("moves_made", scope="game"),)
    def __init__(self, params, game):
        super().__init__(params, game)
        self.tally = game.slot_index["moves_made"]
    def apply(self, state, action):
        state.vars[self.tally] += 1
```

Scopes say how long a value lives:

- ``position``: part of the position, written in every position JSON (the half-move clock);
- ``game``: kept for the whole game, written in the JSON when it differs from its default;
- ``turn``: reset to its default when a turn ends, written only in the middle of one (the
  cell the last action landed on, read by a later phase of the same turn).

A ``history`` slot (how many checks in a row a player has given) is left out of what a
repetition compares. A ``derived`` slot is recomputed when a position is read (whether the
player to move must pass), so it is never written. Values are ints: ``kind`` says how JSON
shows them (``int``: a whole number ≥ 0; ``bool``; ``cell``: a cell name, -1 for none; ``flags``: a
set of bits, one per character of ``letters``, written as those letters in order, ``-``
for none — four rights written ``KQkq``; ``cells``: a set of cells, one bit per cell,
written as the list of their names, sorted).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Scope = Literal["position", "game", "turn"]
SlotKind = Literal["int", "bool", "cell", "flags", "cells"]


@dataclass(frozen=True, slots=True)
class Slot:
    """One named value of a state."""

    name: str
    scope: Scope = "position"
    default: int = 0
    kind: SlotKind = "int"
    derived: bool = False
    #: A record of how the position was reached rather than part of it (a run of checks):
    #: written and hashed like any slot, but a repetition does not compare it.
    history: bool = False
    #: A ``flags`` slot: the letter of each bit, lowest first.
    letters: str = ""

    @property
    def written(self) -> bool:
        """Whether position JSON carries this slot."""
        return not self.derived


#: The engine's own slots, always at these indices (the hot paths use the constants).
HALFMOVE, CLOCK_RESET, MUST_PASS = range(3)
CORE_SLOTS: tuple[Slot, ...] = (
    Slot("halfmove"),
    # Set by an action that resets the half-move clock; the clock reads it at the turn's end
    # (so a position in the middle of a turn carries it).
    Slot("clock_reset", scope="turn", kind="bool"),
    Slot("must_pass", kind="bool", derived=True),
)

#: The cell the last action of this turn landed a piece on (-1: none yet). Declared by the
#: consequences that act around it (``convert_adjacent``); every phase that lands a piece
#: writes it when the game has it (``game.slots.index.get("landed", -1)``), so a game whose
#: rules never read it does not carry it.
LANDED = Slot("landed", scope="turn", default=-1, kind="cell")
#: The cell the piece that moved last in this turn started from (-1: none; a placed piece
#: starts nowhere). Declared by ``promote`` with ``from_zone``; ``step``, ``slide`` and
#: ``leap`` write it when the game has it.
DEPARTED = Slot("departed", scope="turn", default=-1, kind="cell")
#: The cells the last action of a ``moves`` phase (any player's) started from and ended on
#: (-1: none yet; a placement starts nowhere): the places ``last.from`` and ``last.to`` of
#: the tests of a candidate move (``framework/moves/candidate.py``). Declared by an option
#: whose tests read them; every ``moves`` phase writes them when the game has them.
LAST_FROM = Slot("last_from", default=-1, kind="cell")
LAST_TO = Slot("last_to", default=-1, kind="cell")
#: Set during a turn when the mover is to play again (``again``): the turn that follows is
#: the same player's (the engine reads it as the turn passes).
AGAIN = Slot("again", scope="turn", default=0, kind="bool")
#: The cell the player to move may not place a piece on, for one action (simple ko; -1:
#: none): written by ``capture_groups`` after each placement, cleared by a pass, read by a
#: ``place`` that says ``ko: true``.
KO = Slot("ko", scope="game", default=-1, kind="cell")
#: How many passes (the ``pass`` primitive) were played in a row, up to the last action.
PASSES = Slot("passes", scope="game", default=0)

#: The cell of the piece in the middle of a chain of hops (-1: no chain is going on): kept by
#: ``hop``, read by the ``moves`` phase and the native kernels.
CHAIN = Slot("chain", scope="turn", default=-1, kind="cell")
#: The pieces a chain of hops has captured and not yet taken off (``hop`` with
#: ``removed: at_end``): they leave when the chain is over.
CAPTURED = Slot("captured", scope="turn", default=0, kind="cells")
#: The cell the last hop of a chain started from (``hop`` with ``straight: true``): the
#: chain goes on only the way that hop went.
HOPPED_FROM = Slot("hopped_from", scope="turn", default=-1, kind="cell")
#: The cells a chain of hops has stood on this turn, its start included (``hop`` with
#: ``revisit: false``): it may land on none of them again.
VISITED = Slot("visited", scope="turn", default=0, kind="cells")


#: The slots of a game's ``view:`` (hidden information, ``framework.engine.view``).
def found_slot(player: str) -> Slot:
    """The cells whose hidden piece ``player`` has found (bumped into)."""
    return Slot(f"found.{player}", scope="game", kind="cells")


def moves_slot(player: str) -> Slot:
    """The actions ``player`` remembers, oldest first: a tuple of actions kept in the slot
    (0: none yet); a history, so left out of position equality and position JSON."""
    return Slot(f"moves.{player}", scope="game", derived=True, history=True)


def view_slots(spec: object) -> list[Slot]:
    """The slots a game's ``view:`` declares (none without one)."""
    view = getattr(spec, "view", None)
    if view is None:
        return []
    players = [str(p) for p in getattr(spec, "players", ())]
    return [*(found_slot(p) for p in players), *(moves_slot(p) for p in players)]


def hand_slot_name(player: str, kind: str) -> str:
    """The slot of ``player``'s hand of ``kind`` (``pieces.<kind>.hand``): its key in
    position JSON and FEN, ``hand.white.token``."""
    return f"hand.{player}.{kind}"


def pile_slot_name(kind: str, cell: str) -> str:
    """The slot of the number of ``kind`` on ``cell`` (``pieces.<kind>.piles``): its key in
    position JSON and FEN, ``bean.a1``."""
    return f"{kind}.{cell}"


class SlotTable:
    """The slots of one compiled game, by index; built once by the compiler."""

    def __init__(self, declared: list[tuple[str, Slot]]) -> None:
        """``declared``: (who declared it, slot) pairs; a slot declared twice must be
        declared the same way."""
        slots: list[Slot] = list(CORE_SLOTS)
        owners = ["the engine"] * len(slots)
        for owner, slot in declared:
            names = [s.name for s in slots]
            if slot.name in names:
                i = names.index(slot.name)
                if slots[i] != slot:
                    raise ValueError(f"{owner} declares the state slot {slot.name!r} as "
                                     f"{slot}, but {owners[i]} declares it as {slots[i]}")
                continue
            slots.append(slot)
            owners.append(owner)
        self.slots: tuple[Slot, ...] = tuple(slots)
        self.index: dict[str, int] = {s.name: i for i, s in enumerate(slots)}
        self.defaults: tuple[int, ...] = tuple(s.default for s in slots)
        self.turn: tuple[int, ...] = tuple(i for i, s in enumerate(slots) if s.scope == "turn")
        #: (index, default) of the turn-scoped slots: what the end of a turn writes back.
        self.turn_resets: tuple[tuple[int, int], ...] = tuple(
            (i, slots[i].default) for i in self.turn)
        self.written: tuple[int, ...] = tuple(i for i, s in enumerate(slots) if s.written)

    def __len__(self) -> int:
        return len(self.slots)


def flags_text(slot: Slot, value: int) -> str:
    """A ``flags`` value as its letters (``KQkq``), ``-`` when no bit is set."""
    return "".join(ch for i, ch in enumerate(slot.letters) if value >> i & 1) or "-"


def flags_value(slot: Slot, text: str) -> int:
    """The bits ``text`` names (``-``: none); a ValueError naming a letter it does not know
    or repeats."""
    if text == "-":
        return 0
    value = 0
    for ch in text:
        i = slot.letters.find(ch)
        if i < 0 or value >> i & 1:
            raise ValueError(f"{slot.name} is written with the letters {slot.letters!r} "
                             f"(each at most once) or '-', found {text!r}")
        value |= 1 << i
    return value
