"""``facing``: no action may leave two pieces of given kinds, of different players, facing
each other along a line with nothing between them (xiangqi's flying general).

```yaml
restrictions:
  - {type: royal, piece: general}
  - {type: facing, pieces: [general, general], directions: [n, s]}
```

``pieces`` names two kinds (the same kind twice for xiangqi's two generals). Right after
an action, a piece of the first kind and a piece of the second kind that belong to
different players *face* each other when one stands straight along one of ``directions``
(the board's own; default: every direction) from the other with only empty cells between
(a hole blocks the view as a piece does). An action that leaves any such pair is illegal,
whoever owns which piece. The check is made right after the action itself, before the
consequences of the turn that follow it, as ``royal``'s is. It is a restriction on the
result of a move: the pieces' own moves know nothing of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.board.direction_words import directions_phrase
from framework.engine.bits import iter_bits
from framework.plugins import Restriction, Rule, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class FacingParams(Rule):
    type: Literal["facing"]
    pieces: tuple[str, str] = Field(description="the two kinds (the same one twice for "
                                    "two pieces of one kind) that may not face each other")
    directions: list[str] | None = Field(default=None, min_length=1, description="the "
                                         "board directions along which they see each "
                                         "other (default: every direction)")
    phases: list[str] | None = Field(default=None, description="the phases the rule "
                                     "applies in (default: every phase)")


class Facing(Restriction):
    """No action may leave two pieces of the given kinds, of different players, facing
    each other along a line with nothing between."""

    keyword = "facing"
    reference = ".reference:RefFacing"
    native = ".native:FacingPiece"
    Params = FacingParams

    def __init__(self, params: FacingParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        board = game.board
        self.first, self.second = (game.piece_kinds.index(k) for k in params.pieces)
        names = params.directions or list(board.directions)
        self.directions = tuple(board.directions.index(n) for n in names)
        #: Per cell, per direction of the rule: the cells along it, nearest first.
        self.rays = tuple(tuple(tuple(board.ray_cells(c, d)) for d in self.directions)
                          for c in range(board.size))

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        yield from ctx.check_restricted_phases("facing", params.phases, loc)
        for i, kind in enumerate(params.pieces):
            if kind not in ctx.pieces:
                yield (*loc, "pieces", i), ctx.unknown("piece", kind, ctx.pieces)
        yield from ctx.check_directions(params.directions or [], (*loc, "directions"),
                                        board_only=True)

    def applies_to(self, phase: str) -> bool:
        return self.params.phases is None or phase in self.params.phases

    def faces(self, state: State) -> bool:
        """Whether two such pieces face each other now (looked for from each piece of
        either kind: directions need not come in opposite pairs)."""
        first, second = state.kinds[self.first], state.kinds[self.second]
        occupied = state.gaps
        for mask in state.owner:
            occupied |= mask
        for cell in iter_bits((first | second) & occupied & ~state.gaps):
            wanted = (second if first >> cell & 1 else 0) | \
                (first if second >> cell & 1 else 0)
            mine = state.owner[state.owner_of(cell)]
            for ray in self.rays[cell]:
                for c in ray:
                    if occupied >> c & 1:
                        if wanted >> c & 1 and not mine >> c & 1 and not state.gaps >> c & 1:
                            return True
                        break
        return False

    def allowed(self, state: State, actions: list[Action]) -> list[Action]:
        return self._legal(state, actions, first=False)

    def any_allowed(self, state: State, actions: Iterable[Action]) -> bool:
        return bool(self._legal(state, actions, first=True))

    def _legal(self, state: State, actions: Iterable[Action], *, first: bool
               ) -> list[Action]:
        if not state.kinds[self.first] or not state.kinds[self.second]:
            return list(actions)[:1] if first else list(actions)
        phase = self.game.phases[state.phase]
        kept: list[Action] = []
        for action in actions:
            trial = state.clone()
            phase.apply(trial, action)
            if not self.faces(trial):
                kept.append(action)
                if first:
                    break
        return kept

    def describe(self, _: Translate = untranslated) -> str:
        a, b = self.params.pieces
        where = directions_phrase(list(self.params.directions), _) \
            if self.params.directions else _("along any line")
        if a == b:
            return _("No move may leave the two players' {piece}s facing each other "
                     "{directions} with no piece between them.").format(
                         piece=_(a), directions=where)
        return _("No move may leave a {first} and an enemy {second} facing each other "
                 "{directions} with no piece between them.").format(
                     first=_(a), second=_(b), directions=where)
