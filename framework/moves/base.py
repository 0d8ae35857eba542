"""What every move primitive provides, and the masks they share.

A primitive answers two questions with masks — which cells its moves start from
(``sources``) and, for one source, which cells they may end on (``targets``) — and plays a
chosen action (``apply``). A primitive whose actions are named by their target alone
(an Ataxx clone, a placement) has ``by_source = False``: its targets are asked for once,
with source -1.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from framework.engine.slots import CLOCK_RESET, Slot
from framework.engine.trail import slots_as_they_stand
from framework.moves.candidate import (
    DEFAULT_PLACE,
    Candidates,
    Place,
    describe_test,
    slots_read,
    straight_ways,
)
from framework.plugins import (
    Condition,
    Phase,
    PluginKind,
    Translate,
    Unit,
    all_hold,
    conditions_of,
    join_words,
    plugins,
    untranslated,
)
from framework.plugins import Loc as Loc  # re-exported: the primitives import it from here

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.moves.attacks import Check


class Masks(NamedTuple):
    """The side to move's view of the board, computed once per question."""

    own: int
    enemy: int
    empty: int


def masks_of(state: State) -> Masks:
    me = state.to_move
    occupied = state.gaps
    enemy = 0
    for side, mask in enumerate(state.owner):
        occupied |= mask
        if side != me:
            enemy |= mask
    return Masks(state.owner[me], enemy, state.game.board.all_mask & ~occupied)


def notation_pattern(template: str, cell: str) -> str:
    """The regular expression of a notation template: ``{from}``/``{to}``/``{at}`` stand for
    cell names, ``{line}`` for the part of cell names a line shares (a column's letters, a
    row's digits), everything else is literal."""
    parts = re.split(r"(\{(?:from|to|at|line)\})", template)
    return "".join(cell if p in ("{from}", "{to}", "{at}") else
                   r"(?:[A-Za-z]+|\d+)" if p == "{line}" else re.escape(p) for p in parts)


def written(template: str, names: tuple[str, ...], src: int = -1, dst: int = -1) -> str:
    return (template.replace("{from}", names[src] if src >= 0 else "")
            .replace("{to}", names[dst] if dst >= 0 else "")
            .replace("{at}", names[dst] if dst >= 0 else ""))


