"""The reference interpreter's state: position JSON as plain Python values."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any


@dataclass
class RefState:
    """A position plus the turn bookkeeping that position JSON leaves implicit."""

    cells: dict[str, dict[str, Any]]  # name → {"owner": player, "piece": kind, attr: n}
    gaps: set[str]
    to_move: str
    counters: dict[str, dict[str, int]]
    halfmove: int = 0
    fullmove: int = 1
    seats: list[str] = field(default_factory=list)  # the player of each seat
    phase: int = 0  # index into the turn's phases
    setup: int | None = None  # index into the setup steps, None once play began
    setup_actions: int = 0
    must_pass: bool = False
    result: frozenset[str] | None = None  # the winners, once the game is over
    last_mover: str = ""
    clock_reset: bool = False
    #: The slots the game's blocks declare (``framework.engine.slots``) beside the engine's
    #: own, by name, as position JSON writes them (a cell slot: a name or None).
    vars: dict[str, Any] = field(default_factory=dict)
    #: The positions at the start of every turn so far (snapshots: ``ReferenceGame.
    #: snapshot``), kept only for a game whose goals read them (a repetition).
    history: list[Any] = field(default_factory=list)

    def copy(self) -> RefState:
        # The history's snapshots are never changed once taken (tuples and frozensets of
        # names and values): a new list of the same snapshots copies it. Deep-copying them
        # made each play cost as much as all the positions before it (Go at 19×19: hundreds
        # of snapshots of up to 361 cells, at each of the hundreds of plays of a game).
        return copy.deepcopy(self, {id(self.history): list(self.history)})

    def land(self, cell: str) -> None:
        """A piece came down on ``cell``: remember it when the game's rules read it."""
        if "landed" in self.vars:
            self.vars["landed"] = cell

    def pieces_of(self, player: str, piece: str | None = None) -> list[str]:
        return [c for c, p in self.cells.items()
                if p["owner"] == player and piece in (None, p["piece"])]

    def empty(self, cell: str) -> bool:
        return cell not in self.cells and cell not in self.gaps


def lift(spec: Any, s: RefState, cell: str) -> dict[str, Any]:
    """Take up what moves from ``cell``: its piece; in a game of stacks whose moves take
    the top alone (``stacks.moves: top``) or the top n (a number), those pieces, uncovering
    the one beneath them (the whole stack moves otherwise, its pieces beneath listed under
    ``below``)."""
    piece = s.cells.pop(cell)
    if spec.stacks is None or spec.stacks.moves == "whole" or not piece.get("below"):
        return piece
    below = piece.pop("below")
    n = 1 if spec.stacks.moves == "top" else spec.stacks.moves  # how many pieces go
    going, staying = below[:n - 1], below[n - 1:]
    if going:
        piece["below"] = going
    if staying:
        uncovered = dict(staying[0])
        if staying[1:]:
            uncovered["below"] = staying[1:]
        s.cells[cell] = uncovered
    return piece
