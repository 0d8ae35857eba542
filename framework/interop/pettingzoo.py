"""Any game file as a PettingZoo AEC environment, or as a Gymnasium environment against one
of our agents (``pip install 'boardspec[rl]'``).

```python
from framework.interop.pettingzoo import env, gym_env

aec = env("games/ataxx.yaml")            # agents "player_0", "player_1" (seats)
aec.reset(seed=0)
for agent in aec.agent_iter():
    observation, reward, termination, truncation, info = aec.last()
    mask = observation["action_mask"]
    action = None if termination or truncation else aec.action_space(agent).sample(mask)
    aec.step(action)

single = gym_env("games/ataxx.yaml", opponent="greedy")   # we play seat 0
observation, info = single.reset(seed=0)
observation, reward, terminated, truncated, info = single.step(
    single.action_space.sample(info["action_mask"]))
```

The AEC environment's ``state()`` is the global observation (``state_space``); the
boardspec state being played is ``board_state``. Gymnasium ids (``boardspec/<game>-v0``)
are in ``framework.interop.gym_ids``.

Observations are the game's planes (``game.observer``: ``(planes, height, width)``
float32, fixed per game) seen by the agent, with the AEC ``action_mask`` over the game's
action codec (``game.codec``, ``Discrete(num_distinct_actions)``). Agents are seats: with
a pie rule, which side a seat plays is in the ``observer:<side>`` planes. In a game with a
view (``view:``, hidden information) an agent's planes hold only what its seat sees. Rewards come at
the end: +1 a win, -1 a loss, 0 a draw. A game that reaches its ``max_plies`` (or
``DEFAULT_MAX_PLIES`` when it declares none) is truncated.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from framework.agents.base import Agent
from framework.agents.registry import make_agent
from framework.engine.chance import sample
from framework.engine.playout import DEFAULT_MAX_PLIES
from framework.engine.state import State
from framework.engine.view import observed
from framework.errors import BoardspecError
from framework.game import Game, load_game

RENDER_MODES = ("ansi", "human")
#: The keyword arguments that are ``SingleAgentEnv``'s own (any other is a game parameter).
ENV_OPTIONS = ("opponent", "seat", "render_mode", "illegal_reward", "max_plies", "history",
               "perspective")


def _game(game: str | Path | Game) -> Game:
    return game if isinstance(game, Game) else load_game(game)


class Frames:
    """The observation of a position with its past: the planes of the last ``history``
    positions, newest first (zeros before the first), and with more than one a
    repetition plane (how often the newest position was seen before in the episode), as
    AlphaZero-style networks take them; each set of planes in the ``perspective`` asked
    for (``absolute``, or ``to_move``: the side to move's planes first)."""

    def __init__(self, game: Game, history: int = 1, perspective: str = "absolute") -> None:
        if history < 1:
            raise ValueError(f"history {history}: at least 1 (the position itself)")
        game.observer.side_order(game.new_initial_state(), perspective)  # checks the name
        self.game, self.history, self.perspective = game, history, perspective
        planes, height, width = game.observer.shape
        self.shape = (planes * history + (history > 1), height, width)
        self.past: list[State] = []
        #: how often each position (pieces, side to move, slots; not the clocks, as
        #: ``State.repetitions`` counts) was seen in the episode
        self.seen: dict[Any, int] = {}

    def reset(self, state: State) -> None:
        self.past, self.seen = [], {}
        self.push(state)

    def push(self, state: State) -> None:
        """The position after an action (a clone is kept)."""
        kept = state.clone()
        self.past = [kept, *self.past[:self.history - 1]]
        key = kept._position_key()
        self.seen[key] = self.seen.get(key, 0) + 1

    def observe(self, seat: int | None) -> Any:
        observer = self.game.observer
        # Each position as the seat sees it (the game's view: hidden pieces left out).
        seen = self.past if seat is None else [observed(s, seat) for s in self.past]
        parts = [np.asarray(observer.relative_tensor(s, seat, self.perspective), np.float32)
                 for s in seen]
        size = observer.size
        parts += [np.zeros(size, np.float32)] * (self.history - len(self.past))
        if self.history > 1:
            repeats = self.seen[self.past[0]._position_key()] - 1
            parts.append(np.full(observer.area, repeats, np.float32))
        return np.concatenate(parts).reshape(self.shape)

    def bounds(self) -> tuple[Any, Any]:
        from framework.limits import MAX_COUNT

        low, high = (np.asarray(b, np.float32) for b in self.game.observer.bounds())
        lows, highs = np.tile(low, self.history), np.tile(high, self.history)
        if self.history > 1:
            lows, highs = np.append(lows, 0.0), np.append(highs, float(MAX_COUNT))
        low_planes, high_planes = (np.broadcast_to(b[:, None, None], self.shape)
                                   .astype(np.float32) for b in (lows, highs))
        return low_planes, high_planes


def _spaces(game: Game, frames: Frames | None = None
            ) -> tuple[spaces.Box, spaces.Box, spaces.Discrete]:
    frames = frames or Frames(game)
    low, high = frames.bounds()
    planes = spaces.Box(low=low, high=high, shape=frames.shape, dtype=np.float32)
    size = game.codec.num_distinct_actions
    return planes, spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8), \
        spaces.Discrete(size)


