"""Gymnasium ids for every game found by name: ``boardspec/<name>-v0`` (``pip install
'boardspec[rl]'``).

Importing this module registers them. Gymnasium 1.x loads no plugins by entry point (0.x
read the ``gymnasium.envs`` group; 1.x reads none), so there are two ways without an
import of one's own:

- installed from the wheel, the file ``boardspec-gymnasium.pth`` beside the package makes
  Python start ``framework.interop.gym_hook``, which waits for Gymnasium to be imported and
  then imports this module: ``gymnasium.make("boardspec/connect-four-v0")`` just works
  (``BOARDSPEC_GYMNASIUM_IDS=0`` turns that off);
- anywhere (an editable install has no such file), Gymnasium's ``module:id`` form names
  this module in the id and imports it; ``register_file(path)`` adds a file found by no
  name:

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

from pathlib import Path
from typing import Any

import gymnasium
import yaml

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
    ``$BOARDSPEC_GAMES_PATH``); an id already registered is left as it is.

    Cheap enough to run whenever Gymnasium is imported (``gym_hook``): each file is only
    parsed as YAML, for its ``max_plies`` (the id's ``TimeLimit``) and whether it has
    parameters; a file is compiled when its environment is made, and a file that does not
    load says why then."""
    from framework.bundled import named_games
    from framework.errors import InputError

    ids = []
    for name, path in named_games().items():
        if env_id(name) in gymnasium.registry:
            continue
        try:
            ids.append(register_file(path, name))
        except (OSError, InputError, yaml.YAMLError, ValueError):
            continue  # a broken file on the path must not break the import
    return ids


def register_file(path: str | Path, name: str | None = None) -> str:
    """Register one game file as ``boardspec/<name>-v0`` (default: its file's stem), for
    a file found by no name; the id. A file that is not a YAML mapping is a ValueError."""
    from framework.limits import MAX_GAME_FILE_BYTES
    from framework.safeio import read_text

    path = Path(path)
    found = env_id(name or path.stem)
    data = _parse(read_text(path, MAX_GAME_FILE_BYTES, "game file"))
    if not isinstance(data, dict):
        raise ValueError(f"{path.name}: a game file is a YAML mapping (name:, players:, …)")
    limit = data.get("max_plies")
    fixed = "parameters" not in data and isinstance(limit, int) and \
        not isinstance(limit, bool) and limit > 0
    gymnasium.register(
        id=found, entry_point=f"{__name__}:make_env", kwargs={"game": str(path)},
        max_episode_steps=limit if fixed else None, disable_env_checker=False)
    return found


def _parse(text: str) -> Any:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # safe either way: no tags run
    return yaml.load(text, Loader=loader)


register_envs()
