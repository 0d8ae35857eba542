"""The reference turn flow, from the rules as ``framework/engine/state.py`` documents them.

A turn runs the file's phases in order. A deciding phase with actions waits for the player;
an automatic phase just runs; a deciding phase without actions is skipped when the rule
allows it, else the player to move has no legal action. The end checks, in their fixed
order:

1. after a phase named in ``goal_checks``, and at the end of every turn, every goal is
   evaluated; the winners of all the goals that fire are put together, and ``tie_break``
   settles a check that finds more than one side winning (a game that ends inside a turn
   ends the turn too: the next side is to move);
2. when the player to move has no legal action, ``no_legal_move`` decides: the game ends
   and the ``result`` rule scores it, or the player must pass (the game ends when no other
   side could act either).
"""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

from framework.compiler import slot_table_of
from framework.engine.chance import CHANCE
from framework.engine.slots import CORE_SLOTS, flags_text, hand_slot_name
from framework.plugins import PluginKind, plugins
from framework.reference.board import RefBoard
from framework.reference.moves import primitive_twin
from framework.reference.position import RefState
from framework.reference.rules import (
    MissingReference,
    RefBlock,
    RefGoal,
    RefPhase,
    RefRestriction,
    RefResult,
    RefTurnOrder,
    find_reference,
    make_condition,
)
from framework.reference.rules import RefSetup as RefSetupBlock


def _make(kind: PluginKind, params: Any, game: ReferenceGame) -> Any:
    found = find_reference(kind, params.type)
    if found is None and kind == "phases":
        # A preset of the ``moves`` phase is checked as the primitives it expands into.
        preset, moves = plugins("phases").get(params.type), plugins("phases")["moves"]
        if preset is not None and preset is not moves and issubclass(preset, moves):
            return _make(kind, preset.expand(params), game)
    if found is None:
        raise MissingReference(kind, params.type)
    block: RefBlock = found(params, game)
    return block


def _numbered(corner: str | None, board: RefBoard) -> tuple[re.Pattern[str],
                                                               dict[str, str]] | None:
    """The cells' numbers counted from ``corner`` (the rows of the board's graph from the
    top or the bottom, each from the left or the right, holes skipped), and a pattern that
    finds cell names in a notation (the longest name first: a10 before a1)."""
    if corner is None:
        return None
    graph = board.graph
    top, left = corner.startswith("top"), corner.endswith("left")
    order = sorted(board.cells, key=lambda n: (
        -graph.nodes[n]["row"] if top else graph.nodes[n]["row"],
        graph.nodes[n]["col"] if left else -graph.nodes[n]["col"]))
    numbers = {name: str(i) for i, name in enumerate(order, start=1)}
    names = sorted(numbers, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, names))), numbers


