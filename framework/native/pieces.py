"""Kernel pieces: what each rule block contributes to a game's native kernels.

One class per keyword, written once: a move primitive (``reach``, ``place``), a consequence
(``convert_adjacent``), a goal (``no_pieces``, ``halfmove_clock``, ``line``) and a result
(``majority``, ``draw``). A piece is built from the compiled block (its masks and
parameters), gives the tables its code reads — frozen into the compiled kernels as
constants — and the body of the numba functions it owns, as Python source. The assembler
(``framework/native/assemble.py``) writes the pieces of one game into one module, so a
game's kernel is put together from its blocks: there is no kernel per game.

A block without a piece, or a parameter a piece does not cover, raises ``Unsupported``
with the reason, and the game is played by the Python engine (``boardspec validate`` says
so). This module imports neither numba nor numpy: the support check runs on the core
install.

In the generated code, cells are int64 and masks uint64; ``ONE``/``ZERO`` are uint64
constants, ``U64`` converts, ``count``/``low`` are popcount and lowest-bit index. The state
is one uint64 array ``st`` (``framework/native/assemble.py`` lays it out); ``side`` is the
player to move. A move is an int64: ``option << 16 | (source + 1) << 8 | target``.
"""

from __future__ import annotations

from typing import Any

from framework.errors import BoardspecError
from framework.rules.goals.line import line_windows

#: The move code of a chain's ``stop`` (``framework.native.assemble.STOP``).
STOP_CODE = 253 << 16


class Unsupported(BoardspecError):
    """A block, or a parameter of one, that the native backend has no kernel piece for."""


def check_params(keyword: str, params: Any, known: set[str]) -> None:
    """Refuse a parameter the piece was not written for, when it is set: a block that
    grows a parameter is played by the Python engine until its piece learns it."""
    for name, field in type(params).model_fields.items():
        if name in known or name in ("type", "name"):
            continue
        value = getattr(params, name)
        default = field.get_default(call_default_factory=True)
        if value != default:
            raise Unsupported(f"{keyword} with {name}: {value!r} (its native kernel piece "
                              "does not know that parameter)")


def _indent(lines: list[str], depth: int = 1) -> list[str]:
    return ["    " * depth + line if line else line for line in lines]


