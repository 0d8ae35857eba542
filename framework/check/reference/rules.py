"""Reference implementations of the rule blocks, by keyword.

Each block reads its parameters from the game file's own model (never from the engine's
compiled plugin) and works on a :class:`RefState`: cell names, piece dicts, networkx
distances. A deciding block's ``moves`` maps each legal notation to a function that plays it
on a copy of the state; the notations are spelled as the rules pages spell them.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Literal

from framework.check.reference.position import RefState

if TYPE_CHECKING:
    from framework.check.reference.game import ReferenceGame

Effect = Callable[[RefState], None]
#: A goal's verdict: None (not over), "score" (the result rule decides), or the winners.
RefVerdict = Literal["score"] | set[str] | None

REFERENCES: dict[str, dict[str, type[Any]]] = {
    "phases": {}, "setups": {}, "goals": {}, "results": {}, "restrictions": {},
    "turn_orders": {}}


#: Entry-point group of third-party reference implementations, named ``<kind>.<keyword>``
#: (``phases.drop = mypackage.reference:RefDrop``).
GROUP = "boardspec.references"


def find_reference(kind: str, keyword: str) -> type[Any] | None:
    """The reference implementation of a block: boardspec's own, or one registered by a
    package under :data:`GROUP`."""
    found = REFERENCES[kind].get(keyword)
    if found is None:
        for ep in entry_points(group=GROUP, name=f"{kind}.{keyword}"):
            found = REFERENCES[kind][keyword] = ep.load()
    return found


def reference(kind: str, keyword: str) -> Callable[[type[Any]], type[Any]]:
    """Register a reference implementation of the ``kind`` block named ``keyword``."""
    def register(cls: type[Any]) -> type[Any]:
        REFERENCES[kind][keyword] = cls
        return cls
    return register


class RefBlock:
    def __init__(self, params: Any, game: ReferenceGame) -> None:
        self.params = params
        self.game = game
        self.board = game.board
        self.name: str = getattr(params, "name", None) or params.type

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
    def verdict(self, s: RefState) -> RefVerdict:
        raise NotImplementedError


class RefResult(RefBlock):
    def winners(self, s: RefState) -> set[str]:
        raise NotImplementedError


class RefTurnOrder(RefBlock):
    def after(self, s: RefState) -> tuple[str, bool]:
        """The player after ``s.to_move``, and whether a new round (full-move) begins."""
        raise NotImplementedError

    def before(self, player: str, fullmove: int) -> str:
        """The player who moved before ``player``'s turn in round ``fullmove``."""
        raise NotImplementedError

