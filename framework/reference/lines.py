"""What the reference twins of ``step``, ``slide``, ``leap`` (and the chess moves) share
(``framework/moves/lines.py`` is the engine's side), read from their rule text: cell
names, the builder's direction labels on the networkx graph, one step at a time.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from framework.board.directions import RELATIVE_DIRECTIONS, direction_bearings
from framework.engine.slots import hand_slot_name
from framework.reference.moves import Moves, _written, tagged
from framework.reference.position import RefState, lift
from framework.reference.rules import Effect
from framework.spec.zones import zone_cell_names

#: Per board, its directions' bearings (read from the drawing once).
_BEARINGS: WeakKeyDictionary[Any, dict[str, float]] = WeakKeyDictionary()


def _direction(phase: Any, name: str, player: str) -> str | None:
    """The board direction ``name`` means for ``player``: itself, or the direction turned
    from the player's forward by the named turn (the one nearest the range's first bound)."""
    board = phase.board
    if name in board.directions:
        return name
    forward = next(p.forward for p in phase.game.spec.players if str(p) == player)
    bearings = _BEARINGS.get(board)
    if bearings is None:
        bearings = _BEARINGS[board] = direction_bearings(board.graph)
    low, high = RELATIVE_DIRECTIONS[name]
    turns = {d: round((bearings[d] - bearings[forward]) % 360, 6) for d in board.directions}
    fitting = [d for d, t in turns.items() if low == high == t or low < t < high]
    return min(fitting, key=lambda d: abs(turns[d] - low)) if fitting else None


def _directions(phase: Any, names: list[str] | None, player: str) -> list[str]:
    if names is None:
        return list(phase.board.directions)
    found = [_direction(phase, n, player) for n in names]
    return [d for d in found if d is not None]


def _allowed(option: Any, s: RefState, cell: str) -> bool:
    if cell in s.gaps:
        return False
    piece = s.cells.get(cell)
    state = "empty" if piece is None else "own" if piece["owner"] == s.to_move else "enemy"
    return state in {"empty": ("empty",), "enemy": ("enemy",), "own": ("own",),
                     "any": ("empty", "enemy", "own"),
                     "empty_or_enemy": ("empty", "enemy")}[option.to]


def _lines(reached: Any) -> Any:
    def moves(phase: Any, option: Any, s: RefState) -> Moves:
        kind = option.kind or option.type
        placing = option.effect == "place"
        template = option.notation or ("{to}" if placing else "{from}{to}")
        if option.from_ == "landed":
            sources = [s.vars["landed"]] if s.vars.get("landed") else []
        else:
            sources = s.pieces_of(s.to_move, None if placing else option.piece)
        made = phase.kind(option.piece)
        if placing and phase.supply_left(s, made) <= 0:
            return {}
        found: Moves = {}
        for src in sources:
            for cell in reached(phase, option, s, src):
                if _allowed(option, s, cell):
                    name = _written(template, dst=cell) if placing else \
                        _written(template, src, cell)
                    found[name] = tagged(kind, _play(phase, option, None if placing else src,
                                                     cell, made))
        return found
    return moves


def _play(phase: Any, option: Any, src: str | None, dst: str, made: str) -> Effect:
    def play(s: RefState) -> None:
        captured = s.cells.pop(dst, None)  # capture by replacement
        if captured is not None:
            into_hand(phase.game.spec, s, captured)
        s.cells[dst] = lift(phase.game.spec, s, src) if src else phase.bring_in(s, made)
        if "departed" in s.vars:
            s.vars["departed"] = src
        phase.landing(option, s, dst)
        if captured is not None and option.resets_halfmove_clock_on_capture:
            s.clock_reset = True
    return play


def into_hand(spec: Any, s: RefState, captured: dict[str, Any]) -> None:
    """A captured piece whose kind says ``captured_as`` changes side: the player to move
    (its captor) gets one of that kind in hand."""
    kind = spec.pieces.get(captured["piece"])  # (None: the stand-in piece an attack test puts)
    becomes = kind.captured_as if kind is not None else None
    if becomes is not None:
        key = hand_slot_name(s.to_move, becomes)
        s.vars[key] = s.vars[key] + 1


def direction(phase: Any, name: str, player: str) -> str | None:
    """The board direction ``name`` means for ``player`` (None: the board has none): the
    board's own name, or the direction turned from the player's forward by the angle the
    relative name says (within a range: the nearest its first bound)."""
    board = phase.board
    if name in board.directions:
        return name
    forward = next(p.forward for p in phase.game.spec.players if p == player)
    bearings = direction_bearings(board.graph)
    low, high = RELATIVE_DIRECTIONS[name]
    best = None
    for d in board.directions:
        turn = round((bearings[d] - bearings[forward]) % 360, 6)
        if (low == high == turn or low < turn < high) and \
                (best is None or abs(turn - low) < best[0]):
            best = (abs(turn - low), d)
    return best[1] if best else None


def _zone(phase: Any, name: str, player: str) -> frozenset[str]:
    """The cells of zone ``name`` for ``player``."""
    return zone_cell_names(phase.game.spec, name, player, phase.board.graph)