class Piece:
    """A block's share of the kernels: named tables and functions (source text)."""

    #: The parameters of its block the piece plays (any other must keep its default).
    KNOWN: frozenset[str] = frozenset()

    def __init__(self, prefix: str, keyword: str = "", params: Any = None) -> None:
        if params is not None:
            check_params(keyword, params, set(self.KNOWN))
        self.prefix = prefix  # names this piece's tables and functions in the module
        #: name (without prefix) -> (values, numpy dtype name)
        self.tables: dict[str, tuple[list[int], str]] = {}

    def table(self, name: str, values: Any, dtype: str = "uint64") -> str:
        self.tables[name] = ([int(v) for v in values], dtype)
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

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(f"o{index}_", option.keyword, option.params)
        self.option = option
        self.index = index
        self.code = index << 16
        game = option.game
        made = getattr(option, "made", 0)
        if self.PLACES and game.spec.pieces[game.piece_kinds[made]].supply is not None:
            raise Unsupported(f"{option.keyword} with a piece supply")

    def functions(self) -> list[str]:
        return [self.function("gen", self.ARGS + ", buf, n", self.gen()),
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


class ReachPiece(PrimitivePiece):
    """``reach``: a clone (named by its target) or a move at an exact distance."""

    KNOWN = frozenset({"distance", "effect", "kind", "piece", "to", "notation",
                       "resets_halfmove_clock", "directions"})

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        self.clone = option.clone
        if option.rings is None:
            self.ring = self.table("RING", option.ring)
            self.row = ""
        else:  # directions (a player's own when relative): one row per player
            self.ring = self.table("RING", [m for row in option.rings for m in row])
            self.row = f"side * {option.game.board.size} + "
        self.resets = option.resets_clock
        self.made = option.made
        self.allowed = {"empty": "empty", "enemy": "enemy",
                        "empty_or_enemy": "(empty | enemy)"}[option.to]
        self.captures = option.to != "empty"
        self.sources = "own" if option.piece < 0 else f"(own & st[KINDS + {option.piece}])"

    def _near(self) -> list[str]:
        return [f"b = {self.sources}", "near = ZERO", "while b:",
                f"    near |= {self.ring}[{self.row}low(b)]", "    b &= b - ONE",
                f"near &= {self.allowed}"]

    def gen(self) -> list[str]:
        if self.clone:
            return [*self._near(), "while near:", f"    buf[n] = {self.code} | low(near)",
                    "    n += 1", "    near &= near - ONE", "return n"]
        return [f"b = {self.sources}", "while b:", "    s = low(b)", "    b &= b - ONE",
                f"    t = {self.ring}[{self.row}s] & {self.allowed}", "    while t:",
                f"        buf[n] = {self.code} | ((s + 1) << 8) | low(t)", "        n += 1",
                "        t &= t - ONE", "return n"]

    def count(self) -> list[str]:
        if self.clone:
            return [*self._near(), "return count(near)"]
        return [f"b = {self.sources}", "n = 0", "while b:",
                f"    n += count({self.ring}[{self.row}low(b)] & {self.allowed})",
                "    b &= b - ONE", "return n"]

    def has(self) -> list[str]:
        return [f"b = {self.sources}", "while b:",
                f"    if {self.ring}[{self.row}low(b)] & {self.allowed}:", "        return True",
                "    b &= b - ONE", "return False"]

    def apply(self) -> list[str]:
        lines = ["remove(st, dst)"] if self.captures else []
        if self.clone:
            lines.append(f"place(st, dst, side, {self.made})")
        else:
            lines.append("move_piece(st, src, dst)")
        return lines + self.landing(self.resets)


class PlacePiece(PrimitivePiece):
    """``place``: a new piece on an empty cell (anywhere, next to an own piece, or dropped
    along a direction)."""

    KNOWN = frozenset({"piece", "where", "gravity", "kind", "notation",
                       "resets_halfmove_clock", "must_flank"})

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        board = option.game.board
        size = board.size
        self.flank = option.params.must_flank
        if self.flank:
            self.flank_body = flank_cells(self, board, range(len(board.directions)))
        self.made = option.made
        self.resets = option.resets_clock
        self.near = option.near
        self.neighbours = self.table("NEAR", option.neighbours)
        self.entries = "ALL" if option.fall < 0 else f"U64({option.entries})"
        self.fall = self.table("FALL", [option.step[c][option.fall] for c in range(size)],
                               "int64") if option.fall >= 0 else ""

    def functions(self) -> list[str]:
        found = super().functions()
        if self.flank:
            found.insert(0, self.function("flank", "cand, own, enemy", self.flank_body))
        return found

    def _targets(self) -> list[str]:
        flank = [f"t = {self.prefix}flank(t, own, enemy)"] if self.flank else []
        if not self.near:
            return [f"t = empty & {self.entries}", *flank]
        return ["b = own", "t = ZERO", "while b:", f"    t |= {self.neighbours}[low(b)]",
                "    b &= b - ONE", "t &= empty", *flank]

    def gen(self) -> list[str]:
        return [*self._targets(), "while t:", f"    buf[n] = {self.code} | low(t)",
                "    n += 1", "    t &= t - ONE", "return n"]

    def count(self) -> list[str]:
        return [*self._targets(), "return count(t)"]

    def has(self) -> list[str]:
        return [*self._targets(), "return t != ZERO"]

    def apply(self) -> list[str]:
        lines = ["cell = dst"]
        if self.fall:
            lines += ["blocked = st[GAPS]", "for s in range(S):", "    blocked |= st[s]",
                      f"nxt = {self.fall}[cell]",
                      "while nxt >= 0 and not (blocked >> U64(nxt)) & ONE:",
                      "    cell = nxt", f"    nxt = {self.fall}[nxt]"]
        lines.append(f"place(st, cell, side, {self.made})")
        return [*lines, "st[LANDED] = U64(cell + 1)",
                *(["st[RESET] = ONE"] if self.resets else [])]


class FromSourcesPiece(PrimitivePiece):
    """A primitive whose moves go from each of ``sources`` (a mask expression) to the cells
    ``_from(cell)`` gives (a mask expression): generation, count and test written once."""

    sources = "own"

    def _from(self, s: str) -> str:
        raise NotImplementedError

    def gen(self) -> list[str]:
        return [f"b = {self.sources}", "while b:", "    s = low(b)", "    b &= b - ONE",
                f"    t = {self._from('s')}", "    while t:",
                f"        buf[n] = {self.code} | ((s + 1) << 8) | low(t)", "        n += 1",
                "        t &= t - ONE", "return n"]

    def count(self) -> list[str]:
        return [f"b = {self.sources}", "n = 0", "while b:",
                f"    n += count({self._from('low(b)')})", "    b &= b - ONE", "return n"]

    def has(self) -> list[str]:
        return [f"b = {self.sources}", "while b:", f"    if {self._from('low(b)')}:",
                "        return True", "    b &= b - ONE", "return False"]


class StepPiece(FromSourcesPiece):
    """``step`` and ``leap``: a piece moves to a cell its per-player reach table names
    (directions relative to the player's forward, offsets and paths are all resolved when
    the game is compiled), onto the cells ``to`` allows, a piece there captured."""

    KNOWN = frozenset({"directions", "offsets", "symmetric", "paths", "piece", "to",
                       "kind", "notation", "resets_halfmove_clock",
                       "resets_halfmove_clock_on_capture"})
    PLACES = False

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
        self.sources = "own" if option.piece < 0 else f"(own & st[KINDS + {option.piece}])"

    def _from(self, s: str) -> str:
        return f"{self.reach}[side * {self.size} + {s}] & {self.allowed}"

    def apply(self) -> list[str]:
        lines = ["remove(st, dst)"] if self.captures else []
        if self.capture_resets:  # a capture resets the half-move clock
            lines = ["for s in range(S):", "    if (st[s] >> U64(dst)) & ONE:",
                     "        st[RESET] = ONE", *lines]
        return [*lines, "move_piece(st, src, dst)", *self.landing(self.resets)]


class SlidePiece(StepPiece):
    """``slide``: a piece moves along a direction (the player's, resolved when the game is
    compiled) through empty cells, up to ``max`` cells, onto an allowed cell; the first
    piece or gap in the way ends the ray (walked on the board's step table)."""

    KNOWN = frozenset({"directions", "max", "piece", "to", "kind", "notation",
                       "resets_halfmove_clock", "resets_halfmove_clock_on_capture"})

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        board = option.game.board
        self.nd = len(board.directions)
        self.step = _step_table(self, board)
        self.limit = option.params.max or board.size
        dirs = option.directions  # per player, the direction indices
        self.width = max(1, max(len(d) for d in dirs))
        self.dirs = self.table("DIRS", [row[i] if i < len(row) else -1 for row in dirs
                                        for i in range(self.width)], "int64")

    def functions(self) -> list[str]:
        step, nd = self.step, self.nd
        ray = self.function("ray", "side, src, blocked", [
            "found = ZERO", f"for i in range({self.width}):",
            f"    d = {self.dirs}[side * {self.width} + i]", "    if d < 0:", "        break",
            f"    at = {step}[src * {nd} + d]", "    k = 0",
            f"    while at >= 0 and k < {self.limit}:", "        found |= ONE << U64(at)",
            "        if (blocked >> U64(at)) & ONE:", "            break",
            f"        at = {step}[at * {nd} + d]", "        k += 1", "return found"])
        return [ray, *super().functions()]

    def _from(self, s: str) -> str:
        return f"{self.prefix}ray(side, {s}, ALL & ~empty) & {self.allowed}"


class HopPiece(FromSourcesPiece):
    """``hop``: a piece jumps over the piece next to it onto the empty cell beyond, the
    jumped piece taken at once. Its per-player tables list, per cell, the (jumped, landing)
    cells of the player's directions. A chaining hop also gives ``gen_at`` and ``can_at``,
    the hops of the one piece in the middle of a chain (the assembler keeps the turn the
    player's while one of them can go on, as ``Moves`` does)."""

    KNOWN = frozenset({"piece", "directions", "over", "capture", "chain", "kind",
                       "notation", "resets_halfmove_clock"})
    PLACES = False

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        size = option.game.board.size
        jumps = option.jumps  # per player, per cell: (jumped, landing) pairs
        self.width = max(1, max(len(pairs) for rows in jumps for pairs in rows))
        padded = [pairs[i] if i < len(pairs) else (-1, -1)
                  for rows in jumps for pairs in rows for i in range(self.width)]
        self.over = self.table("OVER", [o for o, _ in padded], "int64")
        self.land = self.table("LAND", [t for _, t in padded], "int64")
        self.row = f"(side * {size} + {{}}) * {self.width}"
        self.jumpable = {"enemy": "enemy", "own": "own",
                         "any": "(own | enemy)"}[option.params.over]
        self.capture = option.capture
        self.chains = option.chain != "none"
        self.resets = option.resets_clock
        self.sources = "own" if option.piece < 0 else f"(own & st[KINDS + {option.piece}])"

    def functions(self) -> list[str]:
        w = self.width
        targets = self.function("targets", "side, s, jumpable, empty", [
            f"base = {self.row.format('s')}", "t = ZERO", f"for i in range({w}):",
            f"    o = {self.over}[base + i]", "    if o < 0:", "        break",
            f"    land = {self.land}[base + i]",
            "    if (jumpable >> U64(o)) & ONE and (empty >> U64(land)) & ONE:",
            "        t |= ONE << U64(land)", "return t"])
        found = [targets, *super().functions()]
        if self.chains:
            found += [
                self.function("gen_at", self.ARGS + ", at, buf, n", [
                    f"if not ({self.sources} >> U64(at)) & ONE:", "    return n",
                    f"t = {self._from('at')}", "while t:",
                    f"    buf[n] = {self.code} | ((at + 1) << 8) | low(t)", "    n += 1",
                    "    t &= t - ONE", "return n"]),
                self.function("can_at", self.ARGS + ", at", [
                    f"if not ({self.sources} >> U64(at)) & ONE:", "    return False",
                    f"return {self._from('at')} != ZERO"])]
        return found

    def _from(self, s: str) -> str:
        return f"{self.prefix}targets(side, {s}, {self.jumpable}, empty)"

    def apply(self) -> list[str]:
        lines = ["move_piece(st, src, dst)"]
        if self.capture:  # the jumped piece leaves at once, as the Python engine does
            lines += [f"base = {self.row.format('src')}", f"for i in range({self.width}):",
                      f"    if {self.land}[base + i] == dst:",
                      f"        remove(st, {self.over}[base + i])", "        break"]
        return lines + self.landing(self.resets)


class SwapPiece(PrimitivePiece):
    """``swap`` (the pie rule): on the first round, a player with no piece while exactly one
    other piece is on the board may take it over — on its cell, or on its mirror cell
    across the long diagonal. One move, with no cells in it (as the Python action has
    none)."""

    KNOWN = frozenset({"mirror", "kind", "notation"})
    PLACES = False

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        self.mirror = self.table("MIRROR", option.mirror, "int64")

    def _can(self) -> str:
        return "st[FULLMOVE] == ONE and own == ZERO and count(enemy) == 1"

    def gen(self) -> list[str]:
        return [f"if {self._can()}:", f"    buf[n] = {self.code}", "    n += 1", "return n"]

    def count(self) -> list[str]:
        return [f"return 1 if {self._can()} else 0"]

    def has(self) -> list[str]:
        return [f"return {self._can()}"]

    def apply(self) -> list[str]:
        # The one piece on the board, whoever's, becomes the mover's on its mirror cell.
        return ["occupied = ZERO", "for s in range(S):", "    occupied |= st[s]",
                "cell = low(occupied)", "kind = 0", "for k in range(K):",
                "    if (st[KINDS + k] >> U64(cell)) & ONE:", "        kind = k",
                "remove(st, cell)", f"place(st, {self.mirror}[cell], side, kind)"]


PRIMITIVE_PIECES: dict[str, type[PrimitivePiece]] = {"reach": ReachPiece,
                                                      "place": PlacePiece,
                                                      "step": StepPiece,
                                                      "leap": StepPiece,
                                                      "slide": SlidePiece,
                                                      "hop": HopPiece,
                                                      "swap": SwapPiece}


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
    size, nd = board.size, len(board.directions)
    lines = ["found = ZERO"]
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
        lines += [f"run = ((own & U64({movable})) {shift}) & enemy", "while run:",
                  f"    ahead = (run & U64({movable})) {shift}",
                  "    found |= ahead & cand", "    run = ahead & enemy"]
    if not walked:
        return [*lines, "return found"]
    step = _step_table(piece, board)
    near = piece.table("NEAR_ENEMY", board.neighbour_masks)
    dirs = piece.table("WALKED", walked, "int64")
    return [*lines, "b = enemy", "near = ZERO", "while b:", f"    near |= {near}[low(b)]",
            "    b &= b - ONE", "rest = cand & near & ~found", "while rest:",
            "    c = low(rest)", "    rest &= rest - ONE",
            f"    for i in range({len(walked)}):", f"        d = {dirs}[i]",
            f"        at = {step}[c * {nd} + d]",
            "        if at < 0 or not (enemy >> U64(at)) & ONE:", "            continue",
            "        while at >= 0 and (enemy >> U64(at)) & ONE:",
            f"            at = {step}[at * {nd} + d]",
            "        if at >= 0 and (own >> U64(at)) & ONE:",
            "            found |= ONE << U64(c)", "            break",
            "return found"]


# Consequences ------------------------------------------------------------------------
class ConvertPiece(Piece):
    """``convert_adjacent``: the enemies around the landing cell change sides."""

    KNOWN = frozenset({"distance"})

    def __init__(self, phase: Any, index: int) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params)
        self.around = self.table("AROUND", phase.around)

    def functions(self) -> list[str]:
        return [self.function("run", "st, side", [
            "landed = np.int64(st[LANDED]) - 1", "if landed < 0:", "    return",
            f"area = {self.around}[landed]", "for s in range(S):", "    if s != side:",
            "        taken = st[s] & area", "        st[s] ^= taken",
            "        st[side] |= taken"])]