class ReferenceGame:
    """One game file, interpreted slowly and plainly."""

    def __init__(self, spec: Any) -> None:
        self.spec = spec
        self.name: str = spec.name
        self.players: list[str] = [str(p) for p in spec.players]
        self.board = RefBoard(spec)
        self.turn_order: RefTurnOrder = _make("turn_orders",
                                              SimpleNamespace(type=spec.turn_order), self)
        self.setups: list[RefSetupBlock] = [_make("setups", p, self) for p in spec.setup]
        self.phases: list[RefPhase] = [_make("phases", p, self) for p in spec.turn]
        self.goals: list[RefGoal] = [_make("goals", p, self) for p in spec.goals]
        self.result: RefResult | None = _make("results", spec.result, self) \
            if spec.result else None
        self.restrictions: list[RefRestriction] = [_make("restrictions", p, self)
                                                   for p in spec.restrictions]
        #: Whether a goal reads the history of positions (``RefState.history``).
        self.keeps_history = any(getattr(g, "keeps_history", False) for g in self.goals)
        names = [p.name for p in spec.turn]
        self.goal_checks = {names.index(n) for n in spec.goal_checks}
        self.pass_notation: str = spec.notation.pass_
        self.numbered = _numbered(spec.notation.numbers, self.board)
        # The slots the blocks declare (not the engine's own, which this file spells out):
        # read from the same declarations the compiler reads, kept as JSON values.
        self.slots = [s for s in slot_table_of(spec).slots if s not in CORE_SLOTS]
        self.slot_defaults: dict[str, Any] = {
            s.name: None if s.kind == "cell" and s.default < 0
            else bool(s.default) if s.kind == "bool"
            else flags_text(s, s.default) if s.kind == "flags"
            else [] if s.kind == "cells"  # no cell taken yet
            else s.default
            for s in self.slots}

    # Position JSON in and out -----------------------------------------------------------
    def blank(self, to_move: str) -> RefState:
        return RefState(cells={}, gaps=set(), to_move=to_move,
                        counters={p: dict.fromkeys(self.spec.counters, 0) for p in self.players},
                        seats=list(self.players), vars=dict(self.slot_defaults))

    def new_piece(self, owner: str, piece: str) -> dict[str, Any]:
        entry: dict[str, Any] = {"owner": owner, "piece": piece}
        for attribute in self.spec.pieces[piece].attributes:
            entry[attribute] = 0
        return entry

    def from_json(self, data: dict[str, Any]) -> RefState:
        """Read a position as docs/positions.md says: the rules decide whether the game is
        over; a finished game keeps its written result."""
        s = self.blank(data.get("to_move", self.players[0]))
        first_kind = next(iter(self.spec.pieces))
        for name, entry in data.get("cells", {}).items():
            if isinstance(entry, str):
                entry = {"owner": entry}
            piece = self.new_piece(entry["owner"], entry.get("piece", first_kind))
            piece.update({k: v for k, v in entry.items() if k not in ("owner", "piece")})
            if "below" in entry:  # a stack: the pieces beneath its top, the next one first
                piece["below"] = [{"owner": p, "piece": first_kind} if isinstance(p, str)
                                  else {"piece": first_kind, **p} for p in entry["below"]]
                if not piece["below"]:
                    del piece["below"]
            s.cells[name] = piece
        s.gaps = set(data.get("gaps", []))
        for player, values in data.get("counters", {}).items():
            s.counters[player].update(values)
        s.vars.update({k: v for k, v in data.items() if k in s.vars})
        s.halfmove = data.get("halfmove", 0)
        s.clock_reset = data.get("clock_reset", False)
        s.fullmove = data.get("fullmove", 1)
        s.seats = list(data.get("seats", self.players))
        if "setup" in data:
            s.setup = [b.name for b in self.setups].index(data["setup"])
            self._advance_setup(s)
            return s
        if "phase" in data:
            s.phase = [p.name for p in self.phases].index(data["phase"])
        fresh = self.blank(s.to_move).vars
        begun = s.phase > 0 or s.clock_reset or any(
            s.vars.get(slot.name) != fresh.get(slot.name)
            for slot in self.slots if slot.scope == "turn" and slot.name in fresh)
        # In the middle of a turn the player to move moved last; at a turn's start (its
        # first phase named or not), the previous player did.
        s.last_mover = s.to_move if begun else self.previous(s.to_move, s.fullmove)
        self._start_play(s)
        written = data.get("result")
        # A written result stands, as the engine reads it: the final position cannot always
        # say how the game ended (a repeated board ends it, and is no longer on the board).
        if written is not None:
            s.result = frozenset([written["winner"]] if "winner" in written
                                 else written.get("winners", []))
        return s

    def to_json(self, s: RefState) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.name, "to_move": s.to_move}
        if s.setup is not None:
            data["setup"] = self.setups[s.setup].name
        elif s.phase or (s.result is None and len(self.phases) > 1) or self._mid_turn(s):
            # As the engine writes it: a game over in a later phase of its turn (the player
            # to move had no jump left there, or a race with no dice) keeps that phase.
            data["phase"] = self.phases[s.phase].name
        data["cells"] = {name: dict(entry) for name, entry in s.cells.items()}
        data["gaps"] = sorted(s.gaps)
        if self.spec.counters:
            data["counters"] = {p: dict(s.counters[p]) for p in self.players}
        data["halfmove"] = s.halfmove
        if s.clock_reset:  # the turn so far has reset the clock (written only mid-turn)
            data["clock_reset"] = True
        for slot in self.slots:
            value = s.vars[slot.name]
            if slot.written and (slot.scope == "position"
                                 or value != self.slot_defaults[slot.name]):
                data[slot.name] = value
        data["fullmove"] = s.fullmove
        if s.seats != self.players:
            data["seats"] = list(s.seats)
        if s.result is not None:
            winners = [p for p in self.players if p in s.result]
            data["result"] = ({"winner": winners[0]} if len(winners) == 1 else
                              {"winners": winners} if winners else {"draw": True})
        return data

    def _mid_turn(self, s: RefState) -> bool:
        """A one-phase turn is under way once it has set something of its own (a chain's
        cell, the clock's reset): a position then says its phase."""
        return s.clock_reset or any(
            slot.written and slot.scope == "turn" and s.vars[slot.name] !=
            self.slot_defaults[slot.name] for slot in self.slots)

    def current_seat(self, s: RefState) -> int | None:
        """The seat that decides now (None when the game is over)."""
        if s.result is not None:
            return None
        if s.setup is not None:
            return self.setups[s.setup].actor(s)
        if getattr(self.phases[s.phase], "chance", False) and not s.must_pass:
            return CHANCE
        return s.seats.index(s.to_move)

    def returns(self, s: RefState) -> list[float]:
        """Per seat: 1 for the winner's seat, -1 for the others; 0 for all on a draw or
        before the end."""
        declared = self.spec.returns
        if declared is not None and s.result is not None:
            if not s.result:
                return [declared.draw] * len(self.players)
            return [declared.win if player in s.result else declared.loss
                    for player in s.seats]
        if not s.result:
            return [0.0] * len(self.players)
        worth = self.win_value(s)
        return [worth if player in s.result else -worth for player in s.seats]

    def win_value(self, s: RefState) -> float:
        """The file's ``margins``: the first level whose every condition holds for the
        one loser (each read by its reference twin), else 1."""
        if not self.spec.margins or s.result is None or len(s.result) != 1:
            return 1.0
        loser = next(p for p in self.players if p not in s.result)
        winner = next(iter(s.result))
        for level in self.spec.margins:
            if not all(make_condition(c, self).holds(s, loser) != bool(c.not_)
                       for c in level.if_):
                continue
            if level.value is not None:
                return float(level.value)
            assert self.result is not None  # the result rule's scores, read by its twin
            scores = self.result.scores(s)
            if scores[winner] > scores[loser]:
                return scores[winner] - scores[loser]
        return 1.0

    # The game -----------------------------------------------------------------------------
    def initial(self) -> RefState:
        s = self.blank(self.players[0])
        s.last_mover = self.previous(self.players[0], 1)
        for block in self.setups:
            block.prepare(s)
        for kind, piece in self.spec.pieces.items():  # a setup's pieces leave the hands
            if piece.hand:
                for player in self.players:
                    s.vars[hand_slot_name(player, kind)] = piece.in_hand \
                        if piece.in_hand is not None else \
                        (piece.supply or 0) - len(s.pieces_of(player, kind))
        s.setup = 0
        self._advance_setup(s)
        return s

    def legal(self, s: RefState) -> dict[str, Any]:
        """Notation → a function that plays it on a copy of ``s`` (the blocks write cell
        names; with ``notation.numbers`` each is written as its number here)."""
        moves = self._legal(s)
        if self.numbered is None:
            return moves
        pattern, numbers = self.numbered
        return {pattern.sub(lambda m: numbers[m.group(0)], k): v for k, v in moves.items()}

    def _legal(self, s: RefState) -> dict[str, Any]:
        if s.result is not None:
            return {}
        if s.setup is not None:
            return self.setups[s.setup].moves(s)
        if s.must_pass:
            return {self.pass_notation: self._pass}
        return self._restricted(s, s.phase)

    def _restricted(self, s: RefState, index: int) -> dict[str, Any]:
        """A deciding phase's moves, after the game's restrictions."""
        phase = self.phases[index]
        moves = phase.moves(s)
        if getattr(phase, "chance", False):
            return moves  # chance picks the outcome: no player is restricted there
        for rule in self.restrictions:
            if rule.applies_to(phase.name):
                moves = rule.allowed(s, moves)
        return moves

    def _can_act(self, s: RefState, index: int) -> bool:
        """Whether the deciding phase ``index`` leaves the player a move. One rule may say
        so without choosing among the moves (``compulsory``'s ``longest`` would otherwise
        play out every chain of this turn, and through their ends the next turns')."""
        phase = self.phases[index]
        rules = [r for r in self.restrictions if r.applies_to(phase.name)]
        if len(rules) == 1:
            return rules[0].keeps_some(s, phase.moves(s))
        return bool(self._restricted(s, index))

    def play(self, s: RefState, notation: str) -> RefState:
        """The state after ``notation`` (which must be legal in ``s``)."""
        return self.play_effect(s, self.legal(s)[notation])

    def play_effect(self, s: RefState, effect: Any) -> RefState:
        """The state after one of the effects ``legal(s)`` (or a phase) offers."""
        after = s.copy()
        if after.setup is not None:
            effect(after)
            after.setup_actions += 1
            self._advance_setup(after)
            return after
        if self.keeps_history and not after.history:
            after.history.append(self.snapshot(after))  # where the history starts
        after.last_mover = after.to_move
        if after.must_pass:
            effect(after)
            return after
        phase = after.phase
        effect(after)
        if after.result is None:
            if phase in self.goal_checks and self._goals_end_turn(after):
                return after
            if self.phases[phase].continues(after):  # a chain: the same phase again
                return after
            self._continue_turn(after, phase + 1)
        return after

    def snapshot(self, s: RefState) -> tuple[Any, Any]:
        """A position as a repetition compares it: (where the pieces stand, everything
        else but the clocks). An en passant cell is a right only while a piece of the
        player to move could capture onto it."""
        placement = (frozenset((cell, tuple(sorted(
            (k, tuple(tuple(sorted(p.items())) for p in v) if k == "below" else v)
            for k, v in piece.items()))) for cell, piece in s.cells.items()),
            frozenset(s.gaps))
        rights = {s2.name: s.vars.get(s2.name) for s2 in self.slots
                  if s2.scope != "turn" and not s2.derived and not s2.history}
        counted: dict[str, set[Any]] = {}
        for phase in self.phases:
            for option in getattr(phase, "_options", list)():
                seen = primitive_twin(option.type).repetition_values(phase, option, s)
                for name, value in seen.items():
                    counted.setdefault(name, set()).add(value)
        for name, values in counted.items():  # a right when any option may use it
            if rights.get(name) not in values:
                rights[name] = next(iter(values))
        counters = tuple(sorted((p, tuple(sorted(c.items()))) for p, c in s.counters.items()))
        return placement, (s.to_move, tuple(sorted(rights.items())), counters)

    # Turn flow ----------------------------------------------------------------------------
    def previous(self, player: str, fullmove: int) -> str:
        return self.turn_order.before(player, fullmove)

    def _advance_setup(self, s: RefState) -> None:
        while s.setup is not None and s.setup < len(self.setups) \
                and self.setups[s.setup].finished(s):
            s.setup += 1
            s.setup_actions = 0
        if s.setup == len(self.setups):
            s.setup = None
            for phase in self.phases:  # a phase that records the start (``begin``)
                phase.begin(s)
            self._start_play(s)

    def _start_play(self, s: RefState) -> None:
        # Goals are checked when a turn begins, not in the middle of one (a chain of hops
        # under way, read from a position, is not yet over).
        if s.phase == 0 and not self._mid_turn(s) and self._check_goals(s):
            return
        self._continue_turn(s, s.phase)

    def _continue_turn(self, s: RefState, index: int) -> None:
        for i in range(index, len(self.phases)):
            phase = self.phases[i]
            if not phase.active(s, s.to_move):  # its if: fails: passed over
                continue
            if not phase.decides:
                phase.run(s)
                if s.result is not None:
                    return
                if i in self.goal_checks and self._goals_end_turn(s):
                    return
                continue
            if self._can_act(s, i):
                s.phase = i
                return
            if not phase.skip_when_impossible(s):
                s.phase = i
                self._nobody_to_act(s)
                return
        if index == 0 and not self._another_side_can_act(s, every_phase=True):
            # A whole turn skipped, and no other player could act in any step: game over.
            self._finish(s, frozenset(self._scored(s)))
            return
        self._end_turn(s)

    def _end_turn(self, s: RefState) -> None:
        self._next_player(s, keep_turn_slots=True)
        if self.keeps_history:
            s.history.append(self.snapshot(s))
        ended = self._check_goals(s)  # the goals see how the turn ended (``landed``)
        self._reset_turn_slots(s)
        if not ended:
            self._continue_turn(s, 0)

    def _goals_end_turn(self, s: RefState) -> bool:
        """A goal check inside a turn: a game that ends there ends the turn too."""
        if not self._check_goals(s):
            return False
        self._next_player(s)
        return True

    def _next_player(self, s: RefState, keep_turn_slots: bool = False) -> None:
        s.halfmove = 0 if s.clock_reset else s.halfmove + 1
        s.clock_reset = False
        s.last_mover = s.to_move
        if not s.vars.get("again"):  # else the mover plays the next turn too (again)
            s.to_move, new_round = self.turn_order.after(s)
            if new_round:
                s.fullmove += 1
        s.phase = 0
        if not keep_turn_slots:
            self._reset_turn_slots(s)

    def _reset_turn_slots(self, s: RefState) -> None:
        for slot in self.slots:
            if slot.scope == "turn":
                s.vars[slot.name] = self.slot_defaults[slot.name]

    def _pass(self, s: RefState) -> None:
        s.must_pass = False
        self._end_turn(s)

    def _nobody_to_act(self, s: RefState) -> None:
        policy = self.spec.no_legal_move
        if policy == "pass" and self._another_side_can_act(s):
            s.must_pass = True
            return
        if policy == "lose":
            self._finish(s, frozenset(p for p in self.players if p != s.to_move))
        elif policy == "win":
            self._finish(s, frozenset({s.to_move}))
        else:
            self._finish(s, frozenset(self._scored(s)))

    def _another_side_can_act(self, s: RefState, every_phase: bool = False) -> bool:
        for player in self.players:
            if player != s.to_move:
                trial = s.copy()
                trial.to_move = player
                # The deciding phases the player's turn would reach (their if: holds).
                deciding = [i for i, p in enumerate(self.phases)
                            if p.decides and p.active(trial, player)]
                if any(self._can_act(trial, i)
                       for i in (deciding if every_phase else deciding[:1])):
                    return True
        return False

    def _scored(self, s: RefState) -> set[str]:
        """The result rule's winners; none (a draw) when its if: fails for the last mover."""
        if self.result is None or not self.result.active(s, s.last_mover):
            return set()
        return set(self.result.winners(s))

    def _check_goals(self, s: RefState) -> bool:
        fired = False
        scored: set[str] = set()
        named: set[str] = set()
        for goal in self.goals:
            if not goal.active(s, s.last_mover):
                continue
            verdict = goal.verdict(s)
            if verdict is None:
                continue
            if goal.stands:  # its verdict outranks the other goals of this check
                self._finish(s, frozenset(self._scored(s) if verdict == "score" else verdict))
                return True
            fired = True
            if verdict == "score":
                scored |= self._scored(s)
            else:
                named |= verdict
        if not fired:
            return False
        winners = scored | named
        if len(winners) > 1 and named:  # a win the result rule shares stands as scored
            winners = {s.last_mover} if self.spec.tie_break == "last_mover" else set()
        self._finish(s, frozenset(winners))
        return True

    def _finish(self, s: RefState, winners: frozenset[str]) -> None:
        s.result = frozenset(winners)
        s.must_pass = False
