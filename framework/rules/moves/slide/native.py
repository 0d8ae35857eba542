"""The native kernel piece of ``slide``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import StepTablePiece, Unsupported, _step_table


class SlidePiece(StepTablePiece):
    """``slide``: a piece moves along a direction (the player's, resolved when the game is
    compiled) through empty cells, up to ``max`` cells, onto an allowed cell; the first
    piece or gap in the way ends the ray (walked on the board's step table)."""

    KNOWN = frozenset({"directions", "max", "no_stop", "no_entry", "piece", "to", "kind",
                       "notation", "distance", "over", "screens",
                       "resets_halfmove_clock", "resets_halfmove_clock_on_capture"})
    WIDE = True

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
        self.walled = any(option.barred)
        self.walls = self.table("WALLS", option.walls)
        self.barred = self.table("BARRED", option.barred)
        self.over_own = option.over_own
        self.counted = option.counted
        self.screens = option.screens
        if self.counted:  # the whole line through each cell, per direction
            self.axes = self.table("AXES", [m for row in option.axes for m in row])

    @staticmethod
    def attack_lines(attacks: Any, i: int, option: Any, pieces: str) -> list[str]:
        """A slide attacks along its lines (past its screens): ``AttackPiece.slide``."""
        if option.attack_check() is None:
            raise Unsupported(f"the attacks of a slide with {_unread(option)}: the attack "
                              "tables read slides along their lines only")
        found: list[str] = attacks.slide(i, option, pieces)
        return found

    def functions(self) -> list[str]:
        step, nd, m = self.step, self.nd, self.m
        ray = self.function("ray", "side, src, blocked", [
            f"found = {m.zero}", f"for i in range({self.width}):",
            f"    d = {self.dirs}[side * {self.width} + i]", "    if d < 0:", "        break",
            f"    at = {step}[src * {nd} + d]", "    k = 0",
            f"    while at >= 0 and k < {self.limit}:", f"        found |= {m.bit('at')}",
            f"        if {m.test('blocked', 'at')}:", "            break",
            f"        at = {step}[at * {nd} + d]", "        k += 1", "return found"])
        if self.counted:
            ray = self.function("counted", "side, src, pieces, blocked", [
                "found = ZERO", f"for i in range({self.width}):",
                f"    d = {self.dirs}[side * {self.width} + i]", "    if d < 0:",
                "        break",
                f"    n = count(pieces & {self.axes}[src * {nd} + d])",
                "    at = src", "    k = 0", "    while k < n:",
                f"        at = {step}[at * {nd} + d]", "        k += 1",
                "        if at < 0:", "            break",
                "        if k < n and (blocked >> U64(at)) & ONE:", "            at = -1",
                "            break",
                "    if at >= 0:", "        found |= ONE << U64(at)", "return found"])
        if self.screens:  # past exactly ``screens`` pieces, up to the next one
            ray = self.function("screened", "side, src, pieces, walls", [
                f"found = {m.zero}", f"for i in range({self.width}):",
                f"    d = {self.dirs}[side * {self.width} + i]", "    if d < 0:",
                "        break", f"    at = {step}[src * {nd} + d]", "    seen = 0",
                f"    while at >= 0 and not {m.test('walls', 'at')}:",
                f"        if seen == {self.screens}:", f"            found |= {m.bit('at')}",
                f"        if {m.test('pieces', 'at')}:",
                f"            if seen == {self.screens}:", "                break",
                "            seen += 1", f"        at = {step}[at * {nd} + d]",
                "return found"])
        return [ray, *super().functions()]

    def _from(self, s: str) -> str:
        blocked = "(ALL & ~empty & ~own)" if self.over_own else "(ALL & ~empty)"
        if self.screens:
            return (f"{self.prefix}screened(side, {s}, own | enemy, {self.m.get('GAPS')} | "
                    f"{self.m.row(self.walls, 'side')}) & {self.allowed} & "
                    f"~{self.m.row(self.barred, 'side')}")
        if self.counted:
            return (f"{self.prefix}counted(side, {s}, own | enemy, {blocked}) & "
                    f"{self.allowed}")
        if self.over_own:
            return (f"{self.prefix}ray(side, {s}, {blocked} | {self.walls}[side]) & "
                    f"{self.allowed} & ~{self.barred}[side]")
        if self.walled:  # cells of no_entry stop the ray; those of no_stop are crossed
            return (f"{self.prefix}ray(side, {s}, (ALL & ~empty) | "
                    f"{self.m.row(self.walls, 'side')}) & "
                    f"{self.allowed} & ~{self.m.row(self.barred, 'side')}")
        return f"{self.prefix}ray(side, {s}, ALL & ~empty) & {self.allowed}"


class ShotPiece(SlidePiece):
    """A shot (``from: landed``, ``effect: place``: Amazons' arrow) in the deciding phase
    right after the moves phase, passed over when impossible, folded into the move: a
    move is listed once per cell the piece that just moved could shoot to (the cell + 1 in
    the choice bits), or once alone when it has none. ``targets(st, side)`` after the
    move, ``apply(st, side, cell)`` puts the new piece there."""

    KNOWN = SlidePiece.KNOWN | {"from_", "effect"}
    FOLDS = True
    #: The choices are cells, as many as the shot reaches (not a fixed list spread out).
    TARGETS = True
    #: Its functions' names: past any option's (``o0_`` …), one of its own.
    INDEX = 250

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, self.INDEX + index)
        #: The actions of the choice, by cell (choice = cell + 1).
        self.choices = option.places
        #: The most cells one shot reaches (on the empty board), and so the most choices.
        self.most = max(1, *(count for row in option.reach for count in
                             (m.bit_count() for m in row)))
        self.made = option.made

    def functions(self) -> list[str]:
        ray = SlidePiece.functions(self)[0]
        return [ray,
                self.function("targets", "st, side", [
                    "landed = np.int64(st[LANDED]) - 1", "if landed < 0:",
                    f"    return {self.m.zero}", "own, enemy, empty = masks(st, side)",
                    f"return {self._from('landed')}"]),
                self.function("apply", "st, side, cell", [
                    f"place(st, cell, side, {self.made})", "st[LANDED] = U64(cell + 1)"])]


def _unread(option: Any) -> str:
    """What makes a slide's attacks unreadable along its lines, in words."""
    if option.candidates is not None:
        return "a test of each candidate move (to_if, path_if)"
    if option.counted:
        return "distance: pieces_on_line"
    if option.over_own:
        return "over: own"
    if any(option.barred):
        return "no_stop or no_entry"
    return "from: landed or effect: place"


def _folded(option: Any, phase: Any) -> type | None:
    """The piece that folds ``option`` (of ``phase``, a deciding phase right after the
    moves phase) into the move before it: a shot passed over when impossible."""
    if option.from_landed and option.placing and phase.skip_when_impossible:
        return ShotPiece
    return None


SlidePiece.folded = staticmethod(_folded)  # type: ignore[attr-defined]