class FlipFlankedPiece(Piece):
    """``flip_flanked``: every run of enemy pieces outflanked from the landing cell, along
    the phase's directions, changes sides (walked on the board's step table)."""

    KNOWN = frozenset({"directions"})

    def __init__(self, phase: Any, index: int) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params)
        board = phase.game.board
        self.nd = len(board.directions)
        self.step = _step_table(self, board)
        self.dirs = self.table("DIRS", phase.directions, "int64")
        self.count = len(phase.directions)

    def functions(self) -> list[str]:
        step, nd = self.step, self.nd
        return [self.function("run", "st, side", [
            "landed = np.int64(st[LANDED]) - 1", "if landed < 0:", "    return",
            "own = st[side]", "enemy = ZERO", "for s in range(S):", "    if s != side:",
            "        enemy |= st[s]", "taken = ZERO", f"for i in range({self.count}):",
            f"    d = {self.dirs}[i]", f"    at = {step}[landed * {nd} + d]", "    run = ZERO",
            "    while at >= 0 and (enemy >> U64(at)) & ONE:", "        run |= ONE << U64(at)",
            f"        at = {step}[at * {nd} + d]",
            "    if run and at >= 0 and (own >> U64(at)) & ONE:", "        taken |= run",
            "if taken:", "    for s in range(S):", "        st[s] &= ~taken",
            "    st[side] |= taken"])]


