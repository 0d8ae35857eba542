"""The reference ``moves`` phase: each move primitive read straight from its rule text
(``framework/moves/*.py`` docstrings), on cell names and piece dicts, with networkx paths.

Presets (``clone_or_jump``, ``walk``, ``build``) have no reference of their own: the
reference game reads them through the same expansion the compiler uses, so a preset is
checked as the primitives it stands for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import networkx as nx

from framework.check.reference.position import RefState
from framework.check.reference.rules import (
    Effect,
    MissingReference,
    RefPhase,
    find_reference,
    make_condition,
    reference,
)
from framework.moves.kinds import piece_options
from framework.spec.zones import zone_cell_names

Moves = dict[str, Effect]


def tagged(kind: str, effect: Effect) -> Effect:
    """An effect that knows the kind of its action (restrictions filter by kind)."""
    effect.kind = kind  # type: ignore[attr-defined]
    return effect


def _written(template: str, src: str = "", dst: str = "") -> str:
    return template.replace("{from}", src).replace("{to}", dst).replace("{at}", dst)


@reference("phases", "moves")
class RefMoves(RefPhase):
    """One action of any of the listed primitives, or the skip of an optional phase."""

    def skip_when_impossible(self, s: RefState) -> bool:
        return bool(self.params.when_impossible == "skip")

    def moves(self, s: RefState) -> Moves:
        found: Moves = {}
        chained = s.vars.get("chain")
        if chained is not None:  # in a chain: the chaining piece hops on (or stops)
            for option in self.chaining():
                if self.option_holds(option, s):
                    found.update({n: self.followed(e, option) if option.then else e
                                  for n, e in hop(self, option, s).items()
                                  if e.src == chained})  # type: ignore[attr-defined]
            if any(o.chain == "may" for o in self.chaining()):
                found["stop"] = tagged("stop", _stop)
            return found
        options = list(self.params.options)
        if getattr(self.params, "piece_moves", False):
            options += [o for _, o in piece_options(self.game.spec)]
        for option in options:
            if not self.option_holds(option, s):
                continue
            made = primitive_twin(option.type)(self, option, s)
            if option.then:  # each action, then the option's consequences in order
                made = {n: self.followed(e, option) for n, e in made.items()}
            found.update(made)
        upkeeps = [UPKEEPS[o.type](o) for o in options if o.type in UPKEEPS]
        if upkeeps:  # every action of the phase is followed by the options' upkeep
            found = {n: tagged(e.kind, _then(e, upkeeps))  # type: ignore[attr-defined]
                     for n, e in found.items()}
        if self.params.optional:
            found[self.params.skip] = tagged("skip", lambda s: None)
        return found

    def option_holds(self, option: Any, s: RefState) -> bool:
        """Whether an option's ``if:`` holds for the player to move (each condition read by
        its own reference twin)."""
        return all(make_condition(c, self.game).holds(s, s.to_move) != bool(c.not_)
                   for c in option.if_)

    def followed(self, effect: Effect, option: Any) -> Effect:
        """The effect, then each consequence of the option's ``then:`` whose own ``if:``
        holds (the reference twins of those automatic phases)."""
        consequences = []
        for then in option.then:
            twin = find_reference("phases", then.type)
            if twin is None:
                raise MissingReference("phases", then.type)
            consequences.append(twin(then, self.game))

        def play(s: RefState) -> None:
            effect(s)
            for consequence in consequences:
                if consequence.active(s, s.to_move):
                    consequence.run(s)
        play.__dict__.update(effect.__dict__)  # its kind, its source cell
        return play

    def chaining(self) -> list[Any]:
        return [o for o in self.params.options if getattr(o, "chain", "none") != "none"]

    def continues(self, s: RefState) -> bool:
        return s.vars.get("chain") is not None

    # What every landing shares ---------------------------------------------------------
    def supply_left(self, s: RefState, piece: str) -> float:
        supply = self.game.spec.pieces[piece].supply
        return float("inf") if supply is None else supply - len(s.pieces_of(s.to_move, piece))

    def forward(self, player: str) -> str | None:
        """The player's forward direction, as the game file declares it."""
        entry = next(p for p in self.game.spec.players if str(p) == player)
        return getattr(entry, "forward", None)

    def landing(self, option: Any, s: RefState, cell: str) -> None:
        s.land(cell)
        if getattr(option, "resets_halfmove_clock", False):
            s.clock_reset = True


