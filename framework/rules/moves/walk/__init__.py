"""``walk``: a piece goes up to N steps along any path of empty cells (it may turn at every
step) and ends on an empty cell or, with ``attack``, on an enemy piece next to its path.

```yaml
turn:
  - name: move
    type: moves
    options:
      - type: walk
        piece: adaptoid
        steps: {attribute: legs}      # N = the piece's legs; or {max: 3}, or both (the lower)
        attack: {compare: pincers, tie: remove_both, score: captures}
```

A walk never passes through an occupied cell and never ends on a friendly piece. Two paths
to one target are one action, written ``D5-D6`` (its kind is ``walk``, or ``attack`` on an
enemy). In an attack the piece with the greater ``compare`` value stays on the target and
the other is removed (with its attributes, back to its owner's supply); equal values remove
both (``tie: remove_both``) or forbid the attack (``tie: not_allowed``); each removed piece
scores 1 in ``score`` for the other side.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.limits import MAX_COUNT, MAX_DISTANCE
from framework.moves.base import Loc, Masks, Primitive, kind_index, own_of_kind, written
from framework.plugins import OptionParams, Rule, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class Steps(Rule):
    attribute: str | None = Field(default=None,
                                  description="the number of steps is this attribute's value")
    max: int | None = Field(default=None, ge=1, le=MAX_DISTANCE, description="a fixed number of "
                            "steps (with 'attribute': a cap on it)")

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
    tie: Literal["remove_both", "not_allowed"] = Field(
        default="remove_both", description="equal values: both pieces are removed, or such "
                                           "an attack is not allowed")
    score: str | None = Field(default=None,
                              description="the counter a side scores per enemy piece removed")


class WalkParams(OptionParams):
    type: Literal["walk"]
    piece: str | None = Field(default=None, description="the kind that walks (default: any)")
    steps: Steps = Field(description="how many steps a walk may take: an attribute of the "
                                     "piece, a fixed number, or both (the lower)")
    attack: Attack | None = Field(default=None, description="omit: a walk may end on "
                                  "empty cells only")
    notation: str = Field(default="{from}-{to}", description="how a walk is written")


def check_walk(params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
    """The names a walk's parameters use (shared with the ``walk`` preset's check)."""
    if params.steps.attribute and params.steps.attribute not in ctx.attributes:
        yield (*loc, "steps", "attribute"), ctx.unknown("attribute", params.steps.attribute,
                                                        ctx.attributes)
    if params.attack:
        if params.attack.compare not in ctx.attributes:
            yield (*loc, "attack", "compare"), ctx.unknown("attribute", params.attack.compare,
                                                           ctx.attributes)
        if params.attack.score and params.attack.score not in ctx.counters:
            yield (*loc, "attack", "score"), ctx.unknown("counter", params.attack.score,
                                                         ctx.counters)


class Walk(Primitive):
    keyword = "walk"
    reference = ".reference:RefWalk"
    native = ".native:WalkPiece"
    Params = WalkParams

    def __init__(self, params: WalkParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        board = game.board
        names = board.written
        self.kind = kind_index(game, params.piece)
        steps = params.steps
        self.steps_attribute = (game.attributes.index(steps.attribute)
                                if steps.attribute else -1)
        self.max_steps = steps.max if steps.max is not None else board.size
        attack = params.attack
        self.attack = attack
        self.compare = game.attributes.index(attack.compare) if attack else -1
        self.score = game.counters.index(attack.score) if attack and attack.score else -1
        self.neighbours = board.neighbour_masks

        def row(kind: str, s: int) -> tuple[Action, ...]:
            return tuple(Action(phase, kind, src=s, dst=d,
                                notation=written(params.notation, names, s, d))
                         for d in range(board.size))

        # Rows made when a walk first starts from their cell: every pair of a 676-cell
        # board made up front took seconds and 200 MB to load (issue 28).
        self.walks = _Rows(lambda s: row("walk", s))
        self.attacks = _Rows(lambda s: row("attack", s)) if attack else self.walks

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.piece and params.piece not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", params.piece, ctx.pieces)
        yield from check_walk(params, loc, ctx)

    def action_space(self) -> tuple[Action, ...]:
        """A walk (and an attack) for every pair of cells within the step limit: a walk of
        n steps never ends farther than n, and an attack lands next to a cell reached in
        fewer."""
        distance = self.game.board.distance
        pairs = [(s, d) for s, row in enumerate(distance) for d, far in enumerate(row)
                 if 1 <= far <= self.max_steps]
        space = [self.walks[s][d] for s, d in pairs]
        if self.attack:
            space += [self.attacks[s][d] for s, d in pairs]
        return tuple(space)

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return (("walk", ""), ("attack", "")) if params.attack else (("walk", ""),)

    def sources(self, state: State, masks: Masks) -> int:
        return own_of_kind(state, masks, self.kind)

    def _steps(self, state: State, cell: int) -> int:
        if self.steps_attribute < 0:
            return self.max_steps
        return min(state.attrs[self.steps_attribute][cell], self.max_steps)

    def targets(self, state: State, masks: Masks, src: int) -> int:
        n = self._steps(state, src)
        if n <= 0:
            return 0
        neighbours = self.neighbours
        empty = masks.empty
        reached = hits = 0
        frontier = 1 << src
        for _ in range(n):
            grown = 0
            for c in iter_bits(frontier):
                grown |= neighbours[c]
            hits |= grown & masks.enemy
            frontier = grown & empty & ~reached
            if not frontier:
                break
            reached |= frontier
        return reached | self._attackable(state, src, hits)

    def _attackable(self, state: State, src: int, hits: int) -> int:
        attack = self.attack
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

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.attacks[src][dst] if masks.enemy >> dst & 1 else self.walks[src][dst]

    def apply(self, state: State, action: Action) -> None:
        src, dst = action.src, action.dst
        if action.kind == "walk":
            state.move_piece(src, dst)
            self.landed_on(state, dst)
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
            self.landed_on(state, dst)

    def _scores(self, state: State, side: int) -> None:
        if self.score >= 0:
            state.counters[side][self.score] += 1

    def describe(self, _: Translate = untranslated) -> str:
        steps = self.params.steps
        if steps.attribute and steps.max is not None:
            text = _("one of your pieces walks through empty cells up to as many steps as "
                     "its {attribute}, at most {max}").format(attribute=_(steps.attribute),
                                                          max=steps.max)
        elif steps.attribute:
            text = _("one of your pieces walks through empty cells up to as many steps as "
                     "its {attribute}").format(attribute=_(steps.attribute))
        else:
            text = _("one of your pieces walks up to {max} steps through empty cells").format(
                max=steps.max)
        if self.attack:
            text += " " + _("and may end on an enemy piece next to its path: the one with "
                            "more {compare} stays").format(compare=_(self.attack.compare))
        return text


class _Rows(dict[int, tuple[Action, ...]]):
    """The actions from each source cell, made the first time that cell is asked for."""

    def __init__(self, make: Callable[[int], tuple[Action, ...]]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, src: int) -> tuple[Action, ...]:
        made = self[src] = self.make(src)
        return made
