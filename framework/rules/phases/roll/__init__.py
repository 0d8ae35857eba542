"""``roll``: chance rolls the dice; the phases after it read them (``race`` plays them).

```yaml
turn:
  - {name: roll, type: roll, dice: 2, faces: 6, ordered: true, doubles: twice,
     opening: higher_starts}
  - {name: move, type: race, roll: roll, ...}
```

A chance node (``framework.engine.chance``): while the turn stands here nobody decides,
``state.chance_outcomes()`` lists every roll with its probability and ``apply`` plays the
one chance gives. ``ordered: true`` tells the dice apart (a 1 then a 2 is not a 2 then a 1:
36 outcomes of 1/36 for two six-sided dice, OpenSpiel's way); ``false`` gives one outcome
per set of numbers, with its probability (21 for two dice). The dice are kept in the
turn's slots ``die_1``, ``die_2``, … and forgotten when the turn ends.

``doubles: twice``: a roll of equal dice is played twice, one play after the other by the
same player (the ``race`` phase decides again with the same dice). ``opening:
higher_starts``: the game's first roll is each player's one die, rolled again while they
are equal, and the higher starts, playing both dice (30 outcomes of 1/30 for two players
and six faces). ``max_turns``: the game ends, scored by the ``result`` rule, when a turn
would begin after that many rolls.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.engine.chance import sample_outcome
from framework.engine.slots import Slot
from framework.plugins import Loc, Phase, PhaseParams, Translate, untranslated

if TYPE_CHECKING:
    from random import Random

    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext

ROLL_KIND = "roll"
MAX_DICE = 4
#: The slots of the dice (``die_1`` …), of the plays of a double and of the rolls made.
REPEAT = Slot("doubles_played", scope="turn", default=0)
ROLLS = Slot("rolls", scope="game", default=0)
OPENED = Slot("opened", scope="game", default=0, kind="bool")


def die_slot(i: int) -> Slot:
    return Slot(f"die_{i + 1}", scope="turn", default=0)


class RollParams(PhaseParams):
    type: Literal["roll"]
    dice: int = Field(default=2, ge=1, le=MAX_DICE, description="how many dice are rolled")
    faces: int = Field(default=6, ge=2, le=20, description="the faces of each die, 1 to faces")
    ordered: bool = Field(default=False, description="true: the dice are told apart (1 then "
                          "2 and 2 then 1 are two outcomes); false: one outcome per set of "
                          "numbers")
    doubles: Literal["once", "twice"] = Field(
        default="once", description="twice: equal dice are played twice by the same player")
    opening: Literal["none", "higher_starts"] = Field(
        default="none", description="higher_starts: the first roll is one die per player, "
                                    "ties rolled again; the higher die starts, playing both")
    max_turns: int | None = Field(default=None, ge=1, le=1_000_000,
                                  description="the game ends (scored by the result rule) "
                                              "when a turn would begin after this many rolls")


class Roll(Phase):
    """Chance rolls the dice."""

    keyword = "roll"
    Params = RollParams
    chance = True
    pattern = r"roll:\d+(-\d+)*(:\w+)?"
    notation_examples: tuple[str, ...] = ("roll:3-5", "roll:2-6:x")  # each roll: its own
    reference = ".reference:RefRoll"
    native = ".native:RollPiece"

    @classmethod
    def declare_slots(cls, params: Any) -> tuple[Slot, ...]:
        return (*(die_slot(i) for i in range(params.dice)), REPEAT, ROLLS, OPENED)

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.opening == "higher_starts" and (params.dice != 2 or len(ctx.players) != 2):
            yield (*loc, "opening"), ("'higher_starts' is one die for each of two players: "
                                      "it needs dice: 2 and two players")
        if params.doubles == "twice" and params.dice < 2:
            yield (*loc, "doubles"), "one die never rolls doubles: 'twice' needs dice: 2 or more"

    def __init__(self, params: RollParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        index = game.slots.index
        self.die_slots = tuple(index[die_slot(i).name] for i in range(params.dice))
        self.repeat = index[REPEAT.name]
        self.rolls = index[ROLLS.name]
        self.opened = index[OPENED.name]
        self._outcomes = self._regular()
        self._opening = self._first() if params.opening == "higher_starts" else []
        # Examples of this roll's own outcomes (one die writes one number), not another's.
        middle = self._outcomes[len(self._outcomes) // 2][0]
        self.notation_examples = (middle.notation, *(a.notation for a, _ in self._opening[:1]))

    # The outcomes, built once ------------------------------------------------------------
    def _regular(self) -> list[tuple[Action, Fraction]]:
        p = self.params
        faces = range(1, p.faces + 1)
        total = p.faces ** p.dice
        if p.ordered:
            return [(self._action(dice), Fraction(1, total)) for dice in product(faces,
                                                                                 repeat=p.dice)]
        ways: Counter[tuple[int, ...]] = Counter(tuple(sorted(d)) for d in
                                                 product(faces, repeat=p.dice))
        return [(self._action(dice), Fraction(n, total)) for dice, n in sorted(ways.items())]

    def _first(self) -> list[tuple[Action, Fraction]]:
        faces = self.params.faces
        pairs = [(a, b) for a in range(1, faces + 1) for b in range(a + 1, faces + 1)]
        share = Fraction(1, 2 * len(pairs))
        return [(self._action(pair, starter), share) for pair in pairs for starter in (0, 1)]

    def _action(self, dice: Sequence[int], starter: int = -1) -> Action:
        text = "-".join(map(str, dice))
        notation = f"roll:{text}"  # no space: a record's line separates actions by spaces
        if starter >= 0:
            notation += f":{self.game.players[starter]}"  # who starts
        return Action(self.name, ROLL_KIND, attribute=text, side=starter, notation=notation)

    @property
    def regular(self) -> list[Action]:
        """The outcomes of every roll but the opening, in order."""
        return [a for a, _ in self._outcomes]

    @property
    def opening(self) -> list[Action]:
        """The opening roll's outcomes (a pair of dice and its starter), in order; empty
        without ``higher_starts``."""
        return [a for a, _ in self._opening]

    @staticmethod
    def dice_of(action: Action) -> list[int]:
        """The dice an outcome of the roll shows."""
        return [int(d) for d in action.attribute.split("-")]

    # The chance node -----------------------------------------------------------------
    def outcomes(self, state: State) -> list[tuple[Action, Fraction]]:
        if self._opening and not state.vars[self.opened]:
            return self._opening
        return self._outcomes

    def actions(self, state: State) -> list[Action]:
        if self._over(state):
            return []
        return [a for a, _ in self.outcomes(state)]

    def count(self, state: State) -> int:
        return 0 if self._over(state) else len(self.outcomes(state))

    def has_action(self, state: State) -> bool:
        return not self._over(state)

    def _over(self, state: State) -> bool:
        limit = self.params.max_turns
        return limit is not None and state.vars[self.rolls] >= limit

    def random_action(self, state: State, rng: Random) -> Action:
        return sample_outcome(self.outcomes(state), rng)

    def apply(self, state: State, action: Action) -> None:
        for slot, value in zip(self.die_slots, self.dice_of(action), strict=True):
            state.vars[slot] = value
        state.vars[self.rolls] += 1
        if action.side >= 0:  # the opening roll: its higher die starts
            state.to_move = action.side
        state.vars[self.opened] = 1

    def position_problem(self, state: State) -> str | None:
        p = self.params
        dice = [state.vars[s] for s in self.die_slots]
        if any(not 0 <= d <= p.faces for d in dice):
            return f"a die shows 1 to {p.faces} (0: not rolled yet); found {dice}"
        if any(dice) and not all(dice):
            return f"the {p.dice} dice are rolled together: all or none; found {dice}"
        repeats = 2 if p.doubles == "twice" else 0
        if not 0 <= state.vars[self.repeat] <= repeats or \
                (state.vars[self.repeat] and len(set(dice)) != 1):
            return (f"'doubles_played' is 0 to {repeats}, and more than 0 only on equal "
                    f"dice; found {state.vars[self.repeat]} with {dice}")
        if p.max_turns is not None and state.vars[self.rolls] > p.max_turns:
            return (f"'rolls' is at most the game's {p.max_turns} rolls; found "
                    f"{state.vars[self.rolls]}")
        return None

    def drawn(self, state: State) -> list[int]:
        """The dice of the current turn (empty before the roll)."""
        values = [state.vars[s] for s in self.die_slots]
        return values if all(values) else []

    def action_space(self) -> Sequence[Action] | None:
        return [a for a, _ in self._opening] + [a for a, _ in self._outcomes]

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        text = _("Each turn begins with a roll of {n} dice of {faces} faces.").format(
            n=p.dice, faces=p.faces) if p.dice > 1 else \
            _("Each turn begins with a roll of one die of {faces} faces.").format(
                faces=p.faces)
        if p.doubles == "twice":
            text += " " + _("A roll of equal dice is played twice.")
        if p.opening == "higher_starts":
            text += " " + _("To begin, each player rolls one die, again while they are "
                            "equal; the higher die starts and plays both dice.")
        if p.max_turns is not None:
            text += " " + _("The game ends after {n} rolls.").format(n=p.max_turns)
        return text