def primitive_twin(keyword: str) -> Callable[[RefMoves, Any, RefState], Moves]:
    """The reference twin of a move primitive: boardspec's own, or the one its unit names
    (a function from the phase, the option and the state to the moves it makes)."""
    found = PRIMITIVES.get(keyword) or find_reference("moves", keyword)
    if found is None:
        raise MissingReference("moves", keyword)
    return found


def _then(effect: Effect, upkeeps: list[Callable[[RefState, str], None]]) -> Effect:
    def play(s: RefState) -> None:
        effect(s)
        for upkeep in upkeeps:
            upkeep(s, effect.kind)  # type: ignore[attr-defined]
    return play


def reach(phase: RefMoves, option: Any, s: RefState) -> Moves:
    """To a cell at exactly ``distance`` from an own piece: a clone (named by the target)
    or the piece itself (named by both cells); an enemy there is captured."""
    clone = option.effect == "clone"
    template = option.notation or ("{to}" if clone else "{from}{to}")
    made = phase.kind(option.piece)
    if clone and phase.supply_left(s, made) <= 0:
        return {}
    found: Moves = {}
    for src in s.pieces_of(s.to_move, option.piece):
        for target, d in phase.board.distances(src).items():
            if d != option.distance or target not in phase.board.cells:
                continue
            if option.directions is not None and not any(
                    phase.board.walk(src, phase.board.resolve(n, phase.forward(s.to_move)),
                                     d) == target for n in option.directions):
                continue
            enemy = target in s.cells and s.cells[target]["owner"] != s.to_move
            allowed = {"empty": s.empty(target), "enemy": enemy,
                       "empty_or_enemy": s.empty(target) or enemy}[option.to]
            if not allowed:
                continue
            kind = option.kind or option.effect
            if clone:
                found[_written(template, dst=target)] = tagged(
                    kind, _reach_play(phase, option, None, target, made))
            else:
                found[_written(template, src, target)] = tagged(
                    kind, _reach_play(phase, option, src, target, made))
    return found


def _reach_play(phase: RefMoves, option: Any, src: str | None, target: str,
                made: str) -> Effect:
    def play(s: RefState) -> None:
        s.cells.pop(target, None)
        s.cells[target] = s.cells.pop(src) if src else phase.game.new_piece(s.to_move, made)
        phase.landing(option, s, target)
    return play


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


def place(phase: RefMoves, option: Any, s: RefState) -> Moves:
    """A new piece from the supply on an empty cell (anywhere, or next to an own piece)."""
    kind = phase.kind(option.piece)
    if phase.supply_left(s, kind) <= 0:
        return {}
    mine = s.pieces_of(s.to_move)
    zone = zone_cell_names(phase.game.spec, option.zone, s.to_move, phase.board.graph) \
        if option.zone is not None else None
    found: Moves = {}
    for cell in phase.board.cells:
        near = option.where == "anywhere" or \
            any(n in mine for n in phase.board.neighbours(cell))
        if option.gravity is not None:  # only a line's entry cell: nothing before it
            near = phase.board.step(cell, phase.board.opposite(option.gravity)) is None
        if zone is not None and near:
            near = cell in zone
        if option.must_flank and near and s.empty(cell):
            near = bool(outflanked_from(phase, s, cell))
        if s.empty(cell) and near:
            found.update(_placing(phase, option, cell, kind))
    return found


def outflanked_from(block: Any, s: RefState, cell: str,
                    directions: Any = None) -> set[str]:
    """The enemy pieces outflanked from ``cell``: along each direction, one or more enemy
    pieces in a row and then one of the mover's (the rule text of ``flip_flanked``)."""
    taken: set[str] = set()
    for direction in directions or block.board.directions:
        run = []
        at = block.board.step(cell, direction)
        while at is not None and at != cell and at in s.cells and \
                s.cells[at]["owner"] != s.to_move:
            run.append(at)
            at = block.board.step(at, direction)
        if run and at is not None and at in s.cells and s.cells[at]["owner"] == s.to_move:
            taken.update(run)
    return taken


def _placing(phase: RefMoves, option: Any, cell: str, kind: str) -> Moves:
    """The placement on ``cell``: its notation and effect, made once (a big board has many,
    asked for again at every play)."""
    made: dict[tuple[int, str], Moves] = phase.__dict__.setdefault("_placings", {})
    key = (id(option), cell)
    if key not in made:
        made[key] = {_written(option.notation, dst=cell):
                     tagged(option.kind, _place_play(phase, option, cell, kind))}
    return made[key]