class PromotePiece(Piece):
    """``promote`` to one kind: the mover's piece on the landing cell, in the mover's zone,
    becomes the kind (a list of kinds is the player's choice: a deciding phase, refused
    by the assembler)."""

    KNOWN = frozenset({"zone", "to", "piece"})

    def __init__(self, phase: Any, index: int) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params)
        self.zone = self.table("ZONE", phase.zone)
        self.to = phase.to
        # The named kind promotes, or (none named) any kind but the one it becomes.
        self.due = (f"st[KINDS + {phase.piece}] & bit" if phase.piece >= 0
                    else f"not st[KINDS + {phase.to}] & bit")

    def functions(self) -> list[str]:
        return [self.function("run", "st, side", [
            "landed = np.int64(st[LANDED]) - 1", "if landed < 0:", "    return",
            "bit = ONE << U64(landed)",
            f"if not ({self.zone}[side] & st[side] & bit) or not ({self.due}):",
            "    return", "for k in range(KINDS, KINDS + K):", "    st[k] &= ~bit",
            f"st[KINDS + {self.to}] |= bit"])]


CONSEQUENCE_PIECES: dict[str, type[Piece]] = {"convert_adjacent": ConvertPiece,
                                              "flip_flanked": FlipFlankedPiece,
                                              "promote": PromotePiece}


