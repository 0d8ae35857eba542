"""The pydantic models of a game file.

The fixed part (metadata, board, pieces, notation, examples) is declared here; the rule
blocks (``setup``, ``turn``, ``goals``, ``result``) are discriminated unions on ``type:``
assembled from the registered plugins by :func:`game_model`, so a plugin installed by a third
party is validated (and appears in the JSON Schema) like a built-in one.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    Field,
    PlainSerializer,
    PlainValidator,
    WithJsonSchema,
    create_model,
    model_validator,
)

from framework.board import BoardSpec
from framework.limits import MAX_COUNT
from framework.plugins import (
    ConditionalParams,
    PluginKind,
    Registered,
    Rule,
    build_models,
    generation,
    plugins,
    union_of,
)
from framework.spec.params import ParameterSpec
from framework.spec.regions import RegionSpec
from framework.spec.view import ViewSpec
from framework.spec.zones import ZoneSpec

#: Players a game may have (bitmask tables are per player; the limit keeps colours,
#: symbols and seat headers readable).
MAX_PLAYERS = 8


class Player(str):
    """A player's name (it compares, hashes and prints as the name), with the direction
    that is ``forward`` for that player when the file declares one."""

    forward: str | None

    def __new__(cls, name: str, forward: str | None = None) -> Player:
        player = super().__new__(cls, name)
        player.forward = forward
        return player

    def __reduce__(self) -> tuple[Any, ...]:
        return Player, (str(self), self.forward)


def _player(value: Any) -> Player:
    if isinstance(value, Player):
        return value
    if isinstance(value, str) and value:
        return Player(value)
    if isinstance(value, dict) and isinstance(value.get("name"), str) and value["name"]:
        unknown = sorted(set(value) - {"name", "forward"})
        if unknown:
            raise ValueError(f"unknown key {unknown[0]!r} in a player; expected name and "
                             "forward")
        forward = value.get("forward")
        if forward is not None and not (isinstance(forward, str) and forward):
            raise ValueError("forward must be a direction name, such as n")
        return Player(value["name"], forward)
    raise ValueError("expected a player name, or {name: ..., forward: <direction>}")


PlayerEntry = Annotated[
    Player,
    PlainValidator(_player),
    PlainSerializer(lambda p: {"name": str(p), "forward": p.forward} if p.forward
                    else str(p)),
    WithJsonSchema({"anyOf": [
        {"type": "string", "minLength": 1},
        {"type": "object", "additionalProperties": False, "required": ["name"],
         "properties": {"name": {"type": "string", "minLength": 1},
                        "forward": {"type": "string", "minLength": 1}}}]}),
]


class AttributeSpec(Rule):
    """A numeric attribute of a piece (Adaptoid: legs, pincers)."""

    supply: int | None = Field(default=None, ge=0, le=MAX_COUNT,
                               description="per player; null = unlimited")
    max: int | None = Field(default=None, ge=0, le=MAX_COUNT,
                               description="cap for one piece")


class OnBoardSpec(Rule):
    """How many pieces of a kind each player has on the board in every position of play
    (chess's king: ``{min: 1, max: 1}``): a FEN or a position JSON that breaks it is
    refused when read."""

    min: int = Field(default=0, ge=0, le=MAX_COUNT,
                     description="at least this many of the kind per player")
    max: int | None = Field(default=None, ge=0, le=MAX_COUNT,
                            description="at most this many per player; null = no bound")


class PieceSpec(Rule):
    """A kind of piece."""

    symbols: dict[str, str] = Field(
        default_factory=dict,
        description="one character per player, for position strings and terminal drawing")
    glyph: str | None = Field(
        default=None, max_length=2,
        description="what diagrams draw on this kind of piece, e.g. a chess figure ('♞'); "
                    "'' draws nothing; default: its symbol when the game has several kinds "
                    "of piece, else nothing")
    glyphs: dict[str, Annotated[str, Field(max_length=2)]] = Field(
        default_factory=dict,
        description="what diagrams draw on this kind of piece for each player, over "
                    "'glyph' (noughts and crosses: {x: '✕', o: '◯'})")
    disc: bool = Field(default=True, description="whether diagrams draw the piece as a disc "
                       "in its player's colour; false draws its glyph alone, in that colour")
    supply: int | None = Field(default=None, ge=0, le=MAX_COUNT,
                               description="pieces per player; null = unlimited")
    on_board: OnBoardSpec | None = Field(
        default=None, description="how many of this kind each player must have on the "
        "board in every position of play, e.g. {min: 1, max: 1} for chess's king; "
        "positions read (FEN, JSON) are checked")
    attributes: dict[str, AttributeSpec] = Field(
        default_factory=dict, description="numbers a piece carries, by name (Adaptoid: legs, "
                                          "pincers); a new piece has 0 of each")
    max_attributes_total: int | None = Field(
        default=None, ge=0, le=MAX_COUNT,
        description="cap on the sum of all attributes of one piece")
    moves: list[Annotated[Any, Registered("moves")]] = Field(
        default_factory=list, description="this kind's own moves, as a moves phase's "
        "options (without 'piece'), played by the phases that say piece_moves: true")
    hand: bool = Field(default=False, description="the supply is a hand kept apart from the "
                       "board: each player starts with 'supply' pieces in hand, placing one "
                       "takes it from there, and a piece taken off the board does not come "
                       "back (false: the supply is what is not on the board)")
    piles: dict[str, Annotated[int, Field(ge=0, le=MAX_COUNT)]] | None = Field(
        default=None, description="pieces of this kind are alike and kept as a number on "
        "each cell, owned by nobody (seeds in the pits of a mancala board): per zone, the "
        "number each of its cells starts with ({pits: 4}; every other cell starts empty); "
        "the position slot <kind>.<cell> holds each cell's number")
    in_hand: int | None = Field(default=None, ge=0, le=MAX_COUNT,
                                description="with hand: how many each player starts with in "
                                "hand (default: the supply less what the setup puts on the "
                                "board); shogi's hands start empty: 0")
    captured_as: str | None = Field(
        default=None, description="a piece of this kind that is captured changes side: it "
        "goes into the captor's hand as this kind (one kept in hand), shogi's captures; "
        "default: a captured piece leaves the game")

    @model_validator(mode="after")
    def _hand_has_supply(self) -> PieceSpec:
        if self.hand and self.supply is None:
            raise ValueError("a hand holds a number of pieces: give the kind a 'supply' "
                             "(how many each player starts with in hand)")
        if self.piles is not None and (self.hand or self.supply is not None or self.moves):
            raise ValueError("a kind kept in piles is counted on the cells, not placed or "
                             "moved one by one: leave out 'hand', 'supply' and 'moves'")
        if self.in_hand is not None and not self.hand:
            raise ValueError("in_hand is the number a hand starts with: it goes with "
                             "hand: true")
        return self


class FenSpec(Rule):
    """A FEN-like position string: rows top to bottom separated by '/', digits for runs of
    empty cells, a symbol per piece, then the side to move and, with ``clocks``, the
    half-move clock and the full-move number."""

    gap: str = Field(default="-", min_length=1, max_length=1,
                     description="the character of a blocked cell")
    sides: dict[str, str] = Field(
        default_factory=dict,
        description="symbol of each player as the side to move (default: its piece symbol)")
    clocks: bool = Field(default=True, description="write the half-move clock and the "
                                                   "full-move number after the side to move")
    fields: list[str] = Field(
        default_factory=list, description="state slots written as fields of their own "
        "between the side to move and the clocks, '-' for none (chess: [castling, "
        "en_passant]); other slots follow the clocks as name=value")


class SanSpec(Rule):
    """Moves written in Standard Algebraic Notation (chess's ``Nf3``, ``exd5``, ``O-O``,
    ``e8=Q``, ``Qh5+``): a whole turn as one word, for records and for people. Each kind is
    written by a letter (its first player's symbol in upper case unless ``letters`` gives
    another), but ``pawn``, whose moves name only the cell (and, capturing, the file it
    leaves); castling is ``O-O`` on the nearer partner's side and ``O-O-O`` on the farther;
    the royal piece's attack writes ``+``, and ``#`` when the attacked side has no legal
    move. Needs a grid board whose cells are named file letters then rank digits (a1)."""

    pawn: str = Field(description="the kind written without a letter (chess: pawn)")
    letters: dict[str, str] = Field(
        default_factory=dict, description="a kind's letter where it is not its first "
        "player's symbol in upper case: {knight: N}")


class NotationSpec(Rule):
    """How actions and positions are written.

    ``words`` translates the words of the notation (a ``skip:`` word, the words of a
    ``notation:`` template or of ``attribute_notation``, a player's name in ``white@D2``, a
    ``pass`` word) for the rulebooks and for players who play in that language
    (``boardspec play --lang es``, the web app): ``{es: {skip: pasar, leg: pata}}``. A word
    the file does not translate comes from boardspec's catalogs when they have it (``skip``,
    ``pass``), else stays as written. A translation is one word of letters, neither a cell's
    name nor another word of the notation (``boardspec validate`` says which entry is
    wrong). Records, JSON, FEN and examples keep the file's own words; both forms are read
    when a person plays."""

    pass_: str = Field(default="0000", alias="pass", description="the notation of a pass")
    words: dict[str, dict[str, str]] = Field(
        default_factory=dict,
        description="per rulebook language (es, pt, ru, eo), each notation word of this "
                    "file and how that language writes it: {es: {skip: pasar, leg: pata}}")
    fen: FenSpec | None = Field(default=None, description="a FEN-like position string "
                                                          "(null: positions as JSON only)")
    san: SanSpec | None = Field(default=None, description="moves also written in Standard "
                                "Algebraic Notation (records, the web app's move list)")
    numbers: Literal["top_left", "top_right", "bottom_left", "bottom_right"] | None = Field(
        default=None,
        description="actions name the cells by number, as draughts players do: 1, 2, … row "
                    "by row from that corner of the board, holes skipped (top_left: the top "
                    "row first, each row left to right; bottom_right: the bottom row first, "
                    "each right to left); moves then read 32-28 and captures 28x19. "
                    "Positions (JSON, FEN, the file's cells) keep the cells' names")


class ExpectSpec(Rule):
    """What an example asserts about the position it sets up (after its actions)."""

    piece: str | None = Field(default=None, description="the cell of the piece the "
                              "target lists are about")
    kind: str | None = Field(default=None, description="the kind of action the target lists "
                             "are about (walk, create, ...)")
    targets: list[str] | None = Field(default=None, description="exactly these cells")
    targets_include: list[str] = Field(default_factory=list,
                                       description="cells that must be among the targets")
    targets_exclude: list[str] = Field(default_factory=list,
                                       description="cells that must not be among the targets")
    legal: list[str] = Field(default_factory=list, description="actions that must be legal")
    illegal: list[str] = Field(default_factory=list, description="actions that must not be")
    position: dict[str, Any] | None = Field(
        default=None, description="expected position: the keys given must match")
    terminal: bool | None = Field(default=None, description="whether the game is over")
    winner: str | None = Field(default=None, description="the player who won (the game must "
                                                         "be over)")
    winners: list[str] | None = Field(default=None, description="exactly these players "
                                      "share the win")


class ExampleSpec(Rule):
    """A worked example: a position, optional actions, and what must then hold."""

    name: str = Field(description="a short title (the rulebook's heading of the diagram)")
    caption: str = Field(default="", description="what the diagram shows, in words (without "
                         "one the rulebook says what the actions did)")
    position: dict[str, Any] | None = Field(
        default=None, description="the starting position: to_move, phase, cells (cell: "
                                  "player, or {owner, kind, <attribute>: n}), counters")
    fen: str | None = Field(default=None, description="the starting position as a FEN-like "
                            "string (instead of position)")
    actions: list[str] = Field(default_factory=list,
                               description="actions played from there, in notation")
    expect: ExpectSpec = Field(default_factory=ExpectSpec,
                               description="what must then hold")
    parameters: dict[str, Any] = Field(
        default_factory=dict, description="the parameter values this example is written "
        "for ({size: 5}); it is part of the game under those values only")

    @model_validator(mode="after")
    def _one_start(self) -> ExampleSpec:
        if self.position is not None and self.fen is not None:
            raise ValueError("give either 'position' or 'fen', not both")
        return self


class EvaluationTerm(Rule):
    """One weighted feature, counted for each side (own minus the opponent's): a piece kind
    (pieces on the board), an attribute (its sum over the side's pieces), a counter, or the
    distance the side's pieces still have to travel along a phase's tracks (a race's pip
    count: give it a negative weight, less to go is better)."""

    piece: str | None = Field(default=None, description="count the side's pieces of this kind")
    attribute: str | None = Field(default=None,
                                  description="sum this attribute over the side's pieces")
    counter: str | None = Field(default=None, description="the side's value of this counter")
    distance: str | None = Field(default=None, description="a phase that measures distance "
                                 "(race): the points the side's pieces still have to travel "
                                 "along its tracks")
    weight: float = Field(default=1.0, description="what one unit of the feature is worth")

    @model_validator(mode="after")
    def _one_feature(self) -> EvaluationTerm:
        named = [k for k in ("piece", "attribute", "counter", "distance")
                 if getattr(self, k) is not None]
        if len(named) != 1:
            raise ValueError("name exactly one of 'piece', 'attribute', 'counter' or "
                             "'distance'")
        return self


class EvaluationSpec(Rule):
    """How computer players weigh a position (greedy, alpha-beta, MCTS leaves). Without
    this block: 1 per piece of any kind, plus 0.05 per legal action (mobility)."""

    terms: list[EvaluationTerm] = Field(default_factory=list,
                                        description="the weighted features, added up")
    mobility: float = Field(default=0.0, description="weight of the number of legal actions "
                                                     "of the first phase of a turn")


class CreditsSpec(Rule):
    """Who made the game and where its rules come from: the rulebook's Credits."""

    author: str = Field(default="", description="who designed the game (and when)")
    publisher: str = Field(default="", description="who publishes it")
    source: str = Field(default="", description="where these rules are taken from: a book, "
                                                "a page, the rules of a federation")
    licence: str = Field(default="", description="the licence of the game file and its "
                                                 "rules text")


#: The places of a rulebook where a game file's own prose goes (``prose:``): before the
#: rules (introduction), a section of its own before the examples (strategy), or at the
#: end of a generated section (the others).
ProsePlace = Literal["introduction", "material", "setup", "turn", "end", "notation",
                     "strategy"]


class MarginLevel(ConditionalParams):
    """What a win is worth when the conditions under ``if:`` hold, read for the loser
    (``mover`` in them is the player who lost): Backgammon's gammon and backgammon."""

    value: float | None = Field(default=None, gt=0, le=MAX_COUNT, description="the "
                                "winner's return (the loser's is minus this)")
    difference: Literal["result"] | None = Field(
        default=None, description="instead of a value: the winner's score minus the "
        "loser's, as the game's result rule counts them (majority: the pieces; area: the "
        "area score with komi); the level holds only where that difference is positive")

    @model_validator(mode="after")
    def _value_or_difference(self) -> MarginLevel:
        if (self.value is None) == (self.difference is None):
            raise ValueError("a margin level gives either a 'value' or 'difference: "
                             "result', one of them")
        return self


class StacksSpec(Rule):
    """A cell may hold an ordered stack of pieces of any owners and kinds (Lasca's
    columns). The top piece is the one the rules see: its owner controls the stack, its
    kind says how the stack moves, a promotion changes it alone. What moves when a stack
    moves is ``moves``; a capture may take the top of the jumped stack and put it under
    the capturer's (``hop`` with ``takes: top, taken_to: under``). Lasca's columns:

    ```yaml
    stacks: {moves: whole, max_height: 22, conserved: true}
    turn:
      - name: move
        type: moves
        options:
          - {type: hop, piece: soldier, directions: [forward_left, forward_right],
             chain: must, takes: top, taken_to: under}
          # a rule may read a stack's height: a column of 3 or more also steps back
          - {type: reach, piece: soldier, distance: 1, kind: back,
             directions: [backward_left, backward_right], to_if: {stack: from, at_least: 3}}
    ```

    A position writes a stack as its top piece with the pieces beneath it under
    ``below``, the next one down first: ``"e5": {"owner": "white", "piece": "soldier",
    "below": [{"owner": "black", "piece": "officer"}, "black"]}``. The text board shows a
    stack's top symbol and its height (``w3``) and lists every stack, top first; the
    diagrams draw the pieces beneath and the height on a badge; the observation has a
    ``height`` plane and one plane per depth, kind and owner. A game without ``stacks:``
    keeps one piece a cell and none of this costs it anything. The native backend does not
    play stacks yet (it says so, by name)."""

    moves: Literal["whole", "top"] | Annotated[int, Field(ge=1, le=64)] = Field(
        default="whole", description="what a move of a stack takes along: the whole stack "
        "(Lasca's columns), its top piece alone (top), which uncovers the one beneath, or "
        "its top n pieces (a number; the whole stack when it holds n or fewer)")
    max_height: int = Field(ge=2, le=64, description="the most pieces a stack may hold: "
                            "a position with a higher one is refused, and the observation "
                            "planes hold that many levels")
    conserved: bool = Field(default=False, description="no piece ever leaves the board "
                            "(captures only move pieces between stacks): boardspec check "
                            "checks that the number of pieces on the board stays the same")

class ReturnsSpec(Rule):
    """What each player gets when the game ends, OpenSpiel's returns: every winner the
    same, every other player the same (Mensch ärgere dich nicht with four players: the
    winner 3, each other player -1)."""

    win: float = Field(default=1.0, ge=-MAX_COUNT, le=MAX_COUNT,
                       description="each winner's return")
    loss: float = Field(default=-1.0, ge=-MAX_COUNT, le=MAX_COUNT,
                        description="each other player's return, when someone won")
    draw: float = Field(default=0.0, ge=-MAX_COUNT, le=MAX_COUNT,
                        description="every player's return in a game that ended without "
                                    "a winner")


class GameBase(Rule):
    """Everything in a game file except the rule blocks."""

    parameters: dict[str, ParameterSpec] = Field(
        default_factory=dict,
        description="the game's variants: named values (board size, a rule switch) with "
                    "a type, a default and a range, used in the file as $name or ${...} "
                    "(see docs/parameters.md); chosen with --param name=value")
    name: str = Field(min_length=1, description="the game's name (the rulebook's title)")
    description: str = Field(default="", description="a paragraph for people: the rulebook's "
                                                     "summary")
    category: str = Field(default="", description="the family of games it belongs to, as "
                          "Ludii's library files board games (hunt, race, sow, space, war); "
                          "`boardspec games` lists it")
    players: list[PlayerEntry] = Field(
        min_length=2, max_length=MAX_PLAYERS,
        description="the sides, in turn order (the first moves first): a name, or "
                    "{name, forward} with the board direction that is forward for that "
                    "player (for moves such as forward or forward_left)")
    board: BoardSpec = Field(description="the cells and how they touch (see Boards)")
    pieces: dict[str, PieceSpec] = Field(min_length=1, description="the kinds of piece, by "
                                                                   "name")
    counters: list[str] = Field(default_factory=list,
                                description="per-player counters such as captures")
    zones: dict[str, ZoneSpec] = Field(
        default_factory=dict, description="named sets of cells, for every player alike or "
                                          "one per player (see Zones)")
    tracks: dict[str, dict[str, list[str]]] = Field(
        default_factory=dict, description="named tracks: per player, the cells of its "
        "track in order, from the first (where a piece enters) to the last; a move along "
        "a track (advance) names it")
    regions: dict[str, RegionSpec] = Field(
        default_factory=dict, description="a grid cut into equal blocks of cells, each a "
                                          "small board of its own (see Regions)")
    no_legal_move: Literal["end_game", "pass", "lose", "win"] = Field(
        default="end_game",
        description="a player with no legal action: the game ends (scored by the result "
                    "rule), the player passes (the game ends when no player can act), or "
                    "the player loses, or wins")
    goal_checks: list[str] = Field(
        default_factory=list,
        description="phases after which goals are checked, besides the end of every turn")
    tie_break: Literal["last_mover", "draw"] = Field(
        default="draw", description="when a goal check finds both sides winning")
    stacks: StacksSpec | None = Field(
        default=None, description="cells hold ordered stacks of pieces (see StacksSpec); "
                                  "default: one piece a cell")
    max_plies: int | None = Field(
        default=None, ge=1, le=MAX_COUNT, description="declared upper bound on a game's length; "
                                        "null = the game may not terminate by itself")
    notation: NotationSpec = Field(default_factory=NotationSpec,
                                   description="how actions and positions are written")
    view: ViewSpec | None = Field(
        default=None, description="what each player sees (hidden information); default: "
                                  "everything (see framework/spec/view.py)")
    terms: dict[str, dict[str, str]] = Field(
        default_factory=dict,
        description="per rulebook language (en, es, pt, ru, eo), the reader's words for "
                    "the file's identifiers: a zone, a rule's type, a phase's name, a "
                    "state slot ({en: {promotion: the last rank, halfmove_clock: the "
                    "fifty-move rule}}); a language left out reads the English terms "
                    "through the catalogs (see framework/spec/terms.py)")
    credits: CreditsSpec | None = Field(default=None, description="the author, publisher, "
                                        "source and licence the rulebook's Credits name")
    prose: dict[str, dict[ProsePlace, Annotated[str, Field(min_length=1)]]] = Field(
        default_factory=dict,
        description="per rulebook language (en, es, pt, ru, eo), the designer's own text "
                    "for a place of the rulebook: an introduction before the rules, a "
                    "strategy section before the examples, or a note at the end of the "
                    "material, setup, turn, end or notation section ({en: {strategy: "
                    "Keep your pieces together.}}); a language left out reads the English "
                    "text through the catalogs; the generated text stays generated")
    margins: list[MarginLevel] = Field(
        default_factory=list,
        description="scores as returns: the first level whose conditions hold for the "
                    "loser sets what the win is worth (a gammon 2, a backgammon 3; "
                    "difference: result, the winner's score less the loser's, as the "
                    "result rule counts them: a disc margin); no level holding, or none "
                    "given: 1 (two players only)")
    returns: ReturnsSpec | None = Field(
        default=None, description="what each player gets at the end ({win, loss, draw}: "
                                  "every winner the same, every other player the same; "
                                  "win: ${players - 1} for OpenSpiel's n-player scores); "
                                  "default: 1 a win, -1 a loss, 0 a draw")
    evaluation: EvaluationSpec | None = Field(
        default=None, description="weights for computer players; default: piece count "
                                  "difference plus a little mobility")
    examples: list[ExampleSpec] = Field(
        default_factory=list, description="worked examples: checked by `boardspec examples` "
                                          "and drawn in the rulebook")

    if TYPE_CHECKING:  # declared by game_model() from the registered plugins
        setup: list[Any]
        turn: list[Any]
        turn_order: str
        goals: list[Any]
        result: Any
        invariants: list[Any]
        restrictions: list[Any]


def _union(kind: PluginKind) -> Any:
    return union_of(kind)


def game_model() -> type[GameBase]:
    """The model of a whole game file, with one union member per registered unit (built
    again when the registry changes: ``framework.plugins.refresh``)."""
    return _game_model(generation())


@cache
def _game_model(registry: int) -> type[GameBase]:
    build_models()  # the units' models first, so that the game's reuses their schemas
    setup = _union("setups")
    phase = _union("phases")
    goal = _union("goals")
    result = _union("results")
    invariant = _union("invariants")
    restriction = _union("restrictions")
    orders = tuple(plugins("turn_orders"))
    fields: dict[str, Any] = {
        "turn_order": (Literal[orders] if orders else str, Field(
            default="rotate", description="who plays after whom: a registered turn order "
                                          "(rotate: in the order of players)")),
        "setup": (list[setup], Field(  # type: ignore[valid-type]
            default_factory=list, description="how a game begins, in order (see Setups); "
                                              "none: an empty board, the first player moves")),
        "turn": (list[phase], Field(  # type: ignore[valid-type]
            min_length=1, description="the steps of every turn, in order (see Turn phases)")),
        "goals": (list[goal], Field(  # type: ignore[valid-type]
            default_factory=list, description="end conditions, in order (see Goals)")),
        "result": (result | None, Field(None, description="how a game that ended without a "
                                                          "winner is scored (see Results)")),
        "invariants": (list[invariant], Field(  # type: ignore[valid-type]
            default_factory=list,
            description="properties every reachable state keeps; `boardspec check` tests "
                        "them after every action")),
        "restrictions": (list[restriction], Field(  # type: ignore[valid-type]
            default_factory=list,
            description="rules on a player's whole set of legal actions, such as a "
                        "compulsory capture")),
    }
    model = create_model("Game", __base__=GameBase, **fields)
    return model
