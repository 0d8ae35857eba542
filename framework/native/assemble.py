"""A game's native kernels, assembled from its blocks' pieces as one Python module.

``plan_of(game)`` reads the compiled game — its deciding ``moves`` phase (a preset such as
``clone_or_jump`` is already expanded into one), the consequences after it, its goals and
result — and asks each block's unit for its kernel piece (``Unit.native``, found through
the registry; the bases are in ``framework/kernel/``).
It raises ``Unsupported`` naming the first thing no piece covers. ``source_of(plan)``
writes the pieces and the engine's turn flow (the same steps as ``State``: apply, the
consequences, the end of the turn, the goals, then the next player's options or a forced
pass) as the source of one module. Nothing here imports numba: ``boardspec validate`` uses
``plan_of`` to say whether the backend plays a game.

The compact state is one uint64 array: the owner mask of each side, the mask of each
kind, the gaps, then the player to move, the half-move clock, the clock-reset flag,
whether the player must pass, the landing cell + 1 (0: none), the full-move number, the
last mover, the winners (0 while the game goes on, else bit 63 plus a mask of sides), the
cell + 1 of the piece in the middle of a chain of hops (0: none; the turn is then still the
mover's, as the ``chain`` slot of ``Moves`` keeps it), then one field per state slot a
block declares (``framework/kernel/slots.py``), then the regions: the game's counters (a
word per side and counter), the piles of each kind kept in piles (a word per cell) and the
words some pieces keep (a repetition's hashes).

A restriction filters the moves its phase's pieces generate, in one of two ways: a
``filter`` (``compulsory``) compacts the whole list, since what stays depends on the others;
a ``TRIAL`` restriction (``royal``) has each move played on a copy and kept when its piece
allows the result. The two are not mixed in one game (the Python engine applies them in
file order, which a kernel would have to follow move by move). A deciding phase right
after the moves phase that only picks among a few choices (``promote_choice``) is folded
into the move: a move after which the choice is due is listed once per choice, the choice
in the bits above the option's (``CHOICE_SHIFT``: 24, or 40 on a board over 255 cells), so
one native move is one whole turn. A chain of hops is several moves of one turn instead (``CHAIN``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from framework.engine.piles import piled_kinds
from framework.engine.slots import (
    AGAIN,
    CHAIN,
    CORE_SLOTS,
    LANDED,
    hand_slot_name,
    moves_slot,
    pile_slot_name,
)
from framework.engine.supply import limits
from framework.kernel.masks import Masks
from framework.kernel.pieces import (
    STOP_OPTION,
    GoalPiece,
    Piece,
    PrimitivePiece,
    ResultPiece,
    Unsupported,
    check_params,
    guard_of,
)
from framework.kernel.slots import encoded, pile_field, slot_field
from framework.moves.attacks import plain_move
from framework.native.flow import (
    no_action_function,
    sequence_functions,
    setup_functions,
    turn_hooks,
)
from framework.plugins import PluginKind, plugins, twin

if TYPE_CHECKING:
    from framework.compiler import CompiledGame

#: The option numbers of the moves that are no option's: the forced pass and a declined
#: optional phase, and the move that ends a chain of hops the player may end (``chain:
#: may``). A move's bits are laid out for the board (``Masks``: cells in 8 bits up to 255
#: cells, in 16 above); ``Plan.codes`` gives these moves' codes for the game.
PASS_OPTION = 255
SKIP_OPTION = 254
#: The scalar fields after the masks, in order.
FIELDS = ("GAPS", "TO_MOVE", "HALFMOVE", "RESET", "MUST_PASS", "LANDED", "FULLMOVE",
          "LAST_MOVER", "WINNERS", "CHAIN")
KNOWN_SLOTS = {s.name for s in CORE_SLOTS} | {LANDED.name, CHAIN.name}
#: The parameters of a deciding moves phase the kernels play (its options are pieces).
MOVES_PARAMS = {"optional", "skip", "options", "when_impossible", "piece_moves", "if_"}


@dataclass
class Plan:
    """What a game's kernels are made of."""

    game: CompiledGame
    moves: list[PrimitivePiece]
    consequences: list[Piece]
    goals: list[GoalPiece]
    result: ResultPiece
    skippable: bool
    max_moves: int
    #: Restrictions' pieces, the folded choice phase (at most one), the pieces several
    #: others share (the attack tables), and the names of the declared slots the state has.
    restrictions: list[Piece] = field(default_factory=list)
    choices: list[Piece] = field(default_factory=list)
    helpers: list[Piece] = field(default_factory=list)
    slots: list[str] = field(default_factory=list)
    #: How many moves the options can generate at most, before any choice is folded in.
    raw_moves: int = 0
    #: Per option, whether its moves only take a piece from its cell to its target
    #: (capturing there): a restriction's ``free`` cells spare those a trial.
    plain: list[bool] = field(default_factory=list)
    #: The pieces of every ``if:`` condition; per option, the guard its ``if:`` makes
    #: ("" for none) and its ``then:`` consequences with theirs; per goal and per
    #: consequence phase of the turn, its guard.
    conditions: list[Piece] = field(default_factory=list)
    option_guards: list[str] = field(default_factory=list)
    option_then: list[list[tuple[Piece, str]]] = field(default_factory=list)
    goal_guards: list[str] = field(default_factory=list)
    consequence_guards: list[str] = field(default_factory=list)
    #: The regions of words after the fields (name, length): the counters, the piles
    #: (``counters_region``), and the words some pieces keep (the hashes of the
    #: positions a repetition counts).
    regions: list[tuple[str, int]] = field(default_factory=list)
    #: The guards of the moves phase's own if: (for the player to move: the phase is
    #: passed over when it fails) and of the result's (for the last mover: a draw then).
    phase_guard: str = ""
    result_guard: str = ""
    #: The options of the moves phases, in order (the option number of a move), the
    #: phases (the first, and those chosen by their if: after it), and the names of the
    #: hands' slots (``pieces.<kind>.hand``), fields of the state.
    options: list[Any] = field(default_factory=list)
    deciders: list[Any] = field(default_factory=list)
    hands: list[str] = field(default_factory=list)
    #: The region that keeps a whole game's positions (a piece's ``HISTORY``), if any.
    history: str = ""
    #: How many of ``consequences`` (the first) run before the folded choice: automatic
    #: phases between the moves phase and a choice further on (shogi's must-promote steps
    #: before its may-promote ones).
    before: int = 0
    #: The piece of the chance phase that begins each turn (a roll), if any; whether the
    #: deciding phase is a piece's whole decision (race: ``moves[0]`` is that piece); and
    #: whether the goals are checked after the deciding phase too (``goal_checks``).
    chance: Piece | None = None
    whole: bool = False
    goal_checked: bool = False
    #: The deciding moves phases after the first, each its own action in the turn (the
    #: compact state's ``PHASE`` word says which decides: 0 the first, k the k-th of these),
    #: and their if:s' guards.
    sequence: list[Any] = field(default_factory=list)
    sequence_guards: list[str] = field(default_factory=list)
    #: The automatic phases (``consequences``' blocks, in order) and the turn's phases
    #: after its chance phase.
    automatic: list[Any] = field(default_factory=list)
    turn: list[Any] = field(default_factory=list)
    #: The pieces of the setup steps, when the players decide some (None: a step that
    #: decides nothing); [] when the kernels start after the setup.
    setups: list[Piece | None] = field(default_factory=list)

    @property
    def distances(self) -> list[tuple[str, float]]:
        """The evaluation's distance terms the kernels compute: (phase, weight), each
        phase's piece giving ``distance(st, side)`` (a race's pip count); [] when the
        evaluation has none, or one whose phase has no such piece."""
        spec = self.game.spec.evaluation
        terms = [(t.distance, t.weight) for t in (spec.terms if spec else ())
                 if t.distance is not None]
        measured = {p.phase.name for p in self.moves  # type: ignore[attr-defined]
                    if getattr(p, "MEASURES", False)}
        return terms if all(name in measured for name, _ in terms) else []

    def distance_piece(self, phase: str) -> Piece:
        return next(p for p in self.moves if getattr(p, "MEASURES", False)
                    and p.phase.name == phase)  # type: ignore[attr-defined]

    @property
    def skip_test(self) -> str:
        """When a skip is listed: "" always (the first phase is optional), else the test
        of the deciding phases that have one, in a turn of several."""
        if not self.sequence:
            return ""
        skips = [d for d, p in enumerate([self.deciders[0], *self.sequence])
                 if getattr(p, "skip", None) is not None]
        return " or ".join(f"st[PHASE] == U64({d})" for d in skips) or "False"

    @property
    def chaining(self) -> list[PrimitivePiece]:
        """The options whose piece goes on hopping in the same turn."""
        return [m for m in self.moves if getattr(m, "chains", False)]

    @property
    def stops(self) -> bool:
        """Whether a chain may be ended by the player (``stop``)."""
        return any(m.option.chain == "may" for m in self.chaining)

    @property
    def trials(self) -> bool:
        """Whether moves are vetted one by one (a ``TRIAL`` restriction, a folded choice)."""
        return bool(self.choices) or any(getattr(r, "TRIAL", False)
                                         for r in self.restrictions)

    @property
    def again(self) -> str:
        """The field of the ``again`` slot (the mover plays the next turn too), or ""."""
        return slot_field(self.game, AGAIN.name) if AGAIN.name in self.slots else ""

    @property
    def sides(self) -> int:
        return len(self.game.players)

    @property
    def kinds(self) -> int:
        return len(self.game.piece_kinds)

    @property
    def masks(self) -> Masks:
        """How the game's masks are spelled: one word, or several (a board over 64 cells)."""
        return Masks(self.game.board.size)

    @property
    def codes(self) -> dict[str, int]:
        """The codes of the moves no option makes (``PASS``, ``SKIP``, ``STOP``) and the
        shift of a folded choice, for the game's layout of a move."""
        m = self.masks
        return {"PASS": m.code(PASS_OPTION), "SKIP": m.code(SKIP_OPTION),
                "STOP": m.code(STOP_OPTION), "CHOICE_SHIFT": m.choice_shift}

    def slot_words(self, name: str) -> int:
        """The words of the declared slot ``name`` in the compact state: one, or a mask's
        ``width`` for a slot of cells (``kind: cells``, a hop's visited cells) on a board
        over 64 cells."""
        slot = self.game.slots.slots[self.game.slots.index[name]]
        return self.masks.width if slot.kind == "cells" else 1

    def layout(self) -> dict[str, int]:
        """Index of each field of the compact state (``L``: its length). The masks (each
        side's, each kind's, the gaps) come first, ``width`` words each, named by their
        number among the masks (``mget``); the scalar fields after them by their word."""
        width = self.masks.width
        at = {"KINDS": self.sides}
        base = self.sides + self.kinds
        at["GAPS"] = base
        words = (base + 1) * width
        for i, name in enumerate(FIELDS[1:]):
            at[name] = words + i
        end = words + len(at) - 2
        for name in self.slots:  # a word each; a mask of cells a mask's words
            at[slot_field(self.game, name)] = end
            end += self.slot_words(name)
        # A history (a whole game's positions) last: a move tried on a copy copies the
        # words before it alone (``HEAD``).
        for name, length in sorted(self.regions, key=lambda r: r[0] == self.history):
            at[name] = end
            end += length
        at["HEAD"] = at[self.history] if self.history else end
        at["L"] = end
        return at


