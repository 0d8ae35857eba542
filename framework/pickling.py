"""Pickling games and states (Ray, multiprocessing and OpenSpiel all pickle states).

A ``CompiledGame`` pickles as a reference: its file name and the parsed game file (plain
YAML data), from which it is validated and compiled again on the other side; the spec
classes are built at run time, so they could not be pickled themselves. Every unpickled
reference to the same game file returns one ``CompiledGame`` per process (cached), and in
the process that pickled it, the original object: so ``pickle.loads(pickle.dumps(state)) ==
state`` holds, as ``State.__eq__`` wants the same game.

A ``State`` pickles as its game plus the values of its slots: every field, the per-turn
ones included, so a state pickled in the middle of a turn carries on exactly.

Both carry their class, so this module imports neither the compiler nor the engine: it sits
below both, and each of them can use it without an import loop.
"""

from __future__ import annotations

import json
import weakref
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State

# ``game.source`` is the parsed game file (``YamlSource.data``), None for a game compiled
# from a spec object.

# (file, data as canonical JSON) → a game compiled from it, while something holds it; and
# each pickled game by its id, so that the process that pickled a game gets that very game
# back even when it loaded the same file twice.
_GAMES: weakref.WeakValueDictionary[str, CompiledGame] = weakref.WeakValueDictionary()
_BY_ID: weakref.WeakValueDictionary[int, CompiledGame] = weakref.WeakValueDictionary()
_KEYS: weakref.WeakKeyDictionary[CompiledGame, tuple[str, Any]] = weakref.WeakKeyDictionary()


def _reference(game: CompiledGame) -> tuple[str, Any]:
    """(cache key, game file data) of a game, computed once per game."""
    found = _KEYS.get(game)
    if found is None:
        data = game.source
        if data is None:  # built from a spec object: its JSON form is an equivalent file
            data = game.spec.model_dump(mode="json", by_alias=True, exclude_none=True)
        key = json.dumps([game.file, data, game.parameters], sort_keys=True, default=str)
        found = _KEYS[game] = (key, data)
        _GAMES.setdefault(key, game)
        _BY_ID[id(game)] = game
    return found


def reduce_game(game: CompiledGame) -> tuple[Any, ...]:
    _, data = _reference(game)
    return restore_game, (type(game), game.file, data, id(game), game.parameters)


def restore_game(cls: type[CompiledGame], file: str, data: Any, ident: int = 0,
                 parameters: dict[str, Any] | None = None) -> CompiledGame:
    from framework.spec.load import validate_source
    from framework.spec.yamlsource import YamlSource

    # ``data`` has its parameters substituted already: they come along as values.
    parameters = parameters or {}
    key = json.dumps([file, data, parameters], sort_keys=True, default=str)
    game = _BY_ID.get(ident)
    if game is not None and _KEYS[game][0] == key and type(game) is cls:
        return game  # pickled by this process, still alive (an id is not reused meanwhile)
    game = _GAMES.get(key)
    if game is None or type(game) is not cls:
        spec, src = validate_source(YamlSource(file, data, parameters=parameters))
        game = cls(spec, src)
        _GAMES[key] = game
        _KEYS[game] = (key, data)
    return game


def reduce_state(state: State) -> tuple[Any, ...]:
    values = {name: getattr(state, name) for name in type(state).__slots__
              if name != "game" and hasattr(state, name)}
    return restore_state, (type(state), state.game, values)


def restore_state(cls: type[State], game: CompiledGame, values: dict[str, Any]) -> State:
    state = cls.__new__(cls)
    state.game = game
    for name, value in values.items():
        setattr(state, name, value)
    return state
