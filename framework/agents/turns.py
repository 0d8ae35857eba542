"""Whole turns for turn-level agents (greedy, ``alphabeta:...:turns``).

The engine enumerates the complete turns of the seat that decides now
(``framework.engine.turns``: the pie rule's placements, Adaptoid's move then build); a
turn-level agent judges each by the position it leads to, not half-way. Turns that lead to
the same position (same Zobrist hash) are kept once: searching both would be wasted work.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from framework.agents.zobrist import zobrist_table
from framework.engine.turns import turns_with_states

if TYPE_CHECKING:
    from framework.engine.action import Action
    from framework.engine.state import State


@dataclass(frozen=True, slots=True)
class Turn:
    """The actions of one turn, in order, and the state they lead to."""

    actions: tuple[Action, ...]
    after: State

    @property
    def notation(self) -> str:
        return " ".join(a.notation for a in self.actions)


def legal_turns(state: State) -> list[Turn]:
    """The complete turns of the seat that decides now, one per resulting position, in the
    engine's order."""
    table = zobrist_table(state.game)
    seen: set[int] = set()
    turns: list[Turn] = []
    for turn, after in turns_with_states(state):
        key = table.hash(after)
        if key not in seen:
            seen.add(key)
            turns.append(Turn(turn.actions, after))
    return turns
