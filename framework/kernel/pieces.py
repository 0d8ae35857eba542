"""Kernel pieces: the bases of what each rule unit contributes to a game's native kernels.

A unit's piece is in its own folder (``framework/rules/<kind>/<keyword>/native.py``, named
by ``Unit.native``): a move primitive (``reach``, ``place``), a consequence
(``convert_adjacent``), a goal (``no_pieces``, ``line``), a result (``majority``), a
restriction (``compulsory``). A piece is built from the compiled block (its masks and
parameters), gives the tables its code reads — frozen into the compiled kernels as
constants — and the body of the numba functions it owns, as Python source. The assembler
(``framework/native/assemble.py``) writes the pieces of one game into one module, so a
game's kernel is put together from its blocks: there is no kernel per game. This package
holds the bases and what several pieces share (``StepTablePiece``, the step and flank
tables here; ``attacks``, ``scanned``, ``slots`` beside it).

A block without a piece, or a parameter a piece does not cover, raises ``Unsupported``
with the reason, and the game is played by the Python engine (``boardspec validate`` says
so). This package imports neither numba nor numpy: the support check runs on the core
install.

In the generated code, cells are int64 and masks uint64; ``ONE``/``ZERO`` are uint64
constants, ``U64`` converts, ``count``/``low`` are popcount and lowest-bit index. The state
is one uint64 array ``st`` (``framework/native/assemble.py`` lays it out); ``side`` is the
player to move. A move is an int64: ``option << 16 | (source + 1) << 8 | target`` on a
board of at most 255 cells, the cells in 16 bits each above (``option << 32 | (source + 1)
<< 16 | target``): a piece writes the shifts as ``self.m`` gives them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from framework.engine.slots import DEPARTED
from framework.kernel.masks import Masks
from framework.kernel.slots import slot_field
from framework.kernel.unsupported import Unsupported as Unsupported

#: The option number of a chain's ``stop`` (``framework.native.assemble``'s ``STOP``).
STOP_OPTION = 253
#: The option number of a chance outcome (a roll): its index among the outcomes in the
#: target's bits (``framework.native.assemble``'s ``CHANCE``).
CHANCE_OPTION = 252
#: The option number of an action of a setup step the players decide (a placement of
#: ``place_each``, the side ``choose_side`` picks; ``framework.native.assemble``'s
#: ``SETUP_CODE``).
SETUP_OPTION = 251


def check_params(keyword: str, params: Any, known: set[str]) -> None:
    """Refuse a parameter the piece was not written for, when it is set: a block that
    grows a parameter is played by the Python engine until its piece learns it."""
    for name, field in type(params).model_fields.items():
        if name in known or name in ("type", "name"):
            continue
        value = getattr(params, name)
        default = field.get_default(call_default_factory=True)
        if value != default:
            shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
            raise Unsupported(f"{keyword} with {field.alias or name}: {shown} (its native "
                              "kernel piece does not know that parameter)")


def _indent(lines: list[str], depth: int = 1) -> list[str]:
    return ["    " * depth + line if line else line for line in lines]


class Piece:
    """A block's share of the kernels: named tables and functions (source text)."""

    #: The parameters of its block the piece plays (any other must keep its default).
    KNOWN: frozenset[str] = frozenset()
    #: The parameters the assembler plays for every piece of a kind (an option's ``if:``
    #: and ``then:``, a goal's ``if:``), so no piece need know them.
    HANDLED: frozenset[str] = frozenset()
    #: Whether the piece's code is written for masks of any width (``self.m``,
    #: ``framework/kernel/masks.py``): the others play boards of at most 64 cells.
    WIDE = False

    def __init__(self, prefix: str, keyword: str = "", params: Any = None,
                 game: Any = None) -> None:
        if params is not None:
            check_params(keyword, params, set(self.KNOWN | self.HANDLED))
        self.prefix = prefix  # names this piece's tables and functions in the module
        self.keyword = keyword
        #: How the piece's code spells masks for its board's width.
        self.m = Masks.of(game)
        #: name (without prefix) -> (values, numpy dtype name)
        self.tables: dict[str, tuple[Sequence[float], str]] = {}

    def table(self, name: str, values: Any, dtype: str = "uint64") -> str:
        """A table of masks (uint64: on a wide board each row is its words, read with
        ``self.m.row``) or of numbers (int64, float64)."""
        if dtype == "float64":
            self.tables[name] = ([float(v) for v in values], dtype)
            return self.prefix + name
        found = [int(v) for v in values]
        if dtype == "uint64" and self.m.wide and self.WIDE:
            found = [w for v in found for w in self.m.words(v)]
        self.tables[name] = (found, dtype)
        return self.prefix + name

    def function(self, name: str, args: str, body: list[str]) -> str:
        """A jitted helper of this piece (LLVM inlines it into its callers)."""
        return "\n".join(["@njit(cache=True)",
                          f"def {self.prefix}{name}({args}):", *_indent(body)])

    def functions(self) -> list[str]:
        raise NotImplementedError