# Goals: ``evaluate(st)`` returns (fired, scored, named winners as a side mask) ---------
def _kind_mask(piece: str | None, game: Any) -> str:
    return f"st[KINDS + {game.piece_kinds.index(piece)}]" if piece else "ALL"


class GoalPiece(Piece):
    def __init__(self, goal: Any, index: int) -> None:
        super().__init__(f"g{index}_", goal.keyword, goal.params)
        self.goal = goal

    def functions(self) -> list[str]:
        return [self.function("evaluate", "st", self.evaluate())]

    def evaluate(self) -> list[str]:
        raise NotImplementedError


class NoPiecesPiece(GoalPiece):
    """``no_pieces``: a side without pieces ends the game (scored, or the last side with
    pieces wins)."""

    KNOWN = frozenset({"piece", "then"})

    def evaluate(self) -> list[str]:
        kinds = _kind_mask(self.goal.params.piece, self.goal.game)
        lines = ["survivors = np.int64(0)", "for s in range(S):",
                 f"    if st[s] & {kinds}:", "        survivors |= np.int64(1) << s",
                 "if survivors == (np.int64(1) << S) - 1:",
                 "    return False, False, np.int64(0)"]
        if self.goal.params.then == "score":
            return [*lines, "return True, True, np.int64(0)"]
        return [*lines, "if count(U64(survivors)) > 1:", "    return False, False, np.int64(0)",
                "if survivors == 0:", "    survivors = (np.int64(1) << S) - 1",
                "return True, False, survivors"]


