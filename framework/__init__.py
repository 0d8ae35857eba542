"""boardspec: rules-as-data board games.

```python
from framework import load_game
game = load_game("games/ataxx.yaml")
state = game.new_initial_state()
state.apply(state.legal_actions()[0])
```
"""

from framework.compiler import CompiledGame, load_game, load_game_text
from framework.engine.action import Action
from framework.engine.state import TERMINAL, State
from framework.errors import (
    BoardspecError,
    IllegalActionError,
    NotationError,
    PositionError,
    SpecError,
)

__all__ = [
    "TERMINAL",
    "Action",
    "BoardspecError",
    "CompiledGame",
    "IllegalActionError",
    "NotationError",
    "PositionError",
    "SpecError",
    "State",
    "load_game",
    "load_game_text",
]
