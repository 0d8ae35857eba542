"""What a rulebook diagram shows, derived from the engine so it cannot disagree with it.

For an example of a game file: the position after its actions; the piece named by
``expect.piece`` ringed, or else the piece the last action placed or moved; as targets, the
cells the example's target lists are about (the destinations of the legal actions of that
piece, or of the kind it names, as ``framework.examples`` checks them) and those of the
actions it lists as legal for the piece; and, crossed out, the pieces the last action took
off the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from framework.errors import BoardspecError
from framework.examples import start_of, target_cells
from framework.render.svg import Marks, pieces_of

if TYPE_CHECKING:
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.game import Game
    from framework.spec.models import ExampleSpec


@dataclass
class Diagram:
    """A position with its marks, ready to draw."""

    state: State
    marks: Marks
    actions: tuple[str, ...] = ()


def example_diagram(game: Game, example: ExampleSpec) -> Diagram:
    """Play the example's actions and mark the result as the rulebook shows it."""
    try:
        state = start_of(game, example)
        before, last = state, None
        for text in example.actions:
            before = state.clone()
            last = state.parse_action(text)
            state.apply(last)
    except BoardspecError as exc:
        raise BoardspecError(f"{game.file}: example {example.name!r}: {exc}") from None
    board = game.board
    expect = example.expect
    piece = board.cell(expect.piece) if expect.piece else _landing(last)
    targets = set()
    if expect.piece or expect.targets is not None or expect.targets_include:
        targets = target_cells(state, expect)  # what the example's target lists are about
    if expect.piece:
        named = [state.parse_action(text) for text in expect.legal]
        targets |= {a.dst for a in named if a.src == piece and a.dst >= 0}
        # Actions named by their target alone (a clone) are the piece's too when listed.
        targets |= {a.dst for a in named if a.src < 0 and a.dst >= 0}
    removed = {}
    if last is not None:
        now, then = pieces_of(state), pieces_of(before)
        moved = last.src if last.src in then and last.dst in now \
            and now[last.dst].side == then[last.src].side else -1
        removed = {cell: p for cell, p in then.items() if cell not in now and cell != moved}
    return Diagram(state, Marks(piece, sorted(targets), removed), tuple(example.actions))


def _landing(action: Action | None) -> int:
    if action is None:
        return -1
    return action.dst if action.dst >= 0 else action.at
