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
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.limits import MAX_COUNT, MAX_DISTANCE
from framework.phases.optional import OptionalPhaseParams, cell_pattern, skip_action
from framework.plugins import Phase, Rule, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


class Steps(Rule):
    attribute: str | None = Field(default=None,
                                  description="the number of steps is this attribute's value")
    max: int | None = Field(default=None, ge=1, le=MAX_DISTANCE,
                            description="a fixed number of steps "
                            "(with 'attribute': a cap on it)")

    @model_validator(mode="after")
    def _some_limit(self) -> Steps:
        if self.attribute is None and self.max is None:
            raise ValueError("give 'attribute' (steps = that attribute) or 'max' (or both)")
        return self


class Attack(Rule):
    compare: str = Field(description="the attribute compared: the greater stays")
    allow_stronger_target: bool = Field(
        default=False, description="may a piece end on an enemy whose value is greater")
    min_attacker: int = Field(default=0, ge=0, le=MAX_COUNT,
                              description="the attacker needs at least this value to attack")
    tie: Literal["remove_both", "not_allowed"] = "remove_both"
    score: str | None = Field(default=None,
                              description="the counter a side scores per enemy piece removed")


class WalkParams(OptionalPhaseParams):
    type: Literal["walk"]
    piece: str | None = Field(default=None, description="the kind that walks (default: any)")
    steps: Steps
    attack: Attack | None = None


class Walk(Phase):
    """Walk a piece along empty cells, possibly onto an enemy."""

    keyword = "walk"
    Params = WalkParams

    def __init__(self, params: WalkParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        board = game.board
        names = board.names
        self.kind = game.piece_kinds.index(params.piece) if params.piece else -1
        steps = params.steps
        self.steps_attribute = (game.attributes.index(steps.attribute)
                                if steps.attribute else -1)
        self.max_steps = steps.max if steps.max is not None else board.size
        attack = params.attack
        self.compare = game.attributes.index(attack.compare) if attack else -1
        self.score = game.counters.index(attack.score) if attack and attack.score else -1
        self.skip = skip_action(params)
        self.walks = tuple(tuple(Action(self.name, "walk", src=s, dst=d,
                                        notation=f"{names[s]}-{names[d]}")
                                 for d in range(board.size)) for s in range(board.size))
        self.attacks = tuple(tuple(Action(self.name, "attack", src=s, dst=d,
                                          notation=f"{names[s]}-{names[d]}")
                                   for d in range(board.size)) for s in range(board.size))
        cell = cell_pattern(names)
        self.pattern = f"{cell}-{cell}"
        self.notation_examples = (f"{names[0]}-{names[1]}",)
        if self.skip:
            self.pattern += "|" + re.escape(self.skip.notation)
            self.notation_examples += (self.skip.notation,)

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: Any
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        if params.steps.attribute and params.steps.attribute not in ctx.attributes:
            yield (*loc, "steps", "attribute"), ctx.unknown("attribute", params.steps.attribute,
                                                            ctx.attributes)
        if params.attack:
            if params.attack.compare not in ctx.attributes:
                yield (*loc, "attack", "compare"), ctx.unknown("attribute",
                                                               params.attack.compare,
                                                               ctx.attributes)
            if params.attack.score and params.attack.score not in ctx.counters:
                yield (*loc, "attack", "score"), ctx.unknown("counter", params.attack.score,
                                                             ctx.counters)

    # Moves ---------------------------------------------------------------------------
    def _walkers(self, state: State) -> int:
        own = state.owner[state.to_move]
        return own & state.kinds[self.kind] if self.kind >= 0 else own

    def _steps(self, state: State, cell: int) -> int:
        if self.steps_attribute < 0:
            return self.max_steps
        return min(state.attrs[self.steps_attribute][cell], self.max_steps)

    def targets(self, state: State, src: int) -> tuple[int, int]:
        """(empty cells, enemy cells) the piece on ``src`` may end on."""
        n = self._steps(state, src)
        if n <= 0:
            return 0, 0
        neighbours = self.game.board.neighbour_masks
        me = state.to_move
        enemy = 0
        for side, mask in enumerate(state.owner):
            if side != me:
                enemy |= mask
        empty = state.empty()
        reached = hits = 0
        frontier = 1 << src
        for _ in range(n):
            grown = 0
            for c in iter_bits(frontier):
                grown |= neighbours[c]
            hits |= grown & enemy
            frontier = grown & empty & ~reached
            if not frontier:
                break
            reached |= frontier
        return reached, self._attackable(state, src, hits)

    def _attackable(self, state: State, src: int, hits: int) -> int:
        attack = self.params.attack
        if attack is None or not hits:
            return 0
        values = state.attrs[self.compare]
        mine = values[src]
        if mine < attack.min_attacker:
            return 0
        allowed = 0
        for t in iter_bits(hits):
            theirs = values[t]
            if theirs > mine and not attack.allow_stronger_target:
                continue
            if theirs == mine and attack.tie == "not_allowed":
                continue
            allowed |= 1 << t
        return allowed

    def actions(self, state: State) -> list[Action]:
        result: list[Action] = []
        for src in iter_bits(self._walkers(state)):
            empty, enemy = self.targets(state, src)
            walks, attacks = self.walks[src], self.attacks[src]
            for dst in iter_bits(empty | enemy):
                result.append(attacks[dst] if enemy >> dst & 1 else walks[dst])
        if self.skip:
            result.append(self.skip)
        return result

    def has_action(self, state: State) -> bool:
        if self.skip:
            return True
        return any(any(self.targets(state, s)) for s in iter_bits(self._walkers(state)))

    def apply(self, state: State, action: Action) -> None:
        if action.kind == "skip":
            return
        src, dst = action.src, action.dst
        if action.kind == "walk":
            state.move_piece(src, dst)
            return
        values = state.attrs[self.compare]
        mine, theirs = values[src], values[dst]
        me, them = state.to_move, state.owner_of(dst)
        if mine >= theirs:
            state.remove(dst)
            self._scores(state, me)
        if theirs >= mine:
            state.remove(src)
            self._scores(state, them)
        if mine > theirs:
            state.move_piece(src, dst)

    def _scores(self, state: State, side: int) -> None:
        if self.score >= 0:
            state.counters[side][self.score] += 1

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