def _with_piece(kind: PluginKind, decides: bool | None = None) -> dict[str, type]:
    """The units of ``kind`` with a native piece, by keyword (``decides``: only the phases
    that do, or do not, decide)."""
    return {k: u for k, u in plugins(kind).items()
            if u.native is not None and (decides is None or u.decides == decides)}


def _piece(kind: PluginKind, keyword: str, what: str, decides: bool | None = None) -> type:
    unit = _with_piece(kind, decides).get(keyword)
    found: type | None = twin(unit, "native") if unit is not None else None
    if found is None:
        why = getattr(plugins(kind).get(keyword), "no_twin_reason", None)
        if why:
            raise Unsupported(f"{what} {keyword!r} has no native kernel piece: {why}")
        raise Unsupported(f"{what} {keyword!r} has no native kernel piece (pieces exist for "
                          f"{', '.join(sorted(_with_piece(kind, decides)))})")
    return found


def _folded_option(phase: Any, moves_phase: Any, at: int = 1) -> Piece | None:
    """The piece of a deciding ``moves`` phase right after the moves phases (at ``at``)
    whose one option is a choice folded into the move (its piece says ``FOLDS``:
    ``rotate``), else None. Only a piece that plays its phase's if: (``GUARDED``: the
    removal after a mill) has one there."""
    if not phase.decides or type(phase) is not moves_phase or phase.index != at or \
            len(phase.options) != 1 or phase.skip is not None:
        return None
    option = phase.options[0]
    found = _folding_piece(phase)
    if found is None:
        return None
    if phase.conditions and not getattr(found, "GUARDED", False):
        return None
    if option.conditions or option.consequences:
        raise Unsupported(f"{option.keyword} with an if: or a then: (a choice folded into the "
                          "move plays neither)")
    piece: Piece = found(option, phase.index)
    if getattr(found, "GUARDED", False):  # due with nothing to take: passed over, or stuck
        piece.skips = phase.skip_when_impossible  # type: ignore[attr-defined]
    return piece


def _alternative(phase: Any, before: list[Any], moves_phase: Any) -> bool:
    """Whether ``phase``, after the moves phases ``before``, is one more of the moves phases
    chosen by their if: (Nine Men's Morris's place / move / fly): a plain deciding moves
    phase with an if: holding ``{type: landed, not: true}`` (and the first one with an if:),
    every option of those before it landing a piece — so at most one of them plays in a
    turn, the first whose if: holds when the turn starts, as ``State`` plays them."""
    if type(phase) is not moves_phase or not phase.decides or not phase.conditions or \
            not before[0].conditions or (len(phase.options) == 1 and
                                         _folding_piece(phase) is not None):
        return False
    name = phase.name
    for earlier in before:
        if _rounds_apart(earlier, phase):  # the round keeps the two out of one turn
            continue
        for o in earlier.options:
            if not getattr(o, "lands", False):
                raise Unsupported(f"the moves phase {name!r}, chosen by its if: after "
                                  f"{earlier.name!r}, whose option {o.keyword!r} lands no "
                                  f"piece (so nothing keeps {name!r} out of a turn "
                                  f"{earlier.name!r} played)")
    if not all(_rounds_apart(earlier, phase) for earlier in before) and not any(
            c.keyword == "landed" and c.negated and c.params.zone is None and
            c.params.piece is None for c in phase.conditions):
        raise Unsupported(f"the moves phase {name!r}, chosen by its if: after "
                          f"{before[-1].name!r}, needs {{type: landed, not: true}} in its "
                          "if:, so that it never plays in a turn another one played")
    if phase.skip is not None or phase.skip_when_impossible:
        raise Unsupported(f"the moves phase {name!r}, chosen by its if:, is optional or passed "
                          "over when impossible")
    check_params(phase.keyword, phase.expand(phase.params),
                 {"options", "when_impossible", "if_"})
    return True


def _rounds_apart(first: Any, second: Any) -> bool:
    """Whether two phases' ``if:``s never hold in the same round (Konane's opening, played
    in round 1, and its jumps, from round 2): each holds a condition of the round alone
    whose rounds the other's miss; the round does not change during a turn."""
    spans = [[r for c in p.conditions if (r := c.rounds()) is not None]
             for p in (first, second)]
    return any(a_last < b_first or b_last < a_first
               for a_first, a_last in spans[0] for b_first, b_last in spans[1])


def _folding_piece(phase: Any) -> Any:
    """The piece that folds the one option of ``phase`` into the move before it (a
    removal, a rotation, a shot), or None: the option's piece where it says ``FOLDS``, or
    the piece it names for the option (``folded``: a slide folded as a shot)."""
    option = phase.options[0]
    found = _native_of(option.keyword)
    folded = getattr(found, "folded", None)  # a piece that folds some of its options
    if folded is not None:
        found = folded(option, phase)
    return found if getattr(found, "FOLDS", False) else None


def _deciding_piece(phase: Any) -> Any:
    """The native piece of a deciding phase as compiled (one keyword may compile to a
    deciding class of its own: ``promote`` with a list of kinds), or None."""
    return twin(type(phase), "native") if getattr(type(phase), "native", None) else None


def _check_grouped(phase: Any, grouped: list[Any], choices: list[Piece]) -> None:
    """Refuse a deciding phase whose piece folds several (``GROUPS``) where the kernels
    could not fold it: beside another kind of choice, after an automatic phase that
    follows an earlier one of the group, or after a deciding phase of another kind."""
    if choices:
        raise Unsupported(f"the phase {phase.name!r} ({phase.keyword}) beside another choice "
                          "folded into the move")
    if grouped and grouped[-1].index != phase.index - 1:
        raise Unsupported(f"the phase {phase.name!r} ({phase.keyword}) after an automatic "
                          f"phase that follows {grouped[-1].name!r} (the phases folded as one "
                          "choice must follow each other)")
    for earlier in (t.block for t in phase.game.turn_phases[1:phase.index]):
        if earlier.decides and earlier not in grouped:
            raise Unsupported(f"the phase {phase.name!r} ({phase.keyword}) after the deciding "
                              f"phase {earlier.name!r}")


def _native_of(keyword: str) -> Any:
    unit = _with_piece("moves").get(keyword)
    return twin(unit, "native") if unit is not None else None


def _chosen(alternatives: list[Any], first: str, option_guards: list[str],
            later: list[str]) -> tuple[str, list[str]]:
    """The phase guard (some moves phase's if: holds) and each option's guard when the
    moves phases are chosen by their if:: the option's phase is the first whose if:
    holds."""
    phases = [first, *later]
    guards = list(option_guards)
    i = 0
    for k, phase in enumerate(alternatives):
        terms = [f"({phases[k]})", *(f"not ({g})" for g in phases[:k])]
        for _ in phase.options:
            own = guards[i]
            guards[i] = " and ".join([*terms, *([f"({own})"] if own else [])])
            i += 1
    return " or ".join(f"({g})" for g in phases), guards


def _after_landing(phase: Any) -> bool:
    """Whether ``phase``'s if: fails when no piece landed this turn (a ``line_formed`` or a
    ``landed`` that is not negated), so a turn passed over never reaches it."""
    return any(c.keyword in ("line_formed", "landed") and not c.negated
               for c in phase.conditions)


def _hands(game: CompiledGame) -> list[str]:
    """The slots of the players' hands (``pieces.<kind>.hand``), fields of the state."""
    found = []
    for kind in game.piece_kinds:
        spec = game.spec.pieces[kind]
        if spec.hand:
            found += [hand_slot_name(str(p), kind) for p in game.players]
    return found


