"""FEN-like position strings for boards whose cells come in rows.

Rows are written top to bottom separated by ``/``; inside a row, a digit run counts empty
cells, the game's gap symbol (``-``) is a blocked cell, and each piece is its symbol for
(kind, owner). Then the side to move, the state slots named in ``notation.fen.fields`` (each
a field of its own: a cell name, a number, or a ``flags`` slot's letters, ``-`` for none)
and, when the file's ``notation.fen.clocks`` is true, the half-move clock and the full-move
number; any other slot that differs from its default follows as ``name=value``. A 7×7
start with two sides' stones: ``x5o/7/7/7/7/7/o5x x 0 1``; with ``fields: [rights,
passed]`` (a ``flags`` slot and a cell slot) a position reads ``… w KQkq - 0 1``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from framework.engine.position_check import check_on_board, check_phases, check_supplies
from framework.engine.slots import (
    HALFMOVE,
    Slot,
    flags_text,
    flags_value,
)
from framework.engine.supply import fill_hands
from framework.errors import PositionError
from framework.limits import MAX_COUNT, MAX_FEN_CHARS, MAX_FEN_DIGITS
from framework.numerals import is_digits

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
    own = _field_slots(game)
    fields += [_slot_text(state, i) for i in own]
    if game.spec.notation.fen.clocks:  # type: ignore[union-attr]
        fields += [str(state.halfmove), str(state.fullmove)]
    fields += [f"{slot.name}={_slot_text(state, i)}" for i, slot in _extra_slots(game)
               if state.vars[i] != slot.default and i not in own]
    return " ".join(fields)


def _field_slots(game: CompiledGame) -> list[int]:
    """The indices of the slots written as fields of their own (``notation.fen.fields``)."""
    index = game.slots.index
    return [index[name] for name in game.spec.notation.fen.fields  # type: ignore[union-attr]
            if name in index]


def _extra_slots(game: CompiledGame) -> list[tuple[int, Slot]]:
    """The slots a FEN writes as ``name=value`` after its fields: those a rule block
    declares for the whole position or game (a FEN is always at the start of a turn)."""
    table = game.slots
    return [(i, table.slots[i]) for i in table.written
            if i != HALFMOVE and table.slots[i].scope != "turn"]


def _slot_text(state: State, i: int) -> str:
    slot, value = state.game.slots.slots[i], state.vars[i]
    if slot.kind == "cell":
        return state.game.board.names[value] if value >= 0 else "-"
    if slot.kind == "flags":
        return flags_text(slot, value)
    return str(value)


def _read_slot(state: State, fen: str, field: str) -> None:
    name, _, text = field.partition("=")
    extras = dict((slot.name, i) for i, slot in _extra_slots(state.game))
    if name not in extras:
        raise PositionError(f"FEN {fen!r}: unknown field {field!r}; after the standard "
                            f"fields come name=value pairs of: {', '.join(extras) or 'none'}")
    _read_slot_text(state, fen, extras[name], text)


def _read_slot_text(state: State, fen: str, i: int, text: str) -> None:
    slot = state.game.slots.slots[i]
    name = slot.name
    if slot.kind == "flags":
        try:
            state.vars[i] = flags_value(slot, text)
        except ValueError as exc:
            raise PositionError(f"FEN {fen!r}: {exc}") from None
    elif slot.kind == "cell":
        state.vars[i] = -1 if text == "-" else state.game.board.cell(text)
    elif slot.kind == "bool" and text in ("0", "1"):
        state.vars[i] = int(text)
    elif slot.kind == "int" and is_digits(text, MAX_FEN_DIGITS):
        state.vars[i] = int(text)
    else:
        raise PositionError(f"FEN {fen!r}: {name} must be a "
                            f"{'0 or 1' if slot.kind == 'bool' else 'whole number'}, "
                            f"found {text!r}")


def read_fen(state: State, fen: str) -> State:
    """Fill ``state``, a blank state of its game (``State(game)``), from a FEN string."""
    game = state.game
    if not isinstance(fen, str):
        raise PositionError(f"a FEN is text, found {repr(fen)[:60]}")
    if len(fen) > MAX_FEN_CHARS:
        raise PositionError(f"the FEN is {len(fen):,} characters long; the limit is "
                            f"{MAX_FEN_CHARS:,} (see docs/limits.md)")
    pieces, sides = _symbols(game)
    by_symbol = {sym: key for key, sym in pieces.items()}
    gap = game.spec.notation.fen.gap  # type: ignore[union-attr]
    fields = fen.split()
    extras = [f for f in fields if "=" in f]
    fields = fields[:len(fields) - len(extras)]
    if any("=" in f for f in fields):
        raise PositionError(f"FEN {fen!r}: name=value fields come last")
    if not fields:
        raise PositionError("the FEN is empty")
    board_rows = list(reversed(game.board.rows))
    texts = fields[0].split("/")
    if len(texts) != len(board_rows):
        raise PositionError(f"FEN {fen!r}: {len(texts)} rows, the board has {len(board_rows)}")
    state.setup = len(game.setups)
    for text, row in zip(texts, board_rows, strict=True):
        i = 0
        for token in re.findall(r"[0-9]+|.", text):
            if is_digits(token):
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
    own = _field_slots(game)
    for k, i in enumerate(own, start=2):
        if len(fields) > k:
            _read_slot_text(state, fen, i, fields[k])
    for k, key in enumerate(("halfmove", "fullmove"), start=2 + len(own)):
        if len(fields) > k:
            value = _number(fen, fields[k], f"the {key} field")
            if not (1 if key == "fullmove" else 0) <= value <= MAX_COUNT:
                raise PositionError(f"FEN {fen[:80]!r}: the {key} field must be from "
                                    f"{1 if key == 'fullmove' else 0} to {MAX_COUNT:,}, "
                                    f"found {value:,}")
            setattr(state, key, value)
    if len(fields) > 4 + len(own):
        raise PositionError(f"FEN {fen!r}: unexpected fields after the full-move number")
    fill_hands(state, {f.partition("=")[0] for f in extras})
    for field in extras:
        _read_slot(state, fen, field)
    check_supplies(state)
    check_on_board(state, f"FEN {fen!r}")
    check_phases(state, f"FEN {fen!r}")
    state.last_mover = game.turn_order.previous(state.to_move, state.fullmove)
    state.start_play()
    return state


def _number(fen: str, token: str, where: str) -> int:
    """A run of empty cells or a clock: ASCII digits, not too many of them."""
    if not is_digits(token, MAX_FEN_DIGITS):
        raise PositionError(f"FEN {fen[:80]!r}: {where} must be a number of at most "
                            f"{MAX_FEN_DIGITS} digits (0-9), found {token[:20]!r}")
    return int(token)
