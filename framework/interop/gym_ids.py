"""Gymnasium ids for every game found by name: ``boardspec/<name>-v0`` (``pip install
'boardspec[rl]'``).

Importing this module registers them.
Gymnasium 1.x loads no plugins by entry point, so a fresh interpreter names the module in
the id, as Gymnasium's ``module:id`` form allows, and needs no import of its own:

```python
import gymnasium
env = gymnasium.make("framework.interop.gym_ids:boardspec/connect-four-v0")
hex7 = gymnasium.make("boardspec/hex-v0", size=7, opponent="greedy")  # now registered
```

Keyword arguments are the environment's options (``opponent``, ``seat``,
``render_mode``, ``illegal_reward``, ``max_plies``; see ``SingleAgentEnv``) and the game's
parameters (``size=7``). A game without parameters gets Gymnasium's ``TimeLimit`` at its
``max_plies``; one with parameters truncates itself at the ``max_plies`` of the setting
asked for (a limit fixed at registration would be wrong for some setting).
"""

from __future__ import annotations

from typing import Any

import gymnasium

NAMESPACE = "boardspec"


def env_id(name: str) -> str:
    return f"{NAMESPACE}/{name}-v0"


def make_env(game: str, **kwargs: Any) -> gymnasium.Env:
    """The entry point of every id: the game file under its parameters as a
    ``SingleAgentEnv``."""
    from framework.game import load_game
    from framework.interop.pettingzoo import ENV_OPTIONS, SingleAgentEnv

    options = {k: v for k, v in kwargs.items() if k in ENV_OPTIONS}
    parameters = {k: v for k, v in kwargs.items() if k not in ENV_OPTIONS}
    return SingleAgentEnv(load_game(game, parameters), **options)


def register_envs() -> list[str]:
    """Register ``boardspec/<name>-v0`` for every game found by name (the bundled games,
    ``$BOARDSPEC_GAMES_PATH``); an id already registered is left as it is."""
    from framework.bundled import named_games
    from framework.errors import SpecError
    from framework.spec.load import load_spec

    ids = []
    for name, path in named_games().items():
        found = env_id(name)
        if found in gymnasium.registry:
            continue
        try:
            spec, _ = load_spec(path)
        except SpecError:  # a broken file on the path must not break the import
            continue
        gymnasium.register(
            id=found, entry_point=f"{__name__}:make_env", kwargs={"game": str(path)},
            max_episode_steps=None if spec.parameters else spec.max_plies,
            disable_env_checker=False)
        ids.append(found)
    return ids


register_envs()