class BoardspecAEC(AECEnv):
    """A game file as an agent-environment-cycle environment."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "boardspec",
                "is_parallelizable": False}

    def __init__(self, game: str | Path | Game, render_mode: str | None = None,
                 max_plies: int | None = None, history: int = 1,
                 perspective: str = "absolute") -> None:
        super().__init__()
        self.game = _game(game)
        self.frames = Frames(self.game, history, perspective)
        self.metadata = {**self.metadata, "name": f"boardspec_{self.game.name}"}
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError(f"render_mode {render_mode!r}; expected one of {RENDER_MODES}")
        self.render_mode = render_mode
        self.max_plies = max_plies or self.game.spec.max_plies or DEFAULT_MAX_PLIES
        self.possible_agents = [f"player_{seat}" for seat in range(len(self.game.players))]
        planes, mask, actions = _spaces(self.game, self.frames)
        self.observation_spaces = {a: spaces.Dict({"observation": planes, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: actions for a in self.possible_agents}
        #: The global observation (``state()``): the whole state's planes, as seat 0's
        #: observer planes say (with a view, more than any one agent observes).
        self.state_space = _spaces(self.game)[0]
        #: The boardspec state being played (``state`` is AECEnv's global observation).
        self.board_state: State = self.game.new_initial_state()
        self.plies = 0
        self.chance = random.Random()  # the dice of a game with chance (seeded by reset)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        # The seed seeds the action spaces' sampling and the dice of a game with chance
        # (the environment rolls them: PettingZoo has no chance agent).
        if seed is not None:
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        self.chance = random.Random(seed)
        self.board_state = self.game.new_initial_state()
        self.frames.reset(self.board_state)
        self.plies = 0
        self._roll()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.board_state.current_player]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.game.codec.num_distinct_actions, np.int8)
        if not self.board_state.is_terminal() and self.board_state.current_player == seat:
            mask[self.game.codec.legal_indices(self.board_state)] = 1
        return {"observation": self.frames.observe(seat), "action_mask": mask}

    def state(self) -> np.ndarray:
        """The global observation, matching ``state_space``."""
        observer = self.game.observer
        return np.asarray(observer.tensor(self.board_state, 0),
                          np.float32).reshape(observer.shape)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise BoardspecError(f"{agent} must act: None is only for finished agents")
        codec = self.game.codec
        self.board_state.apply_unchecked(codec.legal_action(self.board_state, int(action)))
        self.frames.push(self.board_state)
        self.plies += 1
        self._roll()
        self._cumulative_rewards[agent] = 0.0
        if self.board_state.is_terminal():
            returns = self.board_state.returns()
            self.rewards = {a: returns[i] for i, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.plies >= self.max_plies:
            self.truncations = dict.fromkeys(self.agents, True)
        if self.board_state.is_terminal() or self.plies >= self.max_plies:
            seat = self.possible_agents.index(agent)
            self.agent_selection = self.possible_agents[(seat + 1) % len(self.possible_agents)]
        else:
            self.agent_selection = self.possible_agents[self.board_state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _roll(self) -> None:
        """Play the chance nodes reached (dice), drawn with the environment's generator."""
        state = self.board_state
        while state.is_chance_node() and self.plies < self.max_plies:
            state.apply_unchecked(sample(state, self.chance))
            self.frames.push(state)
            self.plies += 1

    def render(self) -> str | None:
        text = self.game.observer.string(self.board_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game: str | Path | Game, render_mode: str | None = None,
        max_plies: int | None = None, history: int = 1, perspective: str = "absolute",
        **parameters: Any) -> BoardspecAEC:
    """The AEC environment of a game file (or a bundled game's name: ``env("ataxx")``)
    under its parameters (``env("hex", size=7)``), wrapped in PettingZoo's order enforcer
    (which rejects stepping out of turn and other misuse)."""
    from pettingzoo.utils import wrappers

    played = game if isinstance(game, Game) else load_game(game, parameters)
    wrapped: BoardspecAEC = wrappers.OrderEnforcingWrapper(
        BoardspecAEC(played, render_mode, max_plies, history, perspective))
    return wrapped


