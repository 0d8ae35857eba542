"""Plugin kinds and their registry.

A game file names rule blocks by ``type:``; each type is a class registered under an
entry-point group (``boardspec.phases``, ``boardspec.setups``, ``boardspec.goals``,
``boardspec.results``). The built-in blocks are registered in boardspec's own
``pyproject.toml`` exactly as a third-party package registers its own, so nothing in the core
names a rule. Loading a game file only ever looks names up here: no code is imported from
the file itself.

Every plugin class has a ``keyword`` (its ``type:``), a pydantic ``Params`` model whose
``type`` field is ``Literal[keyword]``, a docstring with a YAML example, and ``describe()``,
the fragment of rulebook text that explains the block from its parameters.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from importlib.metadata import entry_points
from types import UnionType
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, model_validator

from framework.engine.slots import Slot
from framework.errors import BoardspecError

if TYPE_CHECKING:
    from random import Random

    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State

Translate = Callable[[str], str]


def untranslated(text: str) -> str:
    return text


def ngettext(singular: str, plural: str, n: int, _: Translate) -> str:
    """The form of a sentence for the number ``n``, by the plural rules of ``_``'s language
    (Babel's CLDR rules: Russian has three forms, Esperanto two, ...). Babel extracts these
    calls with its default ``ngettext`` keyword (the translator comes last for that reason:
    a ``_`` among the first arguments hides the call from Babel's extractor)."""
    owner = getattr(_, "__self__", None)  # the gettext object whose bound method ``_`` is
    if owner is not None and hasattr(owner, "ngettext"):
        return str(owner.ngettext(singular, plural, n))
    return singular if n == 1 else plural


COUNT_CONTEXT = "count"  # gettext context of the counted forms of a game's words


def counted(_: Translate, word: str, n: int) -> str:
    """A game's word (a piece, an attribute, a counter) as it is written after the number
    ``n``, without the number: ``counted(_, "legs", 1)`` is "leg", Russian ``(_, "legs", 5)``
    is «ног». Catalogs give these forms as ``msgctxt "count"`` plural entries; English
    (and a word no catalog has) falls back to the regular -s plural of the file's word."""
    owner = getattr(_, "__self__", None)
    if owner is not None and hasattr(owner, "npgettext"):
        found = str(owner.npgettext(COUNT_CONTEXT, word, word, n))
        if found != word:
            return found
        if _(word) != word:  # translated, but without counted forms: the plain word
            return _(word)
    if n == 1:
        return word[:-1] if _plural_looking(word) else word
    if word.endswith("man"):  # a draughts man: men, not mans
        return word[:-3] + "men"
    return word if _plural_looking(word) else word + "s"


def pgettext(context: str, text: str, _: Translate) -> str:
    """``_(text)`` in a context: the same English, translated apart where a language words
    it otherwise (Spanish "sin patas ni pinzas" beside "patas o pinzas")."""
    owner = getattr(_, "__self__", None)
    if owner is not None and hasattr(owner, "pgettext"):
        return str(owner.pgettext(context, text))
    return text


def join_words(_: Translate, words: list[str], *, either: bool = False,
               negated: bool = False) -> str:
    """``a, b and c`` (or ``a, b or c``) in ``_``'s language; ``negated``: the "or" of
    "with no a or b", which some languages word as "neither … nor"."""
    if len(words) <= 1:
        return "".join(words)
    if negated:
        pattern = pgettext("after a negation", "{items} or {last}", _)
    else:
        pattern = _("{items} or {last}") if either else _("{items} and {last}")
    return pattern.format(items=", ".join(words[:-1]), last=words[-1])


def many(_: Translate, word: str) -> str:
    """A game's word as written after a number such as 5, without the number: the English
    plural, the Russian genitive plural (after «больше», «без», «число»)."""
    return counted(_, word, 5)


def _plural_looking(word: str) -> bool:
    return word.endswith("s") and not word.endswith("ss")


PluginKind = Literal["phases", "setups", "goals", "results", "invariants", "restrictions",
                     "turn_orders"]
GROUPS: dict[PluginKind, str] = {
    "phases": "boardspec.phases",
    "setups": "boardspec.setups",
    "goals": "boardspec.goals",
    "results": "boardspec.results",
    "invariants": "boardspec.invariants",
    "restrictions": "boardspec.restrictions",
    "turn_orders": "boardspec.turn_orders",
}


class Rule(BaseModel):
    """Base of every model of a game file: unknown keys are errors, values are immutable,
    numbers are finite (``.inf`` and ``.nan`` are refused), and true/false is never read as
    a number (``rows: true`` is not 1)."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    @model_validator(mode="before")
    @classmethod
    def _no_truth_for_a_number(cls, data: Any) -> Any:
        if isinstance(data, dict):
            for key, value in data.items():
                field = cls.model_fields.get(key) if isinstance(key, str) else None
                if isinstance(value, bool) and field is not None and \
                        _number_not_truth(field.annotation):
                    raise ValueError(f"{key!r} is a number, found {str(value).lower()}")
        return data


def _number_not_truth(annotation: Any) -> bool:
    """Whether a field of this type takes a number but not true/false."""
    members: set[Any] = set()
    pending = [annotation]
    while pending:
        current = pending.pop()
        origin = get_origin(current)
        if origin is Annotated or origin in (Union, UnionType):
            pending.extend(get_args(current)[:1] if origin is Annotated else get_args(current))
        else:
            members.add(current)
    return bool(members & {int, float}) and bool not in members


class PhaseParams(Rule):
    """Parameters common to every turn phase."""

    name: str = Field(description="the phase's name: unique, used in positions, "
                                  "goal_checks and the rulebook")
    type: str


class Plugin:
    """Common shape of phase, setup, goal and result plugins."""

    keyword: ClassVar[str]
    Params: ClassVar[type[Rule]]

    #: The state this kind of block keeps (``framework.engine.slots``); the compiler gives
    #: each slot an index in ``state.vars``, found in ``game.slots.index[name]``.
    slots: ClassVar[tuple[Slot, ...]] = ()

    def __init__(self, params: Any, game: CompiledGame) -> None:
        self.params = params
        self.game = game

    @classmethod
    def declare_slots(cls, params: Any) -> tuple[Slot, ...]:
        """The slots a block with these parameters needs (default: the class's ``slots``)."""
        return cls.slots

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: Any
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        """Extra checks of meaning for this block: yield (location, message) pairs."""
        return iter(())

    def describe(self, _: Translate = untranslated) -> str:
        """This block's paragraph of the rulebook, built from its parameters.

        ``_`` is the gettext function of the rulebook's language: wrap every English sentence
        in it with named placeholders, ``_("Jump {n} cells.").format(n=...)``, so Babel
        extracts the sentence and each language translates it whole.
        """
        return _((self.__doc__ or self.keyword).strip().splitlines()[0])


class Phase(Plugin):
    """One step of a turn.

    A deciding phase offers ``actions``; the player picks one and ``apply`` plays it. An
    automatic phase (``decides = False``) has no choices: the engine calls ``run`` as soon as
    the turn reaches it. ``skip_when_impossible`` lets a mandatory phase with nothing to do be
    passed over instead of ending the game.
    """

    Params: ClassVar[type[PhaseParams]]
    decides: ClassVar[bool] = True
    skip_when_impossible: bool = False
    #: Regular expression of this phase's notation (to tell bad syntax from illegal moves).
    pattern: str = ""
    #: Short examples of notation, for error messages and docs.
    notation_examples: tuple[str, ...] = ()

    def __init__(self, params: PhaseParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.name = params.name
        self.index = -1

    @classmethod
    def lands_piece(cls, params: Any) -> bool:
        """Whether an action of this phase can land a piece on a cell (and so set the
        ``landed`` slot that consequences such as ``convert_adjacent`` act around)."""
        return False

    def actions(self, state: State) -> list[Action]:
        return []

    def count(self, state: State) -> int:
        return len(self.actions(state))

    def has_action(self, state: State) -> bool:
        return self.count(state) > 0

    def random_action(self, state: State, rng: Random) -> Action:
        """``rng.choice(self.actions(state))``, drawing the same random number (playouts).

        A fast override picks by index without building the list; it must return the same
        action for the same ``rng`` state (tests compare the two).
        """
        return rng.choice(self.actions(state))

    def apply(self, state: State, action: Action) -> None:
        raise NotImplementedError

    def run(self, state: State) -> None:
        """Automatic phases do their work here."""

    def may_act_after(self, state: State, action: Action) -> bool:
        """False when, as a later step of the same turn, this phase surely has no action
        after ``action`` is played in ``state`` (perft and turn listings then need not
        play it to know that the turn ends there); True when it may."""
        return True

    def continues(self, state: State) -> bool:
        """Whether, after the action just applied, this phase decides again in the same
        turn (a chain of hops) instead of the turn going on to the next phase."""
        return False

    def action_space(self) -> Sequence[Action] | None:
        """Every action this phase could ever offer, in a fixed order (the action codec
        numbers them: OpenSpiel and PettingZoo need a fixed integer per action).

        A superset is fine (an action that never becomes legal only wastes an index); a
        missing action is a bug the codec's tests find. None = not declared: a deciding
        phase must override this before its game can be given to a learning library.
        """
        return None if self.decides else ()


class Setup(Plugin):
    """How a game begins. ``prepare`` runs on the empty board; deciding setups then offer
    actions until ``finished`` is true."""

    decides: ClassVar[bool] = False
    pattern: str = ""
    notation_examples: tuple[str, ...] = ()

    def __init__(self, params: Any, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.name: str = getattr(params, "name", None) or params.type
        self.index = -1

    def prepare(self, state: State) -> None:
        """Change the empty initial state (place pieces, set the side to move)."""

    def actor(self, state: State) -> int:
        """The seat that decides during this setup step."""
        return 0

    def actions(self, state: State) -> list[Action]:
        return []

    def apply(self, state: State, action: Action) -> None:
        raise NotImplementedError

    def finished(self, state: State) -> bool:
        return True

    def action_space(self) -> Sequence[Action] | None:
        """Every action this setup step could offer (see ``Phase.action_space``)."""
        return None if self.decides else ()


class Verdict:
    """What a goal decides: the sides that win by it (empty = draw), or ``score`` = the game
    is over and the result rule decides."""

    __slots__ = ("score", "winners")

    def __init__(self, winners: frozenset[int] = frozenset(), *, score: bool = False) -> None:
        self.winners = winners
        self.score = score


class Goal(Plugin):
    """An end condition, checked at the moments the game file declares, in file order."""

    #: Per side, the cell masks of the board's sides the goal is about (Hex: the two edges
    #: each player joins); diagrams draw those sides in the player's colour.
    drawn_edges: tuple[tuple[int, ...], ...] = ()

    def evaluate(self, state: State) -> Verdict | None:
        raise NotImplementedError


class Result(Plugin):
    """How a finished game is scored when no goal named the winner."""

    def winners(self, state: State) -> frozenset[int]:
        raise NotImplementedError


class Restriction(Plugin):
    """A rule on a player's whole set of legal actions (``restrictions:`` in the game file):
    it keeps some of the actions a phase offers (``framework/restrictions/``)."""

    def applies_to(self, phase: str) -> bool:
        """Whether the rule filters the actions of the phase named ``phase``."""
        return True

    def allowed(self, state: State, actions: list[Action]) -> list[Action]:
        """The actions of ``actions`` (all those the phase offers) that stay legal."""
        raise NotImplementedError

    def any_allowed(self, state: State, actions: Iterable[Action]) -> bool:
        """Whether any of ``actions`` stays legal (a rule may stop at the first)."""
        return bool(self.allowed(state, list(actions)))

class TurnOrder(Plugin):
    """Who plays after whom (``turn_order:`` in the game file; boardgame.io's ``TurnOrder``).

    The order is a function of the position only (the side to move and the full-move
    number), so it needs no state of its own: positions, FEN and hashes stay as they are.
    A round is one full-move; ``next`` says who moves after ``side`` and whether that turn
    begins a new round (the full-move number goes up).
    """

    #: Whether who moves next depends on the round's parity (hashes must then tell odd and
    #: even rounds apart).
    round_matters: ClassVar[bool] = False

    def __init__(self, params: Any, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.sides = len(game.players)

    def next(self, side: int, fullmove: int) -> tuple[int, bool]:
        """The side after ``side`` in round ``fullmove``, and whether a new round begins."""
        raise NotImplementedError

    def previous(self, side: int, fullmove: int) -> int:
        """The side that moved before ``side`` (whose turn is in round ``fullmove``)."""
        for before in range(self.sides):
            for round_ in (fullmove, fullmove - 1):
                if self.next(before, round_) == (side, round_ != fullmove):
                    return before
        return (side - 1) % self.sides


class Invariant(Plugin):
    """A property every reachable state keeps, declared under ``invariants:`` in the game
    file; ``boardspec check`` tests it after every action (it never changes play)."""

    def violation(self, state: State, before: State | None) -> str | None:
        """Why ``state`` breaks the invariant (``before`` is the state one action earlier,
        None at a start), or None when it holds."""
        raise NotImplementedError


@cache
def _entry_points(path: tuple[str, ...]) -> Any:  # EntryPoints, or 3.11's SelectableGroups
    # One scan of the installed packages serves every group (each scan costs milliseconds);
    # keyed on sys.path, so a package put on the path later is found by a new scan.
    return entry_points()


@cache
def plugins(kind: PluginKind) -> dict[str, type[Plugin]]:
    """Every registered plugin of one kind, by keyword."""
    found: dict[str, type[Plugin]] = {}
    for ep in _entry_points(tuple(sys.path)).select(group=GROUPS[kind]):
        try:
            cls = ep.load()
        except Exception as exc:  # a broken third-party plugin must not hide the others
            raise BoardspecError(f"the {kind} plugin {ep.name!r} ({ep.value}) "
                                 f"failed to load: {exc}") from exc
        if getattr(cls, "keyword", None) != ep.name:
            raise BoardspecError(f"the {kind} plugin registered as {ep.name!r} ({ep.value}) "
                                 f"declares keyword {getattr(cls, 'keyword', None)!r}")
        found[ep.name] = cls
    if not found and kind in ("phases", "results"):
        raise BoardspecError(f"no {kind} plugins are registered: is boardspec installed "
                             "(pip install -e .)? Entry points come from the installed package.")
    return dict(sorted(found.items()))
