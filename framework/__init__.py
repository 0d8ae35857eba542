"""boardspec: rules-as-data board games.

```python
from framework import load_game
game = load_game("games/ataxx.yaml")
state = game.new_initial_state()
state.apply(state.legal_actions()[0])
```
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import TERMINAL, State
    from framework.errors import (
        BoardspecError,
        IllegalActionError,
        NotationError,
        PositionError,
        SpecError,
    )
    from framework.game import Game, load_game, load_game_text

# Imported on first use, so that ``boardspec --help`` (which imports this package) does not
# pay for pydantic and networkx.
_HOMES = {
    "CompiledGame": "framework.compiler", "Game": "framework.game",
    "load_game": "framework.game", "load_game_text": "framework.game",
    "Action": "framework.engine.action",
    "TERMINAL": "framework.engine.state", "State": "framework.engine.state",
    "BoardspecError": "framework.errors", "IllegalActionError": "framework.errors",
    "NotationError": "framework.errors", "PositionError": "framework.errors",
    "SpecError": "framework.errors",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'framework' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


__all__ = [
    "TERMINAL",
    "Action",
    "BoardspecError",
    "CompiledGame",
    "Game",
    "IllegalActionError",
    "NotationError",
    "PositionError",
    "SpecError",
    "State",
    "load_game",
    "load_game_text",
]
