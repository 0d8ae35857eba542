"""``sweep``: remove, all at once, every enemy piece with fewer empty neighbours than the sum
of some of its attributes (Adaptoid's starvation). Automatic: no decision.

```yaml
turn:
  - name: starve
    type: sweep
    attributes: [legs, pincers]   # a piece needs at least legs + pincers empty neighbours
    score: captures               # the mover scores 1 per piece removed
```

Every piece is judged on the board as it stands before the sweep (count all first, then
remove). Only the opponents' pieces are swept: the mover's own pieces never are, in its own
turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from framework.engine.bits import iter_bits
from framework.plugins import (
    Phase,
    PhaseParams,
    Translate,
    counted,
    join_words,
    many,
    untranslated,
)

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


class SweepParams(PhaseParams):
    type: Literal["sweep"]
    piece: str | None = Field(default=None, description="the kind swept (default: any)")
    attributes: list[str] = Field(min_length=1, description="a piece is removed when its "
                                  "empty neighbours are fewer than the sum of these")
    score: str | None = Field(default=None,
                              description="the counter the mover scores per piece removed")


class Sweep(Phase):
    """Remove starved enemy pieces."""

    keyword = "sweep"
    reference = ".reference:RefSweep"
    native = ".native:SweepPiece"
    Params = SweepParams
    decides = False

    def __init__(self, params: SweepParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.kind = game.piece_kinds.index(params.piece) if params.piece else -1
        self.summed = tuple(game.attributes.index(a) for a in params.attributes)
        self.score = game.counters.index(params.score) if params.score else -1

    def starved(self, state: State) -> int:
        """The mask of enemy pieces the sweep removes now."""
        me = state.to_move
        enemy = 0
        for side, mask in enumerate(state.owner):
            if side != me:
                enemy |= mask
        if self.kind >= 0:
            enemy &= state.kinds[self.kind]
        empty = state.empty()
        neighbours = self.game.board.neighbour_masks
        columns = [state.attrs[a] for a in self.summed]
        doomed = 0
        for c in iter_bits(enemy):
            need = sum(values[c] for values in columns)
            if need and (neighbours[c] & empty).bit_count() < need:
                doomed |= 1 << c
        return doomed

    def run(self, state: State) -> None:
        doomed = self.starved(state)
        for c in iter_bits(doomed):
            state.remove(c)
        if self.score >= 0:
            state.counters[state.to_move][self.score] += doomed.bit_count()

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        text = _("Finally, every enemy piece that has fewer empty neighbouring cells than it "
                 "has {attributes} together is removed. All such pieces are found first, then "
                 "removed at once.").format(
                     attributes=join_words(_, [many(_, a) for a in p.attributes]))
        if p.score:
            text += " " + _("For each of them you score one {counter}.").format(
                counter=counted(_, p.score, 1))
        return text