# Move primitives -----------------------------------------------------------------------
class PrimitivePiece(Piece):
    """A move primitive: ``gen`` writes its moves into ``buf`` from index ``n`` and
    returns the new ``n``; ``count`` and ``has`` answer without writing; ``apply`` plays
    one (``src`` -1 for a move named by its target alone)."""

    ARGS = "st, side, own, enemy, empty"
    #: Whether its moves put a new piece on the board (and so would read a supply).
    PLACES = True
    #: Whether it may place a kind kept in hand (``pieces.<kind>.hand``): the assembler
    #: then lists its moves only while the mover's hand of the kind holds one, and takes
    #: one out of it with each (``HAND``, the fields of the hands in the compact state).
    HANDS = False
    #: Whether it reads a supply derived from the board (``self.supply``).
    SUPPLIED = False
    #: The assembler plays an option's ``if:`` and ``then:``; the shared loops of moves
    #: (``AtCellsPiece``, ``FromSourcesPiece``) play its tests of each candidate move.
    HANDLED = frozenset({"if_", "then", "to_if", "path_if"})
    #: Whether its moves come out of the shared loops, which call the tests' ``keep``.
    TESTS_TARGETS = False

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(f"o{index}_", option.keyword, option.params, option.game)
        self.option = option
        self.index = index
        self.code = self.m.code(index)
        game = option.game
        made = getattr(option, "made", 0)
        # A reach that moves its piece (effect: move) takes nothing from a supply.
        places = self.PLACES and getattr(option, "clone", True)
        kind = game.spec.pieces[game.piece_kinds[made]] if places else None
        #: The supply of the kind placed, derived from the board (the declared supply less
        #: the mover's pieces of it on the board), which a ``SUPPLIED`` piece reads; None:
        #: unlimited, or a hand.
        self.supply: int | None = None
        if kind is not None and kind.supply is not None and not (self.HANDS and kind.hand):
            if not self.SUPPLIED:
                raise Unsupported(f"{option.keyword} with a piece supply" + (
                    " (the kernels keep a hand: true one, not one derived from the board)"
                    if self.HANDS else ""))
            self.supply = kind.supply
        #: The kind its moves take out of the mover's hand (-1: none).
        self.hand = made if kind is not None and kind.hand else -1
        #: The tests of each candidate move (to_if, …), as kernel functions; None: none.
        self.tests: Any = None
        if getattr(option, "candidates", None) is not None:
            if not self._loops_shared():
                raise Unsupported(f"{option.keyword} with a test of each candidate move "
                                  "(to_if, path_if, where: a test): its native piece "
                                  "generates its moves in loops of its own")
            from framework.kernel.candidate import CandidateCode

            self.tests = CandidateCode(self, option)

    def _loops_shared(self) -> bool:
        """Whether the piece's moves come out of its base's loops, unchanged."""
        return self.TESTS_TARGETS and all(
            getattr(type(self), name) is getattr(self._loops_base(), name)
            for name in ("gen", "count", "has"))

    def _loops_base(self) -> type[PrimitivePiece]:
        return PrimitivePiece

    def tested(self, src: str, targets: str) -> str:
        """``targets`` (a mask expression, the moves from ``src``), less those a test of
        the option fails for."""
        return self.tests.call(src, targets) if self.tests is not None else targets

    def encoded(self, src: str, dst: str) -> str:
        """The code of this option's move from cell ``src`` to ``dst`` (expressions of the
        generated code), its bits laid out for the board (``Masks``)."""
        return f"{self.code} | (({src} + 1) << {self.m.src_shift}) | {dst}"

    def functions(self) -> list[str]:
        return [*(self.tests.functions() if self.tests is not None else ()),
                self.function("gen", self.ARGS + ", buf, n", self.gen()),
                self.function("count", self.ARGS, self.count()),
                self.function("has", self.ARGS, self.has()),
                self.function("apply", "st, side, src, dst", self.apply())]

    def gen(self) -> list[str]:
        raise NotImplementedError

    def count(self) -> list[str]:
        raise NotImplementedError

    def has(self) -> list[str]:
        raise NotImplementedError

    def apply(self) -> list[str]:
        raise NotImplementedError

    @staticmethod
    def landing(resets: bool) -> list[str]:
        """The engine's bookkeeping after a piece lands on ``dst``."""
        return ["st[LANDED] = U64(dst + 1)", *(["st[RESET] = ONE"] if resets else [])]


