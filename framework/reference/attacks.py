""""Attacked", as the rules of ``castle``, ``royal`` and ``royal_attacked`` say it: an enemy
could capture a piece on the cell with one of its moves. Each enemy move of the phase is
played on a copy (with a piece of the defender standing on the cell) and the cell looked
at afterwards.
"""

from __future__ import annotations

from typing import Any

from framework.reference.candidate import tested
from framework.reference.moves import primitive_twin
from framework.reference.position import RefState
from framework.reference.rules import find_reference
from framework.spec.piece_moves import piece_options


def attacked(game: Any, s: RefState, cell: str, defender: str) -> bool:
    """Whether another player could capture a piece of ``defender`` standing on ``cell``
    with one move of a deciding phase (moves that never capture on their landing cell
    left out)."""
    for enemy in game.players:
        if enemy == defender:
            continue
        trial = _light_copy(s)
        if cell not in trial.cells:
            trial.cells[cell] = {"owner": defender, "piece": "?"}
        trial.to_move = enemy
        for phase, option in _attacking_options(game):
            twin = primitive_twin(option.type)
            # the option's tests of each candidate move (to_if, path_if) hold for attacks
            # too: a horse whose leg is blocked attacks nothing that way
            for effect in tested(phase, option, twin, trial,
                                 twin.moves(phase, option, trial)).values():
                after = _move_copy(trial)
                effect(after)
                if after.cells.get(cell, {}).get("owner") != defender:
                    return True  # captured (or taken off the board)
    return False


def _attacking_options(game: Any) -> list[tuple[Any, Any]]:
    """(phase, option) of every move of a deciding phase that may capture on its landing
    cell (worked out once per game)."""
    found = getattr(game, "_attacking_options", None)
    if found is None:
        found = []
        moves = find_reference("phases", "moves")  # the moves phase's twin
        for phase in game.phases:
            if not phase.decides or moves is None or not isinstance(phase, moves):
                continue
            options = list(phase.params.options)
            if getattr(phase.params, "piece_moves", False):
                options += [o for _, o in piece_options(game.spec)]
            # the twin says whether its moves may capture a piece standing on a cell
            found += [(phase, o) for o in options if primitive_twin(o.type).attacks]
        game._attacking_options = found
    return list(found)


def _move_copy(s: RefState) -> RefState:
    """A copy for one capturing move: such a move replaces pieces, never edits one, so the
    pieces' dicts are shared (the counters and slots it may score in are copied)."""
    other = RefState(cells=dict(s.cells), gaps=s.gaps, to_move=s.to_move,
                     counters={p: dict(c) for p, c in s.counters.items()})
    other.vars = dict(s.vars)
    return other


def _light_copy(s: RefState) -> RefState:
    """A copy of what a move's effect may change: the cells (each piece's dict too), the
    counters, the slots and the clocks."""
    other = RefState(cells={c: dict(p) for c, p in s.cells.items()}, gaps=set(s.gaps),
                     to_move=s.to_move,
                     counters={p: dict(c) for p, c in s.counters.items()})
    other.vars = dict(s.vars)
    other.halfmove, other.fullmove, other.clock_reset = s.halfmove, s.fullmove, s.clock_reset
    return other


def royal_attacked(game: Any, s: RefState, piece: str, player: str) -> bool:
    return any(attacked(game, s, c, player) for c in s.pieces_of(player, piece))
