"""Plugin kinds and their registry.

A game file names rule blocks by ``type:``; each type is a class registered as an entry
``<kind>.<keyword>`` of the one entry-point group ``boardspec.rules``
(``framework.entries``). The built-in blocks are registered in boardspec's own
``pyproject.toml`` exactly as a third-party package registers its own, so nothing in the core
names a rule. Loading a game file only ever looks names up here: no code is imported from
the file itself.

Every plugin class has a ``keyword`` (its ``type:``), a pydantic ``Params`` model whose
``type`` field is ``Literal[keyword]``, a docstring with a YAML example, and ``describe()``,
the fragment of rulebook text that explains the block from its parameters.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from types import UnionType
from typing import (
    TYPE_CHECKING,
    Annotated,
    Any,
    ClassVar,
    Literal,
    Union,
    cast,
    get_args,
    get_origin,
)

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    create_model,
    field_validator,
    model_validator,
)
from pydantic_core import CoreSchema

from framework.engine.slots import Slot
from framework.entries import GROUP as GROUP  # the one group of every unit (re-exported)
from framework.entries import ignored_packages, unit_entries
from framework.errors import BoardspecError

if TYPE_CHECKING:
    from fractions import Fraction
    from random import Random

    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext

Translate = Callable[[str], str]
#: Where a block stands in its game file: the path of keys and indices down to it.
Loc = tuple[str | int, ...]


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
    if word.endswith("goose"):  # geese, not gooses
        return word[:-5] + "geese"
    if word.endswith(("x", "ch", "sh", "ss")):  # foxes, not foxs
        return word + "es"
    return word if _plural_looking(word) else word + "s"


def pgettext(context: str, text: str, _: Translate) -> str:
    """``_(text)`` in a context: the same English, translated apart where a language words
    it otherwise (Spanish "sin patas ni pinzas" beside "patas o pinzas")."""
    owner = getattr(_, "__self__", None)
    if owner is not None and hasattr(owner, "pgettext"):
        return str(owner.pgettext(context, text))
    return text


def in_case(_: Translate, case: str, word: str) -> str:
    """A game's word in a grammatical case where the rulebook's catalogs give that form,
    or the language forms it by rule (``framework.i18n.CASE_RULES``), else ``_(word)``: a
    language whose sentences take the plain word needs no entry. ``object``: a verb's
    direct object (Russian «перемещают пешку», Esperanto «elektas damon»);
    ``accusative``: the catalogs' accusative alone (Russian «в ферзя, ладью»)."""
    owner = getattr(_, "__self__", None)
    find = getattr(owner, "case_form", None)
    found = find(case, word) if find is not None else None
    return found if isinstance(found, str) else _(word)


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
                     "turn_orders", "moves", "conditions"]
#: Every kind of rule unit, in the order the reference documents them.
KINDS: tuple[PluginKind, ...] = ("setups", "phases", "moves", "conditions", "goals",
                                 "results", "restrictions", "turn_orders", "invariants")



class Registered:
    """The field type "any registered unit of ``kind``" (its ``Params``), told apart by
    ``type:``: ``options: list[Annotated[Any, Registered("moves")]]``.

    A game file's move options, conditions and consequences are open vocabularies: a
    package that registers a unit adds a member to every union of its kind, with no edit to
    boardspec. The union is assembled from the registry when a model holding such a field
    is first built (models of game files are built lazily: ``Rule``), so importing a model
    never loads a unit, and the JSON Schema lists every registered member."""

    def __init__(self, kind: PluginKind | Literal["consequences"]) -> None:
        self.kind = kind

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler
                                     ) -> CoreSchema:
        return handler.generate_schema(union_of(self.kind))

    def __repr__(self) -> str:
        return f"Registered({self.kind!r})"


def union_of(kind: PluginKind | Literal["consequences"]) -> Any:
    """The discriminated union of every registered unit's parameters of one kind
    (``consequences``: the automatic phases, as steps of an action: ``then_params``)."""
    if kind == "consequences":
        models = tuple(then_params(cls) for cls in plugins("phases").values()
                       if not cls.decides)
    else:
        models = tuple(cls.Params for cls in plugins(kind).values())
    if not models:
        return Any if kind in ("phases", "results") else _NoneRegistered
    if len(models) == 1:
        return models[0]
    return Annotated[Union[models], Field(discriminator="type")]  # noqa: UP007


