"""How restrictions reach the engine: each deciding phase they apply to is wrapped once,
when the game is compiled, in a phase that filters what the inner one offers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from framework.plugins import Phase, Restriction, Translate, untranslated

if TYPE_CHECKING:
    from random import Random

    from framework.engine.action import Action
    from framework.engine.state import State


class Restricted(Phase):
    """A deciding phase with the game's restrictions applied to its whole set of actions.

    Everything but the choice of actions is the inner phase's own (``__getattr__``)."""

    def __init__(self, inner: Phase, rules: list[Restriction]) -> None:
        self.inner = inner
        self.rules = rules
        self.params = inner.params
        self.game = inner.game
        self.name = inner.name
        self.index = inner.index
        self.pattern = inner.pattern
        self.notation_examples = inner.notation_examples
        self.skip_when_impossible = inner.skip_when_impossible

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def actions(self, state: State) -> list[Action]:
        actions = self.inner.actions(state)
        for rule in self.rules:
            actions = rule.allowed(state, actions)
        return actions

    def count(self, state: State) -> int:
        return len(self.actions(state))

    def has_action(self, state: State) -> bool:
        if len(self.rules) == 1:  # the rule may stop at the first action it keeps
            lazy = getattr(self.inner, "iter_actions", None)
            return self.rules[0].any_allowed(
                state, lazy(state) if lazy else self.inner.actions(state))
        return bool(self.actions(state))

    def random_action(self, state: State, rng: Random) -> Action:
        return rng.choice(self.actions(state))

    def apply(self, state: State, action: Action) -> None:
        self.inner.apply(state, action)

    def action_space(self) -> Sequence[Action] | None:
        return self.inner.action_space()

    def may_act_after(self, state: State, action: Action) -> bool:
        return self.inner.may_act_after(state, action)

    def continues(self, state: State) -> bool:
        return self.inner.continues(state)

    def may_chain(self) -> bool:
        return self.inner.may_chain()

    def describe(self, _: Translate = untranslated) -> str:
        return self.inner.describe(_)


def restrict(phases: list[Phase], rules: list[Restriction]) -> list[Phase]:
    """The turn's phases, each one a player decides that a rule applies to wrapped. A
    chance phase (a roll) is never wrapped: no player chooses its outcome, so no rule
    restricts a choice there (``validate`` refuses one that names it)."""
    wrapped: list[Phase] = []
    for phase in phases:
        applying = [r for r in rules if r.applies_to(phase.name)]
        restricted = phase.decides and not phase.chance and applying
        wrapped.append(Restricted(phase, applying) if restricted else phase)
    return wrapped