def plan_of(game: CompiledGame) -> Plan:
    """The pieces of ``game``'s kernels; ``Unsupported`` with the reason if there are none."""
    moves_phase = plugins("phases")["moves"]
    if game.spec.stacks is not None:
        raise Unsupported("stacks (stacks:): the kernels hold one piece a cell in their "
                          "bitboards and have no stack encoding yet")

    if game.spec.returns is not None:
        raise Unsupported("returns: the kernels score a win 1, a loss -1 and a draw 0")
    if game.spec.turn_order != "rotate":
        raise Unsupported(f"turn order {game.spec.turn_order!r} (only rotate)")
    setups = _setups(game)
    # The blocks as the file wrote them (a restricted phase's restrictions are pieces below).
    phases: list[Any] = [p.block for p in game.turn_phases]
    chance = _chance(phases)
    first, *rest = phases[1:] if chance is not None else phases
    whole = getattr(_deciding_piece(first), "WHOLE_PHASE", False)
    if whole:  # the phase is its own decision (race): its piece is the one option
        _check_whole(first, rest, chance)
    elif not isinstance(first, moves_phase) or not first.decides:
        raise Unsupported(f"the phase {first.name!r} ({first.keyword}): the turn must begin "
                          "with a moves phase (or a preset of one)" +
                          (", after its chance phase" if chance is not None else ""))
    else:
        check_params(first.keyword, first.expand(first.params), MOVES_PARAMS)
    if first.skip_when_impossible:
        raise Unsupported(f"the phase {first.name!r} is passed over when impossible")
    if chance is not None and not whole:
        raise Unsupported(f"a chance phase before the moves phase {first.name!r} (the kernels "
                          "play chance before a phase whose piece is its whole decision, "
                          "race)")
    # Moves phases chosen by their if: (place / move / fly): at most one plays in a turn.
    alternatives = [first]
    for phase in rest:
        if not _alternative(phase, alternatives, moves_phase):
            break
        alternatives.append(phase)
    choices: list[Piece] = []
    folded_guards: list[tuple[Piece, Any]] = []  # a folded choice's phase with an if:
    grouped: list[Any] = []  # deciding phases whose one piece folds them all (promote)
    sequence: list[Any] = []  # later moves phases, each its own action (Adaptoid's build)
    for phase in rest[len(alternatives) - 1:]:
        if sequence and phase.decides:  # after one such phase, only such phases
            sequence.append(_sequenced(phase, moves_phase))
            continue
        fold = _folded_option(phase, moves_phase, len(alternatives))
        if fold is not None:  # a moves phase of one choice folded into the move (rotate)
            choices.append(fold)
            if phase.conditions:
                folded_guards.append((fold, phase))
            continue
        if phase.decides and getattr(_deciding_piece(phase), "GROUPS", False):
            _check_grouped(phase, grouped, choices)
            grouped.append(phase)
            continue
        if phase.decides and isinstance(phase, moves_phase) and not choices and not grouped:
            sequence.append(_sequenced(phase, moves_phase))
            continue
        if phase.decides:
            folded = {k: u for k, u in _with_piece("phases", decides=True).items()
                      if not getattr(twin(u, "native"), "WHOLE_PHASE", False)}
            if phase.index != 1 or phase.keyword not in folded:
                raise Unsupported(f"a second deciding phase, {phase.name!r} "
                                  f"({phase.keyword}; a choice folded into the move exists "
                                  f"for {', '.join(sorted(folded))}, right after the "
                                  "moves phase)")
            choices.append(_piece("phases", phase.keyword, "the phase", True)(phase,
                                                                              phase.index))
    if grouped:
        choices.append(_deciding_piece(grouped[0])(grouped, grouped[0].index))
    _check_goal_checks(game, first, sequence)
    if sequence:
        _check_sequence(first, alternatives, game)
    options: list[Any] = [first] if whole else [o for phase in [*alternatives, *sequence]
                                                 for o in phase.options]
    moves = [_deciding_piece(first)(first, 0)] if whole else [
        _piece("moves", o.keyword, "the move primitive")(o, i) for i, o in enumerate(options)]
    if sequence and (any(getattr(m, "chains", False) for m in moves)
                     or game.spec.no_legal_move == "pass"):  # (chance: refused above)
        raise Unsupported("several deciding phases in the turn beside chains of hops or "
                          "no_legal_move: pass")
    for o, piece in zip(options, moves, strict=True):
        if getattr(piece, "FOLDS", False):
            raise Unsupported(f"{o.keyword} in the turn's first phase (its piece is a choice "
                              "folded into the move before it, in a phase of its own)")
    automatic = [(i, p) for i, p in enumerate(rest, start=1) if not p.decides]
    before = sum(1 for i, _ in automatic if grouped and i < grouped[0].index)
    # In a chain the kernels list the hops on under the options' guards, which hold the
    # phases' if:s: those must read what a hop cannot change, the round alone (Konane).
    if alternatives[1:] and any(getattr(m, "chains", False) for m in moves) and not all(
            c.rounds() is not None for p in alternatives for c in p.conditions):
        raise Unsupported("a chain of hops in moves phases chosen by if:s that read more "
                          "than the round (a hop may change what they read in the middle "
                          "of the chain)")
    consequences = [_piece("phases", p.keyword, "the phase", False)(p, i) for i, p in automatic]
    if any(getattr(c, "FINISHES", False) for c in consequences[:before]):
        raise Unsupported("a phase that may end the game before a choice folded into the move")
    goals = [_piece("goals", g.keyword, "the goal")(g, i) for i, g in enumerate(game.goals)]
    conditions: list[Piece] = []

    def guard(block: Any, prefix: str) -> str:
        pieces = [_piece("conditions", c.keyword, "the condition")(c, f"{prefix}c{j}_")
                  for j, c in enumerate(block.conditions)]
        conditions.extend(pieces)
        return guard_of(pieces, block.conditions) if pieces else ""

    option_guards = [""] if whole else [guard(o, f"o{i}") for i, o in enumerate(options)]
    option_then = [[] if whole else [
        (_piece("phases", c.keyword, "the consequence", False)(c, f"o{i}t{j}"),
         guard(c, f"o{i}t{j}")) for j, c in enumerate(o.consequences)]
                   for i, o in enumerate(options)]
    if sequence:  # an option is listed in its own phase alone (the PHASE word)
        deciding = [d for d, phase in enumerate([first, *sequence]) for _ in phase.options]
        option_guards = [" and ".join([f"st[PHASE] == U64({d})", *([f"({g})"] if g else [])])
                         for d, g in zip(deciding, option_guards, strict=True)]
    sequence_guards = [guard(p, f"s{k}") for k, p in enumerate(sequence, start=1)]
    goal_guards = [guard(g, f"g{i}") for i, g in enumerate(game.goals)]
    consequence_guards = [guard(p, f"p{i}") for i, p in automatic]
    phase_guard = guard(first, "f")
    if alternatives[1:]:
        phase_guard, option_guards = _chosen(alternatives, phase_guard, option_guards,
                                             [guard(p, f"f{k}") for k, p in
                                              enumerate(alternatives[1:], start=1)])
    for piece, phase in folded_guards:  # its if:, read after the move (line_formed)
        piece.guard = guard(phase, f"{piece.prefix}f")  # type: ignore[attr-defined]
    if (phase_guard and choices and not all(
            _after_landing(phase) for _, phase in folded_guards)) or \
            (phase_guard and len(folded_guards) < len(choices)):
        raise Unsupported(f"the phase {first.name!r} has an if: beside a choice folded into "
                          "the move (only a choice whose own if: needs a piece landed this "
                          "turn, line_formed or landed, is never the decision of a turn "
                          "whose moves are passed over)")
    if any(not getattr(c, "skips", True) for c in choices) and \
            game.spec.no_legal_move == "pass":
        raise Unsupported("a removal folded into the move, which may find nothing to take, "
                          "beside no_legal_move: pass (the mover would pass within the turn)")
    hands = _hands(game)
    for m in moves:  # a placement out of a hand: only while it holds one
        if m.hand >= 0:
            held = f"st[HAND[{m.hand} * S + side]] != ZERO"
            i = m.index
            option_guards[i] = f"{held} and {option_guards[i]}" if option_guards[i] else held
    result_guard = guard(game.result, "r") if game.result else ""
    result = _piece("results", game.result.keyword if game.result else "draw",
                    "the result")(game.result)
    skippable = any(getattr(p, "skip", None) is not None for p in [first, *sequence])
    if alternatives[1:] and (skippable or game.restrictions):
        raise Unsupported("moves phases chosen by their if: beside an optional phase or a "
                          "restriction")
    restrictions = []
    for i, rule in enumerate(game.restrictions):
        if not rule.applies_to(first.name):
            raise Unsupported(f"the restriction {rule.keyword!r} on a phase other than the "
                              "moves phase")
        restrictions.append(_piece("restrictions", rule.keyword, "the restriction")(
            rule, i, moves, skippable))
    _check_mix(restrictions, choices, moves, skippable)
    then = [piece for pieces in option_then for piece, _ in pieces]
    every: list[Piece] = [*moves, *consequences, *goals, result, *restrictions, *choices,
                          *conditions, *then, *([chance] if chance is not None else []),
                          *(s for s in setups if s is not None)]
    helpers = list({h.prefix: h for p in every for h in getattr(p, "helpers", ())}.values())
    width = Masks(game.board.size).width
    for piece in (*every, *helpers):
        if width > 1 and not piece.WIDE:
            raise Unsupported(f"the board has {game.board.size} cells (masks of {width} "
                              f"64-bit words) and the kernel piece of "
                              f"{piece.keyword or type(piece).__name__!r} is written for one "
                              "word, so for boards of at most 64 cells")
    # The declared slots: each must be some piece's (it reads and writes the field).
    claimed = {name for p in every for name in getattr(p, "SLOTS", ())}
    piled = {pile_slot_name(kind, cell) for kind in piled_kinds(game)
             for cell in game.board.names}  # in their regions, not fields of their own
    # A view's records of the moves each player saw feed observations, which no kernel
    # makes (nor reads): the compact state leaves them out.
    remembered = {moves_slot(p).name for p in game.players} if game.spec.view else set()
    extra = [s.name for s in game.slots.slots
             if s.name not in KNOWN_SLOTS | piled | remembered]
    for name in extra:
        if name not in claimed and name not in hands:
            raise Unsupported(f"the state slot {name!r}, which the compact state lacks")
    raw: int = getattr(moves[0], "most", 0) if whole else \
        sum(len(phase.action_space()) for phase in alternatives) + 1
    if chance is not None:
        raw = max(raw, chance.outcomes)  # type: ignore[attr-defined]
    most = max([1, *(_most(c) for c in choices)])
    return Plan(game, moves, consequences, goals, result, skippable=skippable,
                max_moves=raw * most, restrictions=restrictions, choices=choices,
                helpers=helpers, slots=extra, raw_moves=raw,
                plain=[not whole and plain_move(o) and not o.consequences for o in options],
                conditions=conditions, option_guards=option_guards, option_then=option_then,
                goal_guards=goal_guards, consequence_guards=consequence_guards,
                regions=[*counters_region(game),
                         *(p.REGION for p in every if hasattr(p, "REGION")),
                         *([("PHASE", 1)] if sequence else []),
                         # The setup step under way, its actions so far, the seat of side 0.
                         *([("SETUP", 1), ("SETUP_ACTIONS", 1), ("SEATS", 1)] if setups
                           else [])],
                phase_guard=phase_guard, result_guard=result_guard, options=options,
                deciders=alternatives, hands=hands, before=before, chance=chance,
                sequence=sequence, sequence_guards=sequence_guards,
                automatic=[p for _, p in automatic], turn=[first, *rest], setups=setups,
                whole=whole, goal_checked=bool(game.goal_check_phases),
                history=next((p.REGION[0] for p in every
                              if hasattr(p, "REGION") and getattr(p, "HISTORY", False)), ""))


def _setups(game: CompiledGame) -> list[Piece | None]:
    """The pieces of the setup steps when the players decide some (None for a step that
    decides nothing, whose ``prepare`` the initial state has already run), else []."""
    if not any(s.decides for s in game.setups):
        return []
    if game.beginning:
        raise Unsupported(f"a setup step the players decide beside the phase "
                          f"{game.beginning[0].name!r}, which writes something down when "
                          "play begins")
    return [_piece("setups", s.keyword, "the setup step")(s, i) if s.decides else None
            for i, s in enumerate(game.setups)]


