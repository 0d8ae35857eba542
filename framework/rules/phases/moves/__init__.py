"""``moves``: the player picks one action among the listed move primitives
(``framework/rules/moves/``: ``reach``, ``walk``, ``place``, ``grow``, ``step``, ``slide``,
``leap``), and with ``piece_moves: true`` among the moves each piece kind lists under
``pieces:`` (a kind's own ``moves``: see ``framework/spec/piece_moves.py``).

```yaml
turn:
  - name: move
    type: moves
    options:                      # one action of any of these
      - {type: reach, distance: 1, effect: clone, resets_halfmove_clock: true}
      - {type: reach, distance: 2, effect: move, kind: jump}
    optional: false               # true: skipping is an action, written as `skip` says
    when_impossible: end_game     # or skip: passed over when no option has an action
    priority: false               # true: the first option with an action, alone
```

With ``priority: true`` the options are tried in the order listed and only the first that
has an action offers its actions (Ludii's ``priority``): a piece on the start field must
leave it, else a six brings a new piece in, else any piece moves, else the player passes.
Two options of one primitive alike but for their ``if:``, ``to_if`` and ``path_if`` may
then make actions of one kind (only one of them offers actions at a time).

Each primitive gives its targets as masks; this phase derives from them every legal action
(in the order of the options, then by source cell, then by target cell), how many there
are, whether there is one and a uniformly random one, so no primitive writes those loops.
A consequence such as ``convert_adjacent`` after this phase acts around the cell the chosen
action landed a piece on.

An option that chains (``hop`` with ``chain: must`` or ``may``) keeps the phase the
player's after a hop while the piece can hop on: the turn's ``chain`` slot holds its cell,
and the only actions are the chaining options' hops from there (and ``stop`` when an option
says ``may``). The consequences after the phase run once the chain is over, after the pieces
a chain took with ``removed: at_end`` have left.

``clone_or_jump``, ``walk`` and ``build`` are presets of this phase: they expand into it
when the game is compiled.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from framework.engine.action import RESERVED_KINDS, STOP_KIND, Action
from framework.engine.bits import iter_bits, nth_bit
from framework.engine.slots import CHAIN, LAST_FROM, LAST_TO, Slot
from framework.moves import MoveOption, Primitive, primitive
from framework.moves.base import masks_of
from framework.moves.candidate import test_issues
from framework.moves.optional import OptionalPhaseParams, cell_pattern, skip_action
from framework.plugins import (
    Loc,
    Phase,
    PhaseParams,
    Translate,
    conditions_text,
    guarded,
    plugins,
    untranslated,
)
from framework.spec.piece_moves import piece_options
from framework.spec.semantics import block_issues, piled_issues
from framework.spec.yamlsource import format_path

if TYPE_CHECKING:
    from random import Random

    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class MovesParams(OptionalPhaseParams):
    type: Literal["moves"]
    options: list[MoveOption] = Field(default_factory=list, description="the move "
                                      "primitives the player chooses an action from")
    piece_moves: bool = Field(default=False, description="also every piece kind's own "
                              "moves (the 'moves' list of each kind under 'pieces')")
    when_impossible: Literal["skip", "end_game"] = Field(
        default="end_game", description="when no option has an action: the phase is "
                                        "passed over, or the player has no legal action")
    priority: bool = Field(default=False, description="true: only the first option, in "
                           "the order listed, that has an action offers its actions; a "
                           "later one only when every earlier one has none (Ludii's "
                           "priority)")


class Moves(Phase):
    """Choose one action among the listed move primitives."""

    keyword = "moves"
    reference: ClassVar[str | None] = ".reference:RefMoves"
    native = None
    no_twin_reason = "the native assembler builds the kernels' moves phase from its options' pieces"
    Params: ClassVar[type[PhaseParams]] = MovesParams

    @classmethod
    def expand(cls, params: Any) -> MovesParams:
        """The ``moves`` phase these parameters stand for (a preset overrides this)."""
        assert isinstance(params, MovesParams)
        return params

    @classmethod
    def declare_slots(cls, params: Any) -> tuple[Slot, ...]:
        found = list(super().declare_slots(params))
        for o in cls.expand(params).options:
            found += [s for s in primitive(o.type).declared_slots(o) if s not in found]
        chains = any(getattr(o, "chain", "none") != "none" for o in cls.expand(params).options)
        if chains and CHAIN not in found:
            found.append(CHAIN)
        return tuple(found)

    @classmethod
    def lands_piece(cls, params: Any) -> bool:
        moves = cls.expand(params)  # a kind's own moves (piece_moves) all move a piece
        return moves.piece_moves or any(primitive(o.type).lands for o in moves.options)

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        if cls is not Moves:  # a preset checks its own parameters, in its own terms
            return
        made: dict[tuple[str, str], tuple[str, Any]] = {}
        options = [((*loc, "options", i), o) for i, o in enumerate(params.options)]
        if params.piece_moves:
            options += piece_options(ctx.spec)
        if not options:
            yield (*loc, "options"), ("list at least one option, or say piece_moves: true "
                                      "and give the pieces their moves")
        for where, option in options:
            unit = primitive(option.type)
            yield from unit.check_spec(option, where, ctx)
            yield from piled_issues(unit, option, where, ctx)
            conditions = plugins("conditions")
            for i, condition in enumerate(option.if_):
                yield from block_issues(conditions[condition.type], condition,
                                        (*where, "if", i), ctx)
            yield from _then_issues(unit, option, where, ctx)
            for test, place, key in unit.candidate_tests(option):
                yield from test_issues(test, (*where, key), ctx, place,
                                       sources=unit.starts_from_cell(option),
                                       path=unit.has_path(option), keyword=option.type)
            # An option of this phase by its number, a kind's own move by its path.
            name = str(where[-1]) if where[:len(loc)] == loc else format_path(where)
            for kind in unit.kinds_of(option):
                if kind[0] in RESERVED_KINDS:
                    yield (*where, "kind"), (
                        f"the kind {kind[0]!r} is reserved: it is "
                        f"{RESERVED_KINDS[kind[0]]}; give this option another 'kind'")
                first = made.get(kind)
                if first is not None and not _may_share(first[1], option) and \
                        not (params.priority and _alike(first[1], option)):
                    yield where, (
                        f"options {first[0]} and {name} both make actions of kind "
                        f"{kind[0]!r}{' ' + kind[1] if kind[1] else ''}: give one its own "
                        "'kind' so that each action says which option made it (options "
                        "of one primitive for different pieces may share a kind)")
                made.setdefault(kind, (name, option))
        if params.priority and any(getattr(o, "chain", "none") != "none" for _, o in options):
            yield (*loc, "priority"), ("priority picks the first option with an action "
                                       "for the whole move; a chain of hops goes on with "
                                       "the chaining options alone: use one or the other")
        if params.priority and len(options) < 2:
            yield (*loc, "priority"), ("priority orders two options or more: with one "
                                       "it changes nothing")

    def __init__(self, params: Any, game: CompiledGame) -> None:
        super().__init__(params, game)
        moves = self.expand(params)
        options = list(moves.options)
        if moves.piece_moves:
            options += [o for _, o in piece_options(game.spec)]
        self.options: tuple[Primitive, ...] = tuple(
            primitive(o.type)(o, self.name, game) for o in options)
        # Per action kind, the options making it: one, or one primitive for several
        # pieces (a man's jump and a king's), told apart by the piece on the source cell.
        self.applies: dict[tuple[str, str], list[Primitive]] = {}
        for option in self.options:
            for key in option.kinds():
                self.applies.setdefault(key, []).append(option)
        self.upkeeping = tuple(o for o in self.options if o.upkeeps)
        #: Whether an option gives several actions for one source and target (``push``).
        self.several = any(o.several for o in self.options)
        #: The slots of the previous move's cells (-1: no test of the game reads them).
        self.last_from = game.slots.index.get(LAST_FROM.name, -1)
        self.last_to = game.slots.index.get(LAST_TO.name, -1)
        #: The first option with an action, alone, is offered (``priority``).
        self.priority = bool(getattr(moves, "priority", False))
        #: Whether some option has an ``if:`` (else every option is offered: the fast way).
        self.conditional = self.priority or any(o.conditions for o in self.options)
        self.skip = skip_action(moves)
        self.skip_when_impossible = moves.when_impossible == "skip"
        # Chains (see the module's docstring): the slot with the chaining piece's cell.
        self.chain = game.slots.index.get(CHAIN.name, -1)
        self.chaining = tuple(o for o in self.options if o.chain != "none")
        self.stop = Action(self.name, STOP_KIND, notation="stop") \
            if any(o.chain == "may" for o in self.chaining) else None
        cell = cell_pattern(game.board.written)
        patterns = [o.notation_pattern(cell) for o in self.options]
        examples = [o.example() for o in self.options]
        for extra in (self.skip, self.stop):
            if extra:
                patterns.append(re.escape(extra.notation))
                examples.append(extra.notation)
        self.pattern = "|".join(patterns)
        self.notation_examples = tuple(dict.fromkeys(examples))

    # Everything below is derived from the primitives' masks -------------------------
    def _chained(self, state: State) -> int:
        """The cell of the piece in the middle of a chain, -1 when none is."""
        return state.vars[self.chain] if self.chain >= 0 else -1

    def _last(self, state: State) -> Action | None:
        """The action listed after the options' own: the skip, or a chain's stop."""
        return self.stop if self._chained(state) >= 0 else self.skip

    def _offered(self, state: State, options: tuple[Primitive, ...]) -> tuple[Primitive, ...]:
        """The options whose ``if:`` holds now. Called only when some option has one
        (``conditional``): the callers pick the chaining options in a chain, all of them
        otherwise, and every other game pays no call on its hot paths."""
        me = state.to_move
        active = tuple(o for o in options if o.active(state, me))
        if not self.priority:
            return active
        masks = masks_of(state)
        for option in active:
            if option.surely_offers(state) or _offers(option, state, masks):
                return (option,)
        return ()

    def _choices(self, state: State) -> tuple[Any, list[tuple[Primitive, int, int]]]:
        masks = masks_of(state)
        found = []
        at = self._chained(state)
        only = 1 << at if at >= 0 else -1
        options = self.chaining if at >= 0 else self.options
        if self.conditional:
            options = self._offered(state, options)
        for option in options:
            if option.by_source:
                for src in iter_bits(option.sources(state, masks) & only):
                    targets = option.legal_targets(state, masks, src)
                    if targets:
                        found.append((option, src, targets))
            else:
                targets = option.legal_targets(state, masks, -1)
                if targets:
                    found.append((option, -1, targets))
        return masks, found

    def iter_actions(self, state: State) -> Iterator[Action]:
        """The actions of ``actions``, in the same order, one at a time (a restriction
        that only asks whether one is legal stops at the first)."""
        masks = masks_of(state)
        at = self._chained(state)
        only = 1 << at if at >= 0 else -1
        options = self.chaining if at >= 0 else self.options
        if self.conditional:
            options = self._offered(state, options)
        for option in options:
            if option.by_source:
                for src in iter_bits(option.sources(state, masks) & only):
                    for dst in iter_bits(option.legal_targets(state, masks, src)):
                        if option.several:
                            yield from option.actions_to(state, masks, src, dst)
                        else:
                            yield option.action(masks, src, dst)
            else:
                for dst in iter_bits(option.legal_targets(state, masks, -1)):
                    yield option.action(masks, -1, dst)
        last = self._last(state)
        if last:
            yield last

    def actions(self, state: State) -> list[Action]:
        masks, choices = self._choices(state)
        result = [option.action(masks, src, dst)
                  for option, src, targets in choices for dst in iter_bits(targets)] \
            if not self.several else [a for option, src, targets in choices
                                      for dst in iter_bits(targets)
                                      for a in _made(option, state, masks, src, dst)]
        last = self._last(state)
        if last:
            result.append(last)
        return result

    def count(self, state: State) -> int:
        masks, choices = self._choices(state)
        if self.several:
            return sum(len(_made(o, state, masks, src, dst)) for o, src, t in choices
                       for dst in iter_bits(t)) + (1 if self._last(state) else 0)
        return sum(t.bit_count() for _, _, t in choices) + (1 if self._last(state) else 0)

    def has_action(self, state: State) -> bool:
        if self.skip or self._chained(state) >= 0:  # a chain goes on only while it can
            return True
        offered = self._offered(state, self.options) if self.conditional else self.options
        if any(option.surely_offers(state) for option in offered):
            return True
        masks = masks_of(state)
        for option in offered:
            if not option.by_source:
                if option.legal_targets(state, masks, -1):
                    return True
                continue
            for src in iter_bits(option.sources(state, masks)):
                if option.legal_targets(state, masks, src):
                    return True
        return False

    def random_action(self, state: State, rng: Random) -> Action:
        if self.several:
            every = self.actions(state)
            return every[rng.randrange(len(every))]
        masks, choices = self._choices(state)
        total = sum(t.bit_count() for _, _, t in choices)
        last = self._last(state)
        k = rng.randrange(total + (1 if last else 0))
        for option, src, targets in choices:
            found = targets.bit_count()
            if k < found:
                return option.action(masks, src, nth_bit(targets, k))
            k -= found
        assert last is not None  # k == total: the skip (or stop), listed last
        return last

    def apply(self, state: State, action: Action) -> None:
        if action.kind == "skip":
            return
        if action.kind == STOP_KIND and self.stop:
            state.vars[self.chain] = -1
            return
        makers = self.applies[action.kind, action.attribute]
        option = makers[0]
        if len(makers) > 1:
            masks = masks_of(state)
            option = next(o for o in makers if o.sources(state, masks) >> action.src & 1)
        option.apply(state, action)
        if self.last_from >= 0:  # the previous move's cells, for a test that reads them
            state.vars[self.last_from] = action.src
            state.vars[self.last_to] = action.dst if action.dst >= 0 else action.at
        if option.consequences:
            option.follow_up(state)
        for upkept in self.upkeeping:
            upkept.upkeep(state, action)
        if self.chain >= 0:
            # The piece's cell is the chain's while asking whether it hops on: a straight
            # chain, or one that may not land where it has stood, reads it.
            state.vars[self.chain] = action.dst if option.chain != "none" else -1
            going_on = option.chain != "none" and self._can_hop_on(state, action.dst)
            state.vars[self.chain] = action.dst if going_on else -1
            if not going_on:
                for chaining in self.chaining:
                    chaining.chain_over(state)

    def _can_hop_on(self, state: State, cell: int) -> bool:
        masks = masks_of(state)
        return any(o.sources(state, masks) >> cell & 1 and o.legal_targets(state, masks, cell)
                   for o in (self._offered(state, self.chaining) if self.conditional
                             else self.chaining))

    def continues(self, state: State) -> bool:
        return self._chained(state) >= 0

    def may_chain(self) -> bool:
        return self.chain >= 0  # the chain slot is declared only where an option chains

    def action_space(self) -> tuple[Action, ...]:
        # Options sharing a kind make equal actions (the same cells): each is numbered once.
        space = tuple(dict.fromkeys(a for o in self.options for a in o.action_space()))
        return (*space, *(a for a in (self.skip, self.stop) if a))

    def describe(self, _: Translate = untranslated) -> str:
        clauses = [o.tested_text(_) if not o.conditions else
                   _("{action}, only when {when}").format(
                       action=o.tested_text(_), when=conditions_text(o.conditions, _))
                   for o in self.options]
        if len(clauses) == 1:
            text = _("Your move: {action}.").format(action=clauses[0])
        elif self.priority:
            text = _("The first of these that you can do, in this order: {actions}.").format(
                actions="; ".join(clauses))
        else:
            text = _("Choose one: {actions}.").format(actions="; ".join(clauses))
        afters = [" ".join(guarded(c, c.describe(_), _) for c in option.consequences)
                  for option in self.options]  # what follows an option's actions (then:)
        if len(self.options) > 1 and len(set(afters)) == 1 and afters[0]:
            text += " " + _("After any of these moves: {then}").format(then=afters[0])
        else:
            for option, after in zip(self.options, afters, strict=True):
                if after:
                    text += " " + (_("After such a move: {then}") if len(self.options) == 1
                                   else _("After a move where {action}: {then}")).format(
                        action=option.describe(_), then=after)
        if self.skip:
            text += " " + _("This step may be skipped.")
        return text


def _made(option: Primitive, state: State, masks: Any, src: int, dst: int
          ) -> list[Action]:
    """The actions of ``option`` from ``src`` to ``dst``: one, or several (``push``)."""
    if option.several:
        return list(option.actions_to(state, masks, src, dst))
    return [option.action(masks, src, dst)]


def _then_issues(unit: type[Primitive], option: Any, loc: Loc, ctx: SpecContext
                 ) -> Iterator[tuple[Loc, str]]:
    """A ``then:`` follows each action of its option, and most consequences act around
    the cell it landed a piece on: each checks itself as after such an action, or, under an
    option that lands none (a rotation), as after one that landed nothing."""
    phases = plugins("phases")
    inside = replace(ctx, in_option=True, option_lands=unit.lands, option_type=option.type)
    for i, then in enumerate(option.then):
        yield from block_issues(phases[then.type], then, (*loc, "then", i), inside)


def _offers(option: Primitive, state: State, masks: Any) -> bool:
    """Whether an option has an action now."""
    if not option.by_source:
        return bool(option.legal_targets(state, masks, -1))
    return any(option.legal_targets(state, masks, src)
               for src in iter_bits(option.sources(state, masks)))


def _alike(first: Any, second: Any) -> bool:
    """Two options of one primitive that differ only in when and where they apply."""
    loose = {"if_", "to_if", "path_if"}
    return bool(first.type == second.type and first.model_dump(exclude=loose) ==
                second.model_dump(exclude=loose))


def _may_share(first: Any, second: Any) -> bool:
    """Whether two options may make actions of one kind: the same primitive moving
    different named pieces, so the piece on an action's source cell says which made it."""
    moving = getattr(first, "effect", "move") == getattr(second, "effect", "move") == "move"
    return (first.type == second.type and moving and first.type in ("reach", "walk", "hop",
                                                                "step", "slide", "leap")
            and first.piece is not None and second.piece is not None
            and first.piece != second.piece)
