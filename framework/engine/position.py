"""Position JSON, the same shape for every game (documented in docs/positions.md).

```json
{"game": "My game", "to_move": "white", "phase": "build",
 "cells": {"D5": {"owner": "black", "piece": "token", "legs": 2, "pincers": 2}},
 "gaps": [], "counters": {"white": {"captures": 1}, "black": {"captures": 0}},
 "halfmove": 0, "fullmove": 1}
```

A position without ``phase`` is at the start of ``to_move``'s turn. Supplies are derived
(supply minus what is on the board), never stored, except for a kind kept in hand
(``pieces.<kind>.hand``): each player's hand is the slot ``hand.<player>.<kind>``, always
written; a position that leaves it out has the supply less what is on the board. Reading a
position validates it fully before building the state, so a bad one changes nothing and
names what is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.engine.position_check import (
    check_count,
    check_on_board,
    check_phases,
    check_shape,
    check_supplies,
    shown,
)
from framework.engine.slots import flags_text, flags_value
from framework.engine.supply import fill_hands
from framework.errors import PositionError
from framework.safeio import load_json

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State

KNOWN_KEYS = {"game", "to_move", "phase", "setup", "cells", "gaps", "counters", "fullmove",
              "seats", "result"}


def known_keys(game: CompiledGame) -> set[str]:
    """The keys a position of ``game`` may have: the fixed ones and its written slots."""
    return KNOWN_KEYS | {game.slots.slots[i].name for i in game.slots.written}


def slots_to_json(state: State) -> dict[str, Any]:
    """The written slots of a state: position-scoped ones always, the others when they
    differ from their default (a turn-scoped one only in the middle of a turn)."""
    data: dict[str, Any] = {}
    table = state.game.slots
    names = state.game.board.names
    for i in table.written:
        slot, value = table.slots[i], state.vars[i]
        if slot.scope != "position" and value == slot.default:
            continue
        if slot.kind == "cell":
            data[slot.name] = names[value] if value >= 0 else None
        elif slot.kind == "bool":
            data[slot.name] = bool(value)
        elif slot.kind == "flags":
            data[slot.name] = flags_text(slot, value)
        elif slot.kind == "cells":
            data[slot.name] = sorted(names[c] for c in range(len(names)) if value >> c & 1)
        else:
            data[slot.name] = value
    return data


def _inside_turn(state: State) -> bool:
    """Whether a written turn-scoped slot is set: the turn it belongs to is under way."""
    table = state.game.slots
    return any(table.slots[i].scope == "turn" and state.vars[i] != table.slots[i].default
               for i in table.written)


def _slots_from_json(state: State, position: dict[str, Any]) -> None:
    game = state.game
    table = game.slots
    for i in table.written:
        slot = table.slots[i]
        if slot.name not in position:
            continue
        if slot.scope == "turn" and "phase" not in position:
            raise PositionError(f"{slot.name!r} belongs to a turn in progress: give the "
                                "'phase' the turn is in, or leave it out")
        raw = position[slot.name]
        if slot.kind == "cell":
            state.vars[i] = -1 if raw is None else game.board.cell(_text(raw, slot.name))
        elif slot.kind == "bool":
            if not isinstance(raw, bool):
                raise PositionError(f"{slot.name!r} must be true or false, found {shown(raw)}")
            state.vars[i] = int(raw)
        elif slot.kind == "flags":
            try:
                state.vars[i] = flags_value(slot, _text(raw, slot.name, "letters"))
            except ValueError as exc:
                raise PositionError(str(exc)) from None
        elif slot.kind == "cells":
            state.vars[i] = _cells(game, raw, slot.name)
        else:
            state.vars[i] = _whole_number(position, slot.name, slot.default)


def _cells(game: CompiledGame, value: Any, key: str) -> int:
    """A list of cell names as one bit per cell."""
    if not isinstance(value, list) or len(value) > game.board.size:
        raise PositionError(f"{key!r} must be a list of cell names, found {shown(value)}")
    mask = 0
    for name in value:
        mask |= 1 << game.board.cell(_text(name, key))
    return mask


def _text(value: Any, key: str, what: str = "a cell name") -> str:
    if not isinstance(value, str):
        raise PositionError(f"{key!r} must be {what}, found {shown(value)}")
    return value


def _whole_number(position: dict[str, Any], key: str, default: int) -> int:
    value = position.get(key, default)
    check_count(repr(key), value)  # bounded like every other number of a position
    return value


def state_to_json(state: State) -> dict[str, Any]:
    game = state.game
    names = game.board.names
    cells: dict[str, Any] = {}
    for cell in range(game.board.size):
        side = state.owner_of(cell)
        if side < 0:
            continue
        kind = state.kind_of(cell)
        entry: dict[str, Any] = {"owner": game.players[side], "piece": game.piece_kinds[kind]}
        for a, attribute in enumerate(game.attributes):
            if attribute in game.spec.pieces[game.piece_kinds[kind]].attributes:
                entry[attribute] = state.attrs[a][cell]
        if state.below is not None and state.below[cell]:  # a stack: the pieces beneath
            kinds = len(game.piece_kinds)
            entry["below"] = [{"owner": game.players[code // kinds],
                               "piece": game.piece_kinds[code % kinds]}
                              for code in state.below[cell]]
        cells[names[cell]] = entry
    data: dict[str, Any] = {"game": game.name, "to_move": game.players[state.to_move]}
    if state.setup < len(game.setups):
        data["setup"] = game.setups[state.setup].name
    elif state.phase or (state.winners is None and len(game.phases) > 1) or \
            _inside_turn(state):
        # A game may end inside a turn (a phase with nothing to do ends it): the phase
        # keeps that moment, as the board alone does not say the turn was under way. A
        # one-phase turn is under way when a turn slot is set (inside a chain of hops).
        data["phase"] = game.phases[state.phase].name
    data["cells"] = cells
    data["gaps"] = [names[c] for c in range(game.board.size) if state.gaps >> c & 1]
    if game.counters:
        data["counters"] = {p: dict(zip(game.counters, state.counters[s], strict=True))
                            for s, p in enumerate(game.players)}
    data.update(slots_to_json(state))
    data["fullmove"] = state.fullmove
    if state.seat_of_side != list(range(len(game.players))):
        by_seat = sorted(range(len(game.players)), key=lambda s: state.seat_of_side[s])
        data["seats"] = [game.players[s] for s in by_seat]
    if state.winners is not None:
        data["result"] = result_json([game.players[s] for s in sorted(state.winners)])
    return data


def read_json(state: State, position: dict[str, Any] | str) -> State:
    """Fill ``state``, a blank state of its game (``State(game)``), from position JSON."""
    game = state.game
    if isinstance(position, str):
        position = load_json(position, "the position", PositionError)
    if not isinstance(position, dict):
        raise PositionError(f"a position is a JSON object, found {repr(position)[:60]}")
    check_shape(position)
    known = known_keys(game)
    unknown = sorted(set(position) - known)
    if unknown:
        raise PositionError(f"unknown position key {unknown[0]!r}; expected some of: "
                            f"{', '.join(sorted(known))}")
    if position.get("game") not in (None, game.name):
        raise PositionError(f"this position is for {position['game']!r}, not {game.name!r}")
    state.setup = len(game.setups)
    state.to_move = _side(game, position.get("to_move", game.players[0]), "to_move")
    cells = position.get("cells", {})
    if not isinstance(cells, dict):
        raise PositionError("'cells' maps cell names to pieces, e.g. "
                            '{"a1": {"owner": "white"}}')
    for name, entry in cells.items():
        _place(state, name, entry)
    for name in position.get("gaps", []):
        cell = game.board.cell(name)
        if state.owner_of(cell) >= 0:
            raise PositionError(f"{name!r} is both a gap and occupied")
        state.gaps |= 1 << cell
    _counters(state, position.get("counters", {}))
    fill_hands(state, set(position))
    _slots_from_json(state, position)
    check_supplies(state)
    check_phases(state, "the position")
    state.fullmove = _whole_number(position, "fullmove", state.fullmove)
    if "seats" in position:
        seats = position["seats"]
        if sorted(seats) != sorted(game.players):
            raise PositionError(f"'seats' lists each player once, found {seats!r}")
        state.seat_of_side = [seats.index(p) for p in game.players]
    if "setup" in position:
        names = [s.name for s in game.setups]
        if position["setup"] not in names:
            raise PositionError(f"{position['setup']!r} is not a setup step of {game.name}")
        state.setup = names.index(position["setup"])
        state._advance_setup()
        return state
    check_on_board(state, "the position")  # of play: a setup may not have placed them yet
    if "phase" in position:
        state.phase = game.phase_index(position["phase"])
    begun = state.phase > 0 or any(state.vars[i] != default
                                   for i, default in game.slots.turn_resets)
    if begun:  # in the middle of a turn: the player to move moved last
        state.last_mover = state.to_move
    else:  # a turn's start (its first phase named or not): the previous player moved
        state.last_mover = game.turn_order.previous(state.to_move, state.fullmove)
    state.start_play(mid_turn=begun)
    if "result" in position:
        # A written result stands: the final position alone cannot always say who won (a
        # tie broken by the last mover), nor that a phase without a turn's decision ended it.
        state.finish(_written_result(game, position["result"]))
    return state


def result_json(winners: list[str]) -> dict[str, Any]:
    """``{"winner": p}``, ``{"winners": [p, q]}`` (a shared win, in player order) or
    ``{"draw": true}``."""
    if not winners:
        return {"draw": True}
    return {"winner": winners[0]} if len(winners) == 1 else {"winners": winners}


def _written_result(game: CompiledGame, result: Any) -> frozenset[int]:
    if result == {"draw": True}:
        return frozenset()
    if isinstance(result, dict) and set(result) == {"winner"}:
        return frozenset({_side(game, result["winner"], "result.winner")})
    if isinstance(result, dict) and set(result) == {"winners"} and \
            isinstance(result["winners"], list) and len(result["winners"]) > 1:
        return frozenset(_side(game, w, "result.winners") for w in result["winners"])
    raise PositionError(f"'result' is {{\"winner\": <player>}}, {{\"winners\": [<player>, "
                        f"…]}} or {{\"draw\": true}}, found {result!r}")


def _side(game: CompiledGame, name: Any, key: str) -> int:
    if name not in game.players:
        raise PositionError(f"{key!r} must be one of {', '.join(game.players)}; found {name!r}")
    return game.players.index(name)


def _place(state: State, name: str, entry: Any) -> None:
    game = state.game
    cell = game.board.cell(name)
    if isinstance(entry, str):
        entry = {"owner": entry}
    if not isinstance(entry, dict) or "owner" not in entry:
        raise PositionError(f"cell {name!r}: expected {{\"owner\": …}}, found {entry!r}")
    side = _side(game, entry["owner"], f"cells.{name}.owner")
    kind_name = entry.get("piece", game.piece_kinds[0])
    if kind_name not in game.piece_kinds:
        raise PositionError(f"cell {name!r}: unknown piece {kind_name!r}; expected one of "
                            f"{', '.join(game.piece_kinds)}")
    piece = game.spec.pieces[kind_name]
    if piece.piles is not None:
        raise PositionError(f"cell {name!r}: {kind_name!r} is kept in piles, a number on "
                            f"each cell: write it as {kind_name}.{name}: <number>, not as a "
                            "piece")
    below = entry.get("below", [])
    if below:
        _below(state, cell, name, below)
    extra = set(entry) - {"owner", "piece", "below"} - set(piece.attributes)
    if extra:
        raise PositionError(f"cell {name!r}: {kind_name} has no attribute {sorted(extra)[0]!r}")
    state.place(cell, side, game.piece_kinds.index(kind_name))
    total = 0
    for attribute, spec in piece.attributes.items():
        value = entry.get(attribute, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise PositionError(f"cell {name!r}: {attribute} must be a whole number ≥ 0, "
                                f"found {value!r}")
        if spec.max is not None and value > spec.max:
            raise PositionError(f"cell {name!r}: {attribute} {value} is over its cap {spec.max}")
        state.attrs[game.attributes.index(attribute)][cell] = value
        total += value
    if piece.max_attributes_total is not None and total > piece.max_attributes_total:
        raise PositionError(f"cell {name!r}: {total} attributes in all, over the cap of "
                            f"{piece.max_attributes_total}")


def _below(state: State, cell: int, name: str, below: Any) -> None:
    """The pieces beneath a stack's top (``below``: the one just under it first)."""
    game = state.game
    stacks = game.spec.stacks
    if stacks is None:
        raise PositionError(f"cell {name!r}: {game.name} has no stacks (no 'stacks:' in the "
                            "file): a cell holds one piece, without 'below'")
    if not isinstance(below, list) or len(below) + 1 > stacks.max_height:
        raise PositionError(f"cell {name!r}: 'below' must be a list of at most "
                            f"{stacks.max_height - 1} pieces (stacks.max_height "
                            f"{stacks.max_height}), found {shown(below)}")
    codes = []
    for i, piece in enumerate(below):
        if isinstance(piece, str):
            piece = {"owner": piece}
        if not isinstance(piece, dict) or "owner" not in piece or \
                set(piece) - {"owner", "piece"}:
            raise PositionError(f"cell {name!r}: below[{i}] must be {{\"owner\": …, "
                                f"\"piece\": …}}, found {shown(piece)}")
        side = _side(game, piece["owner"], f"cells.{name}.below[{i}].owner")
        kind = piece.get("piece", game.piece_kinds[0])
        if kind not in game.piece_kinds:
            raise PositionError(f"cell {name!r}: below[{i}]: unknown piece {kind!r}; "
                                f"expected one of {', '.join(game.piece_kinds)}")
        codes.append(side * len(game.piece_kinds) + game.piece_kinds.index(kind))
    assert state.below is not None
    state.below[cell] = tuple(codes)


def _counters(state: State, counters: Any) -> None:
    game = state.game
    if not isinstance(counters, dict):
        raise PositionError("'counters' maps players to {counter: value}")
    for player, values in counters.items():
        side = _side(game, player, "counters")
        for counter, value in values.items():
            if counter not in game.counters:
                raise PositionError(f"unknown counter {counter!r}")
            if not isinstance(value, int) or value < 0:
                raise PositionError(f"counter {counter!r} must be a whole number ≥ 0")
            state.counters[side][game.counters.index(counter)] = value
