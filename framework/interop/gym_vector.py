"""A Gymnasium vector environment of ``n`` games stepped together in the native kernels
(``framework.native.batch.NativeBatch``): the [fast] extra and Gymnasium.

```python
from framework import load_game
from framework.interop.gym_vector import NativeVectorEnv

env = NativeVectorEnv(load_game("games/connect-four.yaml"), 1024)
obs, info = env.reset(seed=0)                 # info["action_mask"]: (n, actions) bool
obs, rewards, terminated, truncated, info = env.step(actions)
```

An observation is, per side, the cells it holds (``(sides, cells)`` of 0 and 1; in a game
with hidden information as the side to move sees them, and ``final_obs`` as the side that
ended the game sees it); an
action an index of the game's action space; the reward the mover's (1 a win, -1 a loss).
The legal actions are ``info["action_mask"]`` and the side to move in each game
``info["to_move"]``. A finished game starts again in the same step (``autoreset_mode:
SameStep``): its ``terminated`` flag is set, its observation is the new start's, and its
last position is ``info["final_obs"][i]`` (``info["_final_obs"]`` marks the games that
ended, as Gymnasium's own vector envs do). An action the mask does not allow is refused
before any game is played, or, with ``illegal="lose"``, loses that game for its mover
(the convention of pgx and of PettingZoo's illegal-move wrapper): then any action of the
action space may be stepped, as Gymnasium's checker steps sampled ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from framework.native.batch import IllegalAction, NativeBatch

if TYPE_CHECKING:
    from framework.compiler import CompiledGame


class NativeVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of one game, stepped in one native call."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, game: CompiledGame, num_envs: int,
                 illegal: IllegalAction = "raise") -> None:
        self.batch = NativeBatch(game, num_envs, illegal)
        self.num_envs = num_envs
        self.single_observation_space = spaces.Box(
            0, 1, (self.batch.sides, self.batch.cells), np.int8)
        self.single_action_space = spaces.Discrete(self.batch.actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._truncated = np.zeros(num_envs, np.bool_)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        obs, legal = self.batch.reset()
        return obs.copy(), {"action_mask": legal.copy(), "to_move": self.batch.to_move()}

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        obs, rewards, done, legal = self.batch.step(np.asarray(actions))
        info = {"action_mask": legal.copy(), "to_move": self.batch.to_move(),
                "final_obs": self.batch.final_obs.copy(), "_final_obs": done.copy()}
        return obs.copy(), rewards.copy(), done.copy(), self._truncated.copy(), info
