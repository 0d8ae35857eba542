"""``step``: a piece moves to the next cell in one of the given directions.

```yaml
turn:
  - name: move
    type: moves
    options:
      - {type: step, directions: [forward, forward_left, forward_right]}        # to: empty
      - {type: step, directions: [forward_left, forward_right], to: enemy, kind: capture,
         notation: "{from}{to}*"}
```

``directions`` are the board's (``n``, ``ne``, … on a grid; see Boards) or relative to the
player's ``forward`` (``forward``, ``forward_left``, ``left``, …); omitted, every direction
of the board. ``to`` says which cells a step may end on (``empty``, ``enemy``, ``own``,
``any``, ``empty_or_enemy``); a piece there is removed. With ``from: landed`` only the piece
that just landed steps, and with ``effect: place`` a new piece goes on the cell instead
(see the shared parameters in ``framework/moves/lines.py``). A step is written ``{from}{to}``
(``a2a3``), its kind is ``step`` unless ``kind`` says otherwise.

**Chains of steps** (Fanorona's successive captures). With ``chain: must`` (or ``may``), the
piece that has just stepped steps on in the same turn while an option of the phase that
chains lets it (as ``hop``'s chains: the ``moves`` phase keeps the turn, and ``may`` adds a
``stop`` action). Only the chaining options are offered then, from the chaining piece's
cell: a step that captures only with its ``to_if`` and ``then:`` (a ``line_capture``) keeps
a chain to captures. ``revisit: false`` (needed by a chain: every chain then ends) never
lets it step back onto a cell it has stood on this turn, its start included (the position
lists them under ``visited``); ``repeat_direction: false`` never lets it step twice in a
row in the same direction (the position keeps where its last step began, ``hopped_from``).

```yaml
      - {type: step, kind: approach, to_if: {at: ahead, owner: enemy},
         then: [{type: line_capture, side: ahead}],
         chain: may, revisit: false, repeat_direction: false}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.slots import CHAIN, HOPPED_FROM, VISITED, Slot
from framework.moves.base import Loc, Masks
from framework.moves.lines import Line, LineParams
from framework.plugins import Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class StepParams(LineParams):
    type: Literal["step"]
    directions: list[str] | None = Field(
        default=None, min_length=1, description="the directions a step may take: the "
        "board's, or relative to the player's forward (default: every direction)")
    chain: Literal["none", "must", "may"] = Field(
        default="none", description="after a step the same piece must (or may) step again "
        "in the same turn while a chaining option lets it (only those options are offered)")
    revisit: bool = Field(default=True, description="a chain may step onto a cell it has "
                          "stood on this turn (false: never, its start included; a chain "
                          "needs false)")
    repeat_direction: bool = Field(default=True, description="a chain may step twice in a "
                                   "row in the same direction (false: never)")


def resolved(game: CompiledGame, names: list[str] | None, player: int) -> list[int]:
    """The board direction indices ``names`` stand for, for ``player`` (all when None);
    a name the board has no direction for (a diagonal on an orthogonal grid) is left out."""
    if names is None:
        return list(range(len(game.board.directions)))
    found = [game.board_direction(n, player) for n in names]
    return [d for d in dict.fromkeys(found) if d >= 0]


class Step(Line):
    keyword = "step"
    reference = ".reference:RefStep"
    native = ".native:StepPiece"
    Params = StepParams

    def __init__(self, params: StepParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        self.chain = params.chain
        slots = game.slots.index
        chains = params.chain != "none"
        #: The slots of a chain (-1: the option has none): the chaining cell, the cells the
        #: chain stood on (revisit: false), where its last step began (repeat_direction).
        self.chain_slot = slots.get(CHAIN.name, -1) if chains else -1
        self.visited = slots.get(VISITED.name, -1) if chains and not params.revisit else -1
        self.stepped_from = slots.get(HOPPED_FROM.name, -1) \
            if chains and not params.repeat_direction else -1
        step = game.board.step
        #: Per (from, to) of a step, the cell one more step the same way (-1: none).
        self.onward = {(c, step[c][d]): step[step[c][d]][d] for c in range(game.board.size)
                       for d in range(len(game.board.directions)) if step[c][d] >= 0}

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        yield from super().check_spec(params, loc, ctx)
        yield from ctx.check_directions(params.directions or [], (*loc, "directions"))
        if params.chain == "none":
            for name, value in (("revisit", not params.revisit),
                                ("repeat_direction", not params.repeat_direction)):
                if value:
                    yield (*loc, name), (f"{name}: false says how a chain of steps goes "
                                         "on: it needs chain: must or may")
        else:
            if params.revisit:
                yield (*loc, "chain"), ("a chain of steps needs revisit: false (else it "
                                        "could go round the board forever)")
            if params.from_ == "landed" or params.effect == "place":
                yield (*loc, "chain"), ("a chain goes on with the piece that stepped: it "
                                        "needs from: piece and effect: move")

    @classmethod
    def slots_of(cls, params: Any) -> tuple[Slot, ...]:
        if params.chain == "none":
            return super().slots_of(params)
        return (*super().slots_of(params), CHAIN,
                *((VISITED,) if not params.revisit else ()),
                *((HOPPED_FROM,) if not params.repeat_direction else ()))

    def targets(self, state: State, masks: Masks, src: int) -> int:
        found = super().targets(state, masks, src)
        if self.chain_slot < 0 or state.vars[self.chain_slot] < 0 or src < 0:
            return found
        if self.visited >= 0:  # never back onto a cell the chain stood on
            found &= ~state.vars[self.visited]
        if self.stepped_from >= 0 and state.vars[self.stepped_from] >= 0:
            again = self.onward.get((state.vars[self.stepped_from], src), -1)
            if again >= 0:  # not on the way the last step went
                found &= ~(1 << again)
        return found

    def apply(self, state: State, action: Action) -> None:
        super().apply(state, action)
        if self.visited >= 0:
            state.vars[self.visited] |= 1 << action.src | 1 << action.dst
        if self.stepped_from >= 0:
            state.vars[self.stepped_from] = action.src

    def reach_table(self, player: int) -> tuple[int, ...]:
        step = self.game.board.step
        dirs = resolved(self.game, self.params.directions, player)
        return tuple(sum(1 << to for to in {step[c][d] for d in dirs} if to >= 0)
                     for c in range(self.game.board.size))

    def describe(self, _: Translate = untranslated) -> str:
        text = self.describe_move(_("steps to the next cell {directions}").format(
            directions=self.directions_text(self.params.directions, _)), _)
        p = self.params
        if p.chain == "must":
            text += ", " + _("and must step again with the same piece while it can, in the "
                             "same turn")
        elif p.chain == "may":
            text += ", " + _("and may step again with the same piece, in the same turn")
        if p.chain != "none" and not p.revisit:
            text += " " + _("(never onto a cell it has already stood on in this turn, its "
                            "starting cell included)")
        if p.chain != "none" and not p.repeat_direction:
            text += " " + _("(never twice in a row in the same direction)")
        return text
