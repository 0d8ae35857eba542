"""Reference phases: each one read straight from its rule text (the plugin's docstring and
the rule pages its game files cite), on cell names and piece dicts, with networkx for
paths."""

from __future__ import annotations

from typing import Any

import networkx as nx

from framework.check.reference.position import RefState
from framework.check.reference.rules import Effect, RefPhase, reference


@reference("phases", "clone_or_jump")
class RefCloneOrJump(RefPhase):
    """Clone to an empty cell at the clone distance of any own piece (one move per target);
    jump a piece to an empty cell at the jump distance (one move per piece and target)."""

    def moves(self, s: RefState) -> dict[str, Effect]:
        p = self.params
        kind = self.kind(p.piece)
        mine = s.pieces_of(s.to_move)
        found: dict[str, Effect] = {}
        for src in mine:
            for target, d in self.board.distances(src).items():
                if target not in self.board.cells or not s.empty(target):
                    continue
                if d == p.clone.distance:
                    found[target] = self._clone(target, kind)
                if p.jump is not None and d == p.jump.distance:
                    found[src + target] = self._jump(src, target)
        return found

    def _clone(self, target: str, kind: str) -> Effect:
        def play(s: RefState) -> None:
            s.cells[target] = self.game.new_piece(s.to_move, kind)
            s.landed = target
            s.clock_reset = s.clock_reset or "clone" in self.params.resets_halfmove_clock
        return play

    def _jump(self, src: str, target: str) -> Effect:
        def play(s: RefState) -> None:
            s.cells[target] = s.cells.pop(src)
            s.landed = target
            s.clock_reset = s.clock_reset or "jump" in self.params.resets_halfmove_clock
        return play


@reference("phases", "convert_adjacent")
class RefConvertAdjacent(RefPhase):
    """Enemy pieces within the distance of the landing cell change owner."""

    decides = False

    def run(self, s: RefState) -> None:
        if s.landed is None:
            return
        for cell in self.board.within(s.landed, self.params.distance):
            if cell in s.cells and s.cells[cell]["owner"] != s.to_move:
                s.cells[cell]["owner"] = s.to_move


def _skip(params: Any) -> dict[str, Effect]:
    """An optional phase's skip action: it does nothing."""
    return {params.skip: lambda s: None} if getattr(params, "optional", False) else {}


@reference("phases", "walk")
class RefWalk(RefPhase):
    """Move an own piece up to N steps through empty cells, ending on an empty cell or, as
    an attack, on an enemy piece reached through empty cells (never on a friend)."""

    def steps(self, piece: dict[str, Any]) -> int:
        limit = self.params.steps
        n = piece.get(limit.attribute, 0) if limit.attribute else limit.max
        return min(n, limit.max) if limit.max is not None else n

    def moves(self, s: RefState) -> dict[str, Effect]:
        found = _skip(self.params)
        for src in s.pieces_of(s.to_move, self.params.piece):
            n = self.steps(s.cells[src])
            if n <= 0:
                continue
            open_cells = {c for c in self.board.cells if s.empty(c)} | {src}
            paths = self.board.graph.subgraph(open_cells)
            reach = nx.single_source_shortest_path_length(paths, src, cutoff=n)
            for cell, d in reach.items():
                if d >= 1:
                    found[f"{src}-{cell}"] = self._walk(src, cell)
            for cell, piece in s.cells.items():
                if piece["owner"] == s.to_move:
                    continue
                near = any(reach.get(m, n) < n for m in self.board.neighbours(cell))
                if near and self._may_attack(s.cells[src], piece):
                    found[f"{src}-{cell}"] = self._attack(src, cell)
        return found

    def _may_attack(self, mine: dict[str, Any], theirs: dict[str, Any]) -> bool:
        attack = self.params.attack
        if attack is None:
            return False
        a, b = mine.get(attack.compare, 0), theirs.get(attack.compare, 0)
        if a < attack.min_attacker:
            return False
        if b > a and not attack.allow_stronger_target:
            return False
        return not (a == b and attack.tie == "not_allowed")

    def _walk(self, src: str, dst: str) -> Effect:
        def play(s: RefState) -> None:
            s.cells[dst] = s.cells.pop(src)
        return play

    def _attack(self, src: str, dst: str) -> Effect:
        attack = self.params.attack

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
                    winner = next(p for p in self.game.players if p != loser)
                    s.counters[winner][attack.score] += 1
            if a > b:
                s.cells[dst] = s.cells.pop(src)
        return play


@reference("phases", "build")
class RefBuild(RefPhase):
    """Create a bare piece from the supply (next to an own piece, or anywhere), or add
    ``grow_by`` of an attribute from the supply to an own piece, within its caps."""

    def skip_when_impossible(self, s: RefState) -> bool:
        return bool(self.params.when_impossible == "skip")

    def supply_left(self, s: RefState, piece: str) -> float:
        supply = self.game.spec.pieces[piece].supply
        return float("inf") if supply is None else supply - len(s.pieces_of(s.to_move, piece))

    def attribute_left(self, s: RefState, attribute: str) -> float:
        declared = next(p.attributes[attribute] for p in self.game.spec.pieces.values()
                        if attribute in p.attributes)
        if declared.supply is None:
            return float("inf")
        used = sum(s.cells[c].get(attribute, 0) for c in s.pieces_of(s.to_move))
        return float(declared.supply - used)

    def moves(self, s: RefState) -> dict[str, Effect]:
        p = self.params
        found = _skip(p)
        kind = self.kind(p.piece)
        mine = s.pieces_of(s.to_move)
        if p.create is not None and self.supply_left(s, kind) > 0:
            for cell in self.board.cells:
                near = p.create == "anywhere" or \
                    any(n in mine for n in self.board.neighbours(cell))
                if s.empty(cell) and near:
                    found[f"+{cell}"] = self._create(cell, kind)
        for attribute in p.attributes:
            if self.attribute_left(s, attribute) < p.grow_by:
                continue
            written = p.attribute_notation.get(attribute, attribute)
            for cell in mine:
                piece = s.cells[cell]
                spec = self.game.spec.pieces[piece["piece"]]
                if attribute not in spec.attributes:
                    continue
                cap = spec.attributes[attribute].max
                if cap is not None and piece[attribute] + p.grow_by > cap:
                    continue
                total = sum(piece.get(a, 0) for a in spec.attributes)
                if spec.max_attributes_total is not None and \
                        total + p.grow_by > spec.max_attributes_total:
                    continue
                found[f"{cell}+{written}"] = self._grow(cell, attribute)
        return found

    def _create(self, cell: str, kind: str) -> Effect:
        def play(s: RefState) -> None:
            s.cells[cell] = self.game.new_piece(s.to_move, kind)
        return play

    def _grow(self, cell: str, attribute: str) -> Effect:
        def play(s: RefState) -> None:
            s.cells[cell][attribute] += self.params.grow_by
        return play


@reference("phases", "sweep")
class RefSweep(RefPhase):
    """Remove, all at once, every enemy piece with fewer empty neighbours than the sum of
    the listed attributes; the mover scores one per piece."""

    decides = False

    def run(self, s: RefState) -> None:
        p = self.params
        doomed = []
        for cell, piece in s.cells.items():
            if piece["owner"] == s.to_move or p.piece not in (None, piece["piece"]):
                continue
            need = sum(piece.get(a, 0) for a in p.attributes)
            room = sum(1 for n in self.board.neighbours(cell) if s.empty(n))
            if room < need:
                doomed.append(cell)
        for cell in doomed:
            del s.cells[cell]
        if p.score:
            s.counters[s.to_move][p.score] += len(doomed)