class HalfmoveClockPiece(GoalPiece):
    """``halfmove_clock``: a draw at the limit."""

    KNOWN = frozenset({"limit"})

    def evaluate(self) -> list[str]:
        return [f"return st[HALFMOVE] >= U64({self.goal.params.limit}), False, np.int64(0)"]


class LinePiece(GoalPiece):
    """``line``: a side with a row of ``length`` pieces wins."""

    KNOWN = frozenset({"length", "directions", "exactly", "piece"})

    def __init__(self, goal: Any, index: int) -> None:
        super().__init__(goal, index)
        windows = line_windows(goal.game.board, goal.params.length, goal.params.directions)
        self.count = len(windows)
        self.windows = self.table("WIN", [w for w, _ in windows])
        self.ends = self.table("ENDS", [e for _, e in windows])

    def evaluate(self) -> list[str]:
        params = self.goal.params
        kinds = _kind_mask(params.piece, self.goal.game)
        extends = " and not (mine & e)" if params.exactly else ""
        return ["named = np.int64(0)", "for s in range(S):", f"    mine = st[s] & {kinds}",
                f"    if count(mine) < {params.length}:", "        continue",
                f"    for w in range({self.count}):",
                f"        win = {self.windows}[w]", f"        e = {self.ends}[w]",
                f"        if mine & win == win{extends}:",
                "            named |= np.int64(1) << s", "            break",
                "return named != 0, False, named"]


class ReachZonePiece(GoalPiece):
    """``reach_zone``: a side with a piece (of the kind) in its zone wins."""

    KNOWN = frozenset({"zone", "piece"})

    def __init__(self, goal: Any, index: int) -> None:
        super().__init__(goal, index)
        self.zone = self.table("ZONE", goal.masks)

    def evaluate(self) -> list[str]:
        kinds = _kind_mask(self.goal.params.piece, self.goal.game)
        return ["named = np.int64(0)", "for s in range(S):",
                f"    if st[s] & {kinds} & {self.zone}[s]:",
                "        named |= np.int64(1) << s", "return named != 0, False, named"]


class ConnectPiece(GoalPiece):
    """``connect``: a side wins when one chain of its touching pieces (of the kind) reaches
    every one of its zones — a flood fill on the neighbour masks from each piece in the
    first zone not yet in a chain tried."""

    KNOWN = frozenset({"zones", "piece"})

    def __init__(self, goal: Any, index: int) -> None:
        super().__init__(goal, index)
        self.count = len(goal.params.zones)
        self.zones = self.table("ZONES", [m for side in goal.targets for m in side])
        self.near = self.table("NEAR", goal.neighbours)

    def evaluate(self) -> list[str]:
        kinds = _kind_mask(self.goal.params.piece, self.goal.game)
        z, nz = self.zones, self.count
        return ["named = np.int64(0)", "for s in range(S):",
                f"    pieces = st[s] & {kinds}", "    ok = True", f"    for j in range({nz}):",
                f"        if not (pieces & {z}[s * {nz} + j]):", "            ok = False",
                "    if not ok:", "        continue",
                f"    starts = pieces & {z}[s * {nz}]", "    while starts:",
                "        reached = ONE << U64(low(starts))", "        frontier = reached",
                "        while frontier:", "            grown = ZERO", "            f = frontier",
                "            while f:", f"                grown |= {self.near}[low(f)]",
                "                f &= f - ONE", "            frontier = grown & pieces & ~reached",
                "            reached |= frontier", "        joined = True",
                f"        for j in range(1, {nz}):",
                f"            if not (reached & {z}[s * {nz} + j]):",
                "                joined = False", "        if joined:",
                "            named |= np.int64(1) << s", "            break",
                "        starts &= ~reached", "return named != 0, False, named"]