class Primitive(Unit):
    """One way to move: its targets as masks, and what landing does."""

    family: ClassVar[PluginKind] = "moves"
    #: Actions named by (source, target); False: by target alone, targets asked once.
    by_source: bool = True
    #: Whether its actions land a piece on their target (and so set the ``landed`` slot).
    lands: ClassVar[bool] = True
    #: Whether it keeps position slots up to date after every action of its phase, its
    #: own or not (``upkeep``): castling rights lost when a piece leaves its cell, an
    #: en passant cell that lasts one turn.
    upkeeps: ClassVar[bool] = False
    #: Whether the same piece goes on after an action, in the same turn (``hop``'s
    #: ``chain``: none, must or may; the ``moves`` phase runs the chain).
    chain: str = "none"
    #: Whether several of its actions may share a source and a target (a ``push``: a
    #: piece alone, and the lines it ends moving sideways): the phase then asks
    #: ``actions_to`` for them instead of ``action``.
    several: ClassVar[bool] = False

    def __init__(self, params: Any, phase: str, game: CompiledGame) -> None:
        self.params = params
        self.phase = phase
        self.game = game
        self.landed = game.slots.index.get("landed", -1)
        self.resets_clock = bool(getattr(params, "resets_halfmove_clock", False))
        self.template: str = params.notation
        #: The option's ``if:``, and the consequences its ``then:`` lists (automatic
        #: phases, run in order after each of its actions).
        self.conditions: tuple[Condition, ...] = conditions_of(params, game)
        phases = plugins("phases")
        self.consequences: tuple[Phase, ...] = tuple(
            phases[c.type](c, game) for c in getattr(params, "then", ()))
        #: The tests of each candidate move (``to_if``, ``path_if``, …), compiled; None:
        #: every target the primitive gives is a move.
        tests = [(t, place) for t, place, _ in self.candidate_tests(params)]
        self.candidates: Candidates | None = Candidates(tests, self, game) if tests else None

    @classmethod
    def candidate_tests(cls, params: Any) -> list[tuple[Any, Place, str]]:
        """The tests of each candidate move its parameters give: (test, the place it reads
        by default, the parameter's name). Every option has ``to_if`` and ``path_if``; a
        primitive with a test of its own (``place``'s ``where``) adds it."""
        return [(t, DEFAULT_PLACE[name], name) for name in ("to_if", "path_if")
                if (t := getattr(params, name, None)) is not None]

    @classmethod
    def starts_from_cell(cls, params: Any) -> bool:
        """Whether its moves start from a cell (``from`` is a place its tests may read):
        not those named by their target alone (a placement)."""
        return cls.by_source

    @classmethod
    def has_path(cls, params: Any) -> bool:
        """Whether its moves pass over cells between their start and their target
        (``between``, what ``path_if`` reads): a line, a leap's path, a hop."""
        return False

    def ways(self, player: int, src: int, dst: int) -> tuple[int, ...]:
        """The masks of the cells a move of ``player`` from ``src`` to ``dst`` passes over,
        one per way it may go (the straight line of the board from one to the other; a
        primitive with paths of its own says them)."""
        return straight_ways(self.game.board, src, dst)

    # Attacks: the unit's own capability ------------------------------------------------
    def capturing(self) -> bool:
        """Whether this option's moves may capture a piece (its attacks are read): not when
        its unit says its moves never do (``attacks = False`` on the class: a castle, a
        rush), nor when its targets never hold an enemy piece (``to: empty``)."""
        return bool(getattr(type(self), "attacks", True)) and \
            getattr(self, "to", "enemy") in ("enemy", "any", "empty_or_enemy")

    def captures_on(self, state: State, masks: Masks, src: int) -> int:
        """The cells a move from ``src`` captures a piece on, ``masks`` as they stand (an
        enemy piece is put on the cell asked about): by default its targets that hold an
        enemy piece (capture by replacement). A primitive that captures elsewhere than
        on its landing cell says where."""
        return self.legal_targets(state, masks, src) & masks.enemy

    def plain(self) -> bool:
        """Whether its actions only move a piece from its source to its target, capturing
        there (a move of another piece can then only uncover an attack along a line)."""
        return False

    def attack_check(self) -> Check | None:
        """How to read this option's attacks backwards from a cell, as a function
        ``(state, cell, attacking side, occupied) -> bool`` (``framework/moves/attacks.py``:
        a ``fast`` attribute says the attack runs along a line or ignores other pieces);
        None: ask its moves from each source (``captures_on``)."""
        return None

    def legal_targets(self, state: State, masks: Masks, src: int) -> int:
        """``targets``, less those its candidate tests (``to_if``, …) fail for: what the
        ``moves`` phase offers."""
        found = self.targets(state, masks, src)
        if self.candidates is None or not found:
            return found
        return self.candidates.keep(state, masks, src, found)

    def active(self, state: State, mover: int) -> bool:
        """Whether the option's ``if:`` holds: an option that does not offers nothing."""
        return all_hold(self.conditions, state, mover)

    #: The position slots this option reads that a repetition may count otherwise than
    #: they stand (``framework.engine.trail``), and, in a position, those that it counts
    #: otherwise (slot index → value counted).
    repetition_values = slots_as_they_stand

    def repetition_reads(self) -> tuple[int, ...]:
        return ()

    def follow_up(self, state: State) -> None:
        """Run the option's ``then:`` after one of its actions (each consequence whose own
        ``if:`` holds)."""
        for consequence in self.consequences:
            if consequence.active(state, state.to_move):
                consequence.run(state)

    @classmethod
    def slots_of(cls, params: Any) -> tuple[Slot, ...]:
        """The state slots a primitive with these parameters reads (``from: landed``
        reads the ``landed`` cell); the ``moves`` phase declares them."""
        return ()

    @classmethod
    def declared_slots(cls, params: Any) -> tuple[Slot, ...]:
        """The slots of the option with these parameters, its ``then:`` consequences'
        (the landing cell they act around, …) included."""
        found = list(cls.slots_of(params))
        tests = [(t, place) for t, place, _ in cls.candidate_tests(params)]
        found += [s for s in slots_read(tests) if s not in found]
        phases = plugins("phases")
        for then in getattr(params, "then", ()):
            found += [s for s in phases[then.type].declare_slots(then) if s not in found]
        return tuple(found)

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        """The (kind, attribute) pairs of the actions a primitive with these parameters
        makes: two options of one ``moves`` phase may not share one."""
        raise NotImplementedError

    def kinds(self) -> tuple[tuple[str, str], ...]:
        return self.kinds_of(self.params)

    def sources(self, state: State, masks: Masks) -> int:
        return masks.own

    def surely_offers(self, state: State) -> bool:
        """True when the option has an action whatever the position (a pass): the phase
        then knows it has one without asking the others for their targets."""
        return False

    def targets(self, state: State, masks: Masks, src: int) -> int:
        raise NotImplementedError

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        """The action from ``src`` (-1: none) to ``dst`` (a table lookup)."""
        raise NotImplementedError

    def actions_to(self, state: State, masks: Masks, src: int, dst: int) -> list[Action]:
        """The actions from ``src`` to ``dst`` of a primitive with ``several`` (``action``
        gives the one of the others)."""
        return [self.action(masks, src, dst)]

    def apply(self, state: State, action: Action) -> None:
        raise NotImplementedError

    def action_space(self) -> tuple[Action, ...]:
        """Every action this primitive could ever make, in a fixed order (the action codec
        numbers them); a superset of what is ever legal is fine."""
        raise NotImplementedError

    def upkeep(self, state: State, action: Action) -> None:
        """After any action of the phase (``upkeeps``): bring this primitive's slots up to
        date."""

    def chain_over(self, state: State) -> None:
        """When a chain of this phase is over (a chaining primitive that waits for it,
        ``hop`` with ``removed: at_end``, takes its captured pieces off here)."""

    def describe(self, _: Translate = untranslated) -> str:
        """This primitive as a clause of the rulebook (lower case, no final stop): the
        ``moves`` phase joins the clauses of its options into a sentence."""
        return _(self.keyword)

    def tested_text(self, _: Translate = untranslated) -> str:
        """``describe``, with the tests each of its moves must pass (``to_if``, …)."""
        text = self.describe(_)
        tests = self.candidate_tests(self.params)
        if not tests:
            return text
        return _("{action}, and only where {tests}").format(
            action=text, tests=join_words(_, [describe_test(t, self.game, place, _)
                                              for t, place, _key in tests]))

    def notation_pattern(self, cell: str) -> str:
        """The regular expression its actions' notation matches (``cell``: a cell name's),
        which tells a badly written action from an illegal one."""
        return notation_pattern(self.template, cell)

    def example(self) -> str:
        """An action written as this primitive writes them (for error messages)."""
        names = self.game.board.written
        return written(self.template, names, 0, min(1, len(names) - 1) if "{from}" in
                       self.template else 0)

    def landed_on(self, state: State, cell: int) -> None:
        """Bookkeeping after a piece lands on ``cell``: the landing slot, the clock."""
        if self.landed >= 0:
            state.vars[self.landed] = cell
        if self.resets_clock:
            state.vars[CLOCK_RESET] = 1


def kind_index(game: CompiledGame, piece: str | None) -> int:
    """The kind a primitive is about: the named one, or -1 for any."""
    return game.piece_kinds.index(piece) if piece else -1


def own_of_kind(state: State, masks: Masks, kind: int) -> int:
    return masks.own & state.kinds[kind] if kind >= 0 else masks.own
