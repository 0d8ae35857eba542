"""The native kernel piece of ``roll``: a chance node of the compact state.

The dice are the turn's slots (``die_1`` …, 0 before the roll: while the first is 0 the
turn waits for chance), the plays of a double, the rolls made and whether the opening
roll is over are slots too. A chance outcome is a native move of its own option
(``CHANCE_OPTION``), its index among the outcomes in the target's bits: the regular rolls
in ``Roll._regular``'s order, or before the first roll the opening's pairs and starters
in ``Roll._first``'s. Every listed outcome is equally likely (ordered dice; the opening's
pairs), so the kernels' random player, drawing uniformly among the legal moves, draws
chance's outcomes with their probabilities; unordered dice (outcomes of unequal
probability) are refused.
"""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import CHANCE_OPTION, Piece, Unsupported
from framework.kernel.slots import slot_field
from framework.rules.phases.roll import OPENED, REPEAT, ROLLS, die_slot


class RollPiece(Piece):
    """``roll``: chance draws the dice (one move per outcome, all equally likely)."""

    KNOWN = frozenset({"dice", "faces", "ordered", "doubles", "opening", "max_turns"})

    def __init__(self, phase: Any, index: int) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params, phase.game)
        p = phase.params
        game = phase.game
        if not p.ordered and p.dice > 1:
            raise Unsupported("roll with ordered: false (its outcomes are not equally "
                              "likely; the kernels' random player draws uniformly)")
        self.dice = p.dice
        # The outcomes in the engine's own order, which a chance move's index names.
        regular = [phase.dice_of(a) for a in phase.regular]
        if len(regular) > self.m.cell_mask + 1:
            raise Unsupported(f"roll with {len(regular)} outcomes (a chance move names its "
                              f"outcome in {self.m.cell_bits} bits)")
        self.count = len(regular)
        self.max_turns = p.max_turns
        self.code = self.m.code(CHANCE_OPTION)
        self.dice_fields = [slot_field(game, die_slot(i).name) for i in range(p.dice)]
        self.repeat = slot_field(game, REPEAT.name)
        self.rolls = slot_field(game, ROLLS.name)
        self.opened = slot_field(game, OPENED.name)
        self.SLOTS = (*(die_slot(i).name for i in range(p.dice)), REPEAT.name, ROLLS.name,
                      OPENED.name)
        self.regular = self.table("DICE", [d for roll in regular for d in roll], "int64")
        # The opening (higher_starts): a pair of different dice and who starts with it.
        first = [(*phase.dice_of(a), a.side) for a in phase.opening]
        self.openings = len(first)
        #: The most outcomes listed at once.
        self.outcomes = max(self.count, self.openings)
        self.first = self.table("FIRST", [v for row in first for v in row], "int64") \
            if self.openings else ""

    def functions(self) -> list[str]:
        die = self.dice_fields[0]
        over = (f"return st[{self.rolls}] >= U64({self.max_turns})"
                if self.max_turns is not None else "return False")
        opening = [f"if st[{self.opened}] == ZERO:", f"    for i in range({self.openings}):",
                   f"        buf[n] = {self.code} | i", "        n += 1", "    return n"] \
            if self.openings else []
        outcomes = [*opening, f"for i in range({self.count}):",
                    f"    buf[n] = {self.code} | i", "    n += 1", "return n"]
        # As Roll.apply: the dice, one roll more, the opening's starter, opened.
        first = [f"if st[{self.opened}] == ZERO:",
                 f"    st[{self.dice_fields[0]}] = U64({self.first}[i * 3])",
                 f"    st[{self.dice_fields[1]}] = U64({self.first}[i * 3 + 1])",
                 f"    st[TO_MOVE] = U64({self.first}[i * 3 + 2])"] if self.openings else []
        regular = [f"st[{f}] = U64({self.regular}[i * {self.dice} + {j}])"
                   for j, f in enumerate(self.dice_fields)]
        apply = [*first, *(["else:", *("    " + line for line in regular)]
                           if self.openings else regular),
                 f"st[{self.rolls}] += ONE", f"st[{self.opened}] = ONE"]
        counted = [f"if st[{self.opened}] == ZERO:", f"    return {self.openings}"] \
            if self.openings else []
        counted.append(f"return {self.count}")
        return [self.function("pending", "st", [f"return st[{die}] == ZERO"]),
                self.function("over", "st", [over]),
                self.function("gen", "st, buf, n", outcomes),
                self.function("count", "st", counted),
                self.function("apply", "st, i", apply)]