class AtCellsPiece(PrimitivePiece):
    """A primitive whose moves are named by one cell each (no source: a placement, a
    sowing, a removal): ``cells()`` gives the lines that leave those cells in ``t``, and
    generation, count and test are written once."""

    TESTS_TARGETS = True

    def cells(self) -> list[str]:
        raise NotImplementedError

    def _loops_base(self) -> type[PrimitivePiece]:
        return AtCellsPiece

    def tested_cells(self, lines: list[str]) -> list[str]:
        """The lines of ``cells()`` (``lines``), then the option's tests on ``t``."""
        if self.tests is None:
            return lines
        return [*lines, f"t = {self.tested('np.int64(-1)', 't')}"]

    def gen(self) -> list[str]:
        return [*self.tested_cells(self.cells()), "while t:",
                f"    buf[n] = {self.code} | low(t)", "    n += 1", "    t &= t - ONE",
                "return n"]

    def count(self) -> list[str]:
        return [*self.tested_cells(self.cells()), "return count(t)"]

    def has(self) -> list[str]:
        return [*self.tested_cells(self.cells()), "return t != ZERO"]


class FromSourcesPiece(PrimitivePiece):
    """A primitive whose moves go from each of ``sources`` (a mask expression) to the cells
    ``_from(cell)`` gives (a mask expression): generation, count and test written once."""

    sources = "own"
    TESTS_TARGETS = True

    def _from(self, s: str) -> str:
        raise NotImplementedError

    def _loops_base(self) -> type[PrimitivePiece]:
        return FromSourcesPiece

    def gen(self) -> list[str]:
        return [f"b = {self.sources}", "while b:", "    s = low(b)", "    b &= b - ONE",
                f"    t = {self.tested('s', self._from('s'))}", "    while t:",
                f"        buf[n] = {self.encoded('s', 'low(t)')}", "        n += 1",
                "        t &= t - ONE", "return n"]

    def count(self) -> list[str]:
        return [f"b = {self.sources}", "n = 0", "while b:",
                f"    n += count({self.tested('low(b)', self._from('low(b)'))})",
                "    b &= b - ONE", "return n"]

    def has(self) -> list[str]:
        return [f"b = {self.sources}", "while b:",
                f"    if {self.tested('low(b)', self._from('low(b)'))}:",
                "        return True", "    b &= b - ONE", "return False"]


