"""The native kernel piece of ``place``: its share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.engine.slots import AGAIN, KO, found_slot
from framework.kernel.attacks import AttackPiece
from framework.kernel.groups import GroupsPiece
from framework.kernel.pieces import AtCellsPiece, Unsupported, flank_cells
from framework.kernel.slots import side_field, slot_field


class PlacePiece(AtCellsPiece):
    """``place``: a new piece on an empty cell (anywhere, next to an own piece, or dropped
    along a direction), within a ``zone`` and never on a line (``once_per_line``) that
    holds one of the mover's pieces of the kind; with ``suicide: false`` only where its
    group would breathe, with ``ko: true`` not on the ko cell (Go); with ``blind: true`` on
    any cell the mover does not see taken, a try on a hidden piece marking it found and
    keeping the turn (Phantom tic-tac-toe, Dark Hex)."""

    KNOWN = frozenset({"piece", "where", "gravity", "kind", "notation",
                       "resets_halfmove_clock", "must_flank", "suicide", "ko", "blind",
                       "zone", "once_per_line", "mates"})
    WIDE = True
    HANDS = True
    SUPPLIED = True

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
        self.entries = "ALL" if option.fall < 0 else self.m.const(option.entries)
        self.fall = self.table("FALL", [option.step[c][option.fall] for c in range(size)],
                               "int64") if option.fall >= 0 else ""
        self.suicide = option.suicide
        self.helpers = () if self.suicide else (GroupsPiece(option.game),)
        self.ko = slot_field(option.game, KO.name) if option.ko >= 0 else ""
        self.SLOTS = (KO.name,) if self.ko else ()
        # A zone (the mover's cells of it), and the lines along once_per_line that hold
        # a piece of the mover's of the kind placed: shogi's drops.
        self.zone = self.table("ZONE", list(option.zone)) if option.zone is not None else ""
        self.lines = self.table("LINES", list(option.lines)) if option.lines else ""
        self.found = self.again = ""
        if option.blind:
            self._blind(option.game)
        #: ``mates: false``: a placement that checkmates at once is left out; its test
        #: asks whether the other sides can move (``has_moves_plain``), so the piece also
        #: generates plainly, without it (``gen_plain``).
        self.PLAIN = not option.mates
        if self.PLAIN:
            self._mates(option.game)
        #: Whether the random player may draw a cell among ``candidates`` and test it alone
        #: (``fits``): the suicide test, costly over every cell, is the last filter.
        self.SAMPLES = not self.suicide and not self.PLAIN and not self.found and \
            self.tests is None  # (its candidates would skip the tests)

    def _blind(self, game: Any) -> None:
        """The fields of the cells each side has found (the mover's, picked by ``side``)
        and of the slot that keeps the turn with the mover after a try that found one."""
        if self.m.wide:
            raise Unsupported("place with blind: true on a board over 64 cells (the cells "
                              "a player has found are one word of the compact state)")
        names = [found_slot(p).name for p in game.players]
        self.found = side_field([slot_field(game, name) for name in names])
        self.again = slot_field(game, AGAIN.name)
        self.SLOTS = (*self.SLOTS, *names, AGAIN.name)

    def _mates(self, game: Any) -> None:
        """The royal kind and the attack test a ``mates: false`` placement reads; only for
        a kind whose every move is a step or a leap: its check can then be answered only
        by a capture or a move of the royal piece, never by a placement, so the other
        side's placements need no look further ahead (the plain generation is exact)."""
        royal = next((r for r in game.restrictions if hasattr(r, "royal_cells")), None)
        if royal is None:
            raise Unsupported("place with mates: false and no royal piece")
        kind = game.spec.pieces[game.piece_kinds[self.made]]
        if any(move.type not in ("step", "leap") for move in kind.moves or ()):
            raise Unsupported("place with mates: false of a kind that moves otherwise than "
                              "by steps and leaps (a check it gives could be blocked by a "
                              "placement, which the kernels would have to look through)")
        self.royal = royal.kind
        self.helpers = (*self.helpers, AttackPiece.of(game))

    def functions(self) -> list[str]:
        found = super().functions()
        if self.PLAIN:  # the generation without the mate test, and the test
            found += [self.function("gen_plain", self.ARGS + ", buf, n", [
                *self.tested_cells(self.cells(plain=True)), "while t:",
                f"    buf[n] = {self.code} | low(t)", "    n += 1", "    t &= t - ONE",
                "return n"]),
                self.function("mating", "st, side, cand", self._mating())]
        if self.flank:
            found.insert(0, self.function("flank", "cand, own, enemy", self.flank_body))
        if self.SAMPLES:  # the cells before the suicide test, and the test of one cell
            found += [self.function("candidates", self.ARGS,
                                    [*self.cells(tested=False), "return t"]),
                      self.function("fits", "st, side, c, own, empty", [
                          f"return grp_breathing(st, side, {self.m.bit('c')}, own, empty) "
                          f"!= {self.m.zero}"])]
        return found

    def _mating(self) -> list[str]:
        """The body of ``mating(st, side, cand)``: the cells of ``cand`` where the new
        piece attacks a royal piece of another side that then has no move (as
        ``Place._mating``; every side but the mover is asked)."""
        m = self.m
        return [f"found = {m.zero}", "trial = np.empty(HEAD, np.uint64)", "b = cand", "while b:",
                "    c = low(b)", "    b &= b - ONE", "    copy_into(trial, st)",
                f"    place(trial, c, side, {self.made})",
                f"    if not a_checks(trial, side, {self.royal}):", "        continue",
                "    mated = True", "    for s in range(S):",
                "        if s != side and phase_on(trial, s) and has_moves_plain(trial, s):",
                "            mated = False", "    if mated:", f"        found |= {m.bit('c')}",
                "return found"]

    def cells(self, plain: bool = False, tested: bool = True) -> list[str]:
        flank = [f"t = {self.prefix}flank(t, own, enemy)"] if self.flank else []
        # As Place.targets: the ko cell (+ 1 in its field; 0: none), then suicide.
        if self.ko:
            flank += [f"k = np.int64(st[{self.ko}])", "if k:",
                      f"    t &= ~({self.m.bit('k - 1')})"]
        if self.zone:
            flank.append(f"t &= {self.m.row(self.zone, 'side')}")
        if self.supply is not None:  # as Place.targets: none left off the board
            kind = self.m.get(f"KINDS + {self.made}")
            flank += [f"if count(own & {kind}) >= {self.supply}:", f"    t = {self.m.zero}"]
        if self.lines:  # as Place.targets: no second piece of the kind on one line
            flank += [f"b = own & {self.m.get(f'KINDS + {self.made}')}", "while b:",
                      f"    t &= ~({self.m.row(self.lines, 'low(b)')})", "    b &= b - ONE"]
        if not self.suicide and tested:
            flank.append("t = grp_breathing(st, side, t, own, empty)")
        if self.PLAIN and not plain:  # as Place.targets: last, on what is left
            flank += ["if t:", f"    t &= ~{self.prefix}mating(st, side, t)"]
        # Blind, a cell is free where the mover sees none: not its own, not one it found
        # (while any cell is empty at all, as Place.targets).
        free = (["free = ZERO", "if empty != ZERO:",
                 f"    free = ALL & ~(own | st[{self.found}] | st[GAPS])"]
                if self.found else [])
        within = "free" if self.found else "empty"
        if not self.near:
            return [*free, f"t = {within} & {self.entries}", *flank]
        return [*free, "b = own", f"t = {self.m.zero}", "while b:",
                f"    t |= {self.m.row(self.neighbours, 'low(b)')}",
                "    b &= b - ONE", f"t &= {within}", *flank]

    def apply(self) -> list[str]:
        lines = ["cell = dst"]
        if self.found:  # a hidden piece there: found, nothing placed, the mover tries again
            lines += ["bit = ONE << U64(cell)", "for s in range(S):",
                      "    if st[s] & bit:", f"        st[{self.found}] |= bit",
                      f"        st[{self.again}] = ONE", "        return"]
        if self.fall:
            lines += [f"blocked = {self.m.get('GAPS')}", "for s in range(S):",
                      f"    blocked |= {self.m.get('s')}", f"nxt = {self.fall}[cell]",
                      f"while nxt >= 0 and not {self.m.test('blocked', 'nxt')}:",
                      "    cell = nxt", f"    nxt = {self.fall}[nxt]"]
        lines.append(f"place(st, cell, side, {self.made})")
        return [*lines, "st[LANDED] = U64(cell + 1)",
                *(["st[RESET] = ONE"] if self.resets else [])]
