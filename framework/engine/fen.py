"""FEN-like position strings for boards whose cells come in rows.

Rows are written top to bottom separated by ``/``; inside a row, a digit run counts empty
cells, the game's gap symbol (``-``) is a blocked cell, and each piece is its symbol for
(kind, owner). Then the side to move and, when the file's ``notation.fen.clocks`` is true,
the half-move clock and the full-move number. Ataxx's start: ``x5o/7/7/7/7/7/o5x x 0 1``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from framework.engine.position_check import check_supplies
from framework.errors import PositionError
from framework.limits import MAX_FEN_CHARS, MAX_FEN_DIGITS

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


def _symbols(game: CompiledGame) -> tuple[dict[tuple[int, int], str], dict[str, str]]:
    fen = game.spec.notation.fen
    if fen is None:
        raise PositionError(f"{game.name} declares no position string (notation.fen)")
    pieces: dict[tuple[int, int], str] = {}
    for k, kind in enumerate(game.piece_kinds):
        for s, side in enumerate(game.players):
            symbol = game.spec.pieces[kind].symbols.get(side)
            if symbol:
                pieces[(k, s)] = symbol
    sides = {p: fen.sides.get(p) or next((sym for (k, s), sym in pieces.items()
                                          if s == i), p[0]) for i, p in enumerate(game.players)}
    return pieces, sides


def state_to_fen(state: State) -> str:
    game = state.game
    pieces, sides = _symbols(game)
    gap = game.spec.notation.fen.gap  # type: ignore[union-attr]
    rows = []
    for row in reversed(game.board.rows):
        text, run = "", 0
        for cell in row:
            side = state.owner_of(cell)
            symbol = gap if state.gaps >> cell & 1 else (
                pieces[(state.kind_of(cell), side)] if side >= 0 else "")
            if not symbol:
                run += 1
                continue
            text += (str(run) if run else "") + symbol
            run = 0
        rows.append(text + (str(run) if run else ""))
    fields = ["/".join(rows), sides[game.players[state.to_move]]]
    if game.spec.notation.fen.clocks:  # type: ignore[union-attr]
        fields += [str(state.halfmove), str(state.fullmove)]
    return " ".join(fields)


def state_from_fen(game: CompiledGame, fen: str) -> State:
    from framework.engine.state import State

    if not isinstance(fen, str):
        raise PositionError(f"a FEN is text, found {repr(fen)[:60]}")
    if len(fen) > MAX_FEN_CHARS:
        raise PositionError(f"the FEN is {len(fen):,} characters long; the limit is "
                            f"{MAX_FEN_CHARS:,} (see docs/limits.md)")
    pieces, sides = _symbols(game)
    by_symbol = {sym: key for key, sym in pieces.items()}
    gap = game.spec.notation.fen.gap  # type: ignore[union-attr]
    fields = fen.split()
    if not fields:
        raise PositionError("the FEN is empty")
    board_rows = list(reversed(game.board.rows))
    texts = fields[0].split("/")
    if len(texts) != len(board_rows):
        raise PositionError(f"FEN {fen!r}: {len(texts)} rows, the board has {len(board_rows)}")
    state = State(game)
    state.setup = len(game.setups)
    for text, row in zip(texts, board_rows, strict=True):
        i = 0
        for token in re.findall(r"[0-9]+|.", text):
            if token.isascii() and token.isdigit():
                i += _number(fen, token, f"row {text!r}")
                continue
            if i >= len(row):
                raise PositionError(f"FEN {fen!r}: row {text!r} has more than {len(row)} "
                                    "cells")
            if token == gap:
                state.gaps |= 1 << row[i]
            elif token in by_symbol:
                kind, side = by_symbol[token]
                state.place(row[i], side, kind)
            else:
                raise PositionError(f"FEN {fen!r}: unknown symbol {token!r} in row {text!r}")
            i += 1
        if i != len(row):
            raise PositionError(f"FEN {fen!r}: row {text!r} has {i} cells, expected {len(row)}")
    side_by_symbol = {sym: p for p, sym in sides.items()}
    to_move = fields[1] if len(fields) > 1 else sides[game.players[0]]
    if to_move not in side_by_symbol:
        raise PositionError(f"FEN {fen!r}: side to move {to_move!r} is not one of "
                            f"{', '.join(side_by_symbol)}")
    state.to_move = game.players.index(side_by_symbol[to_move])
    state.last_mover = (state.to_move - 1) % len(game.players)
    for k, key in enumerate(("halfmove", "fullmove"), start=2):
        if len(fields) > k:
            setattr(state, key, _number(fen, fields[k], f"the {key} field"))
    if len(fields) > 4:
        raise PositionError(f"FEN {fen!r}: unexpected fields after the full-move number")
    check_supplies(state)
    state.start_play()
    return state


def _number(fen: str, token: str, where: str) -> int:
    """A run of empty cells or a clock: ASCII digits, not too many of them."""
    if not (token.isascii() and token.isdigit()) or len(token) > MAX_FEN_DIGITS:
        raise PositionError(f"FEN {fen[:80]!r}: {where} must be a number of at most "
                            f"{MAX_FEN_DIGITS} digits (0-9), found {token[:20]!r}")
    return int(token)
