"""The reference twin of ``walk``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import networkx as nx

from framework.reference.moves import Moves, RefPrimitive, _written, tagged
from framework.reference.position import RefState
from framework.reference.rules import Effect

if TYPE_CHECKING:
    from framework.rules.phases.moves.reference import RefMoves


def walk(phase: RefMoves, option: Any, s: RefState) -> Moves:
    """Up to N steps through empty cells, ending on an empty cell, or (an attack) on an
    enemy next to a cell reached in fewer than N steps; never on a friend."""
    found: Moves = {}
    for src in s.pieces_of(s.to_move, option.piece):
        limit = option.steps
        n = s.cells[src].get(limit.attribute, 0) if limit.attribute else limit.max
        n = min(n, limit.max) if limit.max is not None else n
        if n <= 0:
            continue
        open_cells = {c for c in phase.board.cells if s.empty(c)} | {src}
        paths = phase.board.graph.subgraph(open_cells)
        reach = nx.single_source_shortest_path_length(paths, src, cutoff=n)
        for cell, d in reach.items():
            if d >= 1:
                found[_written(option.notation, src, cell)] = tagged(
                    "walk", _walk_play(phase, option, src, cell))
        for cell, piece in s.cells.items():
            if piece["owner"] == s.to_move:
                continue
            near = any(reach.get(m, n) < n for m in phase.board.neighbours(cell))
            if near and _may_attack(option.attack, s.cells[src], piece):
                found[_written(option.notation, src, cell)] = tagged(
                    "attack", _attack_play(phase, option, src, cell))
    return found


def _may_attack(attack: Any, mine: dict[str, Any], theirs: dict[str, Any]) -> bool:
    if attack is None:
        return False
    a, b = mine.get(attack.compare, 0), theirs.get(attack.compare, 0)
    if a < attack.min_attacker:
        return False
    if b > a and not attack.allow_stronger_target:
        return False
    return not (a == b and attack.tie == "not_allowed")


def _walk_play(phase: RefMoves, option: Any, src: str, dst: str) -> Effect:
    def play(s: RefState) -> None:
        s.cells[dst] = s.cells.pop(src)
        phase.landing(option, s, dst)
    return play


def _attack_play(phase: RefMoves, option: Any, src: str, dst: str) -> Effect:
    attack = option.attack

    def play(s: RefState) -> None:
        attacker, defender = s.cells[src], s.cells[dst]
        a, b = attacker.get(attack.compare, 0), defender.get(attack.compare, 0)
        removed = []
        if a >= b:
            removed.append(dst)
        if b >= a:
            removed.append(src)
        for cell in removed:
            loser = s.cells.pop(cell)["owner"]
            if attack.score:
                winner = next(p for p in phase.game.players if p != loser)
                s.counters[winner][attack.score] += 1
        if a > b:
            s.cells[dst] = s.cells.pop(src)
            phase.landing(option, s, dst)
    return play


class RefWalk(RefPrimitive):
    moves = staticmethod(walk)
