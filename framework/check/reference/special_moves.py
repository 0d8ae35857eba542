"""Reference ``rush``, ``en_passant`` and ``castle``, and the ``royal`` restriction with its
``royal_attacked`` result, read from their rule texts (``framework/moves/rush.py``,
``en_passant.py``, ``castle.py``, ``framework/restrictions/royal.py``), on cell names.

"Attacked" is spelled out as the rule says it: an enemy could capture a piece on the cell
with one of its moves. Each enemy move of the phase is played on a copy (with a piece of
the defender standing on the cell) and the cell looked at afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from framework.board.directions import RELATIVE_DIRECTIONS, direction_bearings
from framework.check.reference.moves import PRIMITIVES, UPKEEPS, Moves, RefMoves, tagged
from framework.check.reference.position import RefState
from framework.check.reference.rules import (
    Effect,
    RefPhase,
    RefRestriction,
    RefResult,
    reference,
)
from framework.moves.kinds import piece_options
from framework.spec.zones import zone_cell_names

#: Move types that never capture a piece standing on their landing cell.
NOT_ATTACKING = frozenset({"rush", "en_passant", "castle", "place", "grow"})


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


def _line(phase: Any, cell: str, d: str, n: int) -> list[str] | None:
    """The ``n`` cells after ``cell`` going ``d``, or None when the board ends first."""
    cells = []
    for _ in range(n):
        nxt = phase.board.step(cell, d)
        if nxt is None:
            return None
        cells.append(nxt)
        cell = nxt
    return cells


def _zone(phase: Any, name: str, player: str) -> frozenset[str]:
    """The cells of zone ``name`` for ``player``."""
    return zone_cell_names(phase.game.spec, name, player, phase.board.graph)


def rush(phase: RefMoves, option: Any, s: RefState) -> Moves:
    found: Moves = {}
    d = direction(phase, option.direction, s.to_move)
    if d is None:
        return found
    for src in s.pieces_of(s.to_move, option.piece):
        if src not in _zone(phase, option.zone, s.to_move):
            continue
        path = _line(phase, src, d, option.distance)
        if path is None or not all(s.empty(c) for c in path):
            continue
        found[src + path[-1] if option.notation == "{from}{to}" else
              option.notation.replace("{from}", src).replace("{to}", path[-1])] = tagged(
            option.kind, _rush_play(phase, option, src, path))
    return found


def _rush_play(phase: RefMoves, option: Any, src: str, path: list[str]) -> Effect:
    def play(s: RefState) -> None:
        s.cells[path[-1]] = s.cells.pop(src)
        phase.landing(option, s, path[-1])
        s.vars[option.passed] = path[-2]
    return play


def _rush_upkeep(option: Any) -> Callable[[RefState, str], None]:
    def upkeep(s: RefState, kind: str) -> None:
        if kind != option.kind:  # the passed cell lasts until the next other action
            s.vars[option.passed] = None
    return upkeep


def en_passant(phase: RefMoves, option: Any, s: RefState) -> Moves:
    passed = s.vars.get(option.passed)
    if passed is None or not s.empty(passed):
        return {}
    back = direction(phase, option.victim, s.to_move)
    victim = phase.board.step(passed, back) if back else None
    if victim is None or victim not in s.cells or s.cells[victim]["owner"] == s.to_move:
        return {}
    found: Moves = {}
    for src in s.pieces_of(s.to_move, option.piece):
        for name in option.directions:
            d = direction(phase, name, s.to_move)
            if d is not None and phase.board.step(src, d) == passed:
                notation = option.notation.replace("{from}", src).replace("{to}", passed)
                found[notation] = tagged(option.kind, _en_passant_play(
                    phase, option, src, passed, victim))
    return found


def _en_passant_play(phase: RefMoves, option: Any, src: str, dst: str, victim: str
                     ) -> Effect:
    def play(s: RefState) -> None:
        del s.cells[victim]
        s.cells[dst] = s.cells.pop(src)
        phase.landing(option, s, dst)
    return play


def _path(phase: Any, src: str, dst: str) -> list[str]:
    """The cells from ``src`` (excluded) to ``dst`` (included) along a straight line."""
    for d in phase.board.directions:
        cells, at = [], phase.board.step(src, d)
        while at is not None and at != src:  # once round a ring at most
            cells.append(at)
            if at == dst:
                return cells
            at = phase.board.step(at, d)
    return [dst]


def castle(phase: RefMoves, option: Any, s: RefState) -> Moves:
    rights = s.vars.get(option.rights) or "-"
    found: Moves = {}
    for route in option.routes:
        if route.player != s.to_move or route.letter not in rights:
            continue
        piece, partner = s.cells.get(route.from_), s.cells.get(route.partner_from)
        if not piece or piece["owner"] != s.to_move or piece["piece"] != option.piece:
            continue
        if not partner or partner["owner"] != s.to_move or \
                partner["piece"] != option.partner:
            continue
        crossed = set(_path(phase, route.from_, route.to)) | \
            set(_path(phase, route.partner_from, route.partner_to))
        if not all(s.empty(c) for c in crossed - {route.from_, route.partner_from}):
            continue
        if option.safe and any(attacked(phase.game, s, c, s.to_move) for c in
                               [route.from_, *_path(phase, route.from_, route.to)]):
            continue
        notation = option.notation.replace("{from}", route.from_).replace("{to}", route.to)
        found[notation] = tagged(option.kind, _castle_play(phase, route))
    return found


def _castle_play(phase: RefMoves, route: Any) -> Effect:
    def play(s: RefState) -> None:
        piece, partner = s.cells.pop(route.from_), s.cells.pop(route.partner_from)
        s.cells[route.to], s.cells[route.partner_to] = piece, partner
        s.land(route.to)
    return play


def _castle_upkeep(option: Any) -> Callable[[RefState, str], None]:
    def upkeep(s: RefState, kind: str) -> None:
        """A right is lost once its piece or its partner is not on its start cell."""
        kept = ""
        for route in option.routes:
            if route.letter not in (s.vars.get(option.rights) or ""):
                continue
            piece = s.cells.get(route.from_) or {}
            partner = s.cells.get(route.partner_from) or {}
            if (piece.get("owner"), piece.get("piece")) == (route.player, option.piece) and \
                    (partner.get("owner"), partner.get("piece")) == (route.player,
                                                                     option.partner):
                kept += route.letter
        s.vars[option.rights] = kept or "-"
    return upkeep


PRIMITIVES.update({"rush": rush, "en_passant": en_passant, "castle": castle})
UPKEEPS.update({"rush": _rush_upkeep, "castle": _castle_upkeep})


# Attacks, the royal restriction and its result -------------------------------------------
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
            for effect in PRIMITIVES[option.type](phase, option, trial).values():
                after = _move_copy(trial)
                effect(after)
                if after.cells.get(cell, {}).get("owner") != defender:
                    return True  # captured (or taken off the board)
    return False


def _attacking_options(game: Any) -> list[tuple[RefMoves, Any]]:
    """(phase, option) of every move of a deciding phase that may capture on its landing
    cell (worked out once per game)."""
    found = getattr(game, "_attacking_options", None)
    if found is None:
        found = []
        for phase in game.phases:
            if not phase.decides or not isinstance(phase, RefMoves):
                continue
            options = list(phase.params.options)
            if getattr(phase.params, "piece_moves", False):
                options += [o for _, o in piece_options(game.spec)]
            found += [(phase, o) for o in options if o.type not in NOT_ATTACKING]
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


@reference("restrictions", "royal")
class RefRoyal(RefRestriction):
    """An action is legal only if, right after it, no royal piece of the mover is
    attacked."""

    def applies_to(self, phase: str) -> bool:
        return self.params.phases is None or phase in self.params.phases

    def allowed(self, s: RefState, moves: dict[str, Effect]) -> dict[str, Effect]:
        kept = {}
        for notation, effect in moves.items():
            after = _light_copy(s)
            effect(after)
            if not royal_attacked(self.game, after, self.params.piece, s.to_move):
                kept[notation] = effect
        return kept


@reference("results", "royal_attacked")
class RefRoyalAttacked(RefResult):
    """The player to move loses if its royal piece is attacked; otherwise a draw."""

    def winners(self, s: RefState) -> set[str]:
        if royal_attacked(self.game, s, self.params.piece, s.to_move):
            return {p for p in self.game.players if p != s.to_move}
        return set()



@reference("phases", "promote_choice")
class RefPromoteChoice(RefPhase):
    """The mover's ``piece`` on the cell the last action landed on, in the mover's zone,
    becomes the kind the player picks; with nothing to promote the step is passed over."""

    def skip_when_impossible(self, s: RefState) -> bool:
        return True

    def moves(self, s: RefState) -> dict[str, Effect]:
        p = self.params
        landed = s.vars.get("landed")
        piece = s.cells.get(landed) if landed is not None else None
        if piece is None or piece["owner"] != s.to_move or piece["piece"] != p.piece:
            return {}
        if landed not in _zone(self, p.zone, s.to_move):
            return {}
        return {written: tagged("promote", _promote_play(landed, kind))
                for written, kind in p.choices.items()}


def _promote_play(cell: str, kind: str) -> Effect:
    def play(s: RefState) -> None:
        s.cells[cell] = {**s.cells[cell], "piece": kind}
    return play