class StepTablePiece(FromSourcesPiece):
    """``step`` and ``leap`` (``slide`` builds on it): a piece moves to a cell its
    per-player reach table names (directions relative to the player's forward, offsets and
    paths are all resolved when the game is compiled), onto the cells ``to`` allows, a
    piece there captured."""

    KNOWN = frozenset({"directions", "offsets", "symmetric", "paths", "piece", "to",
                       "kind", "notation", "resets_halfmove_clock",
                       "resets_halfmove_clock_on_capture"})
    PLACES = False
    WIDE = True

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        self.size = option.game.board.size
        # One row of the table per player: REACH[side * size + cell].
        self.reach = self.table("REACH", [m for row in option.reach for m in row])
        self.resets = option.resets_clock
        self.allowed = {"empty": "empty", "enemy": "enemy", "own": "own",
                        "any": "(empty | enemy | own)",
                        "empty_or_enemy": "(empty | enemy)"}[option.to]
        self.captures = option.removes
        self.capture_resets = option.capture_resets
        # Where the piece started, for a promotion that reads it (from_zone), as Line.apply.
        game = option.game
        self.departed = (slot_field(game, DEPARTED.name) if DEPARTED.name in game.slots.index
                         else "")
        self.sources = ("own" if option.piece < 0 else
                        f"(own & {self.m.get(f'KINDS + {option.piece}')})")

    @staticmethod
    def attack_lines(attacks: Any, i: int, option: Any, pieces: str) -> list[str]:
        """How ``a_attacked_in`` reads this option's attacks (``framework/kernel/attacks``):
        a step's or a leap's reach ignores the board, so a reverse table; each source then
        tested as a candidate move when the option has tests."""
        if option.from_landed or option.placing:
            raise Unsupported(f"a {option.keyword} that attacks from the landed cell or "
                              "places")
        if option.candidates is not None:
            lines: list[str] = attacks.tested_reverse(i, option, pieces)
            return lines
        found: list[str] = attacks.reverse(i, option.reach, pieces)
        return found

    def _from(self, s: str) -> str:
        return f"{self.m.row(self.reach, f'side * {self.size} + {s}')} & {self.allowed}"

    def apply(self) -> list[str]:
        lines = ["capture(st, dst, side)"] if self.captures else []
        if self.capture_resets:  # a capture resets the half-move clock
            lines = ["for s in range(S):", f"    if {self.m.test(self.m.get('s'), 'dst')}:",
                     "        st[RESET] = ONE", *lines]
        departed = [f"st[{self.departed}] = U64(src + 1)"] if self.departed else []
        return [*lines, "move_piece(st, src, dst)", *departed, *self.landing(self.resets)]


# Outflanking (place's must_flank, flip_flanked) ------------------------------------------
def _step_table(piece: Piece, board: Any) -> str:
    """The board's ``step[cell][direction]`` as one flat int64 table (-1: no cell)."""
    d = len(board.directions)
    return piece.table("STEP", [board.step[c][i] for c in range(board.size)
                                for i in range(d)], "int64")


def flank_cells(piece: Piece, board: Any, directions: Any) -> list[str]:
    """The body of ``flank(cand, own, enemy)``: the cells of ``cand`` from which a run of
    enemy pieces is outflanked (as ``framework.moves.flank.Flanker`` finds them). A
    direction that moves every cell by one id difference is a shift of whole masks, with
    the difference and the mask of cells that can move frozen in as constants; any other
    direction is walked on the step table from the candidates next to an enemy."""
    size, nd, m = board.size, len(board.directions), piece.m
    lines = [f"found = {m.zero}"]
    walked = []
    for d in directions:
        back = board.opposite[d]
        deltas = {board.step[c][back] - c for c in range(size) if board.step[c][back] >= 0}
        if len(deltas) != 1:
            walked.append(d)
            continue
        delta = deltas.pop()
        movable = sum(1 << c for c in range(size) if board.step[c][back] >= 0)
        shift = f"<< U64({delta})" if delta > 0 else f">> U64({-delta})"
        lines += [f"run = ((own & {m.const(movable)}) {shift}) & enemy", "while run:",
                  f"    ahead = (run & {m.const(movable)}) {shift}",
                  "    found |= ahead & cand", "    run = ahead & enemy"]
    if not walked:
        return [*lines, "return found"]
    step = _step_table(piece, board)
    near = piece.table("NEAR_ENEMY", board.neighbour_masks)
    dirs = piece.table("WALKED", walked, "int64")
    return [*lines, "b = enemy", f"near = {m.zero}", "while b:",
            f"    near |= {m.row(near, 'low(b)')}",
            "    b &= b - ONE", "rest = cand & near & ~found", "while rest:",
            "    c = low(rest)", "    rest &= rest - ONE",
            f"    for i in range({len(walked)}):", f"        d = {dirs}[i]",
            f"        at = {step}[c * {nd} + d]",
            f"        if at < 0 or not {m.test('enemy', 'at')}:", "            continue",
            f"        while at >= 0 and {m.test('enemy', 'at')}:",
            f"            at = {step}[at * {nd} + d]",
            f"        if at >= 0 and {m.test('own', 'at')}:",
            f"            found |= {m.bit('c')}", "            break",
            "return found"]


# Consequences ------------------------------------------------------------------------


# Goals: ``evaluate(st)`` returns (fired, scored, named winners as a side mask) ---------
# A goal piece with ``STANDS`` true ends the game with its own verdict when it fires, over
# the other goals of the check (``Verdict.stands``); one with ``RECORDS`` true has a
# ``record(st)`` the assembler calls at every check before any goal, whatever its if:.
def _kind_mask(piece: str | None, game: Any) -> str:
    return (Masks.of(game).get(f"KINDS + {game.piece_kinds.index(piece)}") if piece
            else "ALL")


