"""The façade: a compiled game's tables joined to the engine that plays them.

The layers, lowest first. A package may reach, through any chain of imports (inside
functions too), only packages of its own layer or below, and no two packages reach each
other (``tests/test_layers.py`` keeps them so, with the imports still waiting for their
move into rule units listed there):

1. values: ``framework.errors``, ``framework.limits``, ``framework.safeio``,
   ``framework.bundled`` (where the bundled games are), ``framework.expressions`` (the
   small expressions of parameters and hole rules), ``framework.numerals`` (numbers as
   people type them: ASCII digits), ``framework.entries`` (the registered rule units'
   entry points, read without loading them), and the engine's value modules
   ``framework.engine.action``, ``framework.engine.bits``,
   ``framework.engine.slots``, ``framework.engine.piles``;
2. plugin API: ``framework.plugins`` (the units' base classes and their registry);
3. tables: ``framework.i18n``, ``framework.board``, ``framework.spec``,
   ``framework.codec``, ``framework.render``, ``framework.pickling``,
   ``framework.observation``, ``framework.examples``;
4. engine core: ``framework.engine`` (the state and the turn flow), ``framework.perft``;
5. unit cores: ``framework.moves`` (the move primitives' base, what step, slide and
   leap share, the attack tables, a kind's own moves), ``framework.reference`` (the
   reference twins' state and bases), ``framework.kernel`` (the native pieces' bases and
   helpers);
6. rule units: ``framework.rules`` (a folder per keyword: the engine part in
   ``__init__.py``, its reference twin in ``reference.py``, its native piece in
   ``native.py``), and ``framework.restrictions`` (the wrapper the compiler puts around a
   restricted phase);
7. drivers: ``framework.compiler`` (a ``CompiledGame``: int cell ids, bitmasks, the
   units' engine parts, the turn's phases as ``TurnPhase`` records),
   ``framework.notation_words``, ``framework.san`` (moves in Standard Algebraic
   Notation), ``framework.check.reference`` (the reference game,
   check's oracle), ``framework.native`` (the native backend, which assembles the units'
   native pieces) — each finding the units by registry;
8. façade: ``framework.game`` (this module, which gives the tables the state API and loads
   game files) and ``framework`` (its lazy re-exports);
9. players and runs: ``framework.agents``, ``framework.records``, ``framework.pgn``
   (records as PGN), ``framework.ratings``, ``framework.seals`` (the keyed seals on study
   records), ``framework.study``,
   ``framework.backend_base``, ``framework.ray_backend``, ``framework.backends``,
   ``framework.match``;
10. tools: ``framework.check``, ``framework.docs``, ``framework.balance``,
    ``framework.interop``, ``framework.web``;
11. commands: ``framework.cli``, ``framework.command`` (the entry), ``framework.__main__``.

Outside the layers, ``framework.bench`` (the benchmark harnesses) is imported only by the
``bench`` command.

```python
from framework.game import load_game
game = load_game("games/ataxx.yaml")
state = game.new_initial_state()
```
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from framework.compiler import CompiledGame
from framework.engine.state import State
from framework.spec.load import load_spec, load_spec_text

if TYPE_CHECKING:
    from framework.symmetry import Symmetry


class Game(CompiledGame):
    """A compiled game with the OpenSpiel-shaped entry points of the state API."""

    def new_initial_state(self) -> State:
        return State.initial(self)

    def state_from_json(self, position: dict[str, Any] | str) -> State:
        return State.from_json(self, position)

    def state_from_fen(self, fen: str) -> State:
        return State.from_fen(self, fen)

    def symmetries(self) -> tuple[Symmetry, ...]:
        """The board's symmetries that the rules keep, the identity first: each maps
        cells, states, actions, action indices and observation tensors
        (``framework/symmetry.py``)."""
        from framework.symmetry import game_symmetries

        return game_symmetries(self)


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