GOAL_PIECES: dict[str, type[GoalPiece]] = {"no_pieces": NoPiecesPiece,
                                            "halfmove_clock": HalfmoveClockPiece,
                                            "line": LinePiece,
                                            "reach_zone": ReachZonePiece,
                                            "connect": ConnectPiece}


# Results: ``winners(st)`` returns the winners as a side mask -----------------------------
class ResultPiece(Piece):
    def __init__(self, result: Any) -> None:
        super().__init__("r_", result.keyword if result else "",
                         result.params if result else None)
        self.result = result

    def functions(self) -> list[str]:
        return [self.function("winners", "st", self.winners())]

    def winners(self) -> list[str]:
        raise NotImplementedError


class MajorityPiece(ResultPiece):
    """``majority``: most pieces wins; a tie for the most is a draw or shared."""

    KNOWN = frozenset({"piece", "equal"})

    def winners(self) -> list[str]:
        params = self.result.params
        kinds = _kind_mask(params.piece, self.result.game)
        shared = params.equal == "shared"
        return ["best = -1", "leaders = np.int64(0)", "for s in range(S):",
                f"    c = count(st[s] & {kinds})", "    if c > best:", "        best = c",
                "        leaders = np.int64(1) << s", "    elif c == best:",
                "        leaders |= np.int64(1) << s",
                "return leaders" if shared else
                "return leaders if count(U64(leaders)) == 1 else np.int64(0)"]


class DrawPiece(ResultPiece):
    """``draw`` (or no result rule): nobody wins."""

    def winners(self) -> list[str]:
        return ["return np.int64(0)"]


RESULT_PIECES: dict[str, type[ResultPiece]] = {"majority": MajorityPiece, "draw": DrawPiece}

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
        super().__init__(f"x{index}_", restriction.keyword, restriction.params)
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


