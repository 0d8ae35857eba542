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
(``framework/moves/walk.py``), which does all the work.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field

from framework.moves.walk import Attack, Steps, check_walk
from framework.moves.walk import WalkParams as WalkOption
from framework.phases.moves import Moves, MovesParams
from framework.phases.optional import OptionalPhaseParams
from framework.plugins import Translate, untranslated


class WalkParams(OptionalPhaseParams):
    type: Literal["walk"]
    piece: str | None = Field(default=None, description="the kind that walks (default: any)")
    steps: Steps
    attack: Attack | None = None


class Walk(Moves):
    """Walk a piece along empty cells, possibly onto an enemy."""

    keyword = "walk"
    Params = WalkParams

    @classmethod
    def expand(cls, params: Any) -> MovesParams:
        walk = WalkOption(type="walk", piece=params.piece, steps=params.steps,
                          attack=params.attack)
        return MovesParams(name=params.name, type="moves", optional=params.optional,
                           skip=params.skip, options=[walk])

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: Any
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        yield from check_walk(params, loc, ctx)

    # Rulebook --------------------------------------------------------------------------
    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        piece = _(p.piece) if p.piece else _("piece")
        if p.steps.attribute and p.steps.max is not None:
            reach = _("as many steps as its {attribute}, at most {max}").format(
                attribute=_(p.steps.attribute), max=p.steps.max)
        elif p.steps.attribute:
            reach = _("as many steps as its {attribute}").format(attribute=_(p.steps.attribute))
        else:
            reach = _("up to {max} steps").format(max=p.steps.max)
        text = _("Move one of your {piece}s {reach}, from cell to adjacent cell in any "
                 "direction, through empty cells only.").format(piece=piece, reach=reach)
        if p.steps.attribute:
            text += " " + _("A piece with no {attribute} cannot move.").format(
                attribute=_(p.steps.attribute))
        a = p.attack
        if a is None:
            text += " " + _("It must end on an empty cell.")
        else:
            text += " " + _("It may end on an empty cell or on an enemy {piece} (an attack): "
                            "the one with more {compare} stays and the other is removed."
                            ).format(piece=piece, compare=_(a.compare))
            if a.tie == "remove_both":
                text += " " + _("With equal {compare}, both are removed.").format(
                    compare=_(a.compare))
            else:
                text += " " + _("It may not attack an enemy with as many {compare}.").format(
                    compare=_(a.compare))
            if not a.allow_stronger_target:
                text += " " + _("It may not attack an enemy with more {compare} than it has."
                                ).format(compare=_(a.compare))
            if a.min_attacker > 0:
                text += " " + _("A piece with fewer than {n} {compare} cannot attack."
                                ).format(n=a.min_attacker, compare=_(a.compare))
            if a.score:
                text += " " + _("Each removed piece adds 1 to the {counter} of the other "
                                "player.").format(counter=_(a.score))
        if p.optional:
            text += " " + _("Moving is optional: write {skip} to skip it.").format(skip=p.skip)
        return text