#: Every model class that holds a registered field (rebuilt by ``refresh``).
_HOLDERS: list[type[BaseModel]] = []


def _mentions_registered(annotation: Any) -> bool:
    if isinstance(annotation, Registered):
        return True
    if any(isinstance(m, Registered) for m in getattr(annotation, "__metadata__", ())):
        return True
    return any(_mentions_registered(a) for a in getattr(annotation, "__args__", ()) or ())


class Rule(BaseModel):
    """Base of every model of a game file: unknown keys are errors, values are immutable,
    numbers are finite (``.inf`` and ``.nan`` are refused), and true/false is never read as
    a number (``rows: true`` is not 1).

    Built when first used, not when defined: a model whose fields hold registered units
    (``Registered``) can only be built once the registry is read."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False,
                              defer_build=True)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        if any(_mentions_registered(f.annotation) or
               any(isinstance(m, Registered) for m in f.metadata)
               for f in cls.model_fields.values()):
            _HOLDERS.append(cls)

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


class _NoneRegistered(Rule):
    """What a field of a kind with no registered unit accepts: nothing."""

    type: Literal["(no unit of this kind is registered)"]


_THEN: dict[type[Any], type[Rule]] = {}


def then_params(phase: type[Any]) -> type[Rule]:
    """An automatic phase's parameters as a consequence under ``then:``: its ``name`` may
    be left out (it is the keyword)."""
    if phase not in _THEN:
        _THEN[phase] = create_model(
            f"{phase.Params.__name__}Then", __base__=phase.Params,
            name=(str, Field(default=phase.keyword, description="a name for the rulebook "
                                                              "(default: the keyword)")))
    return _THEN[phase]


ConditionField = Annotated[Any, Registered("conditions")]
#: A consequence under ``then:``: any automatic phase (``convert_adjacent``, …) as a step of
#: the action that lands, its ``name`` optional.
ConsequenceField = Annotated[Any, Registered("consequences")]


class ConditionalParams(Rule):
    """Parameters of every block that an ``if:`` may hold back: a condition, or a list of
    them that must all hold (``framework/conditions``)."""

    if_: list[ConditionField] = Field(
        default_factory=list, alias="if",
        description="conditions that must all hold for this block to apply (a phase not "
                    "applying is passed over, an option offers nothing, a goal is not "
                    "checked, a consequence does nothing)")

    @field_validator("if_", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, dict) else value


class _Defined:
    """The field type of a model defined in a module that imports this one (the tests of
    a candidate move, ``framework.moves.candidate``): looked up when the holding model is
    built, as every game model is built lazily (``Rule``)."""

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler
                                     ) -> CoreSchema:
        return handler.generate_schema(getattr(importlib.import_module(self.module),
                                               self.name))


#: A test of each candidate move of an option (``framework.moves.candidate``), or a list
#: of them that must all hold.
CandidateField = Annotated[Any, _Defined("framework.moves.candidate", "CandidateTests")]


class OptionParams(ConditionalParams):
    """Parameters every move option shares (``options:`` of a ``moves`` phase, a kind's
    own ``moves:``): ``if:`` offers it only while its conditions hold, ``to_if`` and
    ``path_if`` keep only the candidate moves their tests hold for
    (``framework/moves/candidate.py``), and ``then:`` lists consequences that follow each
    of its actions, in order."""

    to_if: CandidateField | None = Field(
        default=None, description="a test of each candidate move, read at its target by "
        "default (owner, kind, zone, neighbours, the cells between; all/any/not): only the "
        "moves it holds for are offered")
    path_if: CandidateField | None = Field(
        default=None, description="a test of each candidate move, read on the cells it "
        "passes over by default (between): only the moves it holds for are offered")
    then: list[ConsequenceField] = Field(
        default_factory=list, description="consequences of this option's actions, in "
        "order, right after the piece lands (any automatic phase: convert_adjacent, "
        "flip_flanked, promote, custodial, again, …)")


class GoalParams(ConditionalParams):
    """Parameters every goal shares."""


class ResultParams(ConditionalParams):
    """Parameters every result rule shares (with ``if:`` false the game is a draw)."""


class PhaseParams(ConditionalParams):
    """Parameters common to every turn phase."""

    name: str = Field(description="the phase's name: unique, used in positions, "
                                  "goal_checks and the rulebook")
    type: str


class Unit:
    """One keyword of the game language: its grammar (``Params``), its checks of meaning
    (``check_spec``), its engine semantics (the subclass), its rulebook text
    (``describe``) and, named here and loaded only when asked for, its reference twin
    (``boardspec check``'s independent oracle) and its native kernel piece.

    ``reference`` and ``native`` are ``"module:Name"``; a module written ``.name`` is in the
    unit's own folder (``".reference:RefStep"``), and ``":Name"`` is in the unit's own
    module. None: the unit has none, which
    ``boardspec validate`` says and ``boardspec check --strict`` refuses.
    """

    keyword: ClassVar[str]
    Params: ClassVar[type[Rule]]
    #: Which kind of block this is, its part of the registry (set by each base class:
    #: ``Phase`` is "phases", ``Primitive`` "moves", …).
    family: ClassVar[PluginKind]
    reference: ClassVar[str | None] = None
    native: ClassVar[str | None] = None
    #: Why a built-in unit has no reference twin or no native piece, where it has none by
    #: design (a preset checked and compiled through its expansion; a check-only invariant).
    no_twin_reason: ClassVar[str | None] = None
    #: Parameters naming a list of zones whose order does not matter (``connect``'s
    #: ``zones``: one chain joining them all): a symmetry of the board may exchange them
    #: (``game.symmetries()``; the half turn of Hex swaps each player's two sides).
    unordered_zones: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        """Extra checks of meaning for this block: yield (location, message) pairs."""
        return iter(())


class Plugin(Unit):
    """Common shape of phase, setup, goal and result plugins."""

    #: The state this kind of block keeps (``framework.engine.slots``); the compiler gives
    #: each slot an index in ``state.vars``, found in ``game.slots.index[name]``.
    slots: ClassVar[tuple[Slot, ...]] = ()

    def __init__(self, params: Any, game: CompiledGame) -> None:
        self.params = params
        self.game = game
        #: The block's ``if:`` (empty: it always applies).
        self.conditions: tuple[Condition, ...] = conditions_of(params, game)

    def active(self, state: State, mover: int) -> bool:
        """Whether the block's ``if:`` holds for ``mover`` (the player whose turn it is)."""
        return all_hold(self.conditions, state, mover)

    @classmethod
    def declare_slots(cls, params: Any) -> tuple[Slot, ...]:
        """The slots a block with these parameters needs (default: the class's ``slots``)."""
        return cls.slots

    @classmethod
    def player_slots(cls, params: Any, players: Any) -> tuple[Slot, ...]:
        """The slots it needs one of per player (a run of checks each): none by default."""
        return ()

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

    family: ClassVar[PluginKind] = "phases"

    Params: ClassVar[type[PhaseParams]]
    decides: ClassVar[bool] = True
    skip_when_impossible: bool = False
    #: Regular expression of this phase's notation (to tell bad syntax from illegal moves).
    pattern: str = ""
    #: Short examples of notation, for error messages and docs.
    notation_examples: tuple[str, ...] = ()
    #: Chance decides this phase, not a player (``framework.engine.chance``): its actions
    #: are outcomes, each with the probability ``outcomes`` gives.
    chance: ClassVar[bool] = False
    #: The phase implements ``distance``: an evaluation's ``distance`` term may name it.
    measures_distance: ClassVar[bool] = False

    def __init__(self, params: PhaseParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.name = params.name
        self.index = -1

    def distance(self, state: State, side: int) -> int:
        """How far ``side``'s pieces still have to travel in this phase (a race's pip
        count), for the evaluation's ``distance`` terms (``measures_distance``)."""
        raise NotImplementedError(f"the phase {self.name!r} measures no distance")

    def outcomes(self, state: State) -> list[tuple[Action, Fraction]]:
        """A chance phase's outcomes with their probabilities (summing to 1)."""
        raise NotImplementedError(f"the phase {self.name!r} is not decided by chance")

    def drawn(self, state: State) -> list[int]:
        """What a chance phase drew for the turn under way, seen by every player (a roll's
        dice), empty before it draws; always empty for a phase that draws nothing."""
        return []

    @classmethod
    def lands_piece(cls, params: Any) -> bool:
        """Whether an action of this phase can land a piece on a cell (and so set the
        ``landed`` slot that consequences such as ``convert_adjacent`` act around)."""
        return False

    @classmethod
    def stacks(cls, params: Any) -> tuple[str, str] | None:
        """The (kind, attribute) when a piece of that kind is a stack whose attribute
        counts the pieces it holds (race's checkers): the rulebook counts the pieces a
        player has by that attribute and says what the number on a stack means."""
        return None

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

    def begin(self, state: State) -> None:
        """Once, when a game's play begins (its setup over): a phase that keeps a record
        in the position may write the start into it. A position read from JSON or FEN
        says what its record holds, and is not begun again."""

    def position_problem(self, state: State) -> str | None:
        """What makes ``state``, a position read from JSON or FEN, one that this phase's
        own declaration rules out (a die past the roll's faces, a stack of no pieces, more
        pieces than the game has), or None. Positions are refused on read with it, so that
        the engine and the native kernels never play a position the game cannot reach."""
        return None

    def may_act_after(self, state: State, action: Action) -> bool:
        """False when, as a later step of the same turn, this phase surely has no action
        after ``action`` is played in ``state`` (perft and turn listings then need not
        play it to know that the turn ends there); True when it may."""
        return True

    def continues(self, state: State) -> bool:
        """Whether, after the action just applied, this phase decides again in the same
        turn (a chain of hops) instead of the turn going on to the next phase."""
        return False

    def may_chain(self) -> bool:
        """Whether ``continues`` can ever be true in this game: False lets perft count an
        action that no later step can follow as one turn, without playing it. A phase that
        overrides ``continues`` may chain unless it says otherwise."""
        return type(self).continues is not Phase.continues

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

    family: ClassVar[PluginKind] = "setups"

    decides: ClassVar[bool] = False
    #: Chance decides this step, not a seat (``shuffle``): its actions are its
    #: ``outcomes``, each with its probability.
    chance: ClassVar[bool] = False
    pattern: str = ""
    notation_examples: tuple[str, ...] = ()

    def __init__(self, params: Any, game: CompiledGame) -> None:
        super().__init__(params, game)
        self.name: str = getattr(params, "name", None) or params.type
        self.index = -1

    def outcomes(self, state: State) -> list[tuple[Action, Fraction]]:
        """A chance step's actions with their probabilities."""
        raise NotImplementedError

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
    is over and the result rule decides. ``stands``: this verdict stands over whatever the
    other goals find at the same check (a repetition draw that outranks a win made by the
    same move)."""

    __slots__ = ("score", "stands", "winners")

    def __init__(self, winners: frozenset[int] = frozenset(), *, score: bool = False,
                 stands: bool = False) -> None:
        self.winners = winners
        self.score = score
        self.stands = stands


class Goal(Plugin):
    """An end condition, checked at the moments the game file declares, in file order."""

    family: ClassVar[PluginKind] = "goals"

    #: Per side, the cell masks of the board's sides the goal is about (Hex: the two edges
    #: each player joins); diagrams draw those sides in the player's colour.
    drawn_edges: tuple[tuple[int, ...], ...] = ()

    def evaluate(self, state: State) -> Verdict | None:
        raise NotImplementedError

    def reason(self, state: State, _: Translate = untranslated) -> str:
        """Why the game ended, in a few words, when this goal ended it ("5 in a row",
        "threefold repetition"): the result line of the game page says it after the
        winner. Every bundled goal says its own; this is what a goal that does not says."""
        return _("goal met")


class Result(Plugin):
    """How a finished game is scored when no goal named the winner."""

    def score(self, state: State) -> frozenset[int]:
        """The winners, when the result's ``if:`` holds (for the player who moved last);
        else the game is a draw."""
        return self.winners(state) if self.active(state, state.last_mover) else frozenset()

    family: ClassVar[PluginKind] = "results"

    def winners(self, state: State) -> frozenset[int]:
        raise NotImplementedError

    #: Whether the rule scores each side (``scores``), so that a margin may be the
    #: difference of two scores (``margins: [{difference: result}]``).
    scored: ClassVar[bool] = False

    def scores(self, state: State) -> list[float]:
        """Each side's score as the rule counts it (a rule that sets ``scored``)."""
        raise NotImplementedError(f"{self.keyword} does not score the sides")

    def score_bound(self) -> float:
        """The largest difference of two sides' scores (a rule that sets ``scored``)."""
        raise NotImplementedError(f"{self.keyword} does not score the sides")

    def reason(self, state: State, _: Translate = untranslated) -> str:
        """Why a game this rule scored ended, in a few words ("checkmate", "the most
        pieces on the board"), as ``Goal.reason``."""
        return _("no move left")


class Restriction(Plugin):
    """A rule on a player's whole set of legal actions (``restrictions:`` in the game file):
    it keeps some of the actions a phase offers (``framework/restrictions/``)."""

    family: ClassVar[PluginKind] = "restrictions"

    def applies_to(self, phase: str) -> bool:
        """Whether the rule filters the actions of the phase named ``phase``."""
        return True

    def allowed(self, state: State, actions: list[Action]) -> list[Action]:
        """The actions of ``actions`` (all those the phase offers) that stay legal."""
        raise NotImplementedError

    def any_allowed(self, state: State, actions: Iterable[Action]) -> bool:
        """Whether any of ``actions`` stays legal (a rule may stop at the first)."""
        return bool(self.allowed(state, list(actions)))

    def status(self, state: State) -> str:
        """A few words on how the rule bears on the player to move now (\"in check\"), shown
        beside whose move it is on the terminal's board; empty when it says nothing."""
        return ""

class TurnOrder(Plugin):
    """Who plays after whom (``turn_order:`` in the game file; boardgame.io's ``TurnOrder``).

    The order is a function of the position only (the side to move and the full-move
    number), so it needs no state of its own: positions, FEN and hashes stay as they are.
    A round is one full-move; ``next`` says who moves after ``side`` and whether that turn
    begins a new round (the full-move number goes up).
    """

    family: ClassVar[PluginKind] = "turn_orders"

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


class ConditionParams(Rule):
    """Parameters every condition shares."""

    type: str
    not_: bool = Field(default=False, alias="not",
                       description="true: the condition holds when this test fails")


class Condition(Unit):
    """A test of the position under an ``if:``, Ludii's way: a phase, a move option, a
    goal, a result or a consequence applies only while all of its conditions hold.

    ``holds`` reads the state for ``mover``, the player whose turn it is (for a goal
    checked at the end of a turn: the player who just moved). ``describe`` returns a
    clause ("you have no stone in hand") that the block joins to its own sentence."""

    family: ClassVar[PluginKind] = "conditions"
    Params: ClassVar[type[ConditionParams]]
    #: The state a condition reads (the compiler declares it for the game).
    slots: ClassVar[tuple[Slot, ...]] = ()

    def __init__(self, params: Any, game: CompiledGame) -> None:
        self.params = params
        self.game = game
        self.negated: bool = params.not_

    def holds(self, state: State, mover: int) -> bool:
        raise NotImplementedError

    @classmethod
    def fixed_in_play(cls, params: Any, ctx: SpecContext) -> str | None:
        """Why the condition can never change while the game is played (what it reads
        no rule of the file writes), or None. A block whose every condition is fixed acts
        always or never (``again``: the mover plays every turn, or the rule is dead)."""
        return None

    def rounds(self) -> tuple[int, int] | None:
        """The rounds (full moves, from 1) outside which the condition never holds, first
        and last, for one that reads the round alone (``turn``); None for the others. The
        round does not change during a turn, so two ``if:``s whose rounds are apart never
        both hold in one turn (the native kernels' moves phases chosen by their ``if:``)."""
        return None

    def describe(self, _: Translate = untranslated) -> str:
        return _(self.keyword)


def conditions_of(params: Any, game: CompiledGame) -> tuple[Condition, ...]:
    """The compiled ``if:`` of a block's parameters (none: empty)."""
    found = getattr(params, "if_", None)
    if not found:
        return ()
    units = plugins("conditions")
    return tuple(units[c.type](c, game) for c in found)


def all_hold(conditions: tuple[Condition, ...], state: State, mover: int) -> bool:
    """Whether every condition holds (a negated one: fails) for ``mover``."""
    return all(c.holds(state, mover) != c.negated for c in conditions)


def guarded(block: Any, text: str, _: Translate = untranslated) -> str:
    """A block's rulebook text with its ``if:`` said first ("Only when you have a stone in
    hand: …"); a block whose own text words its conditions (``words_conditions``) as is."""
    conditions = getattr(block, "conditions", ())
    if not conditions or getattr(block, "words_conditions", False):
        return text
    return _("Only when {when}: {text}").format(when=conditions_text(conditions, _),
                                               text=text[:1].lower() + text[1:])


def conditions_text(conditions: tuple[Condition, ...], _: Translate = untranslated) -> str:
    """The clauses of an ``if:``, joined for a sentence ("you have a stone in hand")."""
    return join_words(_, [_("it is not so that {clause}").format(clause=c.describe(_))
                          if c.negated and not getattr(c, "words_negation", False)
                          else c.describe(_) for c in conditions])


class Invariant(Plugin):
    """A property every reachable state keeps, declared under ``invariants:`` in the game
    file; ``boardspec check`` tests it after every action (it never changes play).

    An invariant is check-only: it needs neither a reference twin (``check`` evaluates it on
    the engine's states) nor a native kernel piece (the kernels never test it)."""

    family: ClassVar[PluginKind] = "invariants"
    no_twin_reason: ClassVar[str | None] = ("an invariant is check-only: check evaluates it "
                                            "on the engine's states, kernels never test it")

    def violation(self, state: State, before: State | None) -> str | None:
        """Why ``state`` breaks the invariant (``before`` is the state one action earlier,
        None at a start), or None when it holds."""
        raise NotImplementedError


@cache
def _entry_points(path: tuple[str, ...], ignored: frozenset[str]) -> list[Any]:
    # One scan of the installed packages serves every kind (each scan costs milliseconds);
    # keyed on sys.path, so a package put on the path later is found by a new scan.
    return unit_entries()


#: The units that could not be registered, ``(kind, keyword)`` → why (``broken``).
_BROKEN: dict[tuple[str, str], str] = {}


@cache
def plugins(kind: PluginKind) -> dict[str, type[Any]]:
    """Every registered unit of one kind, by keyword (entries ``<kind>.<keyword>`` of the
    ``boardspec.rules`` group).

    A unit that fails to load (a third-party package with a missing dependency or a bug),
    or that is not the unit its entry says, is left out with a warning (``BrokenUnit``,
    once per process): one broken package must not stop every game. Only a game file that
    names it is refused, by its unknown type, with why (``broken``)."""
    found: dict[str, type[Any]] = {}
    prefix = kind + "."
    for ep in _entry_points(tuple(sys.path), ignored_packages()):
        if not ep.name.startswith(prefix):
            continue
        keyword = ep.name[len(prefix):]
        problem = _load_problem(kind, keyword, ep)
        if isinstance(problem, str):
            _left_out(kind, keyword, problem)
            continue
        found[keyword] = problem
    if not found and kind in ("phases", "results"):
        raise BoardspecError(f"no {kind} units are registered: is boardspec installed "
                             "(pip install -e .)? Entry points come from the installed package.")
    return dict(sorted(found.items()))


def _load_problem(kind: str, keyword: str, ep: Any) -> type[Any] | str:
    """The unit an entry names, or why it cannot be registered."""
    try:
        cls = ep.load()
    except Exception as exc:  # a broken third-party unit must not hide the others
        return f"the {kind} unit {keyword!r} ({ep.value}) failed to load: {exc}"
    if getattr(cls, "keyword", None) != keyword:
        return (f"the {kind} unit registered as {keyword!r} ({ep.value}) declares keyword "
                f"{getattr(cls, 'keyword', None)!r}")
    if getattr(cls, "family", None) != kind:
        return (f"the unit registered as {ep.name!r} ({ep.value}) is a "
                f"{getattr(cls, 'family', 'plain class')!r} block, not one of {kind!r}")
    return cast("type[Any]", cls)


def _left_out(kind: str, keyword: str, problem: str) -> None:
    import warnings

    from framework.errors import BrokenUnit

    if _BROKEN.get((kind, keyword)) != problem:  # said once, however often the kind is read
        _BROKEN[(kind, keyword)] = problem
        warnings.warn(f"{problem}; it is left out", BrokenUnit, stacklevel=3)


def broken(keyword: str) -> str | None:
    """Why a unit registered under ``keyword`` (of any kind) was left out, or None."""
    return next((why for (_, name), why in _BROKEN.items() if name == keyword), None)


#: The kinds whose models hold those of the kinds before them (an option holds conditions
#: and consequences, a phase holds options): ``build_models`` builds them in this order.
_BUILD_ORDER: tuple[PluginKind | Literal["consequences"], ...] = (
    "conditions", "consequences", "moves", "setups", "phases", "goals", "results",
    "restrictions", "invariants", "turn_orders")


def build_models() -> None:
    """Build the model of every registered unit, the held before their holders.

    A model is built when first used (``Rule``), and a model built before the models it
    holds generates their schemas again inside its own: built from the leaves up, each
    schema is generated once and reused by every model holding it (the game model builds
    in a fraction of the time). A model holding a registered union is built again, as the
    registry may have changed (``refresh``)."""
    holders = set(_HOLDERS)
    built: set[type[BaseModel]] = set()
    for kind in _BUILD_ORDER:
        if kind == "consequences":
            models = [then_params(cls) for cls in plugins("phases").values()
                      if not cls.decides]
        else:
            models = [cls.Params for cls in plugins(kind).values()
                      if getattr(cls, "Params", None) is not None]
        for model in models:
            if model not in built:
                built.add(model)
                model.model_rebuild(force=model in holders)


#: How many times the registry was refreshed: models cached per registry key on it.
_generation = [0]


def generation() -> int:
    """A number that changes whenever the registry does (``refresh``)."""
    return _generation[0]


def refresh() -> None:
    """Forget the registry (a package was installed or removed while running): the next
    look-up scans the entry points again, and every model that embeds a registered union
    is rebuilt from them.

    A model's schema embeds its fields' schemas as they were when it was built, so a model
    holding a model that holds a union must be rebuilt after it: the passes go on until the
    nesting is exhausted (a condition inside an option inside a phase: three levels)."""
    _entry_points.cache_clear()
    plugins.cache_clear()
    _BROKEN.clear()
    _twins.clear()
    _THEN.clear()
    _generation[0] += 1
    built = [m for m in _HOLDERS if m.__pydantic_complete__]
    for _ in range(4):
        for model in built:
            model.model_rebuild(force=True)




_twins: dict[tuple[type[Any], str], Any] = {}


def twin(unit: type[Any], side: Literal["reference", "native"]) -> Any | None:
    """The unit's reference twin or native piece (loaded once), or None when it has none.

    Raises ``BoardspecError`` naming the unit when the name it gives cannot be loaded."""
    key = (unit, side)
    if key not in _twins:
        spec: str | None = getattr(unit, side, None)
        _twins[key] = None if spec is None else _load(unit, side, spec)
    return _twins[key]


def _load(unit: type[Any], side: str, spec: str) -> Any:
    module_name, _, attribute = spec.partition(":")
    # A relative name is relative to the class that wrote it: a subclass elsewhere that
    # inherits the attribute finds the same twin as the class it inherits from.
    declared = next((c for c in unit.__mro__ if side in vars(c)), unit)
    module = sys.modules[declared.__module__]
    package = module.__name__ if hasattr(module, "__path__") else module.__package__
    try:
        loaded = importlib.import_module(module_name, package=package) if module_name \
            else module  # ":Name": beside the engine class, in its own module
        return getattr(loaded, attribute)
    except Exception as exc:  # a third party's twin with a bug is refused as one missing
        raise BoardspecError(f"the {side} of the {unit.family} unit {unit.keyword!r} "
                             f"({spec!r}) cannot be loaded: {exc}") from exc
