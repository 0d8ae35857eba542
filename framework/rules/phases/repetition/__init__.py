"""``repetition``: positional superko — a placement that brings back a board seen earlier
in the game ends it (OpenSpiel's Go: a draw).

```yaml
turn:
  - name: play
    type: moves
    options:
      - {type: place, piece: stone, then: [{type: capture_groups}]}
      - {type: pass_turn}
  - {name: superko, type: repetition, outcome: draw}
```

Automatic, as a phase after the one that lands pieces. After every action it writes the
board down in the game's ``seen`` slot: which player's piece stands on each cell (the kinds
of the pieces and the player to move do not count: a positional repetition). When the
action landed a piece and the board it made was seen after an earlier action, the game
ends: with ``outcome: draw`` nobody wins, with ``outcome: loss`` the player who made it
loses. An action that lands nothing (a pass) leaves the board as it was and repeats
nothing. The board before the first action is not written down (a game whose first boards
come back by captures only, as in Go, never needs it) unless ``start: true`` says so: then
the board play begins from (after the setup) is seen too, and a move that brings it back
ends the game (Lines of Action as OpenSpiel plays it).

The game ends in this phase, before the turn's goals are checked: a repeated board that
would also win by a goal is still a draw (or a loss).

The record is kept in the position, so copies of a state, search and perft all see it; a
position's JSON lists the boards seen.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.slots import LANDED, SEEN, board_key, boards_value, seen_boards
from framework.plugins import Loc, Phase, PhaseParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class RepetitionParams(PhaseParams):
    type: Literal["repetition"]
    outcome: Literal["draw", "loss"] = Field(
        default="draw", description="how a placement that repeats a board ends the game: a "
                                    "draw, or a loss for the player who made it")
    start: bool = Field(default=False, description="the board play begins from counts as "
                        "seen: a move that brings it back ends the game too")


class Repetition(Phase):
    """A board seen before ends the game."""

    keyword = "repetition"
    Params = RepetitionParams
    decides = False
    slots = (LANDED, SEEN)
    reference = ".reference:RefRepetition"
    native = ".native:RepetitionPhasePiece"

    def __init__(self, params: RepetitionParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.landed = game.slots.index[LANDED.name]
        self.seen = game.slots.index[SEEN.name]
        self.cells = game.board.size

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from ctx.check_landing_before(
            loc, params.name, "ends the game when a placement repeats an earlier board")

    def begin(self, state: State) -> None:
        if self.params.start:
            key = board_key(state.owner, self.cells)
            state.vars[self.seen] = boards_value(seen_boards(state.vars[self.seen]) | {key})

    def run(self, state: State) -> None:
        key = board_key(state.owner, self.cells)
        seen = seen_boards(state.vars[self.seen])
        if state.vars[self.landed] >= 0 and key in seen:
            state.finish(frozenset() if self.params.outcome == "draw" else
                         frozenset(range(len(state.owner))) - {state.to_move})
            return
        if key not in seen:
            state.vars[self.seen] = boards_value(seen | {key})

    def describe(self, _: Translate = untranslated) -> str:
        if not self.params.start:
            return self._superko(_)
        if self.params.outcome == "draw":
            return _("A move that brings back a board seen earlier in the game, the one it "
                     "started from included (the same pieces of the same players on the same "
                     "cells, whoever is to move), ends the game at once in a draw, even when "
                     "it would also win.")
        return _("A move that brings back a board seen earlier in the game, the one it "
                 "started from included (the same pieces of the same players on the same "
                 "cells, whoever is to move), loses the game at once for the player who "
                 "made it.")

    def _superko(self, _: Translate) -> str:
        if self.params.outcome == "draw":
            return _("A placement that brings back a board seen earlier in the game (the same "
                     "pieces of the same players on the same cells) ends the game at once in "
                     "a draw (positional superko).")
        return _("A placement that brings back a board seen earlier in the game (the same "
                 "pieces of the same players on the same cells) loses the game for the "
                 "player who made it (positional superko).")