def _chance(phases: list[Any]) -> Piece | None:
    """The piece of the turn's chance phase (a roll), which must come first; None when
    the turn has none."""
    later = [p for p in phases[1:] if p.chance]
    if later:
        raise Unsupported(f"the chance phase {later[0].name!r} after the turn's first phase "
                          "(the kernels draw chance when a turn begins)")
    if not phases[0].chance:
        return None
    if phases[0].conditions:
        raise Unsupported(f"the chance phase {phases[0].name!r} with an if:")
    found: Piece = _piece("phases", phases[0].keyword, "the chance phase")(phases[0], 0)
    return found


def _check_goal_checks(game: CompiledGame, first: Any, sequence: list[Any]) -> None:
    """Goals checked inside the turn (``goal_checks``): after the deciding phase, or, in a
    turn of several deciding phases one after the other, after any phase."""
    for index in sorted(game.goal_check_phases):
        phase = game.turn_phases[index].block
        if phase is not first and not sequence:
            raise Unsupported(f"goal checks after the phase {phase.name!r} (the kernels "
                              f"check the goals inside a turn after {first.name!r} alone)")
    if game.goal_check_phases and any(getattr(g, "keeps_trail", False) for g in game.goals):
        raise Unsupported("goal checks inside the turn beside a goal that reads the "
                          "game's history")


def _sequenced(phase: Any, moves_phase: Any) -> Any:
    """``phase``, a deciding phase after the first that is its own action in the turn (a
    moves phase, or a preset of one), checked; else Unsupported."""
    if not isinstance(phase, moves_phase):
        raise Unsupported(f"the deciding phase {phase.name!r} ({phase.keyword}) after a moves "
                          "phase played as its own action (only moves phases follow one)")
    check_params(phase.keyword, phase.expand(phase.params), MOVES_PARAMS)
    return phase


def _check_sequence(first: Any, alternatives: list[Any], game: CompiledGame) -> None:
    """Refuse what deciding phases played one after the other are not played with."""
    if alternatives[1:]:
        raise Unsupported("moves phases chosen by their if: beside later deciding phases")
    if game.restrictions:
        raise Unsupported(f"the restriction {game.restrictions[0].keyword!r} beside several "
                          "deciding phases in the turn")
    if first.conditions:
        raise Unsupported(f"the phase {first.name!r} has an if: beside later deciding phases")


def _check_whole(first: Any, rest: list[Any], chance: Piece | None) -> None:
    """Refuse what a phase that is its own decision (race) is not played with."""
    for phase in rest:
        if phase.decides:
            raise Unsupported(f"the deciding phase {phase.name!r} after {first.name!r} (the "
                              "kernels fold no choice into a move of a whole phase)")
    if chance is None:
        raise Unsupported(f"the phase {first.name!r} ({first.keyword}) without a chance "
                          "phase before it")


def _most(choice: Piece) -> int:
    """How many moves a folded choice makes of one (its ``most``, else its choices)."""
    return getattr(choice, "most", None) or len(choice.choices)  # type: ignore[attr-defined]


def counters_region(game: CompiledGame) -> list[tuple[str, int]]:
    """The words of the game's counters (``counters:``), one per side and counter:
    ``st[COUNTERS + side * C + counter]``, an int64 kept in its uint64 word; and of each
    kind kept in piles (``pieces.<kind>.piles``), one per cell: ``st[PILE<k> + cell]``,
    ``k`` the kind's index (``pile_field``)."""
    found = [("COUNTERS", len(game.players) * len(game.counters))] if game.counters else []
    if game.attributes:  # a word per cell for each attribute (``attribute_field``)
        found.append(("ATTRS", len(game.attributes) * game.board.size))
    return found + [(pile_field(game, kind), game.board.size) for kind in piled_kinds(game)]


def _check_mix(restrictions: list[Piece], choices: list[Piece], moves: list[PrimitivePiece],
               skippable: bool) -> None:
    """Refuse what the two ways of vetting moves do not do together."""
    trials = [r for r in restrictions if getattr(r, "TRIAL", False)]
    if trials and len(trials) < len(restrictions):
        raise Unsupported("a restriction judged move by move (royal) beside one judged on "
                          "the whole list of moves (compulsory)")
    if (trials or choices) and any(getattr(m, "chains", False) for m in moves):
        raise Unsupported("chains of hops beside a restriction judged move by move or a "
                          "choice folded into the move")
    if trials and skippable:
        raise Unsupported("a restriction judged move by move on an optional phase")
    if choices and restrictions and not trials:
        raise Unsupported("a choice folded into the move beside a restriction on the whole "
                          "list of moves")


def supported() -> dict[str, tuple[str, ...]]:
    """Every keyword with a native piece, by kind of block (for messages and docs): the
    units whose ``native`` names one, read from the registry."""
    return {"move primitives": tuple(_with_piece("moves")),
            "consequences": tuple(_with_piece("phases", decides=False)),
            "goals": tuple(_with_piece("goals")), "results": tuple(_with_piece("results")),
            "restrictions": tuple(_with_piece("restrictions")),
            "choices": tuple(_with_piece("phases", decides=True))}


def support_of(game: CompiledGame) -> str | None:
    """None when the native backend plays ``game``, else why not (for people)."""
    try:
        plan_of(game)
    except Unsupported as exc:
        return str(exc)
    return None


# The module ----------------------------------------------------------------------------
HEADER = '''\
# Generated by boardspec's native backend (framework/native/assemble.py), assembled from
# the kernel pieces of a game's blocks; do not edit. Nothing a game file says is
# written here: only names the generator makes and numbers.
import numpy as np
from numba import njit, prange

from framework.native.runtime import (ONE, U64, ZERO, below, copy_into, count, high, low,
                                      rng_next, seeded)

'''

#: The header of a board over 64 cells: masks of ``W`` words (``framework/native/wide.py``),
#: and the few functions that read and write them, written out for the width.
WIDE_HEADER = '''\
# Generated by boardspec's native backend (framework/native/assemble.py), assembled from
# the kernel pieces of a game's blocks; do not edit. Nothing a game file says is
# written here: only names the generator makes and numbers.
import numpy as np
from numba import njit, prange

from framework.native.runtime import ONE, U64, ZERO, below, copy_into, rng_next, seeded
from framework.native.wide import Wide, wmake, wtest
from framework.native.wide import wcount as count
from framework.native.wide import whigh as high
from framework.native.wide import wlow as low

W = {width}


@njit(cache=True, inline='always')
def mget(st, i):
    return wmake(({get}))


@njit(cache=True, inline='always')
def mset(st, i, m):
    x = m.w
{put}


@njit(cache=True, inline='always')
def mrow(t, i):
    return wmake(({row}))


@njit(cache=True, inline='always')
def wbit(c):
    b = ONE << U64(c & 63)
    q = c >> 6
    return wmake(({bit}))

'''

