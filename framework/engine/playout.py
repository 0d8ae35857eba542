"""Random playouts: play uniformly random legal actions until the game ends.

``random_playout`` plays the same game as the plain loop

```python
while not state.is_terminal():
    state.apply_unchecked(rng.choice(state.legal_actions()))
```

for the same ``rng`` state (chance drawing its outcomes with their probabilities:
``framework.engine.chance``), but asks the deciding phase for its pick
(``Phase.random_action``) instead of building the list of every legal action, which is
what a playout spends most of its time on.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from framework.engine.chance import sample
from framework.engine.slots import MUST_PASS

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State

#: Plies after which a playout of a game without ``max_plies`` stops unfinished.
DEFAULT_MAX_PLIES = 10_000


def full_length(game: CompiledGame) -> int:
    """The plies of a playout that goes on until the game ends (its ``max_plies``)."""
    return game.spec.max_plies or DEFAULT_MAX_PLIES


def random_playout(state: State, rng: Random, max_plies: int | None = None) -> int:
    """Play random actions on ``state`` (in place) until it ends; return the plies played.

    Stops unfinished after ``max_plies`` (default: the game's ``max_plies``).
    """
    game = state.game
    limit = max_plies if max_plies is not None else game.spec.max_plies or DEFAULT_MAX_PLIES
    setups = len(game.setups)
    phases = game.phases
    pass_choice = (game.pass_action,)
    apply = state.apply_unchecked
    plies = 0
    while state.winners is None and plies < limit:
        if state.setup < setups:
            action = rng.choice(state.legal_actions())
        elif state.vars[MUST_PASS]:
            action = rng.choice(pass_choice)  # draws a number, as choice of one would
        else:
            action = phases[state.phase].random_action(state, rng)
        apply(action)
        plies += 1
    return plies


def plain_random_playout(state: State, rng: Random, max_plies: int | None = None) -> int:
    """The reference loop ``random_playout`` must agree with (tests compare the two)."""
    game = state.game
    limit = max_plies if max_plies is not None else game.spec.max_plies or DEFAULT_MAX_PLIES
    plies = 0
    while not state.is_terminal() and plies < limit:
        # Chance draws its outcome with its probabilities (a uniform one as choice does).
        state.apply(sample(state, rng) if state.is_chance_node()
                    else rng.choice(state.legal_actions()))
        plies += 1
    return plies
