"""The façade: a compiled game's tables joined to the engine that plays them.

The layers, each importing only those below it (``tests/test_layers.py`` keeps them so):

1. values: ``framework.errors``, ``framework.engine.action``, ``bits``, ``slots``;
2. tables: ``framework.spec``, ``framework.board``, ``framework.plugins``,
   ``framework.compiler`` (a ``CompiledGame``: int cell ids, bitmasks, rule blocks);
3. the engine: ``framework.engine.state`` and what reads and writes states;
4. this module, which gives the tables the state API and loads game files.

```python
from framework.game import load_game
game = load_game("games/ataxx.yaml")
state = game.new_initial_state()
```
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from framework.compiler import CompiledGame
from framework.engine.state import State
from framework.spec.load import load_spec, load_spec_text


class Game(CompiledGame):
    """A compiled game with the OpenSpiel-shaped entry points of the state API."""

    def new_initial_state(self) -> State:
        return State.initial(self)

    def state_from_json(self, position: dict[str, Any] | str) -> State:
        return State.from_json(self, position)

    def state_from_fen(self, fen: str) -> State:
        return State.from_fen(self, fen)


def load_game(path: str | Path, parameters: Mapping[str, Any] | None = None) -> Game:
    """Read, validate and compile a game file (a path, or a bundled game's name:
    ``"ataxx"``), with the given values of its parameters (text or typed: ``{"size": 7}``;
    the defaults for the others)."""
    from framework.bundled import game_path

    spec, src = load_spec(game_path(path), parameters)
    return Game(spec, src)


def load_game_text(text: str, file: str = "<string>",
                   parameters: Mapping[str, Any] | None = None) -> Game:
    """The same for a game file's text (``file`` names it in error messages)."""
    spec, src = load_spec_text(text, file, parameters)
    return Game(spec, src)
