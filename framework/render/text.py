"""The board as text, for any board: cells are placed by their drawing coordinates, so a
square grid comes out as a grid and a hex board as staggered rows.

A piece shows its symbol (owner's) followed by its attribute values (Adaptoid ``w21`` =
white, 2 legs, 1 pincer); ``.`` is an empty cell, ``#`` a gap; in a game that keeps a kind
in piles (Kalah's seeds), a cell with no piece on it shows its pile's number. A game whose
actions number the cells (``notation.numbers``, draughts' 1-50) gets the numbers beside
the position instead of row and column names. In a game of stacks a stack shows its top
piece's symbol and its height (``w3``), and every stack is listed below the board, top
first.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from framework.engine.piles import piled_kinds
from framework.engine.slots import hand_slot_name, pile_slot_name

if TYPE_CHECKING:
    from framework.compiler import CompiledBoard
    from framework.engine.state import State


def cell_label(state: State, cell: int) -> str:
    game = state.game
    if state.gaps >> cell & 1:
        return "#"
    side = state.owner_of(cell)
    if side < 0:
        piles = pile_numbers(state, cell)
        return str(piles) if piles is not None else "."
    kind = game.piece_kinds[state.kind_of(cell)]
    piece = game.spec.pieces[kind]
    label = piece.symbols.get(game.players[side]) or game.players[side][0]
    for a, attribute in enumerate(game.attributes):
        if attribute in piece.attributes:
            label += str(state.attrs[a][cell])
    if state.below is not None and state.below[cell]:  # a stack: its height after the top
        label += str(state.height(cell))
    return label


def stack_lines(state: State) -> list[str]:
    """In a game of stacks, one line per stack of two or more pieces: its cell and its
    pieces' symbols from the top down (``e5: w b B`` = a white soldier on a black soldier
    on a black officer)."""
    game = state.game
    if state.below is None:
        return []
    lines = []
    for cell in range(game.board.size):
        if state.below[cell]:
            symbols = [game.spec.pieces[game.piece_kinds[kind]].symbols.get(
                game.players[side]) or game.players[side][0]
                for side, kind in state.stack_of(cell)]
            lines.append(f"{game.board.names[cell]}: {' '.join(symbols)}")
    return ["stacks, top first:", *("  " + line for line in lines)] if lines else []


def pile_numbers(state: State, cell: int) -> int | None:
    """How many pieces the piles on ``cell`` hold (every kind kept in piles, added up), or
    None in a game without piles."""
    game = state.game
    kinds = piled_kinds(game)
    if not kinds:
        return None
    names = game.board.names
    index = game.slots.index
    return sum(state.vars[index[pile_slot_name(kind, names[cell])]] for kind in kinds)


def board_lines(state: State, labels: list[str] | None = None) -> list[str]:
    """Rows of text, top row first, with row names on the left (a numbered board: the
    numbers of each row on its right instead, see ``_numbered_lines``)."""
    board = state.game.board
    labels = labels or [cell_label(state, c) for c in range(board.size)]
    if board.numbers:
        return _numbered_lines(board, labels)
    if not board.named_rows:  # no row or column names to read a cell's name from
        labels = [name if label == "." else f"{name}={label}"
                  for name, label in zip(board.names, labels, strict=True)]
    width = max(len(label) for label in labels) + 1
    left = min(x for x, _ in board.pos)
    step = _column_step(board.pos)
    lines = []
    by_prefix = _rows_by_prefix(board.names, board.rows)
    for row in _top_row_first(board):
        name = _row_name([board.names[c] for c in row], by_prefix) \
            if board.named_rows else ""
        text = _row_text(board, row, labels, width, left, step)
        lines.append(f"{name:>3} {text}" if board.named_rows else text)
    footer = _file_names(state, width, left, step)
    if footer and board.mirrored:  # the column letters above row 1, as the diagrams
        return [footer, *lines]
    return [*lines, footer] if footer else lines


def _top_row_first(board: CompiledBoard) -> Sequence[Sequence[int]]:
    """The last row first, or row 1 on a board drawn with row 1 at the top."""
    return board.rows if board.mirrored else board.rows[::-1]


def _row_text(board: CompiledBoard, row: Sequence[int], labels: Sequence[str], width: int,
              left: float, step: float, *, right: bool = False) -> str:
    """One row's labels, each at its cell's column (half columns on hex rows), centred or
    (``right``: numbers 1 to 50 lined up by their last digit) right-aligned."""
    cols: dict[int, str] = {}
    for cell in row:
        cols[round((board.pos[cell][0] - left) / step)] = labels[cell]
    text = ""
    for col in sorted(cols):
        text = text.ljust(col * width // 2 if step < 1 else col * width)
        text += cols[col].rjust(width - 1).ljust(width) if right else \
            cols[col].center(width)
    return text.rstrip()


def _numbered_lines(board: CompiledBoard, labels: Sequence[str]) -> list[str]:
    """A numbered board (draughts' 1-50): the position, and on the right of each row the
    same row again with each playable square's number where its piece is drawn.

    Why this and not margins: the cells' names (a1-j10) are no part of the notation, so
    chess-like margins name nothing a player types; and the margins of a printed draughts
    diagram (1-5 over the top row, 46-50 under the bottom one, 6 16 … and 5 15 … at the
    sides) leave the player counting along a row to find 28. A draughts player knows the
    numbered board as a picture of its own, row by row from its corner (1 at the top
    left in international draughts): drawn
    beside the position, each square's number stands on its row's line at its piece's
    place, so 32-28 is read off without counting, and the position itself stays as
    uncluttered as a book diagram (numbers written into the squares would hide the
    pieces, or the pieces the numbers)."""
    # One width for both, so that the key is the position's own shape.
    width = max(len(label) for label in [*labels, *board.numbers]) + 1
    left = min(x for x, _ in board.pos)
    step = _column_step(board.pos)
    columns = max(round((x - left) / step) for x, _ in board.pos) + 1
    span = columns * width // 2 + 1 if step < 1 else columns * width
    lines = []
    for row in _top_row_first(board):
        pieces = _row_text(board, row, labels, width, left, step, right=True)
        key = _row_text(board, row, board.numbers, width, left, step, right=True)
        lines.append(f"{pieces.ljust(span)}    {key}".rstrip())
    return lines


def _file_names(state: State, width: int, left: float, step: float) -> str:
    """Column letters under boards whose rows are named by a suffix (a1 b1 … under rank 1)."""
    board = state.game.board
    if state.game.spec.board.type == "edges":
        return ""  # its cells are named by two dots each: no column letters to show
    bottom = [board.names[c] for c in board.rows[0]]
    rank = _row_name(bottom, _rows_by_prefix(board.names, board.rows))
    if not bottom or not all(n.endswith(rank) and n != rank for n in bottom) or \
            os.path.commonprefix(bottom):
        return ""
    text = ""
    for cell in board.rows[0]:
        col = round((board.pos[cell][0] - left) / step)
        # The same place as the cell's own label in board_lines (half columns on hex rows).
        text = text.ljust(col * width // 2 if step < 1 else col * width)
        text += board.names[cell][: -len(rank)].center(width)
    return f"{'':>3} {text.rstrip()}"


def _rows_by_prefix(names: tuple[str, ...] | list[str], rows: Sequence[Sequence[int]]) -> bool:
    """Whether the board's rows are named by what their cells' names begin with (``E1 E2``
    → ``E``) rather than end with (``a7 b7`` → ``7``), as its rows of two cells or more say."""
    return any(os.path.commonprefix([names[c] for c in row]) for row in rows if len(row) > 1)


def _row_name(names: list[str], by_prefix: bool = False) -> str:
    """What the cells of a row share: the rank of ``a7 b7 …``, the letter of ``E1 E2 …``.
    A row of one cell shares nothing with others: its name is split into letters and
    digits, the part that names rows on this board (``by_prefix``) kept."""
    if len(names) == 1:
        parts = re.fullmatch(r"(\D+)(\d+)", names[0])
        if parts:
            return parts[1] if by_prefix else parts[2]
    prefix = os.path.commonprefix(names)
    if prefix:
        return prefix
    suffix = os.path.commonprefix([n[::-1] for n in names])[::-1]
    return suffix or "?"


def _column_step(pos: tuple[tuple[float, float], ...]) -> float:
    """Half-cell offsets (hex rows) need half-width columns."""
    fractional = any(abs(x - round(x)) > 1e-6 for x, _ in pos)
    return 0.5 if fractional else 1.0


def board_text(state: State) -> str:
    """The board's rows, then whose move it is (or the result), the counters and what each
    hand holds (an empty hand is not written, so a hand a view took away, ``hands: own``,
    reads as an empty one)."""
    game = state.game
    lines = board_lines(state)
    status = f"{game.players[state.to_move]} to move"
    said = [s for s in (r.status(state) for r in game.restrictions) if s]
    if said and state.winners is None:
        status += ", " + ", ".join(said)  # "white to move, in check"
    if state.winners is not None:
        # "winner: swedes", never a verb to agree with the player's name ("swedes wins").
        status = ("draw" if not state.winners else
                  f"{'winner' if len(state.winners) == 1 else 'winners'}: "
                  f"{', '.join(game.players[s] for s in sorted(state.winners))}")
        status += _why(state)
    if game.counters:
        status += "  " + "  ".join(
            f"{p}: " + ", ".join(f"{c} {v}" for c, v in zip(game.counters, state.counters[s],
                                                             strict=True))
            for s, p in enumerate(game.players))
    status += _hands(state)
    return "\n".join([*lines, status, *stack_lines(state)])


def _why(state: State) -> str:
    """`` — checkmate`` or `` — two passes in a row (black 36, white 45.5)``: why the game
    ended and, where the result rule scores the sides, the scores; nothing for a position
    read as ended (it does not say how)."""
    from framework.render.ending import ending, score_line

    if not state.ending:
        return ""
    said = ending(state).said
    scores = score_line(state)
    return (f" — {said}" if said else "") + (f" ({scores})" if scores else "")


def _hands(state: State) -> str:
    """``  black hand: pawn 2, rook 1`` for each side whose hand holds pieces (a game
    without hands: nothing)."""
    game = state.game
    kept = [kind for kind in game.piece_kinds if game.spec.pieces[kind].hand]
    text = ""
    for player in game.players:
        held = [f"{kind} {n}" for kind in kept
                if (n := state.vars[game.slots.index[hand_slot_name(player, kind)]])]
        if held:
            text += f"  {player} hand: " + ", ".join(held)
    return text
