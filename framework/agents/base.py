"""``Agent``: a computer (or human) player of any game.

An agent is asked for a decision whenever ``state.current_player`` is its seat (``act``) and answers
with one or more actions, all of that seat, applied in order: a turn-level agent returns a
whole turn of a multi-phase game (Adaptoid: move, then build), an action-level agent one
decision (it is asked again while the decision stays its own). Agents never assume that
players alternate: a seat may decide several times in a row (phases of one turn, a pie-rule
setup). Each agent has its own seeded ``random.Random``, so a game between agents with
iteration or depth budgets is reproducible; time budgets depend on the machine.
"""

from __future__ import annotations

import os
import random
import warnings
from typing import TYPE_CHECKING, ClassVar

from framework.engine.chance import sample
from framework.engine.view import determinised
from framework.errors import BoardspecError, NativeFallback

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State


#: How an agent that can search in the native kernels chooses, unless its spec says
#: ``native`` or ``python``: ``auto`` (the kernels where they play the game, else the
#: Python engine, saying once why) or ``python`` (the Python engine). The commands'
#: ``--engine`` sets it for their processes and the processes they start.
ENGINES = ("auto", "python")
ENGINE_VARIABLE = "BOARDSPEC_ENGINE"


def default_engine() -> str:
    """The engine agents use when their spec names none: ``$BOARDSPEC_ENGINE``, else auto."""
    found = os.environ.get(ENGINE_VARIABLE, "").strip().lower() or "auto"
    if found not in ENGINES:
        raise BoardspecError(f"${ENGINE_VARIABLE} is {found!r}; expected one of "
                             f"{', '.join(ENGINES)}")
    return found


def wants_native(native: bool | None) -> bool:
    """Whether an agent searches in the kernels where it can: its spec's ``native`` (True)
    or ``python`` (False), else the default engine (``python`` alone says no)."""
    return native if native is not None else default_engine() != "python"


#: The (game, note) pairs already told about (``tell_once``).
TOLD: set[tuple[str, str]] = set()


def tell_once(game: CompiledGame, note: str) -> None:
    """Warn ``note`` (why a native search is not used) once per game and process."""
    if (game.name, note) not in TOLD:
        TOLD.add((game.name, note))
        warnings.warn(note, NativeFallback, stacklevel=4)


class Agent:
    """Base class: subclasses implement ``act``."""

    #: The kind's name in agent specs (``mcts:2s``).
    keyword: ClassVar[str] = ""
    #: One line for ``--help`` and error messages.
    summary: ClassVar[str] = ""
    #: Budget options the kind accepts: "depth" (d3), "seconds" (2s, 500ms), "iterations"
    #: (500i); see ``framework.agents.registry``.
    budgets: ClassVar[frozenset[str]] = frozenset()
    #: The kind draws the states it could be in itself (``determinised``, one per search
    #: iteration: information-set search) and is given the true state in a game with a
    #: view, of which it reads only what ``determinised`` keeps; else ``act`` hands it one
    #: drawn state.
    samples_information_sets: ClassVar[bool] = False

    def __init__(self, game: CompiledGame, seed: int | None = None, spec: str = "") -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.spec = spec or self.keyword
        #: A short account of the last decision (depth reached, iterations, value), for display.
        self.info = ""

    def act(self, state: State) -> list[Action]:
        """The actions to play now (at least one, all legal in sequence for the seat that
        decides in ``state``). ``state`` is not changed."""
        if state.winners is not None:
            raise BoardspecError(f"{self.spec} has no decision to make: the game is over")
        if state.is_chance_node():  # asked to roll: chance decides, drawn with our rng
            return [sample(state, self.rng)]
        if self.game.view is not None and not self.samples_information_sets:
            # Hidden information: search a state it could be in, and play its first
            # action only: what follows depends on what that one shows (a try that finds
            # a hidden piece), so the agent is asked again.
            return self.decide(determinised(state, self.rng))[:1]
        return self.decide(state)

    def decide(self, state: State) -> list[Action]:
        """``act`` for a state with a decision to make: what each kind implements."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec}>"


def warm_start(game: CompiledGame) -> State | None:
    """The start of ``game``, where a native search can warm its kernels (a turn begins
    there: no setup, no chance, not over), or None."""
    from framework.engine.state import State

    start = State.initial(game)
    if start.winners is not None or start.is_chance_node() or \
            start.setup < len(game.setups):
        return None
    return start