class SingleAgentEnv(gymnasium.Env):
    """One seat of a game file against one of our agents, as a Gymnasium environment.

    The opponent (an agent spec: ``random``, ``greedy``, ``alphabeta:d2``, ``mcts:200i``)
    plays every decision of the other seats. The observation is the planes; the legal
    actions are ``info["action_mask"]`` and ``action_masks()`` (the name MaskablePPO
    looks for). An illegal action ends the episode with ``illegal_reward`` and
    ``info["illegal_action"] = True``, as learners sample unmasked actions too.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, game: str | Path | Game, opponent: str = "random",
                 seat: int = 0, render_mode: str | None = None, illegal_reward: float = -1.0,
                 max_plies: int | None = None, history: int = 1,
                 perspective: str = "absolute") -> None:
        self.game = _game(game)
        self.frames = Frames(self.game, history, perspective)
        if not 0 <= seat < len(self.game.players):
            raise ValueError(f"seat {seat}: {self.game.name} has seats "
                             f"0..{len(self.game.players) - 1}")
        self.seat = seat
        self.opponent_spec = opponent
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.max_plies = max_plies or self.game.spec.max_plies or DEFAULT_MAX_PLIES
        self.observation_space, _, self.action_space = _spaces(self.game, self.frames)
        self.state: State = self.game.new_initial_state()
        self.plies = 0
        self.opponent: Agent = make_agent(opponent, self.game, 0)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self.action_space.seed(seed)
        self.opponent = make_agent(self.opponent_spec, self.game,
                                   int(self.np_random.integers(2**31)))
        self.state = self.game.new_initial_state()
        self.frames.reset(self.state)
        self.plies = 0
        self._opponents_play()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self.state.is_terminal():
            raise BoardspecError("the episode is over: call reset()")
        codec = self.game.codec
        if int(action) not in codec.legal_indices(self.state):
            return self._observation(), self.illegal_reward, True, False, \
                {**self._info(), "illegal_action": True}
        self.state.apply_unchecked(codec.actions[int(action)])
        self.frames.push(self.state)
        self.plies += 1
        self._opponents_play()
        terminated = self.state.is_terminal()
        reward = self.state.returns()[self.seat] if terminated else 0.0
        truncated = not terminated and self.plies >= self.max_plies
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated, self._info()

    def action_masks(self) -> Any:
        mask = np.zeros(self.game.codec.num_distinct_actions, np.int8)
        if not self.state.is_terminal() and self.state.current_player == self.seat:
            mask[self.game.codec.legal_indices(self.state)] = 1
        return mask

    def render(self) -> str | None:
        """The position as text (``ansi``); printed, returning None, for ``human``."""
        text = self.game.observer.string(self.state, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _opponents_play(self) -> None:
        state = self.state
        while not state.is_terminal() and state.current_player != self.seat \
                and self.plies < self.max_plies:
            for action in self.opponent.act(state):
                state.apply(action)
                self.frames.push(state)
                self.plies += 1

    def _observation(self) -> Any:
        return self.frames.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


def gym_env(game: str | Path | Game, opponent: str = "random", seat: int = 0,
            **options: Any) -> SingleAgentEnv:
    """A Gymnasium environment: ``seat`` of the game file against ``opponent``; keywords
    other than ``SingleAgentEnv``'s options are the game's parameters (``size=7``)."""
    parameters = {k: v for k, v in options.items() if k not in ENV_OPTIONS}
    options = {k: v for k, v in options.items() if k in ENV_OPTIONS}
    played = game if isinstance(game, Game) or not parameters \
        else load_game(game, parameters)
    return SingleAgentEnv(played, opponent, seat, **options)
