"""The attack test shared by the kernel pieces of ``royal``, ``royal_attacked`` and a safe
``castle``: which cells a side attacks, read from the game's own moves.

The test follows ``framework/moves/attacks.py`` and its fast way: the options that
could capture are read backwards from the cell, each as its own native piece says
(``attack_lines``) — a step, a leap or a move at a distance by a reverse table (the cells
a piece of that kind reaches the cell from, per attacking side), a slide by the first
piece along each of its directions turned round (past its screens), found by a bit scan
of the ray's mask when cell ids only grow or only shrink along it (a grid), walked on the
step table otherwise. An option whose piece gives no such lines is refused by name.
The test is one function, ``a_attacked(st, cell, defender)``, shared
by every piece that asks (``helpers``): the restriction, the result, a safe castle; and
``a_checks(st, side, kind)`` on it, whether a side gives check (``count_checks``, a
placement that may not mate).
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import Piece, Unsupported


class AttackPiece(Piece):
    """``a_attacked(st, cell, defender)``: whether a side other than ``defender`` could
    capture on ``cell`` with one of its moves."""

    WIDE = True

    def __init__(self, game: Any) -> None:
        from framework.moves.attacks import attacks_of

        super().__init__("a_", game=game)
        self.game = game
        #: Functions of the options' tests of each candidate move (``tested_reverse``).
        self.extra: list[str] = []
        board = game.board
        self.size, self.nd = board.size, len(board.directions)
        m = self.m
        self.body = [f"occ |= {m.bit('cell')}", f"blocked = occ & ~({m.bit('cell')})",
                     "for s in range(S):", "    if s == defender:", "        continue",
                     f"    own = {m.get('s')}"]
        for i, option in enumerate(attacks_of(game).options):
            self.body += self._option(i, option)
        self.body.append("return False")

    @classmethod
    def of(cls, game: Any) -> AttackPiece:
        return cls(game)

    def _option(self, i: int, option: Any) -> list[str]:
        """The lines of ``a_attacked_in`` for one option, from its own native piece
        (``attack_lines``): the kernel piece of each primitive says how its attacks read
        backwards from a cell, as its Python side does (``Primitive.attack_check``)."""
        from framework.plugins import twin

        keyword = option.keyword
        kind = getattr(option, "piece", -1)
        pieces = "own" if kind < 0 else f"(own & {self.m.get(f'KINDS + {kind}')})"
        native = twin(type(option), "native")
        lines = getattr(native, "attack_lines", None)
        if lines is None:
            raise Unsupported(f"the attacks of {keyword!r} moves (a royal piece or a safe "
                              f"castle reads attacks from each option's native piece, and "
                              f"{keyword}'s gives none)")
        found: list[str] = lines(self, i, option, pieces)
        return found

    def reverse(self, i: int, reach: Any, pieces: str) -> list[str]:
        """Lines for an option whose reach ignores the board (``reach[side][src]``): the
        cells that reach the cell, by a reverse table."""
        return [f"    if {self._reversed(i, reach)} & {pieces}:", "        return True"]

    def _reversed(self, i: int, reach: Any) -> str:
        """The row of the reverse table of ``reach`` for side ``s`` and ``cell``."""
        size = self.size
        reverse = [0] * (size * len(reach))
        for side, table in enumerate(reach):
            for src, mask in enumerate(table):
                for dst in range(size):
                    if mask >> dst & 1:
                        reverse[side * size + dst] |= 1 << src
        back = self.table(f"REV{i}", reverse)
        return self.m.row(back, f"s * {size} + cell")

    def tested_reverse(self, i: int, option: Any, pieces: str) -> list[str]:
        """``reverse``, each source then tested as a candidate move to the cell (the
        option's ``to_if``, ``path_if``: the horse's leg), an enemy piece standing there:
        the tests' functions are the option's own (``framework/kernel/candidate.py``),
        written again under this piece's name."""
        from framework.kernel.candidate import CandidateCode

        tests = _Tests(self.game, f"{self.prefix}c{i}_")
        code = CandidateCode(tests, option)
        self.extra += code.functions()
        for name, values in tests.tables.items():
            self.tables[f"c{i}_{name}"] = values
        m = self.m
        return [f"    b = {self._reversed(i, option.reach)} & {pieces}", "    if b:",
                f"        en = occ & ~own & ~{m.get('GAPS')}", "        em = ALL & ~occ",
                "        while b:", "            f = low(b)", f"            b &= ~({m.bit('f')})",
                f"            if {tests.prefix}keep(st, s, own, en, em, f, "
                f"{m.bit('cell')}) != {m.zero}:",
                "                return True"]

    def slide(self, i: int, option: Any, pieces: str) -> list[str]:
        board, size, nd = self.game.board, self.size, self.nd
        turned = [[board.opposite[d] for d in dirs] for dirs in option.directions]
        width = max(1, max(len(d) for d in turned))
        lines = option.lines  # per cell, per direction: (mask cut to max, sign, cells)
        seen = [0] * (size * len(turned))
        for side, dirs in enumerate(turned):
            for c in range(size):
                for d in dirs:
                    seen[side * size + c] |= lines[c][d][0]
        seen_t = self.table(f"SEEN{i}", seen)
        dirs_t = self.table(f"BACK{i}", [d[j] if j < len(d) else -1 for d in turned
                                         for j in range(width)], "int64")
        ray_t = self.table(f"RAY{i}", [lines[c][d][0] for c in range(size)
                                       for d in range(nd)])
        sign_t = self.table(f"SIGN{i}", [lines[c][d][1] for c in range(size)
                                         for d in range(nd)], "int64")
        step_t = self.table(f"STEP{i}", [board.step[c][d] for c in range(size)
                                         for d in range(nd)], "int64")
        m = self.m
        screens = getattr(option, "screens", 0)
        if screens:  # the piece right past ``screens`` pieces (no hole among them)
            return [f"    p = {pieces} & {m.row(seen_t, f's * {size} + cell')}", "    if p:",
                    f"        for j in range({width}):",
                    f"            d = {dirs_t}[s * {width} + j]", "            if d < 0:",
                    "                break", f"            at = {step_t}[cell * {nd} + d]",
                    "            passed = 0", "            while at >= 0:",
                    f"                if {m.test('blocked', 'at')}:",
                    f"                    if passed == {screens}:",
                    f"                        if {m.test('p', 'at')}:",
                    "                            return True", "                        break",
                    f"                    if {m.test(m.get('GAPS'), 'at')}:",
                    "                        break", "                    passed += 1",
                    f"                at = {step_t}[at * {nd} + d]"]
        return [f"    p = {pieces} & {m.row(seen_t, f's * {size} + cell')}", "    if p:",
                f"        for j in range({width}):",
                f"            d = {dirs_t}[s * {width} + j]", "            if d < 0:",
                "                break", f"            ray = {m.row(ray_t, f'cell * {nd} + d')}",
                "            b = ray & blocked", "            if not b:",
                "                continue", f"            sign = {sign_t}[cell * {nd} + d]",
                "            if sign > 0:", "                first = low(b)",
                "            elif sign < 0:", "                first = high(b)",
                "            else:  # a ray that is no run of ids: walked",
                f"                first = {step_t}[cell * {nd} + d]",
                f"                while not {m.test('b', 'first')}:",
                f"                    first = {step_t}[first * {nd} + d]",
                f"            if {m.test('p', 'first')}:", "                return True"]

    def functions(self) -> list[str]:
        m = self.m
        return [*self.extra, self.function("attacked_in", "st, cell, defender, occ", self.body),
                # Whether ``side`` gives check: a piece of ``kind`` (the royal kind) of
                # another side is attacked (count_checks, a placement that may not mate).
                self.function("checks", "st, side, kind", [
                    "for s in range(S):", "    if s == side:", "        continue",
                    f"    b = {m.get('s')} & {m.get('KINDS + kind')}", "    while b:",
                    "        if a_attacked(st, low(b), s):", "            return True",
                    "        b &= b - ONE", "return False"]),
                self.function("attacked", "st, cell, defender", [
                    f"occ = {self.m.get('GAPS')}", "for s in range(S):",
                    f"    occ |= {self.m.get('s')}",
                    "return a_attacked_in(st, cell, defender, occ)"])]


class _Tests(Piece):
    """The name and tables under which an option's candidate tests are written again."""

    WIDE = True

    def __init__(self, game: Any, prefix: str) -> None:
        super().__init__(prefix, game=game)

    def functions(self) -> list[str]:
        return []


def _sign(cell: int, cells: list[int]) -> int:
    """+1 when cell ids grow along the ray, -1 when they shrink, 0 otherwise."""
    pairs = list(zip([cell, *cells], cells, strict=False))
    return 1 if all(b > a for a, b in pairs) else -1 if all(b < a for a, b in pairs) else 0


