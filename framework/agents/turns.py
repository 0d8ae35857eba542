"""Whole turns: the sequences of decisions one seat makes before another seat decides.

Turn-level agents (greedy, alpha-beta by turns) look at complete turns, so a multi-phase
turn (Adaptoid: an optional move, then a build) is judged by where it ends, not half-way.
When the engine offers ``state.legal_turns()`` it is used; otherwise the turns are expanded
here from the actions: a turn goes on while the same seat decides for the same side, and
ends at the first decision of another seat or side, or at the end of the game. Turns that
lead to the same position (same Zobrist hash) are kept once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from framework.agents.zobrist import zobrist_hash

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


def legal_turns(state: State, limit: int | None = None) -> list[Turn]:
    """The distinct complete turns of the seat that decides now (at most ``limit``)."""
    engine_turns = getattr(state, "legal_turns", None)
    if engine_turns is not None:
        return [_from_engine(state, t) for t in engine_turns()][:limit]
    turns: list[Turn] = []
    seen: set[int] = set()
    _expand(state, state, (), turns, seen, limit)
    return turns


def _same_turn(start: State, now: State) -> bool:
    return (now.winners is None and now.current_player == start.current_player
            and now.to_move == start.to_move
            and (now.setup < len(now.game.setups)) == (start.setup < len(start.game.setups)))


def _expand(start: State, state: State, prefix: tuple[Action, ...], out: list[Turn],
            seen: set[int], limit: int | None) -> None:
    for action in state.legal_actions():
        if limit is not None and len(out) >= limit:
            return
        after = state.child(action)
        path = (*prefix, action)
        if _same_turn(start, after):
            _expand(start, after, path, out, seen, limit)
            continue
        key = zobrist_hash(after)
        if key not in seen:
            seen.add(key)
            out.append(Turn(path, after))


def _from_engine(state: State, turn: Any) -> Turn:
    """Adapt whatever the engine's ``legal_turns`` yields (a turn object with ``actions``,
    or a sequence of actions) to a ``Turn``."""
    actions = tuple(getattr(turn, "actions", turn))
    after = state.clone()
    for action in actions:
        after.apply_unchecked(action)
    return Turn(actions, after)
