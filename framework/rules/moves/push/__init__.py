"""``push``: a line of the player's pieces moves one cell together — along its own line,
pushing a shorter line of enemy pieces ahead of it, or sideways (Abalone's sumito and
broadside moves).

```yaml
turn:
  - name: move
    type: moves
    options:
      - {type: push, longest: 3}    # 1 to 3 marbles; in-line pushes, broadsides
goals:   # the first to push off six of the other's fourteen marbles wins
  - {type: outcome, winner: mover, if: {type: count, of: opponents, at_most: 8}}
```

A line is 1 to ``longest`` of the mover's pieces next to one another along a direction
of the board (of the kind ``piece`` when given). **In line**: the line moves one cell
along its own direction, its front piece onto the next cell. That cell may be empty; with
``push: true`` (the default) it may hold an enemy piece: the enemy pieces in a row there,
up to the first cell that is empty or off the board, are pushed one cell the same way when
they are fewer than the moving pieces (2 push 1, 3 push 1 or 2) and that next cell is not
the mover's or a gap. An enemy piece pushed off the board is captured. The mover's own
pieces are never pushed off, nor is a line longer than ``longest`` moved. **Broadside**:
with ``broadside: true`` (the default), a line of 2 or more pieces moves one cell
sideways (any other direction of the board), every piece onto an empty cell; it pushes
nothing. ``directions`` limits the directions (default: every direction of the board).

An in-line move is written ``{from}{to}`` — its rear piece, and the cell its front piece
moves to (``A1A4``: A1, A2 and A3 move on to A2, A3 and A4); a single piece moving is the
same (``A1B2``). A broadside is written with its two ends and where the first goes
(``{from}{at}{to}``: ``A1A3B2``: A1, A2 and A3 move to B2, B3 and B4), the first end
being the one listed first on the board.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.engine.supply import capture
from framework.moves.base import Loc, Masks, Primitive, kind_index, own_of_kind
from framework.plugins import OptionParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class PushParams(OptionParams):
    type: Literal["push"]
    piece: str | None = Field(default=None, description="the kind whose lines move "
                              "(default: any of the player's pieces)")
    directions: list[str] | None = Field(
        default=None, min_length=1, description="the directions lines move and lie "
        "along: the board's, or relative to the player's forward (default: every one)")
    longest: int = Field(default=3, ge=1, le=8, description="the most pieces that move "
                         "together (and so the most that push)")
    push: bool = Field(default=True, description="a line moving in line pushes a strictly "
                       "shorter line of enemy pieces ahead of it (off the board: captured)")
    broadside: bool = Field(default=True, description="a line of 2 or more moves sideways "
                            "onto empty cells")
    kind: str = Field(default="push", description="the action's kind in JSON and records")
    notation: str = Field(default="{from}{to}", pattern=r"^\{from\}\{to\}$",
                          description="how an in-line move is written: its rear piece, and "
                          "where its front piece goes (a broadside: {from}{at}{to})")
    resets_halfmove_clock: bool = Field(default=False, description="this action resets the "
                                        "half-move clock (at the end of the turn)")


class Push(Primitive):
    """Lines of own pieces moving together, pushing or sideways."""

    keyword = "push"
    reference = ".reference:RefPush"
    native = ".native:PushPiece"
    Params = PushParams
    #: Several moves may share a source and a target (a piece alone, and the broadsides of
    #: the lines it ends): the phase asks ``actions_to`` for them.
    several = True

    def __init__(self, params: PushParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        board = game.board
        step = board.step
        names = board.written
        self.piece = kind_index(game, params.piece)
        self.longest = params.longest
        found = []
        for player in range(len(game.players)):
            dirs = (range(len(board.directions)) if params.directions is None else
                    (game.board_direction(n, player) for n in params.directions))
            found.append(tuple(dict.fromkeys(d for d in dirs if d >= 0)))
        self.dirs: tuple[tuple[int, ...], ...] = tuple(found)
        self.step = step
        self.opposite = board.opposite
        #: Every move on an empty board, by (rear or first end, other end, target): the
        #: action, and how it goes (the cells of the line, the direction, in line or not).
        self.table: dict[tuple[int, int, int], Action] = {}
        self.how: dict[Action, tuple[tuple[int, ...], int, bool]] = {}
        every = set().union(*self.dirs) if self.dirs else set()
        for src in range(board.size):
            for d in sorted(every):
                line = _ray(step, src, d, params.longest)
                for n in range(1, len(line) + 1):
                    cells = line[:n]
                    to = step[cells[-1]][d]
                    if to >= 0:
                        self._add(src, cells[-1], to, cells, d, True,
                                  names[src] + names[to])
                    if n < 2 or not params.broadside or cells[-1] < src:
                        continue
                    for side in sorted(every):
                        if side in (d, self.opposite[d]):
                            continue
                        moved = [step[c][side] for c in cells]
                        if all(m >= 0 for m in moved):
                            self._add(src, cells[-1], moved[0], cells, side, False,
                                      names[src] + names[cells[-1]] + names[moved[0]])
        self._last: tuple[Any, dict[int, list[Action]]] | None = None
        #: Per source cell, its moves in a fixed order: the native kernels name a move by
        #: its source and its number there (``native_action``).
        self.native_moves: tuple[tuple[Action, ...], ...] = tuple(
            tuple(a for a in self.table.values() if a.src == c) for c in range(board.size))

    def _add(self, src: int, end: int, to: int, cells: tuple[int, ...], d: int,
             in_line: bool, notation: str) -> None:
        action = Action(self.phase, self.params.kind, src=src, dst=to, at=end,
                        notation=notation)
        self.table[src, end, to] = action
        self.how[action] = (cells, d, in_line)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.piece and params.piece not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", params.piece, ctx.pieces)
        yield from ctx.check_directions(params.directions or [], (*loc, "directions"))
        if not ctx.board_directions:
            yield loc, ("push moves lines along the board's directions, but this board has "
                        "none (grids and hex boards have them, custom boards when they name "
                        "them)")
        for name in ("to_if", "path_if"):
            if getattr(params, name) is not None:
                yield (*loc, name), (f"{name}: a push moves a line of pieces, not one piece "
                                     "to one cell; its tests are not supported")
        if params.longest == 1 and params.push:
            yield (*loc, "push"), ("a line of one piece pushes nothing (it must outnumber "
                                   "what it pushes): give longest: 2 or more, or push: false")

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((params.kind, ""),)

    @classmethod
    def has_path(cls, params: Any) -> bool:
        return False

    def action_space(self) -> tuple[Action, ...]:
        return tuple(self.table.values())

    def sources(self, state: State, masks: Masks) -> int:
        return own_of_kind(state, masks, self.piece)

    def _moves(self, state: State, masks: Masks, src: int) -> dict[int, list[Action]]:
        """The moves whose rear piece (or first end) is on ``src``, by target."""
        key = (masks, src, state.to_move,
               state.kinds[self.piece] if self.piece >= 0 else 0, state.gaps)
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        mine = own_of_kind(state, masks, self.piece)
        enemy, empty = masks.enemy, masks.empty
        step, table = self.step, self.table
        found: dict[int, list[Action]] = {}
        dirs = self.dirs[state.to_move]
        for d in dirs:
            cells = [src]
            while True:
                front = cells[-1]
                to = step[front][d]
                if to < 0:
                    break
                if empty >> to & 1:
                    found.setdefault(to, []).append(table[src, front, to])
                    break
                if enemy >> to & 1:
                    if self.params.push and self._pushes(len(cells), to, d, enemy, empty):
                        found.setdefault(to, []).append(table[src, front, to])
                    break
                if not mine >> to & 1 or len(cells) == self.longest:
                    break  # a gap, a piece of another kind, or a line too long
                cells.append(to)
            if not self.params.broadside:
                continue
            for n in range(2, len(cells) + 1):
                end = cells[n - 1]
                if end < src:
                    continue  # each line once: from the end listed first
                for side in dirs:
                    if side in (d, self.opposite[d]):
                        continue
                    moved = [step[c][side] for c in cells[:n]]
                    if all(m >= 0 and empty >> m & 1 for m in moved):
                        found.setdefault(moved[0], []).append(table[src, end, moved[0]])
        self._last = (key, found)
        return found

    def _pushes(self, n: int, at: int, d: int, enemy: int, empty: int) -> bool:
        """Whether ``n`` pieces push the enemy line that starts on ``at`` along ``d``."""
        m = 0
        while at >= 0 and enemy >> at & 1:
            m += 1
            at = self.step[at][d]
        return m < n and (at < 0 or bool(empty >> at & 1))

    def targets(self, state: State, masks: Masks, src: int) -> int:
        found = 0
        for to in self._moves(state, masks, src):
            found |= 1 << to
        return found

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        raise NotImplementedError("push gives several moves per target: actions_to")

    def native_action(self, src: int, number: int) -> Action:
        """The move a native move code names: the ``number``-th from ``src``."""
        return self.native_moves[src][number]

    def native_number(self, action: Action) -> int:
        """The number of ``action`` among the moves from its source (``native_action``'s
        inverse)."""
        return self.native_moves[action.src].index(action)

    def actions_to(self, state: State, masks: Masks, src: int, dst: int) -> list[Action]:
        return self._moves(state, masks, src).get(dst, [])

    def apply(self, state: State, action: Action) -> None:
        cells, d, in_line = self.how[action]
        step = self.step
        me = state.to_move
        if in_line:
            ahead = []
            at = step[cells[-1]][d]
            while at >= 0 and state.owner_of(at) >= 0:
                ahead.append(at)
                at = step[at][d]
            if ahead and at < 0:  # the last one goes off the board
                capture(state, ahead.pop(), me)
            for c in reversed(ahead):
                state.move_piece(c, step[c][d])
            for c in reversed(cells):
                state.move_piece(c, step[c][d])
        else:
            for c in cells:
                state.move_piece(c, step[c][d])
        self.landed_on(state, action.dst)

    def notation_pattern(self, cell: str) -> str:
        return f"{cell}{cell}(?:{cell})?"

    def example(self) -> str:
        return next(iter(self.table.values())).notation if self.table else "A1A2"

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        who = _("your pieces of the kind {piece}").format(piece=_(p.piece)) if p.piece \
            else _("your pieces")
        text = _("a line of 1 to {n} of {who} next to one another moves one cell along its "
                 "own line, onto an empty cell").format(n=p.longest, who=who)
        if p.push:
            text += _(", or pushing the enemy pieces in a row ahead of it one cell on when "
                      "they are fewer and the cell beyond them is empty or off the board (a "
                      "piece pushed off the board is captured)")
        if p.broadside:
            text += _("; or a line of 2 or more moves one cell sideways, every piece onto "
                      "an empty cell")
        return text


def _ray(step: Any, cell: int, d: int, longest: int) -> tuple[int, ...]:
    """``cell`` and the cells after it along ``d``, ``longest`` at most."""
    found = [cell]
    while len(found) < longest:
        nxt = step[found[-1]][d]
        if nxt < 0 or nxt in found:
            break
        found.append(nxt)
    return tuple(found)