ENGINE = '''
{masks}

@njit(cache=True, inline='always')
def finish(st, winners):
    st[WINNERS] = TERM | U64(winners)
    st[MUST_PASS] = ZERO


@njit(cache=True, inline='always')
def pass_turn(st):{phase_reset}
    st[HALFMOVE] = ZERO if st[RESET] else st[HALFMOVE] + ONE
    side = np.int64(st[TO_MOVE])
    st[LAST_MOVER] = U64(side){again}
    after = (side + 1) % S
    if after == 0:
        st[FULLMOVE] += ONE
    st[TO_MOVE] = U64(after)


@njit(cache=True, inline='always')
def can_act(st, side):
    """Whether ``side`` would have a move at the start of its turn (its phase's if:)."""
    return phase_on(st, side) and has_moves(st, side)


@njit(cache=True, inline='always')
def end_of_turn(st):
    """The goals, then the turn's slots reset once the goals have seen how it ended (as
    the engine); whether a goal ended the game."""
    ended = check_goals(st)
    st[RESET] = ZERO
    st[LANDED] = ZERO
    st[CHAIN] = ZERO
    reset_slots(st)
    return ended


@njit(cache=True)
def start_turn(st):
    """The deciding phase of the player to move: an action, a forced pass, or the end.
    A turn whose moves phase's if: fails is passed over, as the engine passes it: the
    consequences run, the game ends when no other side could act, else the turn passes."""
    side = np.int64(st[TO_MOVE]){chance_start}
    while not phase_on(st, side):
        before_choice(st, side)
        consequences(st, side)
        other = False
        for s in range(S):
            if s != side and can_act(st, s):
                other = True
        if not other:
            finish(st, r_score(st))
            return
        pass_turn(st)
        if end_of_turn(st):
            return
        side = np.int64(st[TO_MOVE])
    if has_moves(st, side):
        return
    if PASSES:
        for s in range(S):
            if s != side and can_act(st, s):
                st[MUST_PASS] = ONE
                return
    if LOSES:  # every other side shares the win
        finish(st, ((np.int64(1) << S) - 1) & ~(np.int64(1) << side))
        return
    if WINS:
        finish(st, np.int64(1) << side)
        return
    finish(st, r_score(st))


@njit(cache=True)
def make_move(st, mv):
    """``State.apply_unchecked`` on the compact state, in place."""{setup_move}
    side = np.int64(st[TO_MOVE])
    st[LAST_MOVER] = U64(side){chance_move}
    if mv == PASS:
        st[MUST_PASS] = ZERO
    else:
        apply_option(st, side, mv)
        if st[CHAIN] != ZERO:  # a chain of hops: the same player decides again
            return{after_decision}
        before_choice(st, side)
        choose(st, side, mv >> CHOICE_SHIFT)
        consequences(st, side){finished}
    pass_turn(st)
    if not end_of_turn(st):
        start_turn(st)


@njit(cache=True, inline='always')
def legal_moves(st, buf):
    if st[WINNERS] != ZERO:
        return 0
    if st[MUST_PASS] != ZERO:
        buf[0] = PASS
        return 1{setup_legal}{chance_legal}
    return gen_moves(st, np.int64(st[TO_MOVE]), buf)


@njit(cache=True)
def count_legal(st):
    if st[WINNERS] != ZERO:
        return 0
    if st[MUST_PASS] != ZERO:
        return 1{setup_count}{chance_count}
    if CHAINS and st[CHAIN] != ZERO:
        return gen_moves(st, np.int64(st[TO_MOVE]), np.empty(MAXM, np.int64))
    return count_moves(st, np.int64(st[TO_MOVE]))


@njit(cache=True)
def perft(st, depth):
    """Leaves of the move tree (libataxx conventions), with an explicit stack and the last
    ply counted, not played."""
    if depth == 0:
        return 1
    if st[WINNERS] != ZERO:
        return 0
    if depth == 1:
        return count_legal(st)
    stack = np.empty((depth, L), np.uint64)
    moves = np.empty((depth, MAXM), np.int64)
    found = np.zeros(depth, np.int64)
    next_ = np.zeros(depth, np.int64)
    copy_state(stack[0], st)
    found[0] = legal_moves(stack[0], moves[0])
    level = 0
    total = 0
    while level >= 0:
        if next_[level] >= found[level]:
            level -= 1
            continue
        mv = moves[level, next_[level]]
        next_[level] += 1
        child = stack[level + 1]
        copy_state(child, stack[level])
        make_move(child, mv)
        if level + 2 == depth:
            total += count_legal(child)
        elif child[WINNERS] == ZERO:
            level += 1
            found[level] = legal_moves(child, moves[level])
            next_[level] = 0
    return total


@njit(cache=True)
def perft_turns(st, depth):
    """``perft`` counted in whole turns (a chain of hops is one turn, as the published
    draughts counts and ``framework.engine.turns.perft_turns`` count): a level of the
    stack is an action, and the depth left goes down when the turn is over."""
    if depth == 0:
        return 1
    if st[WINNERS] != ZERO:
        return 0
    if MAXCHAIN == 1:  # every turn is one action: perft's tree, its last ply counted
        return perft(st, depth)
    levels = depth * MAXCHAIN + 1
    stack = np.empty((levels, L), np.uint64)
    moves = np.empty((levels, MAXM), np.int64)
    found = np.zeros(levels, np.int64)
    next_ = np.zeros(levels, np.int64)
    left = np.zeros(levels, np.int64)
    copy_state(stack[0], st)
    found[0] = legal_moves(stack[0], moves[0])
    left[0] = depth
    level = 0
    total = 0
    while level >= 0:
        if next_[level] >= found[level]:
            level -= 1
            continue
        mv = moves[level, next_[level]]
        next_[level] += 1{deep}
        child = stack[level + 1]
        copy_state(child, stack[level])
        make_move(child, mv)
        rest = left[level]
        if child[CHAIN] == ZERO{turn_over}:
            rest -= 1
            if rest == 0:
                total += 1
                continue
            if child[WINNERS] != ZERO:
                continue
        level += 1
        left[level] = rest
        found[level] = legal_moves(child, moves[level])
        next_[level] = 0
    return total


@njit(cache=True, parallel=True)
def perft_parallel(st, depth):
    """``perft``, the subtrees of the root's moves spread over the cores."""
    if depth <= 1:
        return perft(st, depth)
    buf = np.empty(MAXM, np.int64)
    n = legal_moves(st, buf)
    counts = np.zeros(n, np.int64)
    for i in prange(n):
        child = st.copy()
        make_move(child, buf[i])
        counts[i] = perft(child, depth - 1)
    return counts.sum()


@njit(cache=True)
def divide(st, depth, buf, counts):
    """Per legal move (written into ``buf``), the perft of ``depth - 1`` below it."""
    n = legal_moves(st, buf)
    for i in range(n):
        child = st.copy()
        make_move(child, buf[i])
        counts[i] = perft(child, depth - 1)
    return n


@njit(cache=True)
def playouts(st, games, seed, max_plies, winners):
    """Uniformly random games from ``st``: per game the winners (the mask of sides; -1
    when stopped at ``max_plies``) into ``winners``; returns the plies played."""
    x = seeded(seed)
    buf = np.empty(MAXM, np.int64)
    cur = np.empty(L, np.uint64)
    plies = 0
    for g in range(games):
        copy_state(cur, st)
        played = 0
        while cur[WINNERS] == ZERO and played < max_plies:
            x, mv = random_move(cur, x, buf)
            make_move(cur, mv)
            played += 1
        plies += played
        winners[g] = np.int64(cur[WINNERS] & ~TERM) if cur[WINNERS] != ZERO else -1
    return plies


@njit(cache=True, parallel=True)
def playouts_parallel(st, games, seed, max_plies, winners):
    """``playouts`` in one chunk per core (each with a generator of its own)."""
    chunks = 64
    plies = np.zeros(chunks, np.int64)
    for c in prange(chunks):
        lo = games * c // chunks
        hi = games * (c + 1) // chunks
        plies[c] = playouts(st, hi - lo, seed * chunks + c, max_plies, winners[lo:hi])
    return plies.sum()


@njit(cache=True)
def rollout_values(st, games, seed, plies, weights, mobility, scale, out):
    """Per side, the mean over ``games`` random rollouts of at most ``plies`` plies of the
    result (1, -1, 0) or, unfinished, the evaluation squashed into (-1, 1) by tanh: the
    weighted pieces and the mobility of each side, relative to the others (the terms of
    ``framework.agents.evaluation.Evaluator``)."""
    x = seeded(seed)
    buf = np.empty(MAXM, np.int64)
    cur = np.empty(L, np.uint64)
    scores = np.zeros(S)
    for s in range(S):
        out[s] = 0.0
    for g in range(games):
        copy_state(cur, st)
        played = 0
        while cur[WINNERS] == ZERO and played < plies:
            x, mv = random_move(cur, x, buf)
            make_move(cur, mv)
            played += 1
        if cur[WINNERS] != ZERO:
            w = np.int64(cur[WINNERS] & ~TERM)
            for s in range(S):
                if w != 0:
                    out[s] += 1.0 if (w >> s) & 1 else -1.0
            continue
        side_scores(cur, weights, mobility, scores)
        for s in range(S):
            out[s] += np.tanh(relative(scores, s) / scale)
    for s in range(S):
        out[s] /= games


@njit(cache=True, inline='always')
def side_scores(cur, weights, mobility, scores):
    """Each side's weighted pieces and mobility (``Evaluator._scores``)."""
    for s in range(S):
        v = 0.0
        for k in range(K):
            v += weights[k] * count({pieces})
        if mobility != 0.0:
            v += mobility * {mobility_count}(cur, s){distance_terms}
        scores[s] = v


@njit(cache=True, inline='always')
def relative(scores, side):
    """A side's score less the others', summed in seat order (``evaluation._relative``)."""
    rel = 0.0
    for o in range(S):
        rel += scores[o] if o == side else -scores[o]
    return rel


@njit(cache=True)
def evaluation(cur, side, weights, mobility):
    """``Evaluator``'s value of a position not finished, for ``side`` (not squashed)."""
    scores = np.empty(S)
    side_scores(cur, weights, mobility, scores)
    return relative(scores, side)


@njit(cache=True)
def random_game(st, seed, max_plies, record):
    """One random game played on ``st`` in place, its moves written into ``record``;
    returns the number of plies."""
    x = seeded(seed)
    buf = np.empty(MAXM, np.int64)
    played = 0
    while st[WINNERS] == ZERO and played < max_plies:
        x, mv = random_move(st, x, buf)
        record[played] = mv
        make_move(st, mv)
        played += 1
    return played
'''


#: In ``make_move``, when a consequence may end the game (``FINISHES``): the turn stops
#: there, as ``State._continue_turn`` returns once a phase has finished the game.
_FINISHED = """
        if st[WINNERS] != ZERO:
            return"""


#: In ``pass_turn``, when a block may give the mover the next turn too (``again``): the
#: side to move and the round stay, as ``State._pass_turn`` reads the slot before the
#: turn's slots are reset. The field's name is filled in.
_AGAIN = """
    if st[{field}] != ZERO:  # the mover plays again
        return"""
#: In ``perft_turns`` then: a turn of more actions than the stack has levels for (a
#: player's turns after ``again`` have no bound the assembler knows beyond ``MAXCHAIN``)
#: stops the count rather than write past the stack.
_DEEP = """
        if level + 1 >= levels:
            raise ValueError("perft_turns: a turn of more actions than MAXCHAIN")"""
#: In ``perft_turns`` then: a turn is over when the game is, or the side to move or the
#: round has changed (``framework.engine.turns.turn_key``), not after every action.
_TURN_OVER = (" and (child[WINNERS] != ZERO or child[TO_MOVE] != stack[level, TO_MOVE] or "
              "child[FULLMOVE] != stack[level, FULLMOVE])")


def _engine(m: Masks, finishes: bool = False, again: str = "", to_hand: bool = False,
            history: bool = False, attributes: int = 0, cells: int = 0,
            turns_vary: bool = False) -> str:
    """The engine's turn flow, its mask bookkeeping spelled for the board's width
    (``again``: the field of the slot that keeps the turn with the mover, if any;
    ``to_hand``: a captured piece goes into its captor's hand, ``CAPTURED_AS``;
    ``attributes``: how many numbers each cell keeps, which go with a piece that moves
    and are cleared with one taken off, as ``State.move_piece`` and ``remove`` do)."""
    bit = m.bit
    cleared = [f"    for a in range({attributes}):",
               f"        st[ATTRS + a * {cells} + c] = ZERO"] if attributes else []
    carried = [f"    for a in range({attributes}):",
               f"        st[ATTRS + a * {cells} + dst] = st[ATTRS + a * {cells} + src]",
               f"        st[ATTRS + a * {cells} + src] = ZERO"] if attributes else []
    # A piece taken by the mover (``framework.engine.supply.capture``): into the mover's
    # hand as the kind its own kind names, else out of the game.
    into_hand = ["    for k in range(K):", f"        if {m.test(m.get('KINDS + k'), 'c')}:",
                 "            h = CAPTURED_AS[k]", "            if h >= 0:",
                 "                st[HAND[h * S + side]] += ONE", "            break"]
    capture = ["@njit(cache=True, inline='always')", "def capture(st, c, side):",
               *(into_hand if to_hand else []), "    remove(st, c)", "", "",
               # A state copied or compared whole, but for the part of a history not
               # written yet (whatever those words hold).
               "@njit(cache=True, inline='always')", "def written(st):",
               f"    return {'HEAD + np.int64(st[HEAD]) + 1' if history else 'L'}", "", "",
               "@njit(cache=True, inline='always')", "def copy_state(dst, src):",
               "    for i in range(written(src)):", "        dst[i] = src[i]", "", "",
               "@njit(cache=True, inline='always')", "def same_state(a, b):",
               "    for i in range(written(a)):", "        if a[i] != b[i]:",
               "            return False", "    return True", "", ""]
    masks = "\n".join([
        "@njit(cache=True, inline='always')", "def place(st, c, side, kind):",
        f"    bit = {bit('c')}", f"    {m.update('side', '|', 'bit')}",
        f"    {m.update('KINDS + kind', '|', 'bit')}", "", "",
        "@njit(cache=True, inline='always')", "def remove(st, c):",
        f"    clear = ~({bit('c')})", "    for i in range(S + K):",
        f"        {m.update('i', '&', 'clear')}", *cleared, "", "", *capture,
        "@njit(cache=True, inline='always')", "def move_piece(st, src, dst):",
        f"    bit = {bit('src')}", f"    both = bit | ({bit('dst')})",
        *(line for span in ("S", "KINDS, KINDS + K") for line in (
            f"    for i in range({span}):", f"        if {m.get('i')} & bit:",
            f"            {m.update('i', '^', 'both')}", "            break")),
        *carried, "", "", "@njit(cache=True, inline='always')", "def masks(st, side):",
        f"    occupied = {m.get('GAPS')}", f"    enemy = {m.zero}", "    for s in range(S):",
        f"        occupied |= {m.get('s')}", "        if s != side:",
        f"            enemy |= {m.get('s')}",
        f"    return {m.get('side')}, enemy, ALL & ~occupied", ""])
    pieces = f"{m.get('s', 'cur')} & {m.get('KINDS + k', 'cur')}"
    return ENGINE.replace("{masks}", masks).replace("{pieces}", pieces).replace(
        "{finished}", _FINISHED if finishes else "").replace(
        "{again}", _AGAIN.replace("{field}", again) if again else "").replace(
        "{turn_over}", _TURN_OVER if again or turns_vary else "").replace(
        "{deep}", _DEEP if again or turns_vary else "")


