"""Any game file as an OpenSpiel game (``pip install 'boardspec[openspiel]'``).

```python
import pyspiel
from framework.interop.openspiel import register

name = register("games/adaptoid.yaml")          # "boardspec_adaptoid"
game = pyspiel.load_game(name)
state = game.new_initial_state()
state.apply_action(state.legal_actions()[0])
```

Importing this module registers every game found by name (the bundled games and the files
under ``$BOARDSPEC_GAMES_PATH``, see ``boardspec games``) as ``boardspec_<name>``, so
``pyspiel.load_game("boardspec_hex", {"size": 7})`` works after ``import
framework.interop.openspiel`` alone (OpenSpiel's example scripts: ``--game=boardspec_chess``
with that import added). A game's parameters (``parameters:`` in its file) are its
OpenSpiel game parameters, with their defaults.

Actions are the integers of the game's action codec (``game.codec``: a fixed number per
possible action), written in the game's own notation by ``action_to_string``. Observations
are the game's observation planes (``game.observer``): ``observation_tensor`` and, through
``make_py_observer``, a ``(planes, height, width)`` view called ``"observation"``. A game
with a view (``view:``, hidden information) is of imperfect information: its observations
are what each player sees, and its information states (strings and tensors) what each
knows (``framework.engine.view``). Returns
are +1 for a win, -1 for a loss and 0 for a draw, per seat (the pie rule swaps who plays
which side; returns follow the seats).

OpenSpiel needs a finite ``max_game_length``: the game file's ``max_plies`` (counted in
actions), or ``DEFAULT_MAX_PLIES`` for a game that declares none; a game that reaches it
unfinished ends there as a draw (``state.truncated``).
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from framework.engine.playout import DEFAULT_MAX_PLIES
from framework.engine.state import State
from framework.errors import BoardspecError
from framework.game import Game, load_game
from framework.numerals import is_digits
from framework.plugins import plugins
from framework.spec.load import load_spec

if TYPE_CHECKING:
    from framework.interop.openspiel_native import NativeTables

#: The ``format`` of a serialised state (``BoardspecState.serialize``).
SERIAL_FORMAT = "boardspec-openspiel-state"

#: pyspiel's current player of a finished game (openspiel_native holds the same number).
TERMINAL = int(pyspiel.PlayerId.TERMINAL)

#: name → game file of every game registered in this process.
REGISTERED: dict[str, str] = {}


def default_name(path: str | Path) -> str:
    """``games/adaptoid-nestorgames.yaml`` → ``boardspec_adaptoid_nestorgames``."""
    return "boardspec_" + re.sub(r"\W+", "_", Path(path).stem.lower()).strip("_")


def register(path: str | Path, name: str | None = None, native: bool | None = None) -> str:
    """Register the game file ``path`` with pyspiel under ``name`` and return the name.

    Registering the same file under the same name again does nothing; ``pyspiel.load_game``
    then builds it by name, as any OpenSpiel game. Its states are compact states of the
    game's native kernels (the [fast] extra; ``framework.interop.openspiel_native``) where
    those can hold them, else the Python engine's, said once with the reason
    (``native=None``, the default; ``$BOARDSPEC_ENGINE=python`` keeps the engine's). With
    ``native=True`` its default name ends in ``_native``, and a game whose states cannot be
    native is refused when it is loaded; ``native=False`` keeps the engine's states.
    """
    name = name or default_name(path) + ("_native" if native else "")
    path = str(Path(path).resolve())
    if REGISTERED.get(name) == path:
        return name
    if name in REGISTERED or name in pyspiel.registered_names():
        raise ValueError(f"an OpenSpiel game named {name!r} is already registered"
                         f"{' (' + REGISTERED[name] + ')' if name in REGISTERED else ''}; "
                         "pass another name")
    spec, _ = load_spec(path)  # validated now; compiled when pyspiel first builds it
    # pyspiel keeps the creator until after the interpreter has shut down: it must be a
    # class (as OpenSpiel's own Python games register), which outlives the interpreter's
    # teardown; a closure would be freed without the GIL and abort the process at exit.
    game_type = spiel_game_type(spec, name, player_counts(path, spec))
    creator = type(f"BoardspecGame_{name}", (BoardspecGame,), {
        "path": path, "game_type": game_type, "variants": {}, "native": native})
    pyspiel.register_game(game_type, creator)
    REGISTERED[name] = path
    return name


def register_named_games() -> list[str]:
    """Register every game found by name (``boardspec games``) under its default name; a
    name another game already took is left as it is. Returns the names registered."""
    from framework.bundled import named_games
    from framework.errors import SpecError

    names = []
    for stem, path in named_games().items():
        name = default_name(stem)
        if name in pyspiel.registered_names() and REGISTERED.get(name) != str(path.resolve()):
            continue
        try:
            names.append(register(path, name))
        except SpecError:  # a broken file on the path must not break the import
            continue
    return names


def load(path: str | Path, name: str | None = None,
         parameters: Mapping[str, Any] | None = None, native: bool | None = None
         ) -> BoardspecGame:
    """``pyspiel.load_game(register(path, name, native), parameters)``: the game file as a
    pyspiel game."""
    game: BoardspecGame = pyspiel.load_game(register(path, name, native),
                                            dict(parameters or {}))
    return game


def max_game_length(game: Game) -> int:
    return game.spec.max_plies or DEFAULT_MAX_PLIES


#: At most this many settings of a game's choices and switches are loaded to find how many
#: players its variants have (a game with more keeps its default's count).
MAX_SETTINGS_READ = 64


def player_counts(path: str, spec: Any) -> set[int]:
    """How many players the game has in each setting of its choice and switch parameters
    (Ataxx's ``players``: 2 or 4); numbers stay at their defaults."""
    values = [[(name, v) for v in (p.choices if p.type == "choice" else [False, True])]
              for name, p in spec.parameters.items() if p.type in ("choice", "bool")]
    settings = list(itertools.islice(itertools.product(*values), MAX_SETTINGS_READ + 1))
    if len(settings) > MAX_SETTINGS_READ:
        return {len(spec.players)}
    return {len(load_spec(path, dict(setting))[0].players) for setting in settings}


def spiel_game_type(spec: Any, name: str, players: set[int] | None = None
                    ) -> pyspiel.GameType:
    """The game's OpenSpiel type: what every boardspec game is (sequential, perfect
    information, terminal rewards), explicit chance when a phase is decided by chance (a
    ``roll``), its players (over every setting: ``players`` may be a parameter) and its
    parameters. Zero-sum only if every setting has two players: with more, a win is +1 and
    each loss -1."""
    chance = (pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if has_chance(spec)
              else pyspiel.GameType.ChanceMode.DETERMINISTIC)
    counts = players or {len(spec.players)}
    declared = getattr(spec, "returns", None)  # a file's own values: zero-sum if they are
    balanced = declared is None or (declared.win + declared.loss == 0 and not declared.draw)
    utility = (pyspiel.GameType.Utility.ZERO_SUM if counts == {2} and balanced
               else pyspiel.GameType.Utility.GENERAL_SUM)
    return pyspiel.GameType(
        short_name=name,
        long_name=f"{spec.name} (boardspec)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        # A game with a view (view: in its file) hides something from someone.
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION
                     if getattr(spec, "view", None) is not None
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=getattr(spec, "view", None) is not None,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={p: _spiel_default(d) for p, d in spec.parameters.items()})


def has_chance(spec: Any) -> bool:
    """Whether a phase or a setup step of the game file is decided by chance (its unit
    says ``chance``: a ``roll``, a ``shuffle``)."""
    units, setups = plugins("phases"), plugins("setups")
    return any(getattr(units.get(p.type), "chance", False) for p in spec.turn) or \
        any(getattr(setups.get(s.type), "chance", False) for s in spec.setup)


def _spiel_default(declared: Any) -> Any:
    """A parameter's default as pyspiel holds it: bool, int, float or str (pyspiel types a
    parameter by its default, so a number is always a float)."""
    if declared.type == "number":
        return float(declared.default)
    if declared.type == "choice" and all(is_digits(c) for c in declared.choices):
        return int(declared.default)  # a choice of counts is given as OpenSpiel's ints
    return declared.default


def spiel_game_info(game: Game, zero_sum: bool | None = None) -> pyspiel.GameInfo:
    """The game's sizes for pyspiel; ``zero_sum`` as its type says (a type that spans a
    four-player setting is general-sum in its two-player one too)."""
    players = len(game.players)
    zero_sum = players == 2 if zero_sum is None else zero_sum
    # A file's margins make a win worth up to their largest value (a backgammon: 3).
    worth = game.max_win_value()
    return pyspiel.GameInfo(
        num_distinct_actions=game.codec.num_distinct_actions,
        # Chance outcomes are codec indices like every action (a roll's "3-5").
        max_chance_outcomes=game.codec.num_distinct_actions if has_chance(game.spec) else 0,
        num_players=players,
        min_utility=-worth,
        max_utility=worth,
        # With more than two players every loser gets -1: the sum is not constant.
        utility_sum=0.0 if zero_sum else None,
        max_game_length=max_game_length(game))


class BoardspecGame(pyspiel.Game):
    """A compiled boardspec game seen through pyspiel (``register`` makes one subclass per
    game file, which sets the class attributes); its OpenSpiel parameters are the game's
    parameters, each setting compiled once."""

    path: str
    game_type: pyspiel.GameType
    #: the compiled game of each parameter setting asked for, by its sorted items
    variants: dict[tuple[tuple[str, Any], ...], Game]
    #: Whether the states are compact states of the native kernels: True (asked: refused
    #: where they cannot be), False (the engine's), None (the kernels' where they can be).
    native: bool | None

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        key = tuple(sorted(given.items()))
        compiled = self.variants.get(key)
        if compiled is None:
            compiled = self.variants[key] = load_game(self.path, given)
        self.compiled = compiled
        self.native_tables = self._native_tables(compiled)
        self.game_info = spiel_game_info(
            compiled, self.game_type.utility == pyspiel.GameType.Utility.ZERO_SUM)
        super().__init__(self.game_type, self.game_info, given)
        self.max_length = self.game_info.max_game_length

    def _native_tables(self, compiled: Game) -> NativeTables | None:
        """The native kernels' tables when the states are theirs: asked for (refused with
        the reason where they cannot be), or by default where they can be."""
        from framework.agents.base import tell_once, wants_native

        if not wants_native(self.native):
            return None
        from framework.interop.openspiel_native import native_tables

        try:
            return native_tables(compiled)
        except BoardspecError as exc:
            if self.native:  # asked for: refused
                raise
            tell_once(compiled, f"OpenSpiel states in the Python engine: {exc}")
            return None

    def __reduce__(self) -> tuple[Any, ...]:
        # The class is made by ``register``: unpickling registers the file again.
        return load, (self.path, self.game_type.short_name, self.compiled.parameters,
                      self.native)

    def new_initial_state(self) -> BoardspecState:
        return BoardspecState(self)

    def deserialize_state(self, text: str) -> BoardspecState:
        """The state that ``BoardspecState.serialize`` wrote: its actions are replayed, each
        checked, and must lead to its position JSON. Never a pickle: a string from
        elsewhere runs no code."""
        from framework.errors import PositionError
        from framework.limits import MAX_POSITION_BYTES
        from framework.safeio import load_json

        if not isinstance(text, str) or len(text) > MAX_POSITION_BYTES:
            raise PositionError("a serialised boardspec state is position JSON text of at "
                                f"most {MAX_POSITION_BYTES:,} characters")
        data = load_json(text, "the serialised state", PositionError)
        if not isinstance(data, dict) or data.get("format") != SERIAL_FORMAT:
            raise PositionError(f"not a serialised boardspec state (expected a JSON object "
                                f'with "format": "{SERIAL_FORMAT}")')
        history, position = data.get("history"), data.get("state")
        if not isinstance(history, list) or len(history) > self.max_length or not all(
                isinstance(a, int) and not isinstance(a, bool) for a in history):
            raise PositionError(f"'history' must list at most {self.max_length} actions "
                                "(whole numbers)")
        state = BoardspecState(self)
        for number, action in enumerate(history, start=1):  # each one checked
            if action not in state.legal_actions():
                raise PositionError(f"action {number} of the history ({action}) is not "
                                    "legal there")
            state.apply_action(action)
        if position != state.board_state.to_json():
            raise PositionError("the serialised position is not the one its history leads "
                                "to")
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if self.compiled.view is not None:  # what each player sees, and remembers
            if iig_obs_type is not None and iig_obs_type.perfect_recall:
                return InformationObserver(self.compiled, params)
            return PlanesObserver(self.compiled, params)
        if iig_obs_type is None or (iig_obs_type.public_info
                                    and not iig_obs_type.perfect_recall):
            return PlanesObserver(self.compiled, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class _Held:
    """Everything a pyspiel state carries. pyspiel clones a Python state by deep copying
    each of its attributes: this one attribute copies with ``State.clone`` (fast) and
    shares the game."""

    __slots__ = ("before", "codec", "game", "legal", "max_length", "plies", "state")

    def __init__(self, game: Game, state: State, max_length: int, plies: int = 0
                 ) -> None:
        self.game = game
        self.codec = game.codec
        self.state = state
        self.max_length = max_length
        self.plies = plies
        self.legal: list[int] | None = None  # the legal indices, until the next action
        #: The state before each action applied (what ``undo_action`` puts back, as
        #: ``State.pop`` does). Clones share these states and never change them.
        self.before: list[State] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        copy = _Held(self.game, self.state.clone(), self.max_length, self.plies)
        copy.legal = self.legal
        copy.before = self.before[:]
        return copy

    def legal_indices(self) -> list[int]:
        if self.legal is None:
            self.legal = self.codec.legal_indices(self.state)
        return self.legal

    def board(self) -> State:
        return self.state

    def won(self) -> bool:
        return self.state.winners is not None

    def player(self) -> int:
        """The seat to move, or pyspiel's TERMINAL."""
        if self.state.winners is not None or self.plies >= self.max_length:
            return TERMINAL
        return self.state.current_player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(self.codec.index(a), float(p)) for a, p in self.state.chance_outcomes()]

    def apply(self, action: int) -> None:
        if action not in self.legal_indices():
            self.codec.legal_action(self.state, action)  # raises, naming the action
        self.before.append(self.state.clone())
        self.state.apply_unchecked(self.codec.actions[action])
        self.plies += 1
        self.legal = None

    def undo(self) -> None:
        if not self.before:
            raise IndexError("no action to take back: this is the initial state")
        self.state = self.before.pop().clone()  # the kept one may be a clone's too
        self.plies -= 1
        self.legal = None

    def returns(self) -> list[float]:
        return self.state.returns()


class BoardspecState(pyspiel.State):
    """One position; actions are codec integers. What it holds is the Python engine's
    state (``_Held``), or a compact state of the native kernels (``NativeHeld``, in a game
    registered with ``native=True``): both answer the same few questions."""

    def __init__(self, game: BoardspecGame) -> None:
        super().__init__(game)
        if game.native_tables is not None:
            from framework.interop.openspiel_native import NativeHeld

            self._held: _Held | NativeHeld = NativeHeld(game.native_tables, game.max_length)
        else:
            self._held = _Held(game.compiled, game.compiled.new_initial_state(),
                               game.max_length)

    @property
    def board_state(self) -> State:
        """The boardspec state inside (read it; change it only through apply_action)."""
        return self._held.board()

    @property
    def truncated(self) -> bool:
        """Whether the game was stopped unfinished at ``max_game_length``."""
        held = self._held
        return held.plies >= held.max_length and not held.won()

    def current_player(self) -> int:
        return self._held.player()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, each outcome's codec index with its probability."""
        return self._held.chance_outcomes()

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():  # also when the game is over
            return []
        return self._held.legal_indices()  # pybind copies it into a C++ vector

    def _apply_action(self, action: int) -> None:
        self._held.apply(action)

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last action applied to this state (``player`` played ``action``)
        and restore the exact state before it, as ``State.pop`` does. A Python method:
        pyspiel's C++ side keeps its own ``history()``, which a Python game cannot shorten,
        so read the history of an undone state from ``board_state``, not ``history()``."""
        self._held.undo()

    def _action_to_string(self, player: int, action: int) -> str:
        return self._held.codec.action(action).notation

    def is_terminal(self) -> bool:
        return self._held.player() == TERMINAL

    def returns(self) -> list[float]:
        return self._held.returns()

    def __str__(self) -> str:
        return self._held.game.observer.string(self.board_state)

    def serialize(self) -> str:
        """The actions played and the position JSON they lead to (pyspiel's default is a
        pickle, which ``deserialize_state`` of a foreign string would run)."""
        return json.dumps({"format": SERIAL_FORMAT, "history": self.history(),
                           "state": self.board_state.to_json()}, separators=(",", ":"))

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel pickles a state as serialize_game_and_state's text, whose C++ half is a
        # pickle again; this state travels as its game and its serialised JSON instead.
        return _restore_state, (self.get_game(), self.serialize())


def _restore_state(game: BoardspecGame, text: str) -> BoardspecState:
    return game.deserialize_state(text)


# serialize_game_and_state / deserialize_game_and_state -----------------------------------
#: pyspiel's own functions, used for every game that is not a boardspec game.
_SPIEL_SERIALIZE = pyspiel.serialize_game_and_state
_SPIEL_DESERIALIZE = pyspiel.deserialize_game_and_state
_SECTIONS = ("[Meta]", "[Game]", "[State]")


def serialize_game_and_state(game: Any, state: Any) -> str:
    """OpenSpiel's text of a game and a state (``pyspiel.serialize_game_and_state``): for a
    boardspec game its ``[State]`` is the state's JSON (``BoardspecState.serialize``),
    where pyspiel's C++ writes a pickle of the Python state; other games as pyspiel does."""
    if not isinstance(game, BoardspecGame):
        return _SPIEL_SERIALIZE(game, state)
    return ("# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\n"
            f"Version: 1\n\n[Game]\n{game}\n[State]\n{state.serialize()}\n")


def deserialize_game_and_state(text: str) -> tuple[Any, Any]:
    """The game and state of ``serialize_game_and_state``'s text. A text naming a boardspec
    game is read without a pickle: its actions are replayed, each checked, and must lead
    to its position (``BoardspecGame.deserialize_state``), so a string from elsewhere runs
    no code (pyspiel's C++ unpickles the Python state it finds there). Other games are
    read by pyspiel."""
    from framework.errors import PositionError
    from framework.limits import MAX_POSITION_BYTES

    if not isinstance(text, str):
        return _SPIEL_DESERIALIZE(text)
    sections = _sections(text[:2 * MAX_POSITION_BYTES])
    game_string = sections.get("[Game]", "")
    if game_string.partition("(")[0].strip() not in REGISTERED:
        return _SPIEL_DESERIALIZE(text)
    if len(text) > 2 * MAX_POSITION_BYTES:
        raise PositionError(f"a serialised boardspec game and state is at most "
                            f"{2 * MAX_POSITION_BYTES:,} characters")
    game = pyspiel.load_game(game_string)
    return game, game.deserialize_state(sections.get("[State]", ""))


def _sections(text: str) -> dict[str, str]:
    """The sections of OpenSpiel's serialised text, as its C++ reads them: comments and
    blank lines skipped, each other line added to the section last opened."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.split("\n"):
        if not line or line.startswith("#"):
            continue
        if line in _SECTIONS:
            current = sections.setdefault(line, [])
        elif current is not None:
            current.append(line)
    return {name: "\n".join(lines) for name, lines in sections.items()}


class PlanesObserver:
    """The PyObserver of a boardspec game: the observation planes as a numpy view."""

    def __init__(self, game: Game, params: Any = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self._observer = game.observer
        self.tensor = np.zeros(self._observer.size, np.float32)
        self.dict = {"observation": self.tensor.reshape(self._observer.shape)}

    def set_from(self, state: BoardspecState, player: int) -> None:
        # What the player sees: the whole state unless the game has a view.
        self.tensor[:] = state.board_state.observation_tensor(player)

    def string_from(self, state: BoardspecState, player: int) -> str:
        return state.board_state.observation_string(player)


class InformationObserver:
    """The PyObserver of a game with a view, with perfect recall: each player's
    information state (``framework.engine.view``), one flat tensor."""

    def __init__(self, game: Game, params: Any = None) -> None:
        from framework.engine.view import information_state_size

        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.tensor = np.zeros(information_state_size(game), np.float32)
        self.dict = {"information_state": self.tensor}

    def set_from(self, state: BoardspecState, player: int) -> None:
        self.tensor[:] = state.board_state.information_state_tensor(player)

    def string_from(self, state: BoardspecState, player: int) -> str:
        return state.board_state.information_state_string(player)


register_named_games()
# pyspiel's own functions, for every caller: a boardspec game's text is JSON both ways.
pyspiel.serialize_game_and_state = serialize_game_and_state
pyspiel.deserialize_game_and_state = deserialize_game_and_state
