"""``compulsory``: when an action of one of these kinds is legal, only such actions are
(forced capture: "if you can attack, you must").

```yaml
restrictions:
  - {type: compulsory, kinds: [attack]}
```

Kinds are the action kinds the phases make (``attack`` for a walk onto an enemy, ``jump``,
``create``, ...); ``phases`` limits the rule to some phases of the turn (default: every
phase a player decides; a chance phase, a roll, is never restricted, and naming one is
refused).

In the middle of a chain of hops that may stop (``chain: may``), stopping stays legal: the
rule forces the first capture, not the chain's going on (Fanorona's rule). With
``longest: true``, only the forced actions that begin the longest run of such actions
within the turn stay legal (international draughts' majority capture: of the possible
chains of hops, one that takes the most pieces), and within a chain only the continuations
that keep it longest.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.action import STOP_KIND
from framework.plugins import Restriction, Rule, Translate, join_words, untranslated
from framework.spec.terms import shown_key

if TYPE_CHECKING:
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class CompulsoryParams(Rule):
    type: Literal["compulsory"]
    kinds: list[str] = Field(min_length=1, description="the action kinds that, when any "
                             "is legal, are the only legal ones")
    phases: list[str] | None = Field(default=None, description="the phases the rule "
                                     "applies in (default: every phase a player decides)")
    longest: bool = Field(default=False, description="only those that begin the longest "
                          "run of such actions within the turn (the most captures)")


class Compulsory(Restriction):
    """Some kinds of action, when possible, must be chosen."""

    keyword = "compulsory"
    reference = ".reference:RefCompulsory"
    native = ".native:CompulsoryPiece"
    Params = CompulsoryParams

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        yield from ctx.check_restricted_phases('compulsory', params.phases, loc)

    def applies_to(self, phase: str) -> bool:
        return self.params.phases is None or phase in self.params.phases

    def allowed(self, state: State, actions: list[Action]) -> list[Action]:
        kinds = self.params.kinds
        forced = [a for a in actions if a.kind in kinds]
        if not forced or not self.params.longest or len(forced) == 1:
            # The stop of a chain that may stop stays: the rule forces the capture, not
            # its going on (Fanorona); ``longest`` alone asks for the whole chain.
            stop = [a for a in actions if a.kind == STOP_KIND] if forced and \
                not self.params.longest else []
            return forced + stop if forced else actions
        runs = [self._run(state, a) for a in forced]
        best = max(runs)
        return [a for a, n in zip(forced, runs, strict=True) if n == best]

    def any_allowed(self, state: State, actions: Iterable[Action]) -> bool:
        # The rule never takes every action away (a forced one, or the longest of them,
        # stays), so whether one is left is whether there was one. Asking ``allowed`` here
        # would play out, for ``longest``, every chain of the next player's turn too, and
        # of the turn after it (each chain's end asks whether the next player can move).
        return any(True for _ in actions)

    def _run(self, state: State, action: Action) -> int:
        """How many forced actions the turn takes when it begins with ``action``. The
        child's actions are already cut to its longest runs, so any one of them shows the
        length."""
        kinds = self.params.kinds
        mover, turn = state.to_move, state.fullmove
        length, node = 1, state.child(action)
        while not node.is_terminal() and node.to_move == mover and node.fullmove == turn:
            more = [a for a in node.legal_actions() if a.kind in kinds]
            if not more:
                break
            node = node.child(more[0])
            length += 1
        return length

    def describe(self, _: Translate = untranslated) -> str:
        if self._captures():
            text = _("Capturing is compulsory: when you can capture, you must.")
            if self.params.longest:
                text += " " + _("Of the captures you can make, you must choose one that "
                                "takes the most pieces in your turn.")
            return text
        kinds = [shown_key(k, _) for k in self.params.kinds]
        text = _("Compulsory: when you can play {kinds}, you must play one of them.").format(
            kinds=join_words(_, kinds, either=True))
        if self.params.longest:
            text += " " + _("Of those, you must choose one that makes the most of them in "
                            "your turn.")
        return text

    def _captures(self) -> bool:
        """Whether every option making the forced kinds captures (a forced capture)."""
        kinds = set(self.params.kinds)
        makers = [o for phase in self.game.phases for o in getattr(phase, "options", ())
                  if any(kind in kinds for kind, _attribute in o.kinds())]
        return bool(makers) and all(
            getattr(o.params, "capture", False) or getattr(o, "to", None) == "enemy"
            for o in makers)
