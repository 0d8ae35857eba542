"""The reference ``step``, ``slide`` and ``leap`` (``framework/moves/step.py``, ``slide.py``,
``leap.py``, ``lines.py``), read from their rule text: cell names, the builder's direction
labels on the networkx graph, one step at a time.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from framework.board.directions import RELATIVE_DIRECTIONS, direction_bearings
from framework.check.reference.moves import PRIMITIVES, Moves, RefMoves, _written, tagged
from framework.check.reference.position import RefState
from framework.check.reference.rules import Effect

#: Per board, its directions' bearings (read from the drawing once).
_BEARINGS: WeakKeyDictionary[Any, dict[str, float]] = WeakKeyDictionary()


def _direction(phase: RefMoves, name: str, player: str) -> str | None:
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


def _directions(phase: RefMoves, names: list[str] | None, player: str) -> list[str]:
    if names is None:
        return list(phase.board.directions)
    found = [_direction(phase, n, player) for n in names]
    return [d for d in found if d is not None]


def _step_cells(phase: RefMoves, option: Any, s: RefState, src: str) -> set[str]:
    cells = set()
    for d in _directions(phase, option.directions, s.to_move):
        there = phase.board.step(src, d)
        if there is not None:
            cells.add(there)
    return cells


def _slide_cells(phase: RefMoves, option: Any, s: RefState, src: str) -> set[str]:
    """Along each direction through empty cells, up to ``max`` cells, the first occupied
    cell included (whether it may be ended on is ``to``'s business)."""
    cells = set()
    for d in _directions(phase, option.directions, s.to_move):
        at, n = src, 0
        while option.max is None or n < option.max:
            there = phase.board.step(at, d)
            if there is None:
                break
            cells.add(there)
            n += 1
            if there in s.cells or there in s.gaps:
                break
            at = there
    return cells


def _leap_cells(phase: RefMoves, option: Any, s: RefState, src: str) -> set[str]:
    graph = phase.board.graph
    cells = set()
    if option.offsets is not None:
        offsets = set()
        for dx, dy in option.offsets:
            if option.symmetric:
                offsets |= {(a * sx, b * sy) for a, b in ((dx, dy), (dy, dx))
                            for sx in (1, -1) for sy in (1, -1)}
            else:
                offsets.add((dx, dy))
        row, col = graph.nodes[src]["row"], graph.nodes[src]["col"]
        for cell in phase.board.cells:
            there = graph.nodes[cell]
            if (there["col"] - col, there["row"] - row) in offsets:
                cells.add(cell)
        return cells
    for path in option.paths:
        at: str | None = src
        for name in path:
            d = _direction(phase, name, s.to_move)
            at = phase.board.step(at, d) if at is not None and d is not None else None
        if at is not None and at != src:
            cells.add(at)
    return cells


def _allowed(option: Any, s: RefState, cell: str) -> bool:
    if cell in s.gaps:
        return False
    piece = s.cells.get(cell)
    state = "empty" if piece is None else "own" if piece["owner"] == s.to_move else "enemy"
    return state in {"empty": ("empty",), "enemy": ("enemy",), "own": ("own",),
                     "any": ("empty", "enemy", "own"),
                     "empty_or_enemy": ("empty", "enemy")}[option.to]


def _lines(reached: Any) -> Any:
    def moves(phase: RefMoves, option: Any, s: RefState) -> Moves:
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


def _play(phase: RefMoves, option: Any, src: str | None, dst: str, made: str) -> Effect:
    def play(s: RefState) -> None:
        captured = s.cells.pop(dst, None)  # capture by replacement
        s.cells[dst] = s.cells.pop(src) if src else phase.game.new_piece(s.to_move, made)
        phase.landing(option, s, dst)
        if captured is not None and option.resets_halfmove_clock_on_capture:
            s.clock_reset = True
    return play


PRIMITIVES.update({"step": _lines(_step_cells), "slide": _lines(_slide_cells),
                   "leap": _lines(_leap_cells)})
