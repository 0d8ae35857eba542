"""``State``: one position of any game, with the OpenSpiel-shaped API.

Pieces live in int bitmasks: ``owner[side]`` and ``kinds[kind]`` (bit i = cell id i), with
``gaps`` for blocked cells of the position. Numeric attributes are per-cell int lists.
A turn is the game's ordered list of phases; the state remembers which deciding phase it is
in. The order of the end checks is fixed:

1. after a phase named in ``goal_checks``, and at the end of every turn, every goal is
   evaluated; the winners of all the goals that fire are put together (a goal that fires
   with no winner is a draw only if no other goal names one), and ``tie_break`` settles a
   check that finds more than one side winning (a win the ``result`` rule itself shares,
   ``majority`` with ``equal: shared``, stands);
2. when the player to move has no legal action, ``no_legal_move`` decides: the game ends and
   the ``result`` rule scores it, or the player must pass (the game ends if no side can act);
3. a turn in which every step was skipped (nothing to decide) passes on to the next player,
   unless no other player has an action in any deciding step either: then nobody ever
   will, and the game ends there, scored by the ``result`` rule.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from framework.engine.action import Action
from framework.engine.chance import CHANCE, Outcomes
from framework.engine.fen import read_fen, state_to_fen
from framework.engine.position import read_json, state_to_json
from framework.engine.slots import CLOCK_RESET, HALFMOVE, MUST_PASS
from framework.engine.supply import fill_hands
from framework.errors import IllegalActionError, NotationError, quoted_input

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.turns import Turn

TERMINAL = -4  # OpenSpiel's id for "nobody moves: the game is over"
#: ``State.ending`` of a game that ended because the player to move had no legal action
#: (as the file's ``no_legal_move`` says), or nobody could act.
NO_LEGAL_MOVE = "no_legal_move"


class State:
    """A position plus whose decision it is. Mutated only through ``apply``."""

    __slots__ = ("attrs", "below", "counters", "ending", "fullmove", "game", "gaps", "kinds",
                 "last_mover", "owner", "phase", "seat_of_side", "setup", "setup_actions",
                 "stack", "to_move", "trail", "vars", "winners")

    def __init__(self, game: CompiledGame) -> None:
        self.game = game
        sides = len(game.players)
        self.owner = [0] * sides
        self.kinds = [0] * len(game.piece_kinds)
        self.gaps = 0
        self.attrs = [[0] * game.board.size for _ in game.attributes]
        # In a game of stacks (``stacks:``), per cell the pieces beneath the top one, from
        # the one just under it down to the bottom, each as ``side * kinds + kind``; the
        # top piece is in ``owner`` and ``kinds`` as in every game. None without stacks.
        self.below: list[tuple[int, ...]] | None = \
            [()] * game.board.size if game.spec.stacks is not None else None
        self.counters = [[0] * len(game.counters) for _ in range(sides)]
        self.to_move = 0
        self.phase = 0
        self.setup = len(game.setups)
        # Actions taken in the current setup step. Not part of the position (``key``, JSON):
        # a setup step whose progress must survive a position derives it from the board,
        # and one that ends after a single action (``choose_side``) never shows it.
        self.setup_actions = 0
        self.seat_of_side = list(range(sides))
        self.fullmove = 1
        self.last_mover = game.turn_order.previous(0, 1)
        # Every other value of the position, declared by the engine and the rule blocks
        # (``framework.engine.slots``): the half-move clock, the landing cell, …
        self.vars = list(game.slots.defaults)
        self.winners: frozenset[int] | None = None
        # What ended the game, in the engine's words: the keyword of the goal that ended it,
        # or ``no_legal_move``; empty while it goes on (and for a position read as ended).
        self.ending = ""
        # (state before, action) of every ``push``: undo, records and repetition rules.
        self.stack: list[tuple[State, Action]] | None = None  # made by the first push
        # The positions gone through, for the rules that read them (``framework.engine.
        # trail``): None until the first action of a game whose goals ask for it.
        self.trail: tuple[Any, ...] | None = None

    # Construction ---------------------------------------------------------------------
    @classmethod
    def initial(cls, game: CompiledGame) -> State:
        state = cls(game)
        for setup in game.setups:
            setup.prepare(state)
        fill_hands(state, set())  # the pieces a setup put down came out of the hands
        state.setup = 0
        state._advance_setup()
        return state

    def _advance_setup(self) -> None:
        setups = self.game.setups
        while self.setup < len(setups) and setups[self.setup].finished(self):
            self.setup += 1
            self.setup_actions = 0
        if self.setup == len(setups):
            for phase in self.game.beginning:
                phase.begin(self)
            self.start_play()

    def start_play(self, mid_turn: bool = False) -> None:
        """Begin (or resume) at the start of a turn or at the current phase. ``mid_turn``: a
        position read in the middle of a turn (a chain of hops begun in its first phase),
        whose goals are checked where the turn ends, as in play, not on reading it."""
        if self.phase == 0 and not mid_turn and self._check_goals():
            return
        self._continue_turn(self.phase)

    def clone(self) -> State:
        other = State.__new__(State)
        other.game = self.game
        other.owner = self.owner[:]
        other.kinds = self.kinds[:]
        other.gaps = self.gaps
        other.attrs = [a[:] for a in self.attrs] if self.attrs else []
        other.below = self.below[:] if self.below is not None else None
        other.counters = [c[:] for c in self.counters]
        other.to_move = self.to_move
        other.phase = self.phase
        other.setup = self.setup
        other.setup_actions = self.setup_actions
        other.seat_of_side = self.seat_of_side[:]
        other.fullmove = self.fullmove
        other.last_mover = self.last_mover
        other.vars = self.vars[:]
        other.stack = None  # a copy starts a history of its own (search never needs one)
        other.winners = self.winners
        other.ending = self.ending
        other.trail = self.trail  # immutable: shared, and extended by a new tuple
        return other

    # The engine's own slots, by name (rule blocks index ``vars`` directly) ------------
    @property
    def halfmove(self) -> int:
        return self.vars[HALFMOVE]

    @halfmove.setter
    def halfmove(self, value: int) -> None:
        self.vars[HALFMOVE] = value

    @property
    def must_pass(self) -> bool:
        """The player to move has no action but to pass (``no_legal_move: pass``)."""
        return bool(self.vars[MUST_PASS])

    def reset_turn_slots(self) -> None:
        """Forget what the current turn has done so far (the turn-scoped slots)."""
        for i, default in self.game.slots.turn_resets:
            self.vars[i] = default
        self.vars[MUST_PASS] = 0

    # The state API --------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat that decides now, ``CHANCE`` at a chance node, or ``TERMINAL``."""
        if self.winners is not None:
            return TERMINAL
        if self.setup < len(self.game.setups):
            return self.game.setups[self.setup].actor(self)
        if self.game.phases[self.phase].chance and not self.vars[MUST_PASS]:
            return CHANCE
        return self.seat_of_side[self.to_move]

    def is_chance_node(self) -> bool:
        """Whether chance decides now (a ``roll``): ``legal_actions`` are its outcomes."""
        if self.winners is not None:
            return False
        if self.setup < len(self.game.setups):
            return self.game.setups[self.setup].chance
        return self.game.phases[self.phase].chance and not self.vars[MUST_PASS]

    def chance_outcomes(self) -> Outcomes:
        """At a chance node, each outcome with its probability (exact fractions that sum
        to 1; OpenSpiel's ``chance_outcomes``); elsewhere a ValueError."""
        if not self.is_chance_node():
            raise ValueError(f"chance_outcomes() asked where a player decides: "
                             f"{self._situation()}")
        if self.setup < len(self.game.setups):
            return self.game.setups[self.setup].outcomes(self)
        return self.game.phases[self.phase].outcomes(self)

    def legal_actions(self) -> list[Action]:
        if self.winners is not None:
            return []
        if self.setup < len(self.game.setups):
            return self.game.setups[self.setup].actions(self)
        if self.vars[MUST_PASS]:
            return [self.game.pass_action]
        return self.game.phases[self.phase].actions(self)

    def count_legal_actions(self) -> int:
        if self.winners is not None:
            return 0
        if self.setup < len(self.game.setups):
            return len(self.game.setups[self.setup].actions(self))
        if self.vars[MUST_PASS]:
            return 1
        return self.game.phases[self.phase].count(self)

    def is_terminal(self) -> bool:
        return self.winners is not None

    def returns(self) -> list[float]:
        """Per seat: 1 for a win, -1 for a loss, 0 for a draw or an unfinished game; a
        file's ``margins`` may make a win worth more (a gammon: 2 and -2).

        With more than two players the same holds: every winner gets 1 and every other
        player -1 (a win shared by two of four players is 1, 1, -1, -1), and a draw is 0 for
        all. The values sum to zero only with two players (docs/positions.md). A file's
        ``returns`` says instead what every winner, every loser and every player of a
        drawn game gets."""
        values = [0.0] * len(self.seat_of_side)
        declared = self.game.spec.returns
        if declared is not None and self.winners is not None:
            for side, seat in enumerate(self.seat_of_side):
                values[seat] = declared.draw if not self.winners else \
                    declared.win if side in self.winners else declared.loss
            return values
        if self.winners:
            worth = self.win_value()
            for side, seat in enumerate(self.seat_of_side):
                values[seat] = worth if side in self.winners else -worth
        return values

    def win_value(self) -> float:
        """What the win is worth (the file's ``margins``): the value of the first level
        whose conditions hold for the loser, else 1. A level of ``difference`` is worth the
        winner's score less the loser's (the result rule's), where that is positive.
        Margins are for two players."""
        margins = self.game.margins
        if not margins or not self.winners or len(self.winners) != 1:
            return 1.0
        winner = next(iter(self.winners))
        loser = 1 - winner
        for value, conditions in margins:
            if not all(c.holds(self, loser) != c.negated for c in conditions):
                continue
            if value is not None:
                return value
            assert self.game.result is not None  # (validated: a result rule that scores)
            scores = self.game.result.scores(self)
            if scores[winner] > scores[loser]:
                return scores[winner] - scores[loser]
        return 1.0

    def apply(self, action: Action | str) -> None:
        """Play a legal action (or its notation). An illegal one raises and changes nothing."""
        if isinstance(action, str):
            from framework.engine.turns import split_joined

            run = split_joined(self, action) if self.game.board.numbers else None
            if run is not None:  # a capture's hops written as one (28x19x10)
                for hop in run:
                    self.apply_unchecked(hop)
                return
            action = self.parse_action(action)
        elif not isinstance(action, Action):
            raise NotationError(f"expected an action or its notation (text), found "
                                f"{repr(action)[:60]}")
        elif action not in self.legal_actions():
            raise IllegalActionError(f"{action.notation or action!r} is not legal here: "
                                     f"{self._situation()}")
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Play an action known to be legal (search and perft use this)."""
        if self.setup < len(self.game.setups):
            self.game.setups[self.setup].apply(self, action)
            self.setup_actions += 1
            self._advance_setup()
            return
        if self.game.view is not None:  # the players who see it remember it
            self.game.view.record(self, action)
        if self.trail is None and self.game.trail_key is not None:
            self.trail = (self.game.trail_key(self),)  # where the history starts
        self.last_mover = self.to_move
        if action.kind == "pass" and self.vars[MUST_PASS]:
            self.vars[MUST_PASS] = 0
            self._end_turn()
            return
        phase = self.game.phases[self.phase]
        phase.apply(self, action)
        if self.winners is None:
            if phase.index in self.game.goal_check_phases and \
                    self._check_goals_after_phase():
                return
            if phase.continues(self):  # a chain: the same phase decides again
                return
            self._continue_turn(phase.index + 1)

    # What a player sees (``framework.engine.view``) ---------------------------------------
    def observation_string(self, player: int) -> str:
        """What seat ``player`` sees now (the whole state with perfect information)."""
        from framework.engine.view import observation_string

        return observation_string(self, player)

    def observation_tensor(self, player: int) -> list[float]:
        """``observation_string`` as the game's observation planes, one flat list."""
        from framework.engine.view import observation_tensor

        return observation_tensor(self, player)

    def information_state_string(self, player: int) -> str:
        """Everything seat ``player`` knows: what it sees and what it remembers."""
        from framework.engine.view import information_state_string

        return information_state_string(self, player)

    def information_state_tensor(self, player: int) -> list[float]:
        """``information_state_string`` as one flat list of floats."""
        from framework.engine.view import information_state_tensor

        return information_state_tensor(self, player)

    # History, python-chess style ------------------------------------------------------
    def push(self, action: Action | str) -> None:
        """``apply``, remembering the state before, so that ``pop`` can take it back."""
        before = self.clone()
        self.apply(action)  # an illegal action raises here, and nothing is remembered
        played = action if isinstance(action, Action) else before.parse_action(action)
        if self.stack is None:
            self.stack = []
        self.stack.append((before, played))

    def pop(self) -> Action:
        """Take back the last pushed action and return it; an IndexError when none is."""
        if not self.stack:
            raise IndexError("no action to take back: the history is empty")
        before, action = self.stack.pop()
        for name in State.__slots__:
            if name != "stack":
                setattr(self, name, getattr(before, name))
        return action

    def history(self) -> list[Action]:
        """The actions pushed so far, oldest first."""
        return [action for _, action in self.stack or ()]

    def repetitions(self) -> int:
        """How many earlier states of the pushed history are this position again: the same
        pieces, player to move and state slots, whatever the clocks say."""
        key = self._position_key()
        return sum(1 for before, _ in self.stack or () if before._position_key() == key)

    def _position_key(self) -> tuple[Any, ...]:
        vars_ = self.vars[:]
        vars_[HALFMOVE] = 0
        if self.game.view is not None:  # what the players remember is no part of a position
            for i in self.game.view.moves:
                vars_[i] = 0
        return (tuple(self.owner), tuple(self.kinds), self.gaps,
                tuple(tuple(a) for a in self.attrs), tuple(tuple(c) for c in self.counters),
                self.to_move, self.phase, self.setup, tuple(self.seat_of_side), tuple(vars_),
                self.winners, tuple(self.below) if self.below is not None else None)

    def child(self, action: Action) -> State:
        new = self.clone()
        new.apply_unchecked(action)
        return new

    def legal_turns(self) -> list[Turn]:
        """The complete turns of the player to move, from the current phase on."""
        from framework.engine.turns import legal_turns

        return legal_turns(self)

    def parse_turn(self, text: str) -> Turn:
        """The legal turn written ``text`` (actions separated by spaces)."""
        from framework.engine.turns import parse_turn

        return parse_turn(self, text)

    # Turn flow ------------------------------------------------------------------------
    def _continue_turn(self, index: int) -> None:
        """Run the turn from phase ``index`` until a player must decide or the game ends;
        turns in which nobody decides anything pass on in a loop, not by recursion."""
        phases = self.game.phases
        while True:
            idle = index == 0  # a whole turn, so far with nothing decided in it
            while index < len(phases):
                phase = phases[index]
                if phase.conditions and not phase.active(self, self.to_move):
                    index += 1  # its if: does not hold: the phase is passed over
                    continue
                if not phase.decides:
                    phase.run(self)
                    if self.winners is not None:
                        return
                    if index in self.game.goal_check_phases and \
                            self._check_goals_after_phase():
                        return
                elif phase.has_action(self):
                    self.phase = index
                    return
                elif not phase.skip_when_impossible:
                    self.phase = index
                    self._no_legal_action()
                    return
                index += 1
            if idle and not self._someone_else_can_act(every_phase=True):
                # Every step of this turn was skipped, and no other player could act
                # either: nobody ever will. The game ends here, as no_legal_move ends it.
                self.finish(self.game.result.score(self) if self.game.result
                            else frozenset(), NO_LEGAL_MOVE)
                return
            self._pass_turn()
            if self._goals_at_turn_end():  # the trail, the goals, the turn's slots reset
                return
            index = 0

    def _end_turn(self) -> None:
        self._pass_turn()
        if not self._goals_at_turn_end():
            self._continue_turn(0)

    def _goals_at_turn_end(self) -> bool:
        """The goals once a turn has passed, then the turn's slots reset: a goal sees how
        the turn ended (``landed``, a chain's cell), the next turn starts afresh. The
        trail gets the position first, so a repetition counts the one just reached."""
        keyed = self.game.trail_key
        if keyed is not None:
            if self.vars[HALFMOVE] == 0 and self.game.trail_since_reset:
                self.trail = (keyed(self),)  # nothing before the clock's reset is read
            else:
                self.trail = (self.trail or ()) + (keyed(self),)
        ended = self._check_goals()
        values = self.vars
        for i, default in self.game.slots.turn_resets:
            values[i] = default
        return ended

    def _pass_turn(self) -> None:
        """The turn passes to the next player (its slots are reset after the goals)."""
        values = self.vars
        values[HALFMOVE] = 0 if values[CLOCK_RESET] else values[HALFMOVE] + 1
        again = self.game.again_slot  # the mover plays again (``again``), read before the
        repeat = again >= 0 and values[again]  # turn's slots are reset
        self.last_mover = self.to_move
        if not repeat:
            self.to_move, new_round = self.game.turn_order.next(self.to_move, self.fullmove)
            if new_round:
                self.fullmove += 1
        self.phase = 0

    def _check_goals_after_phase(self) -> bool:
        """A goal check inside a turn (``goal_checks``). A game that ends there ends the
        turn too, so a finished position reads the same at whatever check it ended: the
        side to move is the next one and the last mover the previous one."""
        if not self._check_goals():
            return False
        self._pass_turn()
        for i, default in self.game.slots.turn_resets:
            self.vars[i] = default
        return True

    def _no_legal_action(self) -> None:
        policy = self.game.spec.no_legal_move
        if policy == "pass" and self._someone_else_can_act():
            self.vars[MUST_PASS] = 1
            return
        if policy == "lose":  # every other player shares the win
            self.finish(frozenset(range(len(self.owner))) - {self.to_move}, NO_LEGAL_MOVE)
        elif policy == "win":
            self.finish(frozenset({self.to_move}), NO_LEGAL_MOVE)
        else:
            self.finish(self.game.result.score(self) if self.game.result else frozenset(),
                        NO_LEGAL_MOVE)

    def _someone_else_can_act(self, *, every_phase: bool = False) -> bool:
        """Whether another player has an action in the turn's first deciding phase (or,
        with ``every_phase``, in any of its deciding phases)."""
        deciding = [p for p in self.game.phases if p.decides]
        mover = self.to_move
        try:
            for side in range(len(self.owner)):
                if side != mover:
                    self.to_move = side
                    # The deciding phases that the side's turn would reach (their if:).
                    asked = [p for p in deciding if p.active(self, side)]
                    if any(p.has_action(self) for p in (asked if every_phase
                                                        else asked[:1])):
                        return True
            return False
        finally:
            self.to_move = mover

    def _check_goals(self) -> bool:
        # Every goal is evaluated: a side that meets any goal wins, so two sides meeting
        # two different goals at one check is a tie that ``tie_break`` settles.
        # A win the result rule shares (majority, equal: shared) stands as scored.
        fired: list[str] = []  # the keywords of the goals met, in file order
        winners: frozenset[int] = frozenset()
        named: frozenset[int] = frozenset()
        for goal in self.game.goals:
            if goal.conditions and not goal.active(self, self.last_mover):
                continue
            verdict = goal.evaluate(self)
            if verdict is None:
                continue
            if verdict.stands:  # it outranks every other goal of this check
                self.finish(self.game.result.score(self) if verdict.score and
                            self.game.result else verdict.winners, goal.keyword)
                return True
            if goal.keyword not in fired:
                fired.append(goal.keyword)
            if verdict.score:
                winners |= self.game.result.score(self) if self.game.result else frozenset()
            else:
                named |= verdict.winners
        if not fired:
            return False
        winners |= named
        if len(winners) > 1 and named:
            tie_break = self.game.spec.tie_break
            winners = frozenset({self.last_mover}) if tie_break == "last_mover" \
                else frozenset()
        self.finish(winners, "+".join(fired))
        return True

    def finish(self, winners: frozenset[int], ending: str = "") -> None:
        """End the game with these winners (none: a draw); ``ending`` says what ended it."""
        self.winners = winners
        self.ending = ending
        self.vars[MUST_PASS] = 0

    # Pieces ---------------------------------------------------------------------------
    def occupied(self) -> int:
        mask = 0
        for m in self.owner:
            mask |= m
        return mask

    def empty(self) -> int:
        return self.game.board.all_mask & ~(self.occupied() | self.gaps)

    def owner_of(self, cell: int) -> int:
        bit = 1 << cell
        for side, mask in enumerate(self.owner):
            if mask & bit:
                return side
        return -1

    def kind_of(self, cell: int) -> int:
        bit = 1 << cell
        for kind, mask in enumerate(self.kinds):
            if mask & bit:
                return kind
        return -1

    def place(self, cell: int, side: int, kind: int = 0) -> None:
        bit = 1 << cell
        self.owner[side] |= bit
        self.kinds[kind] |= bit

    def remove(self, cell: int) -> None:
        """Take a piece off the board; its attributes go with it (back to the supply). In a
        game of stacks the whole stack on ``cell`` leaves."""
        clear = ~(1 << cell)
        self.owner = [m & clear for m in self.owner]
        self.kinds = [m & clear for m in self.kinds]
        for values in self.attrs:
            values[cell] = 0
        if self.below is not None:
            self.below[cell] = ()

    def move_piece(self, src: int, dst: int) -> None:
        """Move the piece on ``src`` to the empty cell ``dst``; in a game of stacks, the
        stack (or its top alone, as ``stacks.moves`` says)."""
        both = (1 << src) | (1 << dst)
        side = self.owner_of(src)
        kind = self.kind_of(src)
        self.owner[side] ^= both
        self.kinds[kind] ^= both
        for values in self.attrs:
            values[dst] = values[src]
            values[src] = 0
        if self.below is not None and self.below[src]:
            moves = self.game.spec.stacks.moves  # type: ignore[union-attr]
            carried = len(self.below[src]) if moves == "whole" else \
                0 if moves == "top" else int(moves) - 1  # pieces beneath the top that go
            self.below[dst] = self.below[src][:carried]
            self.below[src] = self.below[src][carried:]
            self._uncover(src)  # the piece left beneath them, if any, is the top now

    # Stacks (``stacks:``) ---------------------------------------------------------------
    def height(self, cell: int) -> int:
        """How many pieces stand on ``cell`` (0 empty, 1 a single piece)."""
        if not (self.occupied() >> cell & 1):
            return 0
        return 1 + (len(self.below[cell]) if self.below is not None else 0)

    def stack_of(self, cell: int) -> list[tuple[int, int]]:
        """The (side, kind) of every piece on ``cell``, top first."""
        if not (self.occupied() >> cell & 1):
            return []
        kinds = len(self.game.piece_kinds)
        pieces = [(self.owner_of(cell), self.kind_of(cell))]
        if self.below is not None:
            pieces += [divmod(code, kinds) for code in self.below[cell]]
        return pieces

    def take_top(self, cell: int) -> int:
        """Take the top piece off ``cell`` (its code, ``side * kinds + kind``); the piece
        beneath it, if any, is the top now."""
        code = self.owner_of(cell) * len(self.game.piece_kinds) + self.kind_of(cell)
        bit = 1 << cell
        self.owner = [m & ~bit for m in self.owner]
        self.kinds = [m & ~bit for m in self.kinds]
        self._uncover(cell)
        return code

    def put_under(self, cell: int, code: int) -> None:
        """Put a piece (its code) at the bottom of the stack on ``cell``."""
        assert self.below is not None
        self.below[cell] = (*self.below[cell], code)
        bound = self.game.spec.stacks.max_height  # type: ignore[union-attr]
        if len(self.below[cell]) + 1 > bound:
            raise ValueError(f"{self.game.name}: the stack on "
                             f"{self.game.board.names[cell]} holds "
                             f"{len(self.below[cell]) + 1} pieces, over stacks.max_height "
                             f"{bound} declared in the file")

    def _uncover(self, cell: int) -> None:
        """The top of ``cell`` has gone: the piece beneath it (if any) becomes the top."""
        assert self.below is not None
        rest = self.below[cell]
        if rest:
            side, kind = divmod(rest[0], len(self.game.piece_kinds))
            self.place(cell, side, kind)
            self.below[cell] = rest[1:]

    # Notation and output --------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """The legal action written ``text``; a NotationError if ``text`` is no action of
        this game at all, an IllegalActionError if it is one but not legal now."""
        wanted = text.strip()
        for action in self.legal_actions():
            if action.notation.lower() == wanted.lower():
                return action
        game = self.game
        blocks: list[Any] = [*game.phases, *game.setups]
        patterns = [b.pattern for b in blocks if b.pattern] + [re.escape(game.pass_action.notation)]
        if any(re.fullmatch(p, wanted, re.IGNORECASE) for p in patterns):
            raise IllegalActionError(f"{quoted_input(wanted)} is not legal here: "
                                     f"{self._situation()}")
        examples = [e for b in blocks for e in b.notation_examples]
        if game.spec.no_legal_move == "pass":
            examples.append(game.pass_action.notation)
        raise NotationError(f"{quoted_input(wanted)} is not an action of {game.name}; expected "
                            f"an action written like {', '.join(repr(e) for e in examples)}")

    def _situation(self) -> str:
        if self.winners is not None:
            return "the game is over"
        legal = [a.notation for a in self.legal_actions()]
        shown = ", ".join(legal[:12]) + (f", … ({len(legal)} in all)" if len(legal) > 12 else "")
        side = self.game.players[self.to_move]
        if self.setup < len(self.game.setups):
            where = f"setup step {self.game.setups[self.setup].name!r}"
        else:
            where = f"{side} to play, phase {self.game.phases[self.phase].name!r}"
        return f"{where}; legal: {shown or 'none'}"

    @classmethod
    def from_json(cls, game: CompiledGame, position: dict[str, Any] | str) -> State:
        """The state a position JSON describes; a PositionError, naming what is wrong, if
        it does not describe a state of ``game``."""
        return read_json(cls(game), position)

    @classmethod
    def from_fen(cls, game: CompiledGame, fen: str) -> State:
        return read_fen(cls(game), fen)

    def to_json(self) -> dict[str, Any]:
        return state_to_json(self)

    def to_json_string(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    def to_fen(self) -> str:
        return state_to_fen(self)

    def key(self) -> tuple[Any, ...]:
        """Everything that defines the state, as a hashable value (for equality)."""
        return (*self._position_key(), self.fullmove, self.vars[HALFMOVE])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other.game is self.game and other.key() == self.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"<State {self.game.name} {self.to_json_string()}>"

    def __reduce__(self) -> tuple[Any, ...]:
        from framework.pickling import reduce_state

        return reduce_state(self)

    def __str__(self) -> str:
        from framework.render.text import board_text

        return board_text(self)
