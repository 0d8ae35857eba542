"""Reference implementations of the rule blocks, by keyword.

Each block reads its parameters from the game file's own model (never from the engine's
compiled plugin) and works on a :class:`RefState`: cell names, piece dicts, networkx
distances. A deciding block's ``moves`` maps each legal notation to a function that plays it
on a copy of the state; the notations are spelled as the rules pages spell them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from framework.check.reference.position import RefState

if TYPE_CHECKING:
    from framework.check.reference.game import ReferenceGame

Effect = Callable[[RefState], None]
#: A goal's verdict: None (not over), "score" (the result rule decides), or the winners.
RefVerdict = Literal["score"] | set[str] | None

REFERENCES: dict[str, dict[str, type[Any]]] = {
    "phases": {}, "setups": {}, "goals": {}, "results": {}}


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


class RefSetup(RefBlock):
    def prepare(self, s: RefState) -> None:
        """Change the empty board before play."""

    def moves(self, s: RefState) -> dict[str, Effect]:
        return {}

    def finished(self, s: RefState) -> bool:
        return True


class RefGoal(RefBlock):
    def verdict(self, s: RefState) -> RefVerdict:
        raise NotImplementedError


class RefResult(RefBlock):
    def winners(self, s: RefState) -> set[str]:
        raise NotImplementedError


def other_players(game: ReferenceGame, player: str) -> list[str]:
    return [p for p in game.players if p != player]


# Phases ------------------------------------------------------------------------------------
@reference("phases", "clone_or_jump")
class RefCloneOrJump(RefPhase):
    """Clone to an empty cell at the clone distance of any own piece (one move per target);
    jump a piece to an empty cell at the jump distance (one move per piece and target)."""

    def moves(self, s: RefState) -> dict[str, Effect]:
        p = self.params
        kind = self.kind(p.piece)
        mine = s.pieces_of(s.to_move)
        found: dict[str, Effect] = {}
        for target in sorted(self.board.cells):
            if not s.empty(target):
                continue
            if any(self.board.distance(src, target) == p.clone.distance for src in mine):
                found[target] = self._clone(target, kind)
            if p.jump is None:
                continue
            for src in mine:
                if self.board.distance(src, target) == p.jump.distance:
                    found[src + target] = self._jump(src, target)
        return found

    def _clone(self, target: str, kind: str) -> Effect:
        def play(s: RefState) -> None:
            s.cells[target] = self.game.new_piece(s.to_move, kind)
            s.landed = target
            s.clock_reset = s.clock_reset or "clone" in self.params.resets_halfmove_clock
        return play

    def _jump(self, src: str, target: str) -> Effect:
        def play(s: RefState) -> None:
            s.cells[target] = s.cells.pop(src)
            s.landed = target
            s.clock_reset = s.clock_reset or "jump" in self.params.resets_halfmove_clock
        return play


@reference("phases", "convert_adjacent")
class RefConvertAdjacent(RefPhase):
    """Enemy pieces within the distance of the landing cell change owner."""

    decides = False

    def run(self, s: RefState) -> None:
        if s.landed is None:
            return
        for cell in self.board.within(s.landed, self.params.distance):
            if cell in s.cells and s.cells[cell]["owner"] != s.to_move:
                s.cells[cell]["owner"] = s.to_move


# Setups ------------------------------------------------------------------------------------
@reference("setups", "fixed")
class RefFixed(RefSetup):
    def prepare(self, s: RefState) -> None:
        for cell, value in self.params.cells.items():
            owner = value if isinstance(value, str) else value.owner
            piece = None if isinstance(value, str) else value.piece
            s.cells[cell] = self.game.new_piece(owner, self.kind(piece))
        if self.params.to_move:
            s.to_move = self.params.to_move
            s.last_mover = self.game.previous(s.to_move)


# Goals and results -------------------------------------------------------------------------
@reference("goals", "no_pieces")
class RefNoPieces(RefGoal):
    def verdict(self, s: RefState) -> RefVerdict:
        piece = self.params.piece
        without = [p for p in self.game.players if not s.pieces_of(p, piece)]
        if not without:
            return None
        if self.params.then == "score":
            return "score"
        return {p for p in self.game.players if p not in without}


@reference("goals", "halfmove_clock")
class RefHalfmoveClock(RefGoal):
    def verdict(self, s: RefState) -> RefVerdict:
        return set() if s.halfmove >= self.params.limit else None


@reference("results", "majority")
class RefMajority(RefResult):
    def winners(self, s: RefState) -> set[str]:
        counts = {p: len(s.pieces_of(p, self.params.piece)) for p in self.game.players}
        best = max(counts.values())
        leaders = {p for p, n in counts.items() if n == best}
        return leaders if len(leaders) == 1 else set()
