"""``halfmove_clock``: the game ends in a draw when the half-move clock reaches a limit.

```yaml
goals:
  - {type: halfmove_clock, limit: 100}
  - {type: halfmove_clock, limit: 1001, winner: score}   # scored by the result rule
```

The clock counts turns since a phase last reset it (Ataxx: clones reset it; jumps and passes
add 1; a game whose moves never reset it counts every turn played, a turn played again
included). With ``winner: score`` the game ends there and is scored by the game's result
rule instead of drawn (OpenSpiel's Kalah counts the seeds when its move limit is reached).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from framework.engine.slots import HALFMOVE
from framework.limits import MAX_COUNT
from framework.plugins import (
    Goal,
    GoalParams,
    Translate,
    Verdict,
    join_words,
    ngettext,
    untranslated,
)
from framework.spec.terms import term

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


class HalfmoveClockParams(GoalParams):
    type: Literal["halfmove_clock"]
    limit: int = Field(ge=1, le=MAX_COUNT,
                       description="the half-move clock value that ends the game in a "
                                         "draw")
    winner: Literal["draw", "score"] = Field(
        default="draw", description="draw: the game is drawn at the limit; score: it ends "
                                    "there and the result rule scores it")


class HalfmoveClock(Goal):
    """A draw after too many turns without a reset."""

    keyword = "halfmove_clock"
    reference = ".reference:RefHalfmoveClock"
    native = ".native:HalfmoveClockPiece"
    Params = HalfmoveClockParams

    def __init__(self, params: HalfmoveClockParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.limit = params.limit  # read on every turn
        self.scored = params.winner == "score"

    def evaluate(self, state: State) -> Verdict | None:
        if state.vars[HALFMOVE] < self.limit:
            return None
        return Verdict(score=True) if self.scored else Verdict()

    def reason(self, state: State, _: Translate = untranslated) -> str:
        limit, resets = self.params.limit, self._resets(_)
        if resets:
            return ngettext("{n} turn without {resets}", "{n} turns without {resets}", limit,
                            _).format(n=limit, resets=resets)
        return ngettext("{n} turn without a reset", "{n} turns without a reset", limit,
                        _).format(n=limit)

    def describe(self, _: Translate = untranslated) -> str:
        limit, players = self.params.limit, len(self.game.players)
        resets = self._resets(_)
        if self.scored and not resets:
            text = _("After {limit} turns, the game ends and is scored.").format(limit=limit)
        elif self.scored:
            text = _("After {limit} turns in a row without {resets}, the game ends and is "
                     "scored.").format(limit=limit, resets=resets)
        elif not resets:
            text = _("After {limit} turns in a row without a reset of the half-move clock, "
                     "the game is a draw.").format(limit=limit)
        elif limit % players == 0:
            text = _("After {limit} turns in a row ({each} by each player) without {resets}, "
                     "the game is a draw.").format(limit=limit, each=limit // players,
                                                   resets=resets)
        else:
            text = _("After {limit} turns in a row without {resets}, the game is a draw."
                     ).format(limit=limit, resets=resets)
        name = term(self.keyword)
        return f"{text[:-1]} ({name})." if name else text

    def _resets(self, _: Translate) -> str:
        """What sets the clock back to 0, read off the moves that reset it: "a capture or a
        move of a pawn"; empty when no move option says (a phase of its own resets it)."""
        captures, movers = False, []
        for phase in self.game.phases:
            for option in getattr(phase, "options", ()):
                params = option.params
                capturing = bool(getattr(params, "capture", False)) or \
                    getattr(option, "to", None) == "enemy"
                if getattr(option, "capture_resets", False) or (
                        option.resets_clock and capturing):
                    captures = True
                elif option.resets_clock:
                    piece = getattr(params, "piece", None)
                    if piece is None:
                        return ""
                    movers.append(piece)
        words = [_("a capture")] * captures + [
            _("a move of a {piece}").format(piece=_(p)) for p in dict.fromkeys(movers)]
        return join_words(_, words, negated=True)