def _place_play(phase: RefMoves, option: Any, cell: str, kind: str) -> Effect:
    def play(s: RefState) -> None:
        at = cell
        if option.gravity is not None:  # falls while the next cell is empty
            below = phase.board.step(at, option.gravity)
            while below is not None and s.empty(below):
                at, below = below, phase.board.step(below, option.gravity)
        s.cells[at] = phase.game.new_piece(s.to_move, kind)
        phase.landing(option, s, at)
    return play


def grow(phase: RefMoves, option: Any, s: RefState) -> Moves:
    """Add ``by`` of the attribute from the supply to an own piece, within its caps."""
    attribute = option.attribute
    declared = next(p.attributes[attribute] for p in phase.game.spec.pieces.values()
                    if attribute in p.attributes)
    if declared.supply is not None:
        used = sum(s.cells[c].get(attribute, 0) for c in s.pieces_of(s.to_move))
        if declared.supply - used < option.by:
            return {}
    template = option.notation.replace("{attribute}", attribute)
    found: Moves = {}
    for cell in s.pieces_of(s.to_move):
        piece = s.cells[cell]
        spec = phase.game.spec.pieces[piece["piece"]]
        if attribute not in spec.attributes:
            continue
        cap = spec.attributes[attribute].max
        if cap is not None and piece[attribute] + option.by > cap:
            continue
        total = sum(piece.get(a, 0) for a in spec.attributes)
        if spec.max_attributes_total is not None and \
                total + option.by > spec.max_attributes_total:
            continue
        found[_written(template, dst=cell)] = tagged("grow", _grow_play(option, cell))
    return found


def _grow_play(option: Any, cell: str) -> Effect:
    def play(s: RefState) -> None:
        s.cells[cell][option.attribute] += option.by
    return play


def swap(phase: RefMoves, option: Any, s: RefState) -> Moves:
    """The pie rule: in the first round, a player without pieces facing exactly one piece
    takes it over, on its cell or on the cell with its row and column exchanged."""
    if s.fullmove != 1 or s.pieces_of(s.to_move) or len(s.cells) != 1:
        return {}
    (cell, piece), = s.cells.items()
    target = cell
    if option.mirror == "diagonal":
        nodes = phase.board.graph.nodes
        target = next(n for n in phase.board.cells
                      if (nodes[n]["row"], nodes[n]["col"]) == (nodes[cell]["col"],
                                                                nodes[cell]["row"]))

    def play(s: RefState) -> None:
        del s.cells[cell]
        s.cells[target] = {**piece, "owner": s.to_move}
    return {option.notation: tagged(option.kind, play)}


def hop(phase: RefMoves, option: Any, s: RefState) -> Moves:
    """Over the piece next to it (enemy, own or any, as ``over`` says), along one of the
    player's directions, onto the empty cell beyond; the jumped piece is captured when
    ``capture`` says so. A chaining hop then goes on while the same piece can hop again."""
    found: Moves = {}
    for src in s.pieces_of(s.to_move, option.piece):
        for name in option.directions:
            d = phase.board.resolve(name, phase.forward(s.to_move))
            over = phase.board.step(src, d) if d else None
            land = phase.board.step(over, d) if over and d else None
            if over is None or land is None or over not in s.cells or not s.empty(land):
                continue
            mine = s.cells[over]["owner"] == s.to_move
            if {"enemy": mine, "own": not mine, "any": False}[option.over]:
                continue
            effect = tagged(option.kind, _hop_play(phase, option, src, over, land))
            effect.src = src  # type: ignore[attr-defined]
            found[_written(option.notation, src, land)] = effect
    return found


def _hop_play(phase: RefMoves, option: Any, src: str, over: str, land: str) -> Effect:
    def play(s: RefState) -> None:
        s.cells[land] = s.cells.pop(src)
        if option.capture:
            del s.cells[over]
        phase.landing(option, s, land)
        if option.chain != "none":
            piece = s.cells[land]["piece"]
            going_on = any(e.src == land for o in phase.chaining()  # type: ignore[attr-defined]
                           if o.piece in (None, piece) for e in hop(phase, o, s).values())
            s.vars["chain"] = land if going_on else None
    return play


def _stop(s: RefState) -> None:
    s.vars["chain"] = None


PRIMITIVES: dict[str, Callable[[RefMoves, Any, RefState], Moves]] = {
    "reach": reach, "walk": walk, "place": place, "grow": grow, "swap": swap,
    "hop": hop}
#: Per move type that keeps slots up to date after every action of its phase (a castle's
#: rights, a rush's passed cell): a function of the option giving that upkeep.
UPKEEPS: dict[str, Callable[[Any], Callable[[RefState, str], None]]] = {}
