"""The bases of the reference twins of rule units (``framework.reference``).

A unit names its twin (``Unit.reference``, loaded by ``framework.plugins.twin``). Each
twin reads its parameters from the game file's own model (never from the engine's
compiled plugin) and works on a :class:`RefState`: cell names, piece dicts, networkx
distances. A deciding block's ``moves`` maps each legal notation to a function that plays it
on a copy of the state; the notations are spelled as the rules pages spell them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from framework.plugins import PluginKind, plugins, twin
from framework.reference.position import RefState

if TYPE_CHECKING:
    from framework.check.reference.game import ReferenceGame

Effect = Callable[[RefState], None]
#: A goal's verdict: None (not over), "score" (the result rule decides), or the winners.
RefVerdict = Literal["score"] | set[str] | None

class MissingReference(Exception):
    """A rule block of the game has no reference implementation."""

    def __init__(self, kind: str, keyword: str) -> None:
        self.kind = kind
        self.keyword = keyword
        super().__init__(f"no reference implementation of the {kind[:-1]} type {keyword!r}")


def find_reference(kind: PluginKind, keyword: str) -> type[Any] | None:
    """The reference twin of a block: the one its unit names (``Unit.reference``), None
    when the keyword is not registered or its unit has no twin."""
    unit = plugins(kind).get(keyword)
    found: type[Any] | None = twin(unit, "reference") if unit is not None else None
    return found


class RefBlock:
    def __init__(self, params: Any, game: ReferenceGame) -> None:
        self.params = params
        self.game = game
        self.board = game.board
        self.name: str = getattr(params, "name", None) or params.type
        #: The block's ``if:``, each read by its own reference twin.
        self.conditions: list[RefCondition] = [
            make_condition(c, game) for c in getattr(params, "if_", ())]

    def active(self, s: RefState, mover: str) -> bool:
        """Whether every condition of the block's ``if:`` holds for ``mover`` (a negated
        one: fails)."""
        return all(c.holds(s, mover) != bool(c.params.not_) for c in self.conditions)

    def kind(self, piece: str | None) -> str:
        """The piece kind a block is about (the file's first kind when not named)."""
        return piece or next(iter(self.game.spec.pieces))


class RefPhase(RefBlock):
    decides = True

    def skip_when_impossible(self, s: RefState) -> bool:
        return False

    def moves(self, s: RefState) -> dict[str, Effect]:
        return {}

    def run(self, s: RefState) -> None:
        """An automatic phase's work."""

    def begin(self, s: RefState) -> None:
        """Once, when play begins (the setup over): a phase's record of the start."""

    def continues(self, s: RefState) -> bool:
        """Whether the phase decides again after the move just played (a chain of hops)."""
        return False


class RefSetup(RefBlock):
    def prepare(self, s: RefState) -> None:
        """Change the empty board before play."""

    def actor(self, s: RefState) -> int:
        """The seat that decides during this step (``by: first`` or ``by: second``)."""
        return 1 if getattr(self.params, "by", "first") == "second" else 0

    def moves(self, s: RefState) -> dict[str, Effect]:
        return {}

    def finished(self, s: RefState) -> bool:
        return True


class RefCondition:
    """The reference twin of a condition: a test of a ``RefState`` for ``mover``."""

    def __init__(self, params: Any, game: ReferenceGame) -> None:
        self.params = params
        self.game = game
        self.board = game.board

    def holds(self, s: RefState, mover: str) -> bool:
        raise NotImplementedError


def make_condition(params: Any, game: ReferenceGame) -> RefCondition:
    found = find_reference("conditions", params.type)
    if found is None:
        raise MissingReference("conditions", params.type)
    condition: RefCondition = found(params, game)
    return condition


class RefRestriction(RefBlock):
    def applies_to(self, phase: str) -> bool:
        return True

    def allowed(self, s: RefState, moves: dict[str, Effect]) -> dict[str, Effect]:
        """The legal moves that stay legal (each effect carries its action's ``kind``)."""
        raise NotImplementedError

    def keeps_some(self, s: RefState, moves: dict[str, Effect]) -> bool:
        """Whether any of ``moves`` stays legal."""
        return bool(self.allowed(s, moves))


class RefGoal(RefBlock):
    #: Whether this goal's verdict outranks the others found at the same check.
    stands: bool = False

    def verdict(self, s: RefState) -> RefVerdict:
        raise NotImplementedError


class RefResult(RefBlock):
    def winners(self, s: RefState) -> set[str]:
        raise NotImplementedError

    def scores(self, s: RefState) -> dict[str, float]:
        """Each player's score, for a rule that scores them (a margin's difference)."""
        raise NotImplementedError(f"{self.params.type} does not score the players")


class RefTurnOrder(RefBlock):
    def after(self, s: RefState) -> tuple[str, bool]:
        """The player after ``s.to_move``, and whether a new round (full-move) begins."""
        raise NotImplementedError

    def before(self, player: str, fullmove: int) -> str:
        """The player who moved before ``player``'s turn in round ``fullmove``."""
        raise NotImplementedError

