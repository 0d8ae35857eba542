"""``again``: the mover plays again — the next turn is the same player's (Ludii's
``moveAgain``: Dots and Boxes after a box, Kalah after the last seed in the store).

```yaml
turn:
  - name: move
    type: moves
    options:
      - type: place
        then:
          - {type: again, if: {type: count, of: mover, at_most: 2}}
```

Automatic (no decision), as a consequence under an option's ``then:`` or as a phase of the
turn. When it runs, the turn ends as every turn does (the turn's slots are reset, the goals
are checked) and then the same player takes the next turn instead of the next player; the
round does not advance. Turns counted whole (``perft --turns``, the terminal's move list)
take a player's consecutive turns as one. Without an ``if:`` the mover would play every
turn: ``validate`` refuses it, and an ``if:`` that can never change too (a ``counter`` no
rule writes; a ``landed`` where nothing before it lands a piece, as after a ``race``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from framework.engine.slots import AGAIN
from framework.plugins import (
    Loc,
    Phase,
    PhaseParams,
    Translate,
    conditions_text,
    plugins,
    untranslated,
)

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class AgainParams(PhaseParams):
    type: Literal["again"]


class Again(Phase):
    """The mover plays the next turn too."""

    keyword = "again"
    #: Its sentence says when it acts (``framework.plugins.guarded`` adds nothing).
    words_conditions = True
    Params = AgainParams
    decides = False
    reference = ".reference:RefAgain"
    native = ".native:AgainPiece"

    slots = (AGAIN,)

    def __init__(self, params: AgainParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.slot = game.slots.index[AGAIN.name]

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if not params.if_:
            yield loc, ("'again' without 'if:' gives the mover every turn, so the other "
                        "players never move: say when the mover plays again")
            return
        conditions = plugins("conditions")
        fixed = [conditions[c.type].fixed_in_play(c, ctx) for c in params.if_]
        if all(fixed):
            why = "; ".join(f for f in fixed if f)
            yield (*loc, "if"), (f"the condition of 'again' can never change ({why}), so the "
                                 "mover would play again every turn or never: say when the "
                                 "mover plays again with something the game changes")

    def run(self, state: State) -> None:
        state.vars[self.slot] = 1

    def describe(self, _: Translate = untranslated) -> str:
        return _("If {when}, you play again.").format(when=conditions_text(self.conditions, _))