class GoalPiece(Piece):
    HANDLED = frozenset({"if_"})

    def __init__(self, goal: Any, index: int) -> None:
        super().__init__(f"g{index}_", goal.keyword, goal.params, goal.game)
        self.goal = goal

    def functions(self) -> list[str]:
        return [self.function("evaluate", "st", self.evaluate())]

    def evaluate(self) -> list[str]:
        raise NotImplementedError


# Results: ``winners(st)`` returns the winners as a side mask -----------------------------
class ResultPiece(Piece):
    HANDLED = frozenset({"if_"})  # the assembler's guard: a draw when the if: fails

    def __init__(self, result: Any) -> None:
        super().__init__("r_", result.keyword if result else "",
                         result.params if result else None,
                         getattr(result, "game", None))
        self.result = result

    def functions(self) -> list[str]:
        return [self.function("winners", "st", self.winners())]

    def winners(self) -> list[str]:
        raise NotImplementedError


# Restrictions: ``filter(st, side, buf, n)`` keeps the legal moves among ``n`` -----------
class RestrictionPiece(Piece):
    """A restriction on the whole set of moves (``framework/restrictions/``): ``filter``
    compacts the moves written into ``buf`` to those that stay legal and returns their
    number. ``count`` may count them without a buffer (perft's last ply); when a piece
    has none, the assembler counts what ``filter`` keeps."""

    #: Whether the rule never takes away every move when there are some (so whether the
    #: player has a move is the unrestricted answer).
    KEEPS_ONE = True

    def __init__(self, restriction: Any, index: int, moves: list[PrimitivePiece],
                 skippable: bool) -> None:
        super().__init__(f"x{index}_", restriction.keyword, restriction.params,
                         restriction.game)
        self.restriction = restriction
        self.moves = moves
        self.skippable = skippable

    def functions(self) -> list[str]:
        found = [self.function("filter", "st, side, buf, n", self.filter())]
        counted = self.count()
        if counted is not None:
            found.append(self.function("count", PrimitivePiece.ARGS, counted))
        return found

    def filter(self) -> list[str]:
        raise NotImplementedError

    def count(self) -> list[str] | None:
        return None


# How the assembler builds the pieces it finds through the registry (each unit's ``native``):
# a move primitive's as ``piece(option, index)``, an automatic phase's (a consequence) as
# ``piece(phase, index)``, a goal's as ``piece(goal, index)``, a result's as
# ``piece(result)``, a restriction's as ``piece(rule, index, moves, skippable)``. A
# ``filter`` restriction piece (above) compacts the whole list of moves; a ``TRIAL`` piece
# (``allowed(trial, side)``: whether the move just played on ``trial`` by ``side`` stays
# legal) judges each move alone. A deciding phase folded into the move as a choice
# (``due(trial, side)`` after the move, ``apply(st, side, choice)``) is built as
# ``piece(phase, index)``.


# Conditions: ``holds(st, side)`` for the player whose turn it is -------------------------
class ConditionPiece(Piece):
    """A condition of an ``if:``: ``holds(st, side)``, side the player whose turn it is.
    The assembler negates it for ``not: true``."""

    def __init__(self, condition: Any, prefix: str) -> None:
        super().__init__(prefix, condition.keyword, condition.params,
                         getattr(condition, "game", None))
        self.condition = condition

    def functions(self) -> list[str]:
        return [self.function("holds", "st, side", self.holds())]

    def holds(self) -> list[str]:
        raise NotImplementedError

    def sides_counted(self, of: str) -> str:
        """The test on ``s`` (a side, in a loop over them) that picks the sides an ``of:``
        names: the mover, its opponents, all, or one player by name."""
        if of == "mover":
            return "s == side"
        if of == "opponents":
            return "s != side"
        if of == "all":
            return "True"
        return f"s == {self.condition.players.index(of)}"


def guard_of(pieces: list[ConditionPiece], conditions: Any) -> str:
    """The expression that is true when every condition holds (a negated one: fails)."""
    return " and ".join(f"{'not ' if c.negated else ''}{p.prefix}holds(st, side)"
                        for p, c in zip(pieces, conditions, strict=True)) or "True"