class CompulsoryPiece(RestrictionPiece):
    """``compulsory``: when a move of the forced kinds is legal, only those are (each
    option makes one kind, so the forced moves are those of the forced options).

    With ``longest``, of several forced moves only those that begin the longest run of
    forced moves within the turn stay: ``run`` searches below each one, depth first on an
    explicit stack, the phase's moves of the forced kinds (``gen_raw``), for as long as
    the same player's turn goes on — the length ``Compulsory._run`` finds, since the
    child's legal moves there are cut to their own longest runs."""

    KNOWN = frozenset({"kinds", "phases", "longest"})

    def __init__(self, restriction: Any, index: int, moves: list[PrimitivePiece],
                 skippable: bool) -> None:
        super().__init__(restriction, index, moves, skippable)
        kinds = set(restriction.params.kinds)
        if kinds & {"skip", "stop"}:
            raise Unsupported("compulsory with the kind skip or stop")
        self.forced = [m for m in moves if {k for k, _ in m.option.kinds()} & kinds]
        for m in self.forced:
            if not {k for k, _ in m.option.kinds()} <= kinds:
                raise Unsupported(f"compulsory on some of the kinds of one option "
                                  f"({m.option.keyword})")
        self.longest = restriction.params.longest
        if self.longest and len(restriction.game.restrictions) > 1:
            # The runs would be of the moves the other rules leave: not searched here.
            raise Unsupported("compulsory with longest: true beside another restriction")
        self.keeps_stop = not self.longest and self._stop_stays(restriction)
        codes = {m.index for m in self.forced}
        # 1: a forced move; 2: a chain's stop, which stays beside forced moves.
        self.forced_table = self.table("FORCED", [
            1 if i in codes else 2 if self.keeps_stop and i << 16 == STOP_CODE else 0
            for i in range(256)], "int64")

    @staticmethod
    def _stop_stays(restriction: Any) -> bool:
        """Whether the rule keeps a chain's ``stop`` beside the forced moves (forcing the
        first capture, not the chain's going on): the reference rule's own answer, asked
        once here, so the kernels keep what ``Compulsory.allowed`` keeps."""
        from framework.engine.action import Action

        probe = [Action("", restriction.params.kinds[0]), Action("", "stop")]
        return len(restriction.allowed(None, probe)) == 2

    def functions(self) -> list[str]:
        found = super().functions()
        if self.longest:
            found += [self.function("forced", "node, side, turn, buf", self.forced_at()),
                      self.function("run", "st, mv", self.run())]
        return found

    def _keep_forced(self) -> list[str]:
        return ["kept = 0", "for i in range(n):",
                f"    if {self.forced_table}[buf[i] >> 16] == 1:", "        buf[kept] = buf[i]",
                "        kept += 1"]

    def filter(self) -> list[str]:
        if self.keeps_stop:  # a stop alone is no forced move: count those first
            return ["forced = 0", "for i in range(n):",
                    f"    if {self.forced_table}[buf[i] >> 16] == 1:", "        forced += 1",
                    "if forced == 0:", "    return n", "kept = 0", "for i in range(n):",
                    f"    if {self.forced_table}[buf[i] >> 16]:", "        buf[kept] = buf[i]",
                    "        kept += 1", "return kept"]
        if not self.longest:
            return [*self._keep_forced(), "return kept if kept else n"]
        return [*self._keep_forced(), "if kept <= 1:", "    return kept if kept else n",
                "runs = np.empty(kept, np.int64)", "best = 0",
                "for i in range(kept):", f"    runs[i] = {self.prefix}run(st, buf[i])",
                "    best = max(best, runs[i])", "m = 0", "for i in range(kept):",
                "    if runs[i] == best:", "        buf[m] = buf[i]", "        m += 1",
                "return m"]

    def forced_at(self) -> list[str]:
        """The forced moves at ``node`` while it is still ``side``'s turn ``turn``."""
        return ["if node[WINNERS] != ZERO or np.int64(node[TO_MOVE]) != side or "
                "node[FULLMOVE] != turn:", "    return 0", "n = gen_raw(node, side, buf)",
                *self._keep_forced(), "return kept"]

    def run(self) -> list[str]:
        """How many forced moves the turn takes at most when it begins with ``mv``."""
        return ["side = np.int64(st[TO_MOVE])", "turn = st[FULLMOVE]",
                "levels = MAXCHAIN + 1", "stack = np.empty((levels, L), np.uint64)",
                "moves = np.empty((levels, MAXM), np.int64)",
                "found = np.zeros(levels, np.int64)", "next_ = np.zeros(levels, np.int64)",
                "stack[0, :] = st", "make_move(stack[0], mv)",
                f"found[0] = {self.prefix}forced(stack[0], side, turn, moves[0])",
                "best = 1", "level = 0", "while level >= 0:",
                "    if next_[level] >= found[level]:", "        level -= 1", "        continue",
                "    child = stack[level + 1]", "    child[:] = stack[level]",
                "    make_move(child, moves[level, next_[level]])", "    next_[level] += 1",
                "    level += 1", "    best = max(best, level + 1)",
                f"    found[level] = {self.prefix}forced(child, side, turn, moves[level])",
                "    next_[level] = 0", "return best"]

    def count(self) -> list[str] | None:
        if self.longest:  # counted from the moves the filter keeps
            return None
        args = PrimitivePiece.ARGS
        forced = " + ".join(f"{m.prefix}count({args})" for m in self.forced) or "0"
        rest = " + ".join(f"{m.prefix}count({args})" for m in self.moves
                          if m not in self.forced) or "0"
        return [f"n = {forced}", "if n:", "    return n",
                f"return {rest} + {int(self.skippable)}"]


#: Restrictions, by keyword: a piece is built as ``piece(rule, index, moves, skippable)``.
#: A ``filter`` piece (above) compacts the whole list of moves; a ``TRIAL`` piece
#: (``allowed(trial, side)``: whether the move just played on ``trial`` by ``side`` stays
#: legal) judges each move alone. The deciding phases folded into the move as a choice
#: (``due(trial, side)`` after the move, ``apply(st, side, choice)``) are built as
#: ``piece(phase, index)``. Pieces that live in modules of their own
#: (``pieces_royal.py``, ``pieces_special.py``) register themselves here.
RESTRICTION_PIECES: dict[str, Any] = {"compulsory": CompulsoryPiece}
CHOICE_PIECES: dict[str, Any] = {}  # keyword -> piece(phase, index)

