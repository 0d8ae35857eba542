"""Which cells a side attacks: the cells its pieces could capture on with one of their moves.

"Attacked" is read from the game's own moves, and each move primitive answers for itself:
a cell is attacked by ``side`` when one of the move options of a deciding phase, played by
``side``, could capture a piece standing on it. So a new piece kind with a new move set
attacks as it moves, and a new primitive (one of another package too) attacks as it
captures, with nothing written here. An option whose moves never capture says so
(``Primitive.capturing``: a castle, a rush, an en passant capture, a move onto empty cells
only) and is left out.

Two ways give the same answer (``tests/test_royal.py`` checks that they do):

- the generic one asks each option for the cells its moves from each of ``side``'s pieces
  capture on (``Primitive.captures_on``: by default its targets that hold an enemy piece);
- the fast one looks backwards from the cell, once per option, the way the option itself
  gives (``Primitive.attack_check``): for a move whose reach does not depend on other
  pieces (a step, a leap, a move at a distance) a reverse table of the cells that reach
  the cell, each such move then tested as a candidate (``to_if``, ``path_if``) when the
  option has tests; for a slide the first piece along each reversed direction (past its
  screens). An option that gives no such way is asked the generic way.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from framework.engine.bits import iter_bits
from framework.moves.base import Masks

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State

Check = Callable[["State", int, int, int], bool]  # (state, cell, side, occupied) -> attacked


def options_of(game: CompiledGame) -> list[Any]:
    """Every move option of the game's deciding phases (inside restrictions' wrappers)."""
    found = []
    for phase in game.turn_phases:
        if phase.decides:
            found += list(getattr(phase.block, "options", ()))
    return found


def plain_move(option: Any) -> bool:
    """Whether ``option``'s actions only move a piece from source to target (the
    primitive's own answer, ``Primitive.plain``)."""
    plain = getattr(option, "plain", None)
    return bool(plain()) if callable(plain) else False


class Attacks:
    """The attack tables of one compiled game."""

    def __init__(self, game: CompiledGame) -> None:
        self.game = game
        board = game.board
        self.options = [o for o in options_of(game) if o.by_source and _capturing(o)]
        self.checks: list[Check] = [_fast(o) or self._generic(o) for o in self.options]
        #: Whether every attack is along a line or occupancy-free (so a plain move of
        #: another piece can only uncover an attack if it leaves a line through the cell).
        self.by_lines = all(getattr(c, "fast", False) for c in self.checks)
        #: Per cell, every cell on a line through it (a queen's lines on a grid).
        self.lines = tuple(_union(board.rays[c]) if board.rays else board.all_mask
                           for c in range(board.size))
        #: Per cell, per direction: (ray mask, +1/-1 when cell ids grow/shrink along it,
        #: its cells nearest first).
        self.rays = tuple(tuple(_ordered(board, c, d) for d in range(len(board.directions)))
                          for c in range(board.size))

    def attacked(self, state: State, cell: int, defender: int, occupied: int = -1) -> bool:
        """Whether any side but ``defender`` attacks ``cell``; ``occupied`` (default: every
        piece and gap) may say which cells block lines (a piece about to leave), which only
        the fast checks read: use it when ``by_lines`` holds."""
        if occupied < 0:
            occupied = state.gaps
            for mask in state.owner:
                occupied |= mask
        occupied |= 1 << cell
        for side in range(len(state.owner)):
            if side != defender and self.attacked_by(state, cell, side, occupied):
                return True
        return False

    def pinned(self, state: State, cell: int, defender: int, occupied: int) -> int:
        """The ``defender``'s pieces that alone stand between ``cell`` and an attack along
        a line: the first piece on each line from ``cell``, when the cell is attacked once
        that piece is gone (``by_lines`` games only)."""
        found = 0
        own = state.owner[defender]
        enemy = occupied & ~own & ~state.gaps
        for mask, sign, cells in self.rays[cell]:
            if not mask & enemy:  # nothing on this line could attack along it
                continue
            blockers = mask & occupied
            if sign > 0:
                first = blockers & -blockers
            elif sign < 0:
                first = 1 << (blockers.bit_length() - 1)
            else:
                first = next(1 << c for c in cells if occupied >> c & 1)
            if first & own and self.attacked(state, cell, defender, occupied & ~first):
                found |= first
        return found

    def attacked_by(self, state: State, cell: int, side: int, occupied: int) -> bool:
        for check in self.checks:
            if check(state, cell, side, occupied):
                return True
        return False

    def attacked_generic(self, state: State, cell: int, defender: int) -> bool:
        """The same answer, every option asked the generic way (for tests)."""
        occupied = state.gaps | (1 << cell)
        for mask in state.owner:
            occupied |= mask
        return any(self._generic(o)(state, cell, side, occupied)
                   for side in range(len(state.owner)) if side != defender
                   for o in self.options)

    def _generic(self, option: Any) -> Check:
        return generic_check(self.game, option)


def _capturing(option: Any) -> bool:
    capturing = getattr(option, "capturing", None)
    return bool(capturing()) if callable(capturing) else True


def _fast(option: Any) -> Check | None:
    way = getattr(option, "attack_check", None)
    return way() if callable(way) else None


