"""``repetition``: the game ends when a position comes back for the n-th time (chess's
threefold repetition).

```yaml
goals:
  - {type: repetition, times: 3}                     # the same position a third time: a draw
  - {type: repetition, times: 4, same: placement, winner: opponents}
  # Positional superko (OpenSpiel's Go): a placement that brings back any earlier board
  # ends the game at once as a draw, whatever else the move does.
  - {type: repetition, times: 2, same: placement, overrides: true, if: {type: landed}}
```

The positions compared are those at the start of every turn, from the one the game (or the
position it was read from) began with. ``same`` says what makes two positions the same:
``position`` (default) — the same pieces on the same cells, the same player to move and
the same rights (castling rights, counters, every slot of the position but the clocks; an
en passant cell only when the player to move has a piece that could capture onto it, as
OpenSpiel counts it); ``placement`` — the same pieces on the same cells, whoever is to move.
With ``since: clock_reset`` only the positions since the half-move clock was last reset
are compared: where every reset is a move that cannot be taken back (chess's captures and
pawn moves), no earlier position can come back, so the count is the same, and the history
the rule reads is at most as long as the clock's limit (the native kernels keep it so).
When the position just reached has been seen ``times`` times in all (this one included),
the game ends: ``winner`` is ``draw`` (default), ``mover`` (the player who just moved
wins), ``opponents`` (that player loses) or ``score`` (the ``result`` rule counts, as at
any other scored end: OpenSpiel's Oware, where each player then has the seeds on their own
side). ``perpetual_check: n`` (with a ``count_checks`` phase in the turn) first looks at
each player's run of checks, in the order of play: a player whose last ``n`` or more moves
all gave check loses instead (shogi's perpetual check, as OpenSpiel ends it: ``times: 4,
perpetual_check: 6``). With ``overrides: true`` the ending stands over a win or a score
another goal finds at the same check (OpenSpiel's Go and Lines of Action draw a repeated
board even when the move would also win or end the game by its length). With ``times: 2,
same: placement`` any earlier board the same again ends the game, the board play began from
included: positional superko, and, with ``if: {type: landed}``, only after an action that
landed a piece (a pass brings back the board before it, and repeats nothing). The history
is kept while the game is played (copies of a state, search and perft share it); a position
read from JSON or FEN starts a history of its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from framework.engine.slots import CORE_SLOTS, HALFMOVE
from framework.limits import MAX_COUNT
from framework.plugins import Goal, GoalParams, Loc, Translate, Verdict, untranslated
from framework.rules.phases.count_checks import checks_slot_name

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class RepetitionParams(GoalParams):
    type: Literal["repetition"]
    times: int = Field(default=3, ge=2, le=MAX_COUNT,
                       description="how many times the same position ends the game (this "
                                   "one included)")
    same: Literal["position", "placement"] = Field(
        default="position", description="position: the pieces, the player to move and the "
        "rights; placement: the pieces alone")
    since: Literal["start", "clock_reset"] = Field(
        default="start", description="start: every position since the game began; "
        "clock_reset: those since the half-move clock was last reset")
    winner: Literal["draw", "mover", "opponents", "score"] = Field(
        default="draw", description="draw, mover (the player who just moved wins), "
                                    "opponents (that player loses) or score (the result "
                                    "rule decides)")
    overrides: bool = Field(
        default=False, description="the ending stands over a win or a score another goal "
                                   "finds at the same check")
    perpetual_check: int | None = Field(
        default=None, ge=1, le=MAX_COUNT, description="a player whose last n moves or more "
        "all gave check loses the repetition (needs a count_checks phase)")


class Repetition(Goal):
    """A position seen too often ends the game."""

    keyword = "repetition"
    Params = RepetitionParams
    reference = ".reference:RefRepetition"
    native = ".native:RepetitionPiece"
    #: It reads the history: the engine keeps the trail of positions for it.
    keeps_trail: ClassVar[bool] = True

    def __init__(self, params: RepetitionParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.times = params.times
        self.placement = params.same == "placement"
        self.recent = params.since == "clock_reset"
        #: Whether the trail may start afresh at each reset of the clock (nothing older is
        #: read), which keeps it short.
        self.trail_since_reset = self.recent
        self.runs: tuple[int, ...] = ()
        if params.perpetual_check is not None:
            self.runs = tuple(game.slots.index[checks_slot_name(str(p))]
                              for p in game.players)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.perpetual_check is not None and \
                not any(p.type == "count_checks" for p in ctx.spec.turn):
            yield (*loc, "perpetual_check"), (
                "perpetual_check reads each player's run of checks, which a count_checks "
                "phase keeps: add {name: checks, type: count_checks} at the end of the turn")

    def seen(self, state: State) -> int:
        """How many times the current position is in the trail (0 without one)."""
        trail = state.trail
        if not trail:
            return 0
        if self.recent:  # one key a turn: the clock's value + 1 are those since its reset
            trail = trail[-1 - state.vars[HALFMOVE]:]
        if self.placement:
            here = trail[-1][0]
            return sum(1 for key in trail if key[0] == here)
        return trail.count(trail[-1])

    def evaluate(self, state: State) -> Verdict | None:
        if self.seen(state) < self.times:
            return None
        if self.params.winner == "score" and not self.runs:
            return Verdict(score=True, stands=self.params.overrides)
        return Verdict(self._winners(state), stands=self.params.overrides)

    def _winners(self, state: State) -> frozenset[int]:
        sides = frozenset(range(len(self.game.players)))
        for side, slot in enumerate(self.runs):
            if state.vars[slot] >= (self.params.perpetual_check or 0):
                return sides - {side}
        winner, mover = self.params.winner, state.last_mover
        if winner == "draw":
            return frozenset()
        if winner == "mover":
            return frozenset({mover})
        return sides - {mover}

    @property
    def words_conditions(self) -> bool:
        """A superko after a placement says "a placement" itself (its ``if: landed``)."""
        return self._superko_after_landing()

    def _superko_after_landing(self) -> bool:
        return self._superko() and len(self.conditions) == 1 and \
            self.conditions[0].keyword == "landed" and not self.conditions[0].negated and \
            self.conditions[0].params.zone is None and self.conditions[0].params.piece is None

    def _superko(self) -> bool:
        """Any earlier board again ends the game, at once and over any other goal."""
        p = self.params
        return p.times == 2 and p.same == "placement" and p.overrides and \
            p.winner != "mover" and p.perpetual_check is None and p.since == "start"

    def reason(self, state: State, _: Translate = untranslated) -> str:
        times = self.params.times
        fold = {2: _("twofold"), 3: _("threefold"), 4: _("fourfold"), 5: _("fivefold")}.get(
            times) or _("{n}-fold").format(n=times)
        return _("{fold} repetition").format(fold=fold)

    def _has_rights(self) -> bool:
        """Whether a position holds more than its pieces and the player to move: a slot of
        the position's own (castling rights, an en passant cell), not a clock or a hand."""
        core = {s.name for s in CORE_SLOTS}
        piled = tuple(f"{k}." for k, p in self.game.spec.pieces.items() if p.piles is not None)
        return any(s.scope == "position" and s.name not in core and not s.history
                   and not s.name.startswith(("hand.", *piled))
                   for s in self.game.slots.slots)

    def describe(self, _: Translate = untranslated) -> str:
        if self._superko():
            return self._superko_text(_)
        hands = any(p.hand for p in self.game.spec.pieces.values())
        if self.params.same == "placement":
            same = _("the same pieces on the same cells")
        elif hands:
            same = _("the same pieces on the same cells and in the hands, and the same "
                     "player to move")
        elif self._has_rights():
            same = _("the same pieces on the same cells, the same player to move and the "
                     "same castling and en passant rights")
        else:
            same = _("the same pieces on the same cells and the same player to move")
        times = self.params.times
        fold = {2: _("twofold"), 3: _("threefold"), 4: _("fourfold"), 5: _("fivefold")}.get(
            times) or _("{n}-fold").format(n=times)
        when = _("When the same position has occurred {n} times ({same}: {fold} "
                 "repetition)").format(n=times, same=same, fold=fold)
        if self.params.perpetual_check is not None:
            when = _("{when}, a player whose last {n} moves or more all gave check loses "
                     "(perpetual check); otherwise").format(when=when,
                                                           n=self.params.perpetual_check)
        if self.params.winner == "draw":
            return _("{when}, the game is a draw.").format(when=when)
        if self.params.winner == "score":
            return _("{when}, the game ends and is scored.").format(when=when)
        if self.params.winner == "mover":
            return _("{when}, the player who just moved wins.").format(when=when)
        return _("{when}, the player who just moved loses.").format(when=when)

    def _superko_text(self, _: Translate) -> str:
        draw = self.params.winner == "draw"
        if self._superko_after_landing():
            if draw:
                return _("A placement that brings back a board seen earlier in the game (the "
                         "same pieces of the same players on the same cells) ends the game "
                         "at once in a draw (positional superko).")
            return _("A placement that brings back a board seen earlier in the game (the same "
                     "pieces of the same players on the same cells) loses the game for the "
                     "player who made it (positional superko).")
        if draw:
            return _("A move that brings back a board seen earlier in the game, the one it "
                     "started from included (the same pieces of the same players on the same "
                     "cells, whoever is to move), ends the game at once in a draw, even when "
                     "it would also win.")
        return _("A move that brings back a board seen earlier in the game, the one it "
                 "started from included (the same pieces of the same players on the same "
                 "cells, whoever is to move), loses the game at once for the player who "
                 "made it.")
