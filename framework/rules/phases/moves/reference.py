"""The reference ``moves`` phase: each option's actions from its primitive's reference twin
(the unit's ``reference``, found through the registry), on cell names and piece dicts.

Presets (``clone_or_jump``, ``walk``, ``build``) have no reference of their own: the
reference game reads them through the same expansion the compiler uses, so a preset is
checked as the primitives it stands for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from framework.engine.slots import hand_slot_name
from framework.reference.candidate import remembered, tested
from framework.reference.moves import Moves, RefPrimitive, primitive_twin, tagged
from framework.reference.position import RefState
from framework.reference.rules import (
    Effect,
    MissingReference,
    RefPhase,
    find_reference,
    make_condition,
)
from framework.spec.piece_moves import piece_options


class RefMoves(RefPhase):
    """One action of any of the listed primitives, or the skip of an optional phase."""

    def __init__(self, params: Any, game: Any) -> None:
        super().__init__(params, game)
        for option in self._options():  # a primitive without a twin: MissingReference now
            self.twin(option)

    def skip_when_impossible(self, s: RefState) -> bool:
        return bool(self.params.when_impossible == "skip")

    def moves(self, s: RefState) -> Moves:
        found: Moves = {}
        chained = s.vars.get("chain")
        if chained is not None:  # in a chain: the chaining piece hops on (or stops)
            for option in self.chaining():
                if self.option_holds(option, s):
                    made = remembered(self, option, s, tested(
                        self, option, self.twin(option), s,
                        self.twin(option).moves(self, option, s)))
                    made = {n: self.followed(e, option) if option.then else e
                            for n, e in made.items()
                            if e.src == chained}  # type: ignore[attr-defined]
                    found.update(self.chained_on(made, option))
            if any(o.chain == "may" for o in self.chaining()):
                found["stop"] = tagged("stop", _stop)
            return found
        options = self._options()
        for option in options:
            if not self.option_holds(option, s):
                continue
            made = remembered(self, option, s, tested(self, option, self.twin(option), s,
                                                      self.twin(option).moves(self, option, s)))
            if option.then:  # each action, then the option's consequences in order
                made = {n: self.followed(e, option) for n, e in made.items()}
            found.update(self.chained_on(made, option))
            if made and getattr(self.params, "priority", False):
                break  # the first option that can act, alone
        upkeeps = [u for u in (self.twin(o).upkeep(o) for o in options) if u is not None]
        if upkeeps:  # every action of the phase is followed by the options' upkeep
            found = {n: tagged(e.kind, _then(e, upkeeps))  # type: ignore[attr-defined]
                     for n, e in found.items()}
        if self.params.optional:
            found[self.params.skip] = tagged("skip", lambda s: None)
        return found

    def _options(self) -> list[Any]:
        options = list(self.params.options)
        if getattr(self.params, "piece_moves", False):
            options += [o for _, o in piece_options(self.game.spec)]
        return options

    def twin(self, option: Any) -> type[RefPrimitive]:
        """The reference twin of the option's primitive (its unit's ``reference``)."""
        return primitive_twin(option.type)

    def option_holds(self, option: Any, s: RefState) -> bool:
        """Whether an option's ``if:`` holds for the player to move (each condition read by
        its own reference twin)."""
        return all(make_condition(c, self.game).holds(s, s.to_move) != bool(c.not_)
                   for c in option.if_)

    def followed(self, effect: Effect, option: Any) -> Effect:
        """The effect, then each consequence of the option's ``then:`` whose own ``if:``
        holds (the reference twins of those automatic phases)."""
        # The option's consequences are made once (the twins keep nothing between runs):
        # a big board's placements each ask for them again at every play (Go at 19×19:
        # 361 of them, in every position of every game the check plays through).
        made: dict[int, tuple[Any, list[Any]]] = self.__dict__.setdefault("_consequences", {})
        known = made.get(id(option))
        if known is not None and known[0] is option:
            consequences = known[1]
        else:
            consequences = []
            for then in option.then:
                twin = find_reference("phases", then.type)
                if twin is None:
                    raise MissingReference("phases", then.type)
                consequences.append(twin(then, self.game))
            made[id(option)] = (option, consequences)

        def play(s: RefState) -> None:
            effect(s)
            for consequence in consequences:
                if consequence.active(s, s.to_move):
                    consequence.run(s)
        play.__dict__.update(effect.__dict__)  # its kind, its source cell
        return play

    def chained_on(self, made: Moves, option: Any) -> Moves:
        """The moves of an option whose twin leaves the chain to the phase
        (``chains_in_phase``: a step), each followed by it: after the move and its
        consequences, the chain goes on from the cell it landed on while a chaining option
        has a move from there."""
        if getattr(option, "chain", "none") == "none" or \
                not getattr(self.twin(option), "chains_in_phase", False):
            return made

        def chaining(effect: Effect) -> Effect:
            def play(s: RefState) -> None:
                effect(s)
                land = effect.dst  # type: ignore[attr-defined]
                s.vars["chain"] = land
                going_on = any(n != "stop" for n in self.moves(s))
                s.vars["chain"] = land if going_on else None
            play.__dict__.update(effect.__dict__)
            return play
        return {n: chaining(e) for n, e in made.items()}

    def chaining(self) -> list[Any]:
        return [o for o in self.params.options if getattr(o, "chain", "none") != "none"]

    def continues(self, s: RefState) -> bool:
        return s.vars.get("chain") is not None

    # What every landing shares ---------------------------------------------------------
    def supply_left(self, s: RefState, piece: str) -> float:
        declared = self.game.spec.pieces[piece]
        if declared.supply is None:
            return float("inf")
        if declared.hand:  # kept apart from the board: what the hand holds
            return s.vars[hand_slot_name(s.to_move, piece)]
        return declared.supply - len(s.pieces_of(s.to_move, piece))

    def bring_in(self, s: RefState, piece: str) -> dict[str, Any]:
        """A new piece of the mover's, out of their hand when the kind is kept in one."""
        if self.game.spec.pieces[piece].hand:
            s.vars[hand_slot_name(s.to_move, piece)] -= 1
        return self.game.new_piece(s.to_move, piece)

    def forward(self, player: str) -> str | None:
        """The player's forward direction, as the game file declares it."""
        entry = next(p for p in self.game.spec.players if str(p) == player)
        return getattr(entry, "forward", None)

    def landing(self, option: Any, s: RefState, cell: str) -> None:
        s.land(cell)
        if getattr(option, "resets_halfmove_clock", False):
            s.clock_reset = True


def _then(effect: Effect, upkeeps: list[Callable[[RefState, str], None]]) -> Effect:
    def play(s: RefState) -> None:
        effect(s)
        for upkeep in upkeeps:
            upkeep(s, effect.kind)  # type: ignore[attr-defined]
    return play


def _stop(s: RefState) -> None:
    s.vars["chain"] = None