def _header(plan: Plan) -> str:
    m = plan.masks
    if not m.wide:
        return HEADER
    w = m.width
    return WIDE_HEADER.format(
        width=w,
        get="".join(f"st[i * {w} + {j}], " for j in range(w)),
        row="".join(f"t[i * {w} + {j}], " for j in range(w)),
        put="\n".join(f"    st[i * {w} + {j}] = x[{j}]" for j in range(w)),
        bit="".join(f"b if q == {j} else ZERO, " for j in range(w)))


def _most_actions(plan: Plan) -> int:
    """How many actions ``perft_turns`` makes room for in one turn."""
    size = plan.game.board.size
    if plan.chance is not None:  # the roll, a play, a double's second play
        return 3
    if plan.sequence:  # an action per deciding phase
        return 1 + len(plan.sequence)
    if plan.again:
        return max(size + 1, plan.game.spec.max_plies or 0)
    return size + 1 if plan.chaining else 1


def source_of(plan: Plan) -> str:
    """The module of ``plan``'s kernels."""
    game = plan.game
    m = plan.masks
    lines = [_header(plan)]
    everywhere = (f"Wide({tuple(m.words(game.board.all_mask))})" if m.wide
                  else f"U64({game.board.all_mask})")
    for name, index in plan.layout().items():
        lines.append(f"{name} = {index}")
    lines += [f"S = {plan.sides}", f"K = {plan.kinds}",
              f"ALL = {everywhere}",
              f"TERM = U64({1 << 63})",
              *(f"{name} = {code}" for name, code in plan.codes.items()
                if name != "CHOICE_SHIFT"),
              f"MAXM = {plan.max_moves}", f"CHAINS = {bool(plan.chaining)}",
              # A chain captures a piece a hop, so it has at most a board's cells of hops;
              # the mover's turns after ``again`` are counted as one turn, as long as a
              # board's cells or the game's max_plies (perft_turns stops beyond).
              f"MAXCHAIN = {_most_actions(plan)}",
              *([f"C = {len(game.counters)}"] if game.counters else []),
              f"RAW = {plan.raw_moves}", f"CHOICE_SHIFT = {m.choice_shift}",
              f"PASSES = {game.spec.no_legal_move == 'pass'}",
              f"LOSES = {game.spec.no_legal_move == 'lose'}",
              f"WINS = {game.spec.no_legal_move == 'win'}",
              f"TIE_LAST = {game.spec.tie_break == 'last_mover'}", ""]
    if plan.hands:  # per kind and side, the field of its hand (-1: not kept in hand)
        at = plan.layout()
        fields = [at[slot_field(game, hand_slot_name(str(p), kind))]
                  if game.spec.pieces[kind].hand else -1
                  for kind in game.piece_kinds for p in game.players]
        lines[-1:] = [f"HAND = np.array({fields}, dtype=np.int64)", ""]
    # Per kind, the kind a capture of it adds to the captor's hand (-1: out of the game).
    captured_as = limits(game).captured_as
    to_hand = any(k >= 0 for k in captured_as)
    if to_hand:
        lines[-1:] = [f"CAPTURED_AS = np.array({list(captured_as)}, dtype=np.int64)", ""]
    pieces: list[Piece] = [*plan.helpers, *plan.conditions, *plan.moves, *plan.consequences,
                           *(p for pieces in plan.option_then for p, _ in pieces),
                           *plan.goals, plan.result, *plan.restrictions, *plan.choices,
                           *([plan.chance] if plan.chance is not None else []),
                           *(s for s in plan.setups if s is not None)]
    for piece in pieces:
        for name, (values, dtype) in piece.tables.items():
            lines.append(f"{piece.prefix}{name} = np.array({values}, dtype=np.{dtype})")
    lines.append("")
    for piece in pieces:
        for function in piece.functions():
            lines += ["", function, ""]
    finishes = any(getattr(c, "FINISHES", False) for c in plan.consequences) or \
        any(getattr(c, "GUARDED", False) for c in plan.choices)
    engine = _engine(m, finishes, plan.again, to_hand, bool(plan.history),
                     len(game.attributes), game.board.size,
                     plan.chance is not None or bool(plan.sequence))
    for key, text in turn_hooks(plan).items():
        engine = engine.replace(key, text)
    lines += ["", *_game_functions(plan), *(sequence_functions(plan) if plan.sequence
                                            else []),
              *(setup_functions(plan) if plan.setups else []), *no_action_function(plan),
              engine]
    return "\n".join(lines) + "\n"


def _game_functions(plan: Plan) -> list[str]:
    """The functions that call every piece of one kind in the game's order."""
    gen, cnt, has = _vetted(plan) if plan.trials else _listed(plan)
    apply = ["@njit(cache=True, inline='always')", "def apply_option(st, side, mv):",
             *_decoded(plan.masks, "    "), f"    dst = mv & {plan.masks.cell_mask}"]
    if plan.chaining:  # a stop, or any move but a hop that can go on, ends the chain
        apply += ["    st[CHAIN] = ZERO"]
    # The chaining pieces that act when a chain is over (hop's removed: at_end).
    ending = [m for m in plan.chaining if getattr(m, "captured", "")]
    for m in plan.moves:
        apply += [f"    if opt == {m.index}:", f"        {m.prefix}apply(st, side, src, dst)"]
        if m.hand >= 0:  # the piece placed came out of the mover's hand
            apply.append(f"        st[HAND[{m.hand} * S + side]] -= ONE")
        for after, guard in plan.option_then[m.index]:  # the option's then:, in order
            apply += _when(guard, f"{after.prefix}run(st, side)", "        ")
        if m in plan.chaining:  # as Moves.apply: at the chain's end, Primitive.chain_over
            apply += ["        if can_hop_on(st, side, dst):",
                      "            st[CHAIN] = U64(dst + 1)"]
            if ending:
                apply += ["        else:", "            chain_over(st)"]
    # Slots kept up to date after every move of the phase (a castling right, a passed cell).
    upkept = [m for m in plan.moves if getattr(m, "UPKEEPS", False)]
    if upkept:
        apply.append(f"    if opt < {STOP_OPTION}:")
        apply += [f"        {m.prefix}upkeep(st, side, opt)" for m in upkept]
    apply.append("")
    if ending:
        apply += ["@njit(cache=True)", "def chain_over(st):",
                  *(f"    {m.prefix}chain_over(st)" for m in ending), ""]
    if plan.chaining:  # as Moves._can_hop_on: any chaining option, from the landing cell
        args = "st, side, own, enemy, empty"
        apply += ["@njit(cache=True)", "def can_hop_on(st, side, at):",
                  "    own, enemy, empty = masks(st, side)"]
        for m in plan.chaining:
            guard = plan.option_guards[m.index]
            apply += [f"    if {guard + ' and ' if guard else ''}{m.prefix}can_at({args}, at):",
                      "        return True"]
        apply += ["    return False", ""]
    choose = ["@njit(cache=True, inline='always')", "def choose(st, side, choice):"]
    choose += [f"    if choice:\n        {c.prefix}apply(st, side, choice - 1)"
               for c in plan.choices] or ["    return"]
    if any(getattr(c, "GUARDED", False) and not c.skips  # type: ignore[attr-defined]
           for c in plan.choices):
        # Its phase is due and there is nothing to take: the mover has no legal action
        # (State._no_legal_action; no_legal_move: pass is refused with such a choice),
        # unless the phase is passed over when impossible (when_impossible: skip).
        choose += [f"    elif {plan.choices[0].prefix}due(st, side):", "        if LOSES:",
                   "            finish(st, ((np.int64(1) << S) - 1) & ~(np.int64(1) << side))",
                   "        elif WINS:", "            finish(st, np.int64(1) << side)",
                   "        else:", "            finish(st, r_score(st))"]
    choose.append("")
    reset = ["@njit(cache=True, inline='always')", "def reset_slots(st):"]
    for name in plan.slots:
        slot = plan.game.slots.slots[plan.game.slots.index[name]]
        if slot.scope == "turn" and plan.slot_words(name) > 1:  # a wide mask's words
            words = plan.masks.words(slot.default)
            reset += [f"    st[{slot_field(plan.game, name)} + {j}] = U64({w})"
                      for j, w in enumerate(words)]
        elif slot.scope == "turn":
            reset.append(f"    st[{slot_field(plan.game, name)}] = "
                         f"U64({encoded(slot, slot.default)})")
    reset += ["    return", ""]
    # The automatic phases before the folded choice, then those after it.
    ahead = ["@njit(cache=True, inline='always')", "def before_choice(st, side):",
             *(line for step, guard in zip(plan.consequences[:plan.before],
                                           plan.consequence_guards[:plan.before], strict=True)
               for line in _when(guard, f"{step.prefix}run(st, side)", "    ")),
             "    return", ""]
    then = [*ahead, "@njit(cache=True, inline='always')", "def consequences(st, side):"]
    if any(getattr(c, "GUARDED", False) for c in plan.choices):
        then += ["    if st[WINNERS] != ZERO:  # the folded choice ended the game",
                 "        return"]
    later = list(zip(plan.consequences, plan.consequence_guards, strict=True))[plan.before:]
    for step, guard in later:
        then += _when(guard, f"{step.prefix}run(st, side)", "    ")
        if getattr(step, "FINISHES", False):  # the game ended there: no later phase runs
            then += ["    if st[WINNERS] != ZERO:", "        return"]
    if not later:
        then.append("    return")
    then.append("")
    goals = ["@njit(cache=True)", "def check_goals(st):", "    fired = False",
             "    scored = False", "    named = np.int64(0)"]
    # A history's record (the engine's trail) is written first, whatever the goals' if:.
    goals += [f"    {g.prefix}record(st)" for g in plan.goals if getattr(g, "RECORDS", False)]
    if any(plan.goal_guards):  # a goal's if: reads the position for the last mover
        goals.append("    side = np.int64(st[LAST_MOVER])")
    for g, guard in zip(plan.goals, plan.goal_guards, strict=True):
        if guard:
            goals += ["    f, sc, nm = False, False, np.int64(0)", f"    if {guard}:",
                      f"        f, sc, nm = {g.prefix}evaluate(st)"]
        else:
            goals.append(f"    f, sc, nm = {g.prefix}evaluate(st)")
        if getattr(g, "STANDS", False):  # its ending outranks every other goal's
            goals += ["    if f:", "        finish(st, r_score(st) if sc else nm)",
                      "        return True"]
            continue
        goals += ["    if f:", "        fired = True", "        scored = scored or sc",
                  "        named |= nm"]
    goals += ["    if not fired:", "        return False", "    winners = named",
              "    if scored:", "        winners |= r_score(st)",
              "    if count(U64(winners)) > 1 and named != 0:",
              "        winners = (np.int64(1) << np.int64(st[LAST_MOVER])) if TIE_LAST "
              "else np.int64(0)",
              "    finish(st, winners)", "    return True", ""]
    phase = ["@njit(cache=True, inline='always')", "def phase_on(st, side):",
             f"    return {plan.phase_guard or 'True'}", ""]
    score = ["@njit(cache=True, inline='always')", "def r_score(st):"]
    if plan.result_guard:  # the result's if:, for the player who moved last
        score += ["    side = np.int64(st[LAST_MOVER])", f"    if not ({plan.result_guard}):",
                  "        return np.int64(0)"]
    score += ["    return r_winners(st)", ""]
    return [*gen, *cnt, *has, *_random_move(plan), *apply, *choose, *reset, *then, *goals,
            *phase, *score]


