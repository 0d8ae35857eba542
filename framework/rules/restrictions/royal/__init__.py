"""``royal``: no legal action may leave one's royal piece attacked (chess's king).

```yaml
restrictions:
  - {type: royal, piece: king}
result: {type: royal_attacked, piece: king}   # no legal move: checkmate loses, else a draw
```

A piece of kind ``piece`` is royal: an action is legal only if, right after it, no enemy
piece attacks a royal piece of the player who moved. A cell is attacked when an enemy piece
could capture there with one of its own moves (``framework/moves/attacks.py``), so the rule
knows nothing of how pieces move: a new kind attacks as it moves. A player without a royal
piece on the board is not restricted. The check is made right after the action itself,
before the consequences of the turn that follow it (a promotion never uncovers an attack).

Most actions need no trial when every enemy attack runs along a line or ignores other
pieces (steps, leaps, slides): a plain move of the royal piece is legal when its target is
not attacked once the piece has left its cell; when the royal piece is not attacked now, a
plain move of another piece is legal unless that piece is pinned (the only piece between
the royal piece and a line attack). Every other action is played on a copy and the royal
piece's cell looked at.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.bits import iter_bits
from framework.moves.attacks import attacks_of, plain_move
from framework.plugins import Phase, Restriction, Rule, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class RoyalParams(Rule):
    type: Literal["royal"]
    piece: str = Field(description="the royal kind: no action may leave a piece of this "
                                   "kind attacked")
    phases: list[str] | None = Field(default=None, description="the phases the rule "
                                     "applies in (default: every phase)")


class Royal(Restriction):
    """No action may leave your royal piece attacked."""

    keyword = "royal"
    reference = ".reference:RefRoyal"
    native = ".native:RoyalPiece"
    Params = RoyalParams

    def __init__(self, params: RoyalParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.kind = game.piece_kinds.index(params.piece)
        self._plain: dict[int, frozenset[tuple[str, str]]] = {}

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        yield from ctx.check_restricted_phases('royal', params.phases, loc)

    def applies_to(self, phase: str) -> bool:
        return self.params.phases is None or phase in self.params.phases

    def royal_cells(self, state: State, side: int) -> int:
        return state.owner[side] & state.kinds[self.kind]

    def in_check(self, state: State, side: int) -> bool:
        """Whether a royal piece of ``side`` is attacked now."""
        attacks = attacks_of(self.game)
        return any(attacks.attacked(state, c, side)
                   for c in iter_bits(self.royal_cells(state, side)))

    def allowed(self, state: State, actions: list[Action]) -> list[Action]:
        return self._legal(state, actions, first=False)

    def status(self, state: State) -> str:
        return "in check" if self.in_check(state, state.to_move) else ""

    def any_allowed(self, state: State, actions: Iterable[Action]) -> bool:
        return bool(self._legal(state, actions, first=True))

    def _plain_kinds(self, phase: Phase) -> frozenset[tuple[str, str]]:
        """The (kind, attribute) of the phase's plain moves (``plain_move``)."""
        plain = self._plain.get(phase.index)
        if plain is None:
            applies = getattr(self.game.turn_phases[phase.index].block, "applies", {})
            plain = self._plain[phase.index] = frozenset(
                k for k, made in applies.items()
                if all(plain_move(o) for o in (made if isinstance(made, list) else [made])))
        return plain

    def _legal(self, state: State, actions: Iterable[Action], *, first: bool) -> list[Action]:
        """The legal actions among ``actions`` in order (with ``first``: at most one)."""
        me = state.to_move
        royal = self.royal_cells(state, me)
        if not royal:
            return list(actions)[:1] if first else list(actions)
        attacks = attacks_of(self.game)
        phase = self.game.phases[state.phase]
        plain = self._plain_kinds(phase)
        lines = attacks.by_lines
        occupied = state.gaps
        for mask in state.owner:
            occupied |= mask
        in_check = self.in_check(state, me)
        # Cells whose plain moves need a look (see the module's docstring): every cell
        # when in check; else the royal piece's own and its pinned pieces'.
        risky = -1
        if lines and not in_check:
            risky = royal
            for c in iter_bits(royal):
                risky |= attacks.pinned(state, c, me, occupied)
        kept: list[Action] = []
        for action in actions:
            src = action.src
            if lines and src >= 0 and (action.kind, action.attribute) in plain:
                if not risky >> src & 1:
                    kept.append(action)
                    if first:
                        return kept
                    continue
                if royal == 1 << src:  # the only royal piece moves: is its target safe?
                    if not attacks.attacked(state, action.dst, me, occupied & ~(1 << src)):
                        kept.append(action)
                        if first:
                            return kept
                    continue
            trial = state.clone()
            phase.apply(trial, action)
            if not any(attacks.attacked(trial, c, me)
                       for c in iter_bits(self.royal_cells(trial, me))):
                kept.append(action)
                if first:
                    return kept
        return kept

    def describe(self, _: Translate = untranslated) -> str:
        return _("Your {piece} is attacked, or in check, where an enemy piece could capture "
                 "it with its next move: no move may leave your {piece} in check.").format(
                     piece=_(self.params.piece))
