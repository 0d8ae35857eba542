"""What the brute-force references of the hop games (Konane, Fox and Geese, Chinese
checkers) share: a reference is the rules of one game written again from its description,
on cell names, with no engine code; this module compares one with the engine — perft from
a position, perft by whole turns, and random games played side by side, ply by ply.

A reference state is whatever the reference likes; a reference gives ``start()``,
``from_position(json)`` (a position the engine wrote), ``legal(s)`` (the notations of the
actions, the empty list when the game is over), ``play(s, notation)`` (a new state),
``to_move(s)``, ``winners(s)`` (None while the game goes on, else the set of winners: empty
for a draw) and ``turn_key(s)`` (equal for two states inside one turn).
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from framework import CompiledGame
from framework.engine.state import State
from framework.perft import perft


class Reference(Protocol):
    players: tuple[str, ...]

    def start(self) -> Any: ...
    def from_position(self, position: dict[str, Any]) -> Any: ...
    def legal(self, s: Any) -> list[str]: ...
    def play(self, s: Any, notation: str) -> Any: ...
    def to_move(self, s: Any) -> str: ...
    def winners(self, s: Any) -> frozenset[str] | None: ...
    def turn_key(self, s: Any) -> Any: ...


class TurnAccessors:
    """``to_move``, ``winners`` and ``turn_key`` of a reference whose states keep the side
    to move, the round and the winners (None while the game goes on) as ``to_move``,
    ``round`` and ``over``."""

    def to_move(self, s: Any) -> str:
        return str(s.to_move)

    def winners(self, s: Any) -> frozenset[str] | None:
        over: frozenset[str] | None = s.over
        return over

    def turn_key(self, s: Any) -> Any:
        return (s.to_move, s.round)


def ref_perft(ref: Reference, s: Any, depth: int) -> int:
    if depth == 0:
        return 1
    if ref.winners(s) is not None:
        return 0
    moves = ref.legal(s)
    if depth == 1:
        return len(moves)
    return sum(ref_perft(ref, ref.play(s, m), depth - 1) for m in moves)


def ref_turns(ref: Reference, s: Any, depth: int) -> int:
    """Perft by whole turns: every way to play one turn out is a turn."""
    if depth == 0:
        return 1
    if ref.winners(s) is not None:
        return 0
    return sum(ref_turns(ref, after, depth - 1) for after in _turns(ref, s))


def _turns(ref: Reference, s: Any) -> list[Any]:
    key, found, stack = ref.turn_key(s), [], [s]
    while stack:
        node = stack.pop()
        for m in ref.legal(node):
            child = ref.play(node, m)
            if ref.winners(child) is not None or ref.turn_key(child) != key:
                found.append(child)
            else:
                stack.append(child)
    return found


def returns_of(ref: Reference, s: Any) -> list[float]:
    winners = ref.winners(s)
    if not winners:
        return [0.0] * len(ref.players)
    return [1.0 if p in winners else -1.0 for p in ref.players]


def random_positions(game: CompiledGame, count: int, seed: int) -> list[State]:
    """Positions met in random games of the engine, at random plies (none over)."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = game.new_initial_state()
        stop = rng.randrange(1, 80)
        for _ in range(stop):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            found.append(state)
    return found


def same_perft(game: CompiledGame, ref: Reference, state: State, depth: int) -> None:
    s = ref.from_position(state.to_json())
    for d in range(1, depth + 1):
        ours, theirs = perft(state, d), ref_perft(ref, s, d)
        assert ours == theirs, (d, ours, theirs, state.to_json())


def play_side_by_side(game: CompiledGame, ref: Reference, games: int, seed: int,
                      plies: int | None = None,
                      outcomes: list[frozenset[str]] | None = None) -> int:
    """Random games from the start, each ply: the same legal set, the same player to move,
    the same terminal flag and returns (each game's winners go to ``outcomes``; a game
    cut at ``plies`` adds none). Returns the number of plies played."""
    rng = random.Random(seed)
    played = 0
    for _ in range(games):
        state, s = game.new_initial_state(), ref.start()
        for _ply in range(plies or 10**6):
            legal = sorted(a.notation for a in state.legal_actions()) \
                if not state.is_terminal() else []
            assert legal == sorted(ref.legal(s)), (state.to_json(), legal)
            assert state.is_terminal() == (ref.winners(s) is not None), state.to_json()
            assert state.returns() == returns_of(ref, s), state.to_json()
            if state.is_terminal():
                if outcomes is not None:
                    outcomes.append(ref.winners(s) or frozenset())
                break
            assert game.players[state.current_player] == ref.to_move(s)
            choice = rng.choice(legal)
            state.apply(choice)
            s = ref.play(s, choice)
            played += 1
    return played