def _listed(plan: Plan) -> tuple[list[str], list[str], list[str]]:
    """Generation, count and test when the moves are listed as the pieces make them, and
    then, if a restriction ``filter``s the whole list (``compulsory``), compacted; in a
    chain of hops only the hopping piece's hops (and its ``stop``)."""
    args = "st, side, own, enemy, empty"
    start = ["@njit(cache=True, inline='always')",
             f"def gen_start({args}, buf):", "    n = 0"]
    for m in plan.moves:
        start += _when(plan.option_guards[m.index], f"n = {m.prefix}gen({args}, buf, n)", "    ")
    if plan.skip_test:
        start += [f"    if {plan.skip_test}:", "        buf[n] = SKIP", "        n += 1"]
    elif plan.skippable:
        start += ["    buf[n] = SKIP", "    n += 1"]
    start += ["    return n", ""]
    filters = [f"    n = {r.prefix}filter(st, side, buf, n)" for r in plan.restrictions]
    # gen_raw: the phase's moves before the restrictions (a restriction may search
    # below them); gen_moves: the legal moves.
    # The wrappers between legal_moves and the pieces are inlined: a call level each
    # cost Othello's playouts 9 % (measured 2026-12-04; legal_moves' own inlining 4 % more).
    gen = ["@njit(cache=True, inline='always')", "def gen_raw(st, side, buf):",
           "    own, enemy, empty = masks(st, side)"]
    if plan.chaining:  # in a chain, only the hopping piece's hops (and stop)
        gen += ["    if st[CHAIN] != ZERO:", "        at = np.int64(st[CHAIN]) - 1",
                "        n = 0"]
        for m in plan.chaining:
            gen += _when(plan.option_guards[m.index], f"n = {m.prefix}gen_at({args}, at, buf, n)",
                         "        ")
        if plan.stops:
            gen += ["        buf[n] = STOP", "        n += 1"]
        gen += ["    else:", f"        n = gen_start({args}, buf)"]
    else:
        gen += [f"    n = gen_start({args}, buf)"]
    gen += ["    return n", "", "@njit(cache=True, inline='always')",
            "def gen_moves(st, side, buf):",
            "    n = gen_raw(st, side, buf)", *filters, "    return n", ""]
    # The moves at the start of a turn (the chain is the mover's alone; perft's last ply
    # in a chain counts with gen_moves).
    cnt = ["@njit(cache=True)", "def count_moves(st, side):",
           "    own, enemy, empty = masks(st, side)"]
    counted = [r for r in plan.restrictions if r.count() is not None]  # type: ignore[attr-defined]
    if not plan.restrictions:
        cnt += [f"    n = {1 if plan.skippable else 0}"] if not plan.skip_test else [
            "    n = 0", f"    if {plan.skip_test}:", "        n = 1"]
        for m in plan.moves:
            cnt += _when(plan.option_guards[m.index], f"n += {m.prefix}count({args})", "    ")
    elif len(plan.restrictions) == 1 and counted:
        cnt += [f"    n = {counted[0].prefix}count({args})"]
    else:
        # A filter reads the whole state: another side's count (mobility) is that of the
        # start of its turn, as Evaluator.mobility_of probes it.
        cnt += ["    buf = np.empty(MAXM, np.int64)", f"    n = gen_start({args}, buf)",
                "    st = st.copy()", "    if np.int64(st[TO_MOVE]) != side:",
                "        st[TO_MOVE] = U64(side)", "        st[CHAIN] = ZERO",
                "        st[LANDED] = ZERO", "        st[RESET] = ZERO",
                *filters]
    cnt += ["    return n", ""]
    has = ["@njit(cache=True)", "def has_moves(st, side):"]
    if all(getattr(r, "KEEPS_ONE", False) for r in plan.restrictions):
        has += ["    own, enemy, empty = masks(st, side)"]
        for m in plan.moves:
            guard = plan.option_guards[m.index]
            has += [f"    if {guard + ' and ' if guard else ''}{m.prefix}has({args}):",
                    "        return True"]
        has += [f"    return {plan.skip_test or plan.skippable}", ""]
    else:
        has += ["    return count_moves(st, side) > 0", ""]
    return [*start, *gen], cnt, has


def _vetted(plan: Plan) -> tuple[list[str], list[str], list[str]]:
    """Generation, count and test when a restriction filters the moves or a folded choice
    multiplies them: each generated move is played on a copy (``trial``), kept when every
    restriction allows the result, and listed once per choice when the choice is due then
    (marked first, spread out from the end backwards, in place; a count only adds them
    up)."""
    raw, refused = _raw(plan), _refused(plan)
    targets = _targets(plan)
    spelt = plan.masks
    due = f"(np.int64(1) << {spelt.due_shift})"
    frees = [f"{r.prefix}free(st, side)" if getattr(r, "FREE", False) else spelt.zero
             for r in plan.restrictions] or ["ALL"]  # (a wide board's zero is a wide mask)
    plain = "".join("1" if p else "0" for p in plan.plain[:63])  # more: tried
    # A plain move from a free cell is legal as it is (no trial).
    untried = (f"        if src >= 0 and opt < 63 and (U64({int(plain[::-1] or '0', 2)}) "
               f">> U64(opt)) & ONE and {spelt.test('free', 'src')}:")
    if targets:
        vet = _vet_targets(targets[0], refused)
    else:
        vet = _vet_spread(plan, frees, untried, refused, due)
    gen = [*vet, "", "@njit(cache=True)", "def gen_moves(st, side, buf):", *raw,
           "    n = vet(st, side, buf, n, True)"]
    if plan.skippable:
        gen += ["    buf[n] = SKIP", "    n += 1"]
    gen += ["    return n", ""]
    # A count need not spread the choices out: a buffer for the raw moves is enough.
    cnt = ["@njit(cache=True)", "def count_moves(st, side):", "    buf = np.empty(RAW, np.int64)",
           *raw, f"    return vet(st, side, buf, n, False){' + 1' if plan.skippable else ''}",
           ""]
    has: list[str] = []
    # has_moves_plain: the test of a move one ply further ahead (whether a drop mates),
    # whose generation looks no further (no recursion in the kernels).
    for name, plain in (("has_moves", False), *((("has_moves_plain", True),)
                                                 if _looks_ahead(plan) else ())):
        has += ["@njit(cache=True)", f"def {name}(st, side):",
                "    buf = np.empty(RAW, np.int64)", *_raw(plan, plain),
                f"    free = {' & '.join(frees)}", "    for i in range(n):", "        mv = buf[i]",
                *_decoded(spelt, "        "), untried, "            return True",
                "    trial = np.empty(HEAD, np.uint64)", "    for i in range(n):",
                "        copy_into(trial, st)", "        apply_option(trial, side, buf[i])",
                *refused, "        return True", f"    return {plan.skippable}", ""]
    return gen, cnt, has


def _looks_ahead(plan: Plan) -> bool:
    """Whether a move piece generates differently when asked plainly (``PLAIN``)."""
    return any(getattr(m, "PLAIN", False) for m in plan.moves)


def _vet_targets(choice: Piece, refused: list[str]) -> list[str]:
    """``vet`` when the folded choice is a cell among those its piece's ``targets`` gives
    after the move (a shot): each move tried on a copy, then listed once per target, the
    cell + 1 in the choice bits, or once alone when there is none. The raw moves are
    copied first, since the list grows in place."""
    return ["@njit(cache=True)", "def vet(st, side, buf, n, spread):",
            "    raw = buf[:n].copy()", "    trial = np.empty(HEAD, np.uint64)", "    m = 0",
            "    for i in range(n):", "        mv = raw[i]", "        copy_into(trial, st)",
            "        apply_option(trial, side, mv)", *refused,
            f"        t = {choice.prefix}targets(trial, side)",
            "        if t == ZERO:", "            if spread:", "                buf[m] = mv",
            "            m += 1", "            continue", "        if not spread:",
            "            m += count(t)", "            continue", "        while t:",
            "            buf[m] = mv | ((low(t) + 1) << CHOICE_SHIFT)", "            m += 1",
            "            t &= t - ONE", "    return m"]