def generic_check(game: CompiledGame, option: Any) -> Check:
    """Whether a move of ``option`` from one of the side's pieces captures on the cell
    (the option's own ``captures_on``), an enemy piece standing there."""
    def check(state: State, cell: int, side: int, occupied: int) -> bool:
        bit = 1 << cell
        own = state.owner[side] & ~bit
        masks = Masks(own, (occupied & ~state.gaps & ~own) | bit,
                      game.board.all_mask & ~occupied)
        mover = state.to_move
        state.to_move = side
        try:
            for src in iter_bits(option.sources(state, masks)):
                if option.captures_on(state, masks, src) & bit:
                    return True
            return False
        finally:
            state.to_move = mover
    return check


def _ordered(board: Any, cell: int, d: int) -> tuple[int, int, tuple[int, ...]]:
    cells = tuple(board.ray_cells(cell, d))
    up = all(b > a for a, b in zip((cell, *cells), cells, strict=False))
    down = all(b < a for a, b in zip((cell, *cells), cells, strict=False))
    return sum(1 << c for c in cells), 1 if up else -1 if down else 0, cells


def _union(masks: tuple[int, ...]) -> int:
    found = 0
    for m in masks:
        found |= m
    return found


def _pieces(state: State, side: int, kind: int) -> int:
    return state.owner[side] & state.kinds[kind] if kind >= 0 else state.owner[side]


def reverse_check(game: CompiledGame, reach: tuple[tuple[int, ...], ...], kind: int,
                  tested: Any = None) -> Check:
    """``reach[player][src]``: the cells a move from ``src`` reaches whatever the board;
    ``tested`` (an option with tests of each candidate move) keeps the sources whose move
    to the cell passes them (not along a line: such a check is not ``fast``)."""
    size = game.board.size
    reverse = []
    for table in reach:
        back = [0] * size
        for src, mask in enumerate(table):
            for dst in iter_bits(mask):
                back[dst] |= 1 << src
        reverse.append(tuple(back))

    if tested is not None:
        every = game.board.all_mask
        candidates = tested.candidates

        def check(state: State, cell: int, side: int, occupied: int) -> bool:
            sources = reverse[side][cell] & _pieces(state, side, kind)
            if not sources:
                return False
            bit = 1 << cell
            own = state.owner[side] & ~bit
            masks = Masks(own, (occupied & ~state.gaps & ~own) | bit, every & ~occupied)
            mover = state.to_move
            state.to_move = side
            try:
                return any(candidates.keep(state, masks, src, bit) for src in
                           iter_bits(sources))
            finally:
                state.to_move = mover
        return check
    if kind >= 0:
        def check(state: State, cell: int, side: int, occupied: int) -> bool:
            return bool(reverse[side][cell] & state.owner[side] & state.kinds[kind])
    else:
        def check(state: State, cell: int, side: int, occupied: int) -> bool:
            return bool(reverse[side][cell] & state.owner[side])
    check.fast = True  # type: ignore[attr-defined]
    return check


def slide_check(game: CompiledGame, option: Any, kind: int) -> Check:
    """A slider attacks ``cell`` when it is the first piece seen from ``cell`` looking back
    along one of its directions, within its range (the slide's own cut rays); a slider over
    ``screens`` pieces when it is the piece seen right past that many (no hole among them).
    """
    opposite = game.board.opposite
    lines = option.lines
    screens = getattr(option, "screens", 0)
    backwards = tuple(tuple(opposite[d] for d in dirs) for dirs in option.directions)
    # Per side, per cell: every cell a slider of the side could attack the cell from.
    seen = tuple(tuple(_union(tuple(lines[c][d][0] for d in dirs))
                       for c in range(game.board.size)) for dirs in backwards)

    def check(state: State, cell: int, side: int, occupied: int) -> bool:
        pieces = _pieces(state, side, kind) & seen[side][cell]
        if not pieces:
            return False
        here = lines[cell]
        blocked = occupied & ~(1 << cell)
        for d in backwards[side]:
            mask, sign, cells = here[d]
            blockers = mask & blocked
            if not blockers:
                continue
            if screens:
                first = _past(blockers, sign, cells, screens, state.gaps)
            elif sign > 0:
                first = blockers & -blockers
            elif sign < 0:
                first = 1 << (blockers.bit_length() - 1)
            else:
                first = next(1 << c for c in cells if blocked >> c & 1)
            if first & pieces:
                return True
        return False
    # A piece that moves onto a line may become a screen: such an attack is not only
    # uncovered by a piece leaving a line (every move is then tried).
    check.fast = not screens  # type: ignore[attr-defined]
    return check


def _past(blockers: int, sign: int, cells: tuple[int, ...], screens: int, gaps: int) -> int:
    """The blocker right past the first ``screens`` ones along a ray (nearest first), as a
    bit (0: none, or a hole among the screens)."""
    if sign > 0:
        order = _lowest_bits(blockers)
    elif sign < 0:
        order = _highest_bits(blockers)
    else:
        order = iter(1 << c for c in cells if blockers >> c & 1)
    for _ in range(screens):
        screen = next(order, 0)
        if not screen or screen & gaps:
            return 0
    return next(order, 0)


def _lowest_bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def _highest_bits(mask: int) -> Iterator[int]:
    while mask:
        high = 1 << (mask.bit_length() - 1)
        yield high
        mask ^= high


_TABLES: weakref.WeakKeyDictionary[Any, Attacks] = weakref.WeakKeyDictionary()


def attacks_of(game: CompiledGame) -> Attacks:
    """The attack tables of ``game``, built on first use."""
    found = _TABLES.get(game)
    if found is None:
        found = _TABLES[game] = Attacks(game)
    return found
