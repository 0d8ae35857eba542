"""The reference twin of ``place``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.reference.moves import Moves, RefPrimitive, _written, outflanked_from, tagged
from framework.reference.position import RefState
from framework.reference.rules import Effect
from framework.spec.zones import zone_cell_names

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def place(phase: RefMoves, option: Any, s: RefState) -> Moves:
    """A new piece from the supply on an empty cell (anywhere, or next to an own piece)."""
    kind = phase.kind(option.piece)
    if phase.supply_left(s, kind) <= 0:
        return {}
    if option.blind:
        return _tries(phase, option, s, kind)
    mine = s.pieces_of(s.to_move)
    zone = zone_cell_names(phase.game.spec, option.zone, s.to_move, phase.board.graph) \
        if option.zone is not None else None
    found: Moves = {}
    for cell in phase.board.cells:
        near = option.where != "adjacent_to_own" or \
            any(n in mine for n in phase.board.neighbours(cell))  # (a where: test: after)
        if option.gravity is not None:  # only a line's entry cell: nothing before it
            near = phase.board.step(cell, phase.board.opposite(option.gravity)) is None
        if zone is not None and near:
            near = cell in zone
        if option.must_flank and near and s.empty(cell):
            near = bool(outflanked_from(phase, s, cell))
        if option.ko and near and cell == s.vars.get("ko"):
            near = False
        if not option.suicide and near and s.empty(cell):
            near = _breathes(phase, s, cell)
        if option.once_per_line is not None and near:
            near = not any((p := s.cells.get(c)) is not None and p["owner"] == s.to_move
                           and p["piece"] == kind
                           for c in _line_through(phase, cell, option.once_per_line))
        if s.empty(cell) and near:
            made = _placing(phase, option, cell, kind)
            if not option.mates and _mates(phase, s, made):
                continue
            found.update(made)
    return found


def _tries(phase: RefMoves, option: Any, s: RefState, kind: str) -> Moves:
    """The phantom rule: every cell that is empty as far as the mover sees (no own piece,
    no piece it has found, no gap), while some cell of the board is empty at all."""
    if not any(s.empty(c) for c in phase.board.cells):
        return {}
    mine = s.pieces_of(s.to_move)
    found = set(s.vars[f"found.{s.to_move}"])
    zone = zone_cell_names(phase.game.spec, option.zone, s.to_move, phase.board.graph) \
        if option.zone is not None else None
    tries: Moves = {}
    for cell in phase.board.cells:
        if cell in mine or cell in found or cell in s.gaps:
            continue
        if option.where != "anywhere" and not any(n in mine
                                                  for n in phase.board.neighbours(cell)):
            continue
        if zone is not None and cell not in zone:
            continue
        text = _written(option.notation, dst=cell)
        tries[text] = tagged(option.kind, _try(phase, option, cell, kind))
    return tries


def _try(phase: RefMoves, option: Any, cell: str, kind: str) -> Effect:
    place_it = _place_play(phase, option, cell, kind)

    def play(s: RefState) -> None:
        if s.empty(cell):
            place_it(s)
            return
        key = f"found.{s.to_move}"  # someone's piece is there: shown, and the mover again
        s.vars[key] = sorted({*s.vars[key], cell})
        s.vars["again"] = True
    return play


def _line_through(phase: RefMoves, cell: str, direction: str) -> list[str]:
    """The cells of the line through ``cell`` along ``direction``, both ways."""
    board, found = phase.board, [cell]
    for d in (direction, board.opposite(direction)):
        here = board.step(cell, d)
        while here is not None:
            found.append(here)
            here = board.step(here, d)
    return found


def _mates(phase: RefMoves, s: RefState, made: Moves) -> bool:
    """Whether the placement attacks an enemy royal piece (the mover's own staying safe)
    and leaves that player no legal action: a checkmate on the spot."""
    from framework.reference.attacks import royal_attacked

    game = phase.game
    royal = next((r.piece for r in game.spec.restrictions if r.type == "royal"), None)
    if royal is None:
        return False
    for effect in made.values():
        after = s.copy()
        effect(after)
        if royal_attacked(game, after, royal, s.to_move):
            return False  # illegal anyway
        if any(royal_attacked(game, after, royal, p) for p in game.players
               if p != s.to_move) and not game._another_side_can_act(after):
            return True
    return False


def _group(phase: RefMoves, cells: dict[str, Any], cell: str) -> set[str]:
    """The cells of the pieces of ``cell``'s owner linked to it, step by step."""
    owner = cells[cell]["owner"]
    group, todo = {cell}, [cell]
    while todo:
        for n in phase.board.neighbours(todo.pop()):
            if n not in group and n in cells and cells[n]["owner"] == owner:
                group.add(n)
                todo.append(n)
    return group


def _breathes(phase: RefMoves, s: RefState, cell: str) -> bool:
    """Put the piece on a copy of the board, take the enemy groups left without an empty
    neighbour, and ask whether the new piece's group has one (the rule text of
    ``suicide: false``)."""
    board = phase.board

    def free(cells: dict[str, Any], n: str) -> bool:
        return n not in cells and n not in s.gaps

    if any(free(s.cells, n) for n in board.neighbours(cell)):
        return True  # an empty neighbour: a liberty whatever is taken
    after = dict(s.cells)
    after[cell] = {"owner": s.to_move}
    for n in board.neighbours(cell):
        if n in after and after[n]["owner"] != s.to_move:
            group = _group(phase, after, n)
            if not any(free(after, m) for g in group for m in board.neighbours(g)):
                for g in group:
                    del after[g]
    return any(free(after, m) for g in _group(phase, after, cell) for m in board.neighbours(g))


def _placing(phase: RefMoves, option: Any, cell: str, kind: str) -> Moves:
    """The placement on ``cell``: its notation and effect, made once (a big board has many,
    asked for again at every play)."""
    made: dict[tuple[int, str], Moves] = phase.__dict__.setdefault("_placings", {})
    key = (id(option), cell)
    if key not in made:
        text = _written(option.notation, dst=cell)
        if "{line}" in text:
            text = text.replace("{line}", _line(phase, option, cell))
        made[key] = {text: tagged(option.kind, _place_play(phase, option, cell, kind))}
    return made[key]


def _line(phase: RefMoves, option: Any, entry: str) -> str:
    """A dropped piece's line, by what its cells' names have in common: the column's
    letters (``d`` of d6, d5, ..., d1) or else the row's digits."""
    names: list[str] = []
    at: str | None = entry
    while at is not None:
        names.append(at)
        at = phase.board.step(at, option.gravity)
    letters = {n.strip("0123456789") for n in names}
    digits = {"".join(ch for ch in n if ch.isdigit()) for n in names}
    if len(names) > 1 and len(letters) == 1 and letters != {""}:
        return letters.pop()
    if len(names) > 1 and len(digits) == 1 and digits != {""}:
        return digits.pop()
    return entry


def _place_play(phase: RefMoves, option: Any, cell: str, kind: str) -> Effect:
    def play(s: RefState) -> None:
        at = cell
        if option.gravity is not None:  # falls while the next cell is empty
            below = phase.board.step(at, option.gravity)
            while below is not None and s.empty(below):
                at, below = below, phase.board.step(below, option.gravity)
        s.cells[at] = phase.bring_in(s, kind)
        phase.landing(option, s, at)
    return play


class RefPlace(RefPrimitive):
    attacks = False  # a new piece goes on an empty cell
    moves = staticmethod(place)
