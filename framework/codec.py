"""The action codec: a fixed integer for every action a game could ever offer.

Learning libraries (OpenSpiel, PettingZoo, Gymnasium) see actions as integers in
``range(num_distinct_actions)``, the same numbering in every state. The codec is compiled
once per game from each setup step's and phase's ``action_space()``, in game-file order
(setup steps, then phases, then the pass action when ``no_legal_move: pass``), so the index
of an action depends only on the game file::

    codec = game.codec
    i = codec.index(action)          # an int in range(codec.num_distinct_actions)
    assert codec.action(i) == action
    mask = codec.mask(state)         # 1 for every legal index

Each block's actions take one contiguous range (``codec.ranges``), e.g. Ataxx's clones come
first, by target cell, then its jumps by (from, to).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from framework.engine.action import Action
from framework.errors import BoardspecError, IllegalActionError

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.plugins import Phase, Setup


class CodecError(BoardspecError):
    """An action the codec cannot number, an index out of range, or a game whose blocks do
    not declare their actions."""


@dataclass(frozen=True)
class BlockRange:
    """The indices ``start <= i < stop`` of one setup step or phase (or the pass action)."""

    block: str
    start: int
    stop: int


class ActionCodec:
    """Both directions between a game's actions and ``range(num_distinct_actions)``."""

    def __init__(self, game: CompiledGame) -> None:
        self.game = game
        actions: list[Action] = []
        ranges: list[BlockRange] = []
        index: dict[Action, int] = {}
        blocks: list[tuple[str, str, Sequence[Action]]] = []
        steps: list[Setup | Phase] = [*game.setups, *game.phases]
        for block in steps:
            space = block.action_space()
            if space is None:
                cls = type(block)
                kind = "setup" if block in game.setups else "phase"
                raise CodecError(
                    f"{game.name}: the {kind} block {block.name!r} (type: {block.keyword}, "
                    f"class {cls.__module__}.{cls.__qualname__}) does not declare its actions, "
                    "so its actions cannot be numbered for learning libraries; give the class "
                    "an action_space() method returning every action it can offer")
            blocks.append((block.name, block.keyword, space))
        if game.spec.no_legal_move == "pass":
            blocks.append(("pass", "pass", (game.pass_action,)))
        for name, _, space in blocks:
            start = len(actions)
            for action in space:
                if action not in index:  # two blocks may share an action (a pass)
                    index[action] = len(actions)
                    actions.append(action)
            ranges.append(BlockRange(name, start, len(actions)))
        self.actions: tuple[Action, ...] = tuple(actions)
        self.ranges: tuple[BlockRange, ...] = tuple(ranges)
        self._index = index
        # Blocks hand out the very Action objects of their action space, so most look-ups
        # are by identity, cheaper than hashing an action's seven fields. (An id cannot be
        # reused while ``self.actions`` keeps its object alive.)
        self._by_id = {id(a): i for i, a in enumerate(actions)}

    @property
    def num_distinct_actions(self) -> int:
        return len(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def index(self, action: Action) -> int:
        """The integer of ``action``; a CodecError if the game can never offer it."""
        found = self._by_id.get(id(action))
        if found is None:
            found = self._index.get(action)
        if found is None:
            raise CodecError(f"{action.notation or action!r} ({action.kind} in phase "
                             f"{action.phase!r}) is not an action of {self.game.name}'s "
                             "action space")
        return found

    def action(self, index: int) -> Action:
        """The action numbered ``index``."""
        if not isinstance(index, int) or not 0 <= index < len(self.actions):
            raise CodecError(f"action index {index!r} is out of range: {self.game.name} "
                             f"numbers its actions 0..{len(self.actions) - 1}")
        return self.actions[index]

    def legal_indices(self, state: State) -> list[int]:
        """The integers of the legal actions of ``state``, in increasing order."""
        legal = state.legal_actions()
        try:  # MCTS rollouts call this at every step: the loop runs in C
            found = list(map(self._by_id.__getitem__, map(id, legal)))
        except KeyError:  # an action built on the fly, equal to one of the space
            found = [self.index(a) for a in legal]
        found.sort()
        return found

    def mask(self, state: State) -> list[int]:
        """1 at every legal index and 0 elsewhere (a list of length num_distinct_actions)."""
        mask = [0] * len(self.actions)
        for i in self.legal_indices(state):
            mask[i] = 1
        return mask

    def legal_action(self, state: State, index: int) -> Action:
        """The action numbered ``index`` if it is legal in ``state``, else an error that
        names it and the situation."""
        action = self.action(index)
        if action not in state.legal_actions():
            raise IllegalActionError(f"action {index} ({action.notation}) is not legal here: "
                                     f"{state._situation()}")
        return action
