"""What a rulebook diagram shows, derived from the engine so it cannot disagree with it.

For an example of a game file: the position after its actions; the cell of the piece named
by ``expect.piece`` marked, or else that of the piece the last action placed or moved; an
arrow for each action that moved a piece; as targets, the cells the example's target lists
are about (the destinations of the legal actions of that piece, or of the kind it names, as
``framework.examples`` checks them) and those of the actions it lists as legal for the
piece; the pieces the last action took off the board, where it took them off; and the pieces
it turned to the mover's side.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from framework.errors import BoardspecError
from framework.examples import start_of, target_cells
from framework.render.svg import Marks, Piece, pieces_of

if TYPE_CHECKING:
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.game import Game
    from framework.spec.models import ExampleSpec


@dataclass
class Diagram:
    """A position with its marks, ready to draw, and the actions that led to it (each with
    the states before and after it)."""

    state: State
    marks: Marks
    actions: tuple[str, ...] = ()
    steps: list[tuple[State, Action, State]] = field(default_factory=list)


def example_diagram(game: Game, example: ExampleSpec) -> Diagram:
    """Play the example's actions and mark the result as the rulebook shows it."""
    steps: list[tuple[State, Action, State]] = []
    try:
        state = start_of(game, example)
        for text in example.actions:
            before = state.clone()
            action = state.parse_action(text)
            state.apply(action)
            steps.append((before, action, state.clone()))
    except BoardspecError as exc:
        raise BoardspecError(f"{game.file}: example {example.name!r}: {exc}") from None
    board = game.board
    expect = example.expect
    last = steps[-1][1] if steps else None
    piece = board.cell(expect.piece) if expect.piece else _landing(last)
    targets = set()
    if expect.piece or expect.targets is not None or expect.targets_include:
        targets = target_cells(state, expect)  # what the example's target lists are about
    if expect.piece:
        named = [state.parse_action(text) for text in expect.legal]
        targets |= {a.dst for a in named if a.src == piece and a.dst >= 0}
        # Actions named by their target alone (a clone) are the piece's too when listed.
        targets |= {a.dst for a in named if a.src < 0 and a.dst >= 0}
    arrows = [arrow for before, a, after in steps for arrow in moved_pieces(before, a, after)]
    removed: dict[int, tuple[Piece, ...]] = {}
    converted: list[int] = []
    if steps:
        before, action, after = steps[-1]
        removed, converted = removed_and_converted(before, action, after)
    return Diagram(state, Marks(piece, sorted(targets), removed, arrows, converted),
                   tuple(example.actions), steps)


def removed_and_converted(before: State, action: Action, after: State
                           ) -> tuple[dict[int, tuple[Piece, ...]], list[int]]:
    """The pieces the action took off, by the cell they were taken off (an attacker that
    loses is taken off its target, not its origin), and the cells whose piece changed
    sides."""
    then, now = pieces_of(before), pieces_of(after)
    moved = action.src >= 0 and action.dst >= 0 and action.src in then
    partners = {src for src, _dst in moved_pieces(before, action, after)[1:]}
    removed: dict[int, tuple[Piece, ...]] = {}
    converted = []
    for cell, piece in sorted(then.items()):
        if cell in partners:  # it moved with the mover (castling's rook): not removed
            continue
        if moved and cell == action.src:
            if action.dst not in now or now[action.dst].side != piece.side:
                removed[action.dst] = (*removed.get(action.dst, ()), piece)
        elif cell not in now or (moved and cell == action.dst):
            removed[cell] = (*removed.get(cell, ()), piece)
        elif now[cell].side != piece.side:
            converted.append(cell)
    return removed, converted


def moved_pieces(before: State, action: Action, after: State) -> list[tuple[int, int]]:
    """Every piece the action moved, as (from, to): the mover's own move first, then any
    piece of the mover's side that left one cell for a cell that was empty (castling's
    rook), read off the two positions."""
    if action.src < 0 or action.dst < 0:
        return []
    then, now = pieces_of(before), pieces_of(after)
    mover = then.get(action.src)
    found = [(action.src, action.dst)]
    if mover is None:
        return found
    left = [c for c, p in then.items() if p.side == mover.side and c != action.src
            and c not in now]
    came = [c for c, p in now.items() if p.side == mover.side and c != action.dst
            and c not in then]
    if len(left) == 1 and len(came) == 1 and then[left[0]].kind == now[came[0]].kind:
        found.append((left[0], came[0]))
    return found


def _landing(action: Action | None) -> int:
    if action is None:
        return -1
    return action.dst if action.dst >= 0 else action.at
