"""Whole turns: the sequence of actions one player takes before the turn passes.

Each phase step is one action (``legal_actions``); a turn strings them together, for
display, agents and perft by turns. A turn is written as its actions separated by spaces
(a walk then a build: ``D5-D6 +D4``; a skip then a growth: ``skip D3+leg``);
``parse_turn`` reads that back. During a deciding setup, a turn is the run of actions one
seat takes in one setup step (the pie rule's two placements, then the choice of side).

A game whose actions number the cells (``notation.numbers``, draughts' 1-50) writes the
hops of one capture as one: ``28x19 19x10`` is ``28x19x10`` (an action of the same kind
starting where the one before it landed, the landing's number written once). Both forms
are read back, by ``parse_turn`` and by ``State.apply``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from framework.engine.action import Action
from framework.engine.slots import MUST_PASS
from framework.errors import IllegalActionError
from framework.plugins import Phase

if TYPE_CHECKING:
    from framework.engine.state import State


@dataclass(frozen=True, slots=True)
class Turn:
    """The actions of one turn, in order."""

    actions: tuple[Action, ...]
    #: The cells' numbers when a capture's hops are written as one (``joined``).
    numbers: tuple[str, ...] = ()

    @property
    def notation(self) -> str:
        return " ".join(joined(self.actions, self.numbers)) if self.numbers else \
            " ".join(a.notation for a in self.actions)

    def __str__(self) -> str:
        return self.notation


def joined(actions: tuple[Action, ...] | list[Action], numbers: tuple[str, ...]) -> list[str]:
    """The actions' notations, each run of hops written as one: an action of the kind of
    the one before, starting on the cell it landed on, drops that cell's number
    (``28x19``, ``19x10``: ``28x19x10``)."""
    texts: list[str] = []
    for i, action in enumerate(actions):
        before = actions[i - 1] if i else None
        name = numbers[action.src] if action.src >= 0 else ""
        if before is not None and before.dst >= 0 and before.dst == action.src and \
                before.kind == action.kind and texts[-1].endswith(name) and \
                action.notation.startswith(name):
            texts[-1] += action.notation[len(name):]
        else:
            texts.append(action.notation)
    return texts


def split_joined(state: State, text: str) -> list[Action] | None:
    """The actions of ``text`` written as one run of hops (``28x19x10``), played from
    ``state`` on a copy; None when it is not one."""
    numbers = state.game.board.numbers
    if not numbers:
        return None
    node, rest = state, text.strip()
    actions: list[Action] = []
    while rest:
        if node is not state and (node.is_terminal() or turn_key(node) != turn_key(state)):
            return None
        # A hop's notation, whole: 28x19 in 28x19x10, never 28x1 (the next character no
        # digit of the number).
        found = [a for a in node.legal_actions() if a.dst >= 0 and rest.lower().startswith(
            a.notation.lower()) and not rest[len(a.notation):len(a.notation) + 1].isdigit()
            and (not actions or a.kind == actions[-1].kind)]
        found.sort(key=lambda a: len(a.notation), reverse=True)
        if not found:
            return None
        action = found[0]
        rest = rest[len(action.notation):]
        actions.append(action)
        if not rest:
            break
        rest = numbers[action.dst] + rest
        node = node.child(action)
    return actions if len(actions) > 1 else None


def turn_key(state: State) -> tuple[object, ...]:
    """Equal for two states inside the same turn, different once the turn has passed."""
    if state.setup < len(state.game.setups):
        return ("setup", state.setup, state.current_player)
    return ("play", state.to_move, state.fullmove)


def turns_with_states(state: State) -> Iterator[tuple[Turn, State]]:
    """Every complete turn from ``state`` with the state it leads to (depth first)."""
    if state.is_terminal():
        return
    key = turn_key(state)
    numbers = state.game.board.numbers
    stack: list[tuple[State, tuple[Action, ...]]] = [(state, ())]
    while stack:
        node, prefix = stack.pop()
        for action in node.legal_actions():
            child = node.child(action)
            done = (*prefix, action)
            # Chance (a roll again after a six) is no choice of the player's: their turn,
            # as they choose it, ends where the dice are thrown.
            if child.is_terminal() or turn_key(child) != key or child.is_chance_node():
                yield Turn(done, numbers), child
            else:
                stack.append((child, done))


def legal_turns(state: State) -> list[Turn]:
    turns = [turn for turn, _ in turns_with_states(state)]
    turns.sort(key=lambda t: [a.notation for a in t.actions])
    return turns


def parse_turn(state: State, text: str) -> Turn:
    """The turn written ``text``; raises like ``State.apply`` and leaves ``state`` alone."""
    parts = text.split()
    if not parts:
        raise IllegalActionError("an empty turn: write its actions separated by spaces")
    key = turn_key(state)
    node = state.clone()
    actions: list[Action] = []
    for i, part in enumerate(parts):
        if i and (node.is_terminal() or turn_key(node) != key or node.is_chance_node()):
            raise IllegalActionError(f"{text!r}: the turn is over after "
                                     f"{' '.join(parts[:i])!r}")
        run = split_joined(node, part)
        for action in run or [node.parse_action(part)]:
            node.apply_unchecked(action)
            actions.append(action)
    if not node.is_terminal() and turn_key(node) == key and not node.is_chance_node():
        raise IllegalActionError(f"{text!r} is not a whole turn; next: "
                                 f"{node._situation()}")
    return Turn(tuple(actions), state.game.board.numbers)


def count_turns(state: State) -> int:
    """How many complete turns there are from ``state``: ``perft_turns`` at depth 1.

    Where the rest of the turn can be told without finishing it — every later step decides
    and is passed over when it has nothing to offer, and no goal is checked inside the
    turn — an action after which no later step has an action is one turn as it stands:
    the turn's end (the next player's actions, the goals) is never worked out for it."""
    if state.is_terminal():
        return 0
    game = state.game
    index = state.phase
    later = game.phases[index + 1:]
    if state.setup < len(game.setups) or state.vars[MUST_PASS] or \
            game.again_slot >= 0 or any(p.conditions for p in later) or \
            any(i >= index for i in game.goal_check_phases) or \
            not all(p.decides and p.skip_when_impossible for p in later):
        return sum(1 for _ in turns_with_states(state))
    phase = game.phases[index]
    # A phase that may decide again (a chain of hops) has to play an action to tell.
    chains = phase.may_chain()
    if not later and not chains:
        return state.count_legal_actions()  # every action ends the turn
    total = 0
    mays = [p.may_act_after for p in later]
    for action in state.legal_actions():
        if not chains and not any(may(state, action) for may in mays):
            total += 1
            continue
        after = state.clone()
        phase.apply(after, action)
        if not phase.continues(after) and not any(
                _offers(p, after) for p in later):
            total += 1
        else:
            total += sum(1 for _ in turns_with_states(state.child(action)))
    return total


def _offers(phase: Phase, state: State) -> bool:
    """Whether the later step ``phase`` of the turn has an action in ``state``."""
    state.phase = phase.index
    return phase.has_action(state)


def perft_turns(state: State, depth: int) -> int:
    """Perft counted in whole turns (the conventions of ``framework.perft``)."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    if depth == 1:
        return count_turns(state)
    return sum(perft_turns(child, depth - 1) for _, child in turns_with_states(state))


def divide_turns(state: State, depth: int) -> list[tuple[str, int]]:
    """Per legal turn, the perft by turns of ``depth - 1`` below it."""
    found = [(turn.notation, perft_turns(child, depth - 1))
             for turn, child in turns_with_states(state)]
    return sorted(found)
