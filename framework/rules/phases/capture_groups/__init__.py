"""``capture_groups``: the enemy groups next to the piece that just landed that it left
without a liberty are taken off the board (Go's capture).

```yaml
turn:
  - name: play
    type: moves
    options:
      - type: place
        piece: stone
        suicide: false                    # no placement that leaves its own group dead
        ko: true                          # not on the ko cell
        then: [{type: capture_groups, ko: true}]
```

Automatic, as a consequence under an option's ``then:`` (or a phase after the one that
lands the piece). A group is a set of one player's pieces connected over the board's links;
its liberties are the empty cells linked to it. Each enemy group linked to the landing cell
that has no liberty left is taken off, all at once; the mover's own groups are never taken
(a placement that would leave its own group without a liberty is refused by ``place``'s
``suicide: false``, not undone here).

With ``ko: true`` the consequence writes the game's ``ko`` slot after every placement: the
cell of the captured piece when the piece landed where no linked cell was empty or the
mover's and it took exactly one piece (a lone stone taking a lone stone), else none. A
``place`` with ``ko: true`` refuses that cell for the next action, and a pass clears it.
With ``counter`` the mover counts the pieces taken.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.bits import iter_bits
from framework.engine.slots import KO, LANDED, Slot
from framework.moves.groups import Links
from framework.plugins import Loc, Phase, PhaseParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class CaptureGroupsParams(PhaseParams):
    type: Literal["capture_groups"]
    ko: bool = Field(default=False, description="write the ko slot: the cell of a lone "
                     "piece just taken by a lone piece, which a place with ko: true "
                     "refuses for one action")
    counter: str | None = Field(default=None, description="a counter of the mover's that "
                                "goes up by the pieces taken")


class CaptureGroups(Phase):
    """Enemy groups left without liberties are taken."""

    keyword = "capture_groups"
    Params = CaptureGroupsParams
    decides = False
    reference = ".reference:RefCaptureGroups"
    native = ".native:CaptureGroupsPiece"

    @classmethod
    def declare_slots(cls, params: Any) -> tuple[Slot, ...]:
        return (LANDED, KO) if params.ko else (LANDED,)

    def __init__(self, params: CaptureGroupsParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.landed = game.slots.index[LANDED.name]
        self.ko = game.slots.index[KO.name] if params.ko else -1
        self.neighbours = game.board.neighbour_masks
        self.links = Links.of(game.board)
        self.counter = game.counters.index(params.counter) if params.counter else -1

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from ctx.check_landing_before(
            loc, params.name, "takes the enemy groups next to the cell the last action "
            "landed a piece on", "or put it under the then: of an option that lands one")
        if params.counter is not None and params.counter not in ctx.spec.counters:
            yield (*loc, "counter"), ctx.unknown("counter", params.counter,
                                                 tuple(ctx.spec.counters))

    def run(self, state: State) -> None:
        landed = state.vars[self.landed]
        if landed < 0:
            return
        me = state.to_move
        neighbours = self.neighbours
        near = neighbours[landed]
        empty = state.empty()
        # Surrounded: no linked cell was empty or the mover's when the piece landed.
        surrounded = not near & (empty | (state.owner[me] & ~(1 << landed)))
        taken = 0
        for side, mask in enumerate(state.owner):
            if side == me:
                continue
            for cell in iter_bits(near & mask & ~taken):
                if not taken >> cell & 1:
                    group = self.links.group_of(cell, mask)
                    if not self.links.liberties(group, empty):
                        taken |= group
        if taken:
            clear = ~taken
            state.owner = [m & clear for m in state.owner]
            state.kinds = [m & clear for m in state.kinds]
            for values in state.attrs:
                for cell in range(len(values)):
                    if taken >> cell & 1:
                        values[cell] = 0
            if self.counter >= 0:
                state.counters[me][self.counter] += taken.bit_count()
        if self.ko >= 0:
            lone = surrounded and taken.bit_count() == 1
            state.vars[self.ko] = taken.bit_length() - 1 if lone else -1

    def describe(self, _: Translate = untranslated) -> str:
        text = _("Every enemy group next to the piece just placed that is left without a "
                 "liberty — a group is a set of one player's pieces connected along the "
                 "lines of the board, its liberties the empty cells next to it — is taken "
                 "off the board.")
        if self.ko >= 0:
            text += " " + _("When a piece placed among enemy pieces alone takes exactly one "
                            "piece, the other player may not place on that piece's cell on "
                            "the very next move (ko); a pass clears it.")
        return text