def _raw(plan: Plan, plain: bool = False) -> list[str]:
    """The lines that list the options' moves into ``buf`` (``n`` of them), unvetted
    (``plain``: by each piece's ``gen_plain`` where it has one, which leaves out what
    would look a move further ahead: a drop that may not mate)."""
    args = "st, side, own, enemy, empty"
    raw = ["    own, enemy, empty = masks(st, side)", "    n = 0"]
    for m in plan.moves:
        gen = "gen_plain" if plain and getattr(m, "PLAIN", False) else "gen"
        raw += _when(plan.option_guards[m.index], f"n = {m.prefix}{gen}({args}, buf, n)",
                     "    ")
    return raw


def _refused(plan: Plan) -> list[str]:
    """In a loop over moves tried on ``trial``: the next one when a restriction refuses."""
    return [f"        if not {r.prefix}allowed(trial, side):\n            continue"
            for r in plan.restrictions]


def _targets(plan: Plan) -> list[Piece]:
    """The folded choices that are cells among those their piece's ``targets`` gives."""
    return [c for c in plan.choices if getattr(c, "TARGETS", False)]


def _random_move(plan: Plan) -> list[str]:
    """``random_move(st, x, buf)``: the playouts' random player, a move and the generator's
    next state."""
    targets = _targets(plan)
    if plan.trials and targets and not plan.chaining:
        return _sampled(plan, targets[0])
    if _draws_cells(plan):
        return _drawn_cells(plan)
    return ["@njit(cache=True, inline='always')", "def random_move(st, x, buf):",
            "    n = legal_moves(st, buf)", "    x, r = rng_next(x)",
            "    return x, buf[below(r, n)]", ""]


def _draws_cells(plan: Plan) -> bool:
    """Whether the random player draws a cell and tests it alone (``_drawn_cells``): an
    option's piece tests its cells one by one cheaper than it lists them all (``SAMPLES``:
    Go's placement, whose suicide test floods groups), and the moves are the options'
    lists as they are (nothing vets, folds, chains, or stands before the turn)."""
    return any(getattr(m, "SAMPLES", False) for m in plan.moves) and not (
        plan.trials or plan.restrictions or plan.chaining or plan.skippable or plan.sequence
        or plan.chance is not None or plan.setups)


def _drawn_cells(plan: Plan) -> list[str]:
    """``random_move`` by rejection: a move drawn uniformly among every option's moves,
    where a ``SAMPLES`` option counts its cells before its last test (``candidates``) and a
    cell drawn there is kept when it passes the test (``fits``), else the draw starts
    again. Every legal move is as likely as under ``legal_moves`` and a uniform draw; after
    64 refusals in a row the moves are listed and drawn among (a position where nearly
    every cell fails), which keeps that so."""
    args = "st, side, own, enemy, empty"
    counts, picks = [], []
    for i, piece in enumerate(plan.moves):
        guard = plan.option_guards[i]
        sampled = getattr(piece, "SAMPLES", False)
        if sampled:  # its candidates, listed once for every draw
            counts.append(f"    c{i} = {piece.prefix}candidates({args})")
        size = (f"np.int64(count(c{i}))" if sampled
                else f"np.int64({piece.prefix}count({args}))")
        counts += [f"    n{i} = {size}" if not guard else
                   f"    n{i} = {size} if {guard} else np.int64(0)"]
        if sampled:
            pick = [f"        t = c{i}",
                    "        for _ in range(r):", "            t &= t - ONE", "        c = low(t)",
                    f"        if {piece.prefix}fits(st, side, c, own, empty):",
                    f"            return x, {piece.encoded('np.int64(-1)', 'c')}",
                    "        continue"]
        else:
            pick = [f"        {piece.prefix}gen({args}, buf, 0)", "        return x, buf[r]"]
        picks += [f"    if r < n{i}:", *pick, f"    r -= n{i}"]
    total = " + ".join(f"n{i}" for i in range(len(plan.moves)))
    return ["@njit(cache=True)", "def random_move(st, x, buf):",
            "    if st[MUST_PASS] != ZERO:", "        return x, PASS",
            "    side = np.int64(st[TO_MOVE])", "    own, enemy, empty = masks(st, side)",
            *counts, f"    total = {total}", "    for _ in range(64):",
            "        if total == 0:", "            break", "        x, r = rng_next(x)",
            "        r = below(r, total)",
            *("    " + line for line in picks),
            "    n = legal_moves(st, buf)", "    x, r = rng_next(x)",
            "    return x, buf[below(r, n)]", ""]


def _sampled(plan: Plan, choice: Piece) -> list[str]:
    """``random_move`` when the folded choice is a cell among ``targets`` (a shot, a
    removal): one action of the turn after the other, as the Python engine's random player
    picks them — a move uniformly among the allowed ones (drawn, tried on a copy, and
    dropped from the draw when a restriction refuses it), then one of its targets — not a
    whole turn among all of them, which would try every move on a copy to list its targets
    (Amazons' opening: 80 moves tried and 2,176 turns written for one ply)."""
    skip = ["    buf[n] = SKIP", "    n += 1"] if plan.skippable else []
    return ["@njit(cache=True)", "def random_move(st, x, buf):",
            "    if st[MUST_PASS] != ZERO:", "        return x, PASS",
            "    side = np.int64(st[TO_MOVE])", *_raw(plan), *skip,
            "    trial = np.empty(HEAD, np.uint64)", "    while n > 0:",
            "        x, r = rng_next(x)", "        i = below(r, n)", "        mv = buf[i]",
            "        n -= 1", "        buf[i] = buf[n]  # out of the draw, if refused",
            *(["        if mv == SKIP:", "            return x, mv"] if plan.skippable else []),
            "        copy_into(trial, st)", "        apply_option(trial, side, mv)",
            *_refused(plan),
            f"        t = {choice.prefix}targets(trial, side)", "        if t == ZERO:",
            "            return x, mv", "        x, r = rng_next(x)",
            "        for _ in range(below(r, np.int64(count(t)))):", "            t &= t - ONE",
            "        return x, mv | ((low(t) + 1) << CHOICE_SHIFT)",
            "    return x, PASS  # not reached: a turn starts only with a legal move", ""]


def _vet_spread(plan: Plan, frees: list[str], untried: str, refused: list[str],
                due: str) -> list[str]:
    """``vet`` when a folded choice is one of a fixed list (a promotion's kinds, the
    rotations) or there is none: the moves after which it is due are marked, then spread
    out from the end backwards, in place."""
    spelt = plan.masks
    vet = ["@njit(cache=True)", "def vet(st, side, buf, n, spread):",
           "    trial = np.empty(HEAD, np.uint64)", f"    free = {' & '.join(frees)}",
           "    m = 0", "    extra = 0", "    for i in range(n):", "        mv = buf[i]",
           *_decoded(spelt, "        ")]
    # A plain move from a free cell needs no trial. Phases before the choice may change
    # whether it is due: a promotion that must happen before one that may, whose own
    # plain test says when it fires (and the kind it makes is none the choice reads).
    fires = _fires_plain(plan)
    if fires is not None:
        vet.append(untried)
        dst = f"mv & {spelt.cell_mask}"
        unfired = "".join(f" and not {b.prefix}fires_plain(st, side, src, {dst})"
                          for b in fires)
        for c in plan.choices:
            vet += [f"            if {c.prefix}due_plain(st, side, src, {dst}){unfired}:",
                    f"                mv |= {due}", "                extra += 1"]
        vet += ["            buf[m] = mv", "            m += 1", "            continue"]
    vet += ["        copy_into(trial, st)", "        apply_option(trial, side, mv)", *refused]
    if plan.choices and plan.before:
        vet.append("        before_choice(trial, side)")
    for c in plan.choices:
        vet += [f"        if {c.prefix}due(trial, side):", f"            mv |= {due}",
                "            extra += 1"]
    vet += ["        buf[m] = mv", "        m += 1"]
    many = max([1, *(_most(c) for c in plan.choices)])
    if plan.choices:
        vet += [f"    total = m + extra * {many - 1}", "    if extra == 0 or not spread:",
                "        return total", "    j = total", "    for i in range(m - 1, -1, -1):",
                "        mv = buf[i]",
                f"        if mv & {due}:", f"            mv ^= {due}",
                f"            for k in range({many} - 1, -1, -1):", "                j -= 1",
                "                buf[j] = mv | ((k + 1) << CHOICE_SHIFT)", "        else:",
                "            j -= 1", "            buf[j] = mv", "    return total"]
    else:
        vet.append("    return m")
    return vet


def _fires_plain(plan: Plan) -> list[Piece] | None:
    """The phases before a folded choice, when a plain move's dueness can be told without
    a trial: each has a plain test of when it fires (``fires_plain``) and makes a kind
    that no choice is due for (``makes``; the choices' ``reads``). None otherwise."""
    before = plan.consequences[:plan.before] if plan.choices else []
    read = {k for c in plan.choices for k in getattr(c, "reads", ())}
    if all(getattr(b, "FIRES_PLAIN", False) and getattr(b, "makes", -1) not in read
           for b in before):
        return before
    return None


def _decoded(m: Masks, indent: str) -> list[str]:
    """The lines that read a move ``mv``'s option and source cell (-1: none)."""
    return [f"{indent}opt = (mv >> {m.opt_shift}) & 255",
            f"{indent}src = ((mv >> {m.src_shift}) & {m.cell_mask}) - 1"]


def _when(guard: str, line: str, indent: str) -> list[str]:
    """``line`` at ``indent``, under ``if guard:`` when there is a guard (an ``if:``)."""
    if not guard:
        return [indent + line]
    return [f"{indent}if {guard}:", f"{indent}    {line}"]


def key_of(source: str) -> str:
    """The cache key of a module: its source (tables included) and the runtime's."""
    from pathlib import Path

    runtime = (Path(__file__).parent / "runtime.py").read_bytes()
    return hashlib.sha256(source.encode() + runtime).hexdigest()[:20]
