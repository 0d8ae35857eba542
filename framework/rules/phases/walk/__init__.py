"""``walk``: move one of your pieces up to N steps along any path of empty cells (it may
turn at every step); it may end on an empty cell or, with ``attack``, on an enemy piece.

```yaml
turn:
  - name: move
    type: walk
    piece: adaptoid
    optional: true                # skipping is an action, written as `skip` says
    skip: skip
    steps: {attribute: legs}      # N = the piece's legs; or {max: 3}, or both (the lower)
    attack:                       # omit: a walk may end on empty cells only
      compare: pincers            # the greater stays; equal removes both (tie: remove_both)
      allow_stronger_target: false  # may a piece end on an enemy with more pincers?
      min_attacker: 0             # the attacker needs at least this many pincers
      tie: remove_both            # or not_allowed
      score: captures             # each removed piece scores 1 for the other side
```

A walk never passes through an occupied cell and never ends on a friendly piece. Two paths
to one target are one move, written ``D5-D6`` (from, to), an attack included (its JSON
``kind`` is ``attack``). In an attack the loser is removed (with its attributes, back to
its owner's supply) and the winner stands on the target; when both are removed, both
sides score.

A preset: it expands into a ``moves`` phase with one ``walk`` primitive
(``framework/rules/moves/walk/``), which does all the work.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.moves.optional import OptionalPhaseParams
from framework.plugins import (
    Translate,
    counted,
    many,
    ngettext,
    untranslated,
)
from framework.rules.moves.walk import Attack, Steps, check_walk
from framework.rules.moves.walk import WalkParams as WalkOption
from framework.rules.phases.moves import Moves, MovesParams

if TYPE_CHECKING:
    from framework.spec.semantics import SpecContext


class WalkParams(OptionalPhaseParams):
    type: Literal["walk"]
    piece: str | None = Field(default=None, description="the kind that walks (default: any)")
    steps: Steps = Field(description="how far a piece may walk: up to an attribute's value, "
                                     "a fixed number, or the lower of both")
    attack: Attack | None = Field(default=None, description="ending on an enemy piece "
                                  "(null: a walk must end on an empty cell)")


class Walk(Moves):
    """Walk a piece along empty cells, possibly onto an enemy."""

    keyword = "walk"
    reference = None
    no_twin_reason = ("a preset of the moves phase: checked and compiled as the "
                      "moves phase it expands into")
    native = None
    Params = WalkParams

    @classmethod
    def expand(cls, params: Any) -> MovesParams:
        walk = WalkOption(type="walk", piece=params.piece, steps=params.steps,
                          attack=params.attack)
        return MovesParams(name=params.name, type="moves", optional=params.optional,
                           skip=params.skip, options=[walk])

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        yield from check_walk(params, loc, ctx)

    # Rulebook --------------------------------------------------------------------------
    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        pieces = many(_, p.piece) if p.piece else _("pieces")
        if p.steps.attribute:
            attribute = many(_, p.steps.attribute)
            reach = _("up to as many cells as it has {attribute}").format(attribute=attribute)
            if p.steps.max is not None:
                reach += " " + ngettext("(at most {n} cell)", "(at most {n} cells)",
                                        p.steps.max, _).format(n=p.steps.max)
        else:
            reach = ngettext("up to {n} cell", "up to {n} cells", p.steps.max or 0
                             , _).format(n=p.steps.max)
        text = (_("You may move one of your {pieces} {reach}, from cell to neighbouring cell "
                  "in any direction, through empty cells only.") if p.optional else
                _("Move one of your {pieces} {reach}, from cell to neighbouring cell in any "
                  "direction, through empty cells only.")).format(pieces=pieces, reach=reach)
        if p.steps.attribute:
            text += " " + _("A piece without {attribute} cannot move.").format(
                attribute=many(_, p.steps.attribute))
        a = p.attack
        if a is None:
            return text + " " + _("It must end on an empty cell.")
        compare = many(_, a.compare)
        text += " " + _("It may end on an empty cell, or on a cell held by an enemy piece: "
                        "that is an attack. The piece with more {compare} stays and the other "
                        "is removed.").format(compare=compare)
        if a.tie == "remove_both":
            text += " " + _("With equal numbers of {compare}, both are removed.").format(
                compare=compare)
        else:
            text += " " + _("It may not attack an enemy with as many {compare} as it has."
                            ).format(compare=compare)
        if not a.allow_stronger_target:
            text += " " + _("It may not attack an enemy that has more {compare} than it has."
                            ).format(compare=compare)
        if a.min_attacker == 1:
            text += " " + _("A piece without {compare} cannot attack.").format(compare=compare)
        elif a.min_attacker > 1:
            text += " " + ngettext("A piece with fewer than {n} {compare} cannot attack.",
                                   "A piece with fewer than {n} {compare} cannot attack.",
                                   a.min_attacker, _).format(
                n=a.min_attacker, compare=counted(_, a.compare, a.min_attacker))
        if a.score:
            text += " " + _("For each removed piece, the other player scores one {counter}."
                            ).format(counter=counted(_, a.score, 1))
        return text
