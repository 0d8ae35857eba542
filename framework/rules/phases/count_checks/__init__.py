"""``count_checks``: after each move, how many moves in a row its player has given check
(shogi's perpetual check, read by ``repetition`` with ``perpetual_check``).

```yaml
turn:
  - {name: move, type: moves, piece_moves: true}
  - {name: checks, type: count_checks}
restrictions:
  - {type: royal, piece: king}
goals:
  - {type: repetition, times: 4, perpetual_check: 6}
```

Automatic (no decision), as the last phase of the turn: when the turn's moves leave a royal
piece of another player attacked (``restrictions: royal`` says which kind is royal), the
mover's run of checks (the slot ``checks.<player>``) grows by one; any other move sets it
back to 0. The runs are a record of how the position was reached: position JSON writes
them, but a repetition does not compare them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from framework.engine.bits import iter_bits
from framework.engine.slots import Slot
from framework.plugins import Loc, Phase, PhaseParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


def checks_slot_name(player: str) -> str:
    """The slot of ``player``'s run of checks."""
    return f"checks.{player}"


class CountChecksParams(PhaseParams):
    type: Literal["count_checks"]


class CountChecks(Phase):
    """Counts each player's checks in a row."""

    keyword = "count_checks"
    Params = CountChecksParams
    decides = False
    reference = ".reference:RefCountChecks"
    native = ".native:CountChecksPiece"

    @classmethod
    def player_slots(cls, params: Any, players: Any) -> tuple[Slot, ...]:
        return tuple(Slot(checks_slot_name(str(p)), scope="game", history=True)
                     for p in players)

    def __init__(self, params: CountChecksParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.runs = tuple(game.slots.index[checks_slot_name(str(p))] for p in game.players)
        #: The royal restriction (built after the phases: found on first use).
        self.royal: Any = None

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if not any(r.type == "royal" for r in ctx.spec.restrictions):
            yield loc, ("count_checks counts the moves that attack a royal piece, and the "
                        "game has none: add restrictions: [{type: royal, piece: ...}]")

    def run(self, state: State) -> None:
        from framework.moves.attacks import attacks_of  # built on first use

        if self.royal is None:
            self.royal = next(r for r in self.game.restrictions if hasattr(r, "royal_cells"))
        me, attacks = state.to_move, attacks_of(self.game)
        check = any(attacks.attacked(state, cell, side)
                    for side in range(len(state.owner)) if side != me
                    for cell in iter_bits(self.royal.royal_cells(state, side)))
        slot = self.runs[me]
        state.vars[slot] = state.vars[slot] + 1 if check else 0

    def describe(self, _: Translate = untranslated) -> str:
        return _("Each player's checks in a row are counted: a move that leaves an enemy "
                 "royal piece attacked adds one, any other move starts the count again.")
