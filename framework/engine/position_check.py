"""Checks of a position's shape and legality that do not depend on how a state is built.

``check_shape`` runs before a position JSON is read: every key has the type the format
documents (docs/positions.md), so that reading it can only fail with a ``PositionError``.
``check_supplies`` runs after a position (JSON or FEN) is built: no side may have more
pieces, or more of an attribute, on the board than its supply; ``check_on_board`` then
checks the counts a kind declares (``on_board``: one royal piece per player, say).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.errors import PositionError
from framework.limits import MAX_COUNT

if TYPE_CHECKING:
    from framework.engine.state import State

_TEXT_KEYS = ("game", "to_move", "phase", "setup")


def check_shape(position: dict[str, Any]) -> None:
    """Refuse a position whose keys do not have the documented types."""
    for key in _TEXT_KEYS:
        if key in position and not isinstance(position[key], str):
            raise PositionError(f"{key!r} is a name (text), found {shown(position[key])}")
    cells = position.get("cells", {})
    if isinstance(cells, dict):
        for name, entry in cells.items():
            if not isinstance(name, str):
                raise PositionError(f"'cells' is keyed by cell names, found {shown(name)}")
            if isinstance(entry, dict):
                for field, value in entry.items():
                    if field in ("owner", "piece"):
                        if not isinstance(value, str):
                            raise PositionError(f"cell {name!r}: {field!r} is a name (text), "
                                                f"found {shown(value)}")
                    elif field != "below":  # a stack's pieces, read by ``_below``
                        check_count(f"cell {name!r}: {field}", value)
    gaps = position.get("gaps", [])
    if not isinstance(gaps, list) or not all(isinstance(g, str) for g in gaps):
        raise PositionError(f"'gaps' is a list of cell names, found {shown(gaps)}")
    if len(set(gaps)) != len(gaps):
        twice = next(g for g in gaps if gaps.count(g) > 1)
        raise PositionError(f"'gaps' lists {twice!r} twice")
    counters = position.get("counters", {})
    if isinstance(counters, dict):
        for player, values in counters.items():
            if not isinstance(values, dict):
                raise PositionError(f"'counters' maps each player to {{counter: value}}, "
                                    f"found {shown(values)} for {shown(player)}")
            for counter, value in values.items():
                check_count(f"counter {counter!r}", value)
    for key in ("halfmove", "fullmove"):
        if key in position:
            check_count(repr(key), position[key])
    if position.get("fullmove") == 0:
        raise PositionError("'fullmove' counts from 1 (the first round), found 0")
    seats = position.get("seats", [])
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise PositionError(f"'seats' is a list of player names, found {shown(seats)}")


def check_count(what: str, value: Any) -> None:
    """A whole number a position gives (a clock, a counter, an attribute, a slot)."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_COUNT:
        raise PositionError(f"{what} must be a whole number from 0 to {MAX_COUNT:,}, "
                            f"found {shown(value)}")


def shown(value: Any) -> str:
    """A value quoted in a message, cut to one line."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_on_board(state: State, source: str) -> None:
    """Refuse a position of play in which a player has fewer or more pieces of a kind than
    its ``on_board`` allows (say, a royal piece missing, or two of it). ``source`` names
    the input read."""
    game = state.game
    for kind, name in enumerate(game.piece_kinds):
        bounds = game.spec.pieces[name].on_board
        if bounds is None:
            continue
        for side, player in enumerate(game.players):
            count = (state.owner[side] & state.kinds[kind]).bit_count()
            if count < bounds.min or (bounds.max is not None and count > bounds.max):
                raise PositionError(f"{source}: {player} has {_pieces(count, name)} on the "
                                    f"board, but {game.name} needs {_expected(bounds, name)} "
                                    f"per player (pieces: {name}: on_board)")


def _pieces(count: int, name: str) -> str:
    return f"no {name}" if count == 0 else f"{count} {name}" + ("" if count == 1 else "s")


def _expected(bounds: Any, name: str) -> str:
    if bounds.max is None:
        return f"at least {_pieces(bounds.min, name)}"
    if bounds.min == bounds.max:
        return f"exactly {_pieces(bounds.min, name)}"
    return f"from {bounds.min} to {bounds.max} {name}s"


def check_phases(state: State, source: str) -> None:
    """Refuse a position that a phase's own declaration rules out (``Phase.position_problem``:
    a die of 7 on six faces, an empty stack). ``source`` names the input read."""
    for phase in state.game.phases:
        problem = phase.position_problem(state)
        if problem is not None:
            raise PositionError(f"{source}: {problem} (phase {phase.name!r})")


def check_supplies(state: State) -> None:
    """Refuse a position with more of a piece kind or an attribute than a side's supply."""
    from framework.engine.supply import attribute_supply, piece_supply

    game = state.game
    for side, player in enumerate(game.players):
        for kind, name in enumerate(game.piece_kinds):
            left = piece_supply(state, side, kind)
            supply = game.spec.pieces[name].supply
            if game.spec.pieces[name].hand and left is not None and supply is not None:
                on_board = (state.owner[side] & state.kinds[kind]).bit_count()
                if on_board + left > supply:
                    raise PositionError(f"{player} has {on_board} {name} pieces on the "
                                        f"board and {left} in hand, more than the "
                                        f"{supply} of the supply")
            elif left is not None and supply is not None and left < 0:
                raise PositionError(f"{player} has {supply - left} {name} pieces on the "
                                    f"board, but the supply is {supply}")
        for a, attribute in enumerate(game.attributes):
            left = attribute_supply(state, side, a)
            if left is not None and left < 0:
                raise PositionError(f"{player}'s pieces carry {-left} more {attribute} than "
                                    "the supply")
