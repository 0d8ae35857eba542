"""``line_capture``: after a piece moves along a line, the enemy pieces in a row on that
line just ahead of it (capture by approach) or just behind where it started (capture by
withdrawal) are captured — Fanorona's and Vela's captures, Ludii's ``Directional``.

```yaml
turn:
  - name: move
    type: moves
    options:
      # approach: the point beyond the landing point, the same way, holds an enemy piece
      - {type: step, kind: approach, notation: "{from}{to}A",
         to_if: {at: ahead, owner: enemy}, then: [{type: line_capture, side: ahead}]}
      # withdrawal: the point behind the starting point holds an enemy piece
      - {type: step, kind: withdrawal, notation: "{from}{to}W",
         to_if: {at: behind, owner: enemy}, then: [{type: line_capture, side: behind}]}
```

A consequence under the ``then:`` of a ``step`` or a ``slide`` (a move along one straight
line of the board): it reads the cell the move started from (``departed``), the cell it
landed on and the direction between them. With ``side: ahead`` it walks on from the landing
cell the way the move went; with ``side: behind`` it walks back from the starting cell the
other way. The enemy pieces met there, one after the other, are captured, up to the first
cell that is empty, holds one of the mover's pieces, or is off the board (none when the
first cell is not an enemy's). When a move could capture either way, the player chooses:
write one option per side, each with its own ``kind`` (and notation), and each with the
``to_if`` that keeps it to the moves that capture (``{at: ahead, owner: enemy}``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.slots import DEPARTED, LANDED
from framework.engine.supply import capture
from framework.moves.candidate import straight_line
from framework.plugins import Phase, PhaseParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext

#: The primitives whose moves go along one straight line and note where they started.
STRAIGHT_MOVES = ("step", "slide")


class LineCaptureParams(PhaseParams):
    type: Literal["line_capture"]
    side: Literal["ahead", "behind"] = Field(
        description="ahead: the enemy line beyond the landing cell, the way the move went "
        "(approach); behind: the enemy line behind the starting cell (withdrawal)")


class LineCapture(Phase):
    """The enemy line ahead of the move, or behind it, is captured."""

    keyword = "line_capture"
    reference = ".reference:RefLineCapture"
    native = ".native:LineCapturePiece"
    Params = LineCaptureParams
    decides = False

    slots = (LANDED, DEPARTED)

    def __init__(self, params: LineCaptureParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.landed = game.slots.index[LANDED.name]
        self.departed = game.slots.index[DEPARTED.name]
        self.ahead = params.side == "ahead"
        #: Per (from, to) of a move: the direction it went along (-1: not straight).
        self._ways: dict[tuple[int, int], int] = {}

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        if not ctx.in_option or ctx.option_type not in STRAIGHT_MOVES:
            yield loc, ("line_capture captures along the line of the move that just went: "
                        "it is a consequence under the 'then:' of a step or a slide"
                        + (f", not of a {ctx.option_type!r}" if ctx.in_option else ""))
        elif not ctx.board_directions:
            yield loc, ("line_capture walks along the board's directions, but this board "
                        "has none (grids and hex boards have them, custom boards when they "
                        "name them)")

    def _way(self, src: int, dst: int) -> int:
        found = self._ways.get((src, dst))
        if found is None:
            board = self.game.board
            found = next((d for d in range(len(board.directions))
                          if straight_line(board, src, dst, d) is not None), -1)
            self._ways[src, dst] = found
        return found

    def run(self, state: State) -> None:
        src, dst = state.vars[self.departed], state.vars[self.landed]
        if src < 0 or dst < 0:
            return
        d = self._way(src, dst)
        if d < 0:
            return
        board = self.game.board
        if not self.ahead:
            d = board.opposite[d]
        at = board.step[dst if self.ahead else src][d]
        me = state.to_move
        step = board.step
        while at >= 0:
            side = state.owner_of(at)
            if side < 0 or side == me:
                break
            capture(state, at, me)
            at = step[at][d]

    def describe(self, _: Translate = untranslated) -> str:
        if self.ahead:
            return _("The enemy pieces in a row on the line of the move, from the cell just "
                     "beyond the one it landed on, are captured (capture by approach).")
        return _("The enemy pieces in a row on the line of the move, from the cell just "
                 "behind the one it started from, are captured (capture by withdrawal).")
