"""Many games stepped together in the native kernels, PettingZoo-style: per-agent dicts of
arrays over ``n`` games (``framework.native.batch.NativeBatch`` underneath; the [fast] and
[rl] extras).

```python
from framework import load_game
from framework.interop.pettingzoo_batch import NativeAgentBatch

env = NativeAgentBatch(load_game("games/connect-four.yaml"), 1024)
env.reset(seed=0)
seen = env.observe("player_0")    # "observation": (n, sides, cells); "action_mask": (n, actions)
env.step(actions)                     # one action per game, by the agent to move in it
env.rewards["player_1"], env.terminations["player_1"], env.agent_selection
```

The agents are PettingZoo's names for the seats (``player_0``, ``player_1``, …), as in
``framework.interop.pettingzoo``. ``agent_selection`` is an array: the seat to move in each
game. An agent's observation puts its own side's cells first (then the sides after it in
turn order), so one network sees its own pieces in the same plane whoever it plays; its
action mask is the legal actions where it moves and zeros elsewhere. In a game with hidden
information (``view:``) an agent observes only what its side sees (``NativeBatch.observed``).
``rewards`` are each agent's reward of the last step (1 a win, -1 a loss, as
``State.returns``), and a game that ended starts again in the same step, its
``terminations`` set (PettingZoo's AEC API would wait for a ``reset``; a batch cannot stop
for one game). An illegal action is refused before
any game is played, or with ``illegal="lose"`` loses that game for its mover, the other
agents getting 0 (PettingZoo's ``TerminateIllegalWrapper``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces

from framework.engine.state import State
from framework.native.batch import IllegalAction, NativeBatch

if TYPE_CHECKING:
    from framework.compiler import CompiledGame

Array = np.ndarray[Any, Any]


class NativeAgentBatch:
    """``n`` games of one game, their agents' views and rewards as dicts of arrays."""

    def __init__(self, game: CompiledGame, n: int, illegal: IllegalAction = "raise") -> None:
        self.batch = NativeBatch(game, n, illegal)
        self.num_envs = n
        self.possible_agents = [f"player_{seat}" for seat in range(len(game.players))]
        self.agents = self.possible_agents[:]
        seats = State.initial(game).seat_of_side
        #: The side each agent plays (its seat's side, fixed once the setup is over).
        self.side_of = {f"player_{seat}": side for side, seat in enumerate(seats)}
        self._seat_of_side = np.array(seats, np.int64)
        sides = self.batch.sides
        #: Per agent, the order of the sides in its observation: its own first.
        self._order = {agent: [(side + k) % sides for k in range(sides)]
                       for agent, side in self.side_of.items()}
        self._observation_space = spaces.Box(0, 1, (sides, self.batch.cells), np.int8)
        self._action_space = spaces.Discrete(self.batch.actions)
        self.rewards: dict[str, Array] = {}
        self.terminations: dict[str, Array] = {}
        self.truncations: dict[str, Array] = {}
        self.agent_selection = np.zeros(n, np.int64)

    def observation_space(self, agent: str) -> spaces.Box:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:  # the games start alike: the seed is the sampling's only
            self._action_space.seed(seed)
        self.batch.reset()
        zeros = np.zeros(self.num_envs, np.float32)
        self._record(zeros[:, None].repeat(self.batch.sides, 1), zeros.astype(np.bool_))

    def observe(self, agent: str) -> dict[str, Array]:
        """What ``agent`` sees in every game: the cells of each side, its own first, and
        its legal actions where it is to move (zeros elsewhere)."""
        seat = self.possible_agents.index(agent)
        moving = self.agent_selection == seat
        # (in a game with hidden information, the cells as its side sees them)
        seen = self.batch.observed(np.full(self.num_envs, self.side_of[agent]))
        return {"observation": seen[:, self._order[agent]],
                "action_mask": (self.batch.legal & moving[:, None]).astype(np.int8)}

    def step(self, actions: Array) -> None:
        """Play one action per game, each by the agent to move in it."""
        _, _, done, _ = self.batch.step(actions)
        self._record(self.batch.returns, done)

    def _record(self, returns: Array, done: Array) -> None:
        self.rewards = {agent: returns[:, side].copy() for agent, side in self.side_of.items()}
        self.terminations = {agent: done.copy() for agent in self.possible_agents}
        self.truncations = {agent: np.zeros(self.num_envs, np.bool_)
                            for agent in self.possible_agents}
        self.agent_selection = self._seat_of_side[self.batch.to_move()]
