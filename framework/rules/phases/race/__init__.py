"""``race``: play the dice of a ``roll`` with stacks of checkers along each player's track
(Backgammon's movement: the bar, hitting, bearing off).

```yaml
pieces:
  checker: {symbols: {x: x, o: o}, attributes: {count: {max: 15}}}
counters: [bar, off_board]
turn:
  - {name: roll, type: roll, dice: 2, ordered: true, doubles: twice}
  - name: move
    type: race
    roll: roll                 # the roll whose dice are played
    piece: checker
    attribute: count           # how many checkers a stack holds
    tracks: {x: [p24, p23, …, p1], o: [p1, p2, …, p24]}
    home: 6                    # the last 6 points of a track
    bar: bar                   # the counter of each player's checkers on the bar
    borne_off: off             # the counter of each player's borne-off checkers
```

A point holds one stack: a piece of ``piece`` whose ``attribute`` counts its checkers
(stacks on cells, as general data: any piece attribute may count). One action plays every
die of the roll, one after the other, each moving one checker of the mover that many points
along the mover's track:

- a checker on the bar (``bar`` > 0) must enter first, on the die's point of the track
  (the first point is a 1);
- a point with two or more enemy checkers is closed; landing on a lone enemy checker
  sends it to the bar (with more than two players, every other player's checkers are
  enemies: a lone checker goes to its owner's bar);
- once all the mover's checkers are on the last ``home`` points, a die bears one off from
  the point exactly that far from the end, or from the furthest occupied point with a
  higher die;
- as many dice as possible must be played; when only one can, the higher die must be played
  when it can; when none can, the action is ``pass``.

The order of the dice is the order written, so playing two dice on two checkers in either
order are two actions with the same result (OpenSpiel's ``backgammon`` numbers them apart).
With the roll's ``doubles: twice`` a roll of equal dice whose first play used them all is
played a second time by the same player.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.plugins import Loc, Phase, PhaseParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext

RACE_KIND = "race"
#: A step from the bar (in a step's ``from``: track indices are ≥ 0).
BAR = -1
#: Enemy checkers that close a point (fewer: one, a blot, is hit).
BLOCK = 2
#: One die played: from (a track index, or BAR) and the die's number.
Step = tuple[int, int]


class RaceParams(PhaseParams):
    type: Literal["race"]
    roll: str = Field(description="the roll phase whose dice are played")
    piece: str = Field(description="the kind of the checkers")
    attribute: str = Field(description="the piece's attribute that counts a stack's checkers")
    tracks: dict[str, list[str]] = Field(
        description="per player, the cells of the track from its first point to its last")
    home: int = Field(default=6, ge=1, description="the last points of a track, where all "
                                                    "checkers must be before bearing off")
    bar: str = Field(description="the counter of a player's checkers on the bar")
    borne_off: str = Field(description="the counter of a player's checkers borne off")


class Race(Phase):
    """Play the dice with checkers along the track."""

    keyword = "race"
    Params = RaceParams
    pattern = r"pass|(bar|\w+)-(\w+|off\(\d+\))(,(bar|\w+)-(\w+|off\(\d+\)))*"
    reference = ".reference:RefRace"
    native = ".native:RacePiece"
    measures_distance = True

    @classmethod
    def stacks(cls, params: Any) -> tuple[str, str] | None:
        return params.piece, params.attribute

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        for key in ("bar", "borne_off"):
            name = getattr(params, key)
            if name not in ctx.counters:
                yield (*loc, key), ctx.unknown("counter", name, ctx.counters)
        if params.roll not in ctx.phases:
            yield (*loc, "roll"), ctx.unknown("phase", params.roll, ctx.phases)
        else:
            rolled = next(p for p in ctx.spec.turn if p.name == params.roll)
            if rolled.type != "roll" or list(ctx.phases).index(params.roll) > \
                    list(ctx.phases).index(params.name):
                yield (*loc, "roll"), (f"{params.roll!r} must be a roll phase before "
                                       f"{params.name!r}: the dice it plays come from there")
        lengths = set()
        for player in ctx.players:
            track = params.tracks.get(player)
            if track is None:
                yield (*loc, "tracks"), f"the track of {player!r} is missing"
                continue
            lengths.add(len(track))
            for i, cell in enumerate(track):
                if cell not in ctx.cells:
                    yield (*loc, "tracks", player, i), ctx.unknown("cell", cell, ctx.cells)
            if len(set(track)) != len(track):
                yield (*loc, "tracks", player), "a track passes each cell once"
            if params.home > len(track):
                yield (*loc, "home"), f"the home ({params.home} points) is longer than the " \
                                      f"track of {player!r} ({len(track)})"
        for extra in set(params.tracks) - set(ctx.players):
            yield (*loc, "tracks", extra), ctx.unknown("player", extra, ctx.players)

    def __init__(self, params: RaceParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        board = game.board
        self.tracks = tuple(tuple(board.cell(c) for c in params.tracks[p])
                            for p in game.players)
        self.length = len(self.tracks[0])
        self.kind = game.piece_kinds.index(params.piece)
        self.attr = game.attributes.index(params.attribute)
        self.bar = game.counters.index(params.bar)
        self.off = game.counters.index(params.borne_off)
        self.names = board.names
        roll = next(p for p in game.spec.turn if p.name == params.roll)
        self.roll_params = roll
        index = game.slots.index
        self.die_slots = tuple(index[f"die_{i + 1}"] for i in range(roll.dice))
        self.repeat = index["doubles_played"]
        self.twice = roll.doubles == "twice"
        self._start: tuple[int, ...] | None = None  # the checkers of each side (made once)
        self.notation_examples = self._examples(roll.dice, roll.faces)

    def _examples(self, dice: int, faces: int) -> tuple[str, ...]:
        """Notation examples on this game's own track (the first player's) with its own
        number of dice: a play of every die, a checker entering from the bar and one borne
        off, and the pass."""
        high = max(1, min(faces, self.length - 1))  # a die that lands on the track
        play = tuple((0, max(1, high - i)) for i in range(dice))
        enter, off = (BAR, high), (self.length - 1, 1)
        plays = [play, (enter, off)] if dice > 1 else [play, (enter,), (off,)]
        return (*(self.action_of(0, steps).notation for steps in plays), "pass")

    # Reading the position --------------------------------------------------------------
    def position_problem(self, state: State) -> str | None:
        """A stack holds at least one checker, and no player has more checkers (on the
        board, on the bar and borne off) than the game gives it: the attribute's supply,
        else what the start places."""
        counts, piece = state.attrs[self.attr], self.params.piece
        for side, player in enumerate(self.game.players):
            empty = next((c for c in self._stacks(state, side) if counts[c] < 1), None)
            if empty is not None:
                return (f"a {piece} of {player} on {self.names[empty]} holds "
                        f"{counts[empty]} ({self.params.attribute}); a stack holds at "
                        "least 1")
            held, most = self._held(state, side), self._checkers(side)
            if most is not None and held > most:
                return (f"{player} has {held} checkers on the board, on the bar "
                        f"({self.params.bar}) and borne off ({self.params.borne_off}); "
                        f"the game gives each player {most}")
        return None

    def _stacks(self, state: State, side: int) -> list[int]:
        mask = state.owner[side] & state.kinds[self.kind]
        return [c for c in range(self.game.board.size) if mask >> c & 1]

    def _held(self, state: State, side: int) -> int:
        """``side``'s checkers: on its stacks, on the bar and borne off."""
        return sum(state.attrs[self.attr][c] for c in self._stacks(state, side)) + \
            state.counters[side][self.bar] + state.counters[side][self.off]

    def _checkers(self, side: int) -> int | None:
        """The checkers ``side`` plays with: the attribute's supply, else the ones the
        start places (None when the players place them: the start holds none yet)."""
        from framework.engine.state import State
        from framework.engine.supply import limits

        supply = limits(self.game).attribute_supply[self.attr]
        if supply is not None:
            return supply
        if self._start is None:
            start = State.initial(self.game)
            placed = start.setup >= len(self.game.setups)
            self._start = tuple(self._held(start, s) for s in range(len(self.game.players))
                                ) if placed else ()
        return self._start[side] if self._start else None

    def distance(self, state: State, side: int) -> int:
        """The pip count: per checker, the points to the end of the track and one more
        to bear it off (a checker on the bar has the whole track to go)."""
        counts, mine = state.attrs[self.attr], state.owner[side]
        end = self.length + 1
        total = state.counters[side][self.bar] * end
        for t, cell in enumerate(self.tracks[side]):
            if mine >> cell & 1:
                total += counts[cell] * (self.length - t)
        return total

    def _snapshot(self, state: State, side: int) -> tuple[list[int], list[int]]:
        """The mover's checkers and every other player's on each point of the mover's
        track (with three or four players, whoever holds a point is an enemy there)."""
        counts = state.attrs[self.attr]
        mine_mask, theirs_mask = state.owner[side], self._enemies(state, side)
        mine, theirs = [], []
        for cell in self.tracks[side]:
            bit = 1 << cell
            mine.append(counts[cell] if mine_mask & bit else 0)
            theirs.append(counts[cell] if theirs_mask & bit else 0)
        return mine, theirs

    @staticmethod
    def _enemies(state: State, side: int) -> int:
        """The cells every other player holds."""
        return state.occupied() & ~state.owner[side]

    @staticmethod
    def _holder(state: State, cell: int) -> int:
        """The side whose checkers are on ``cell`` (-1: none)."""
        return state.owner_of(cell)

    def _steps(self, mine: list[int], theirs: list[int], bar: int,
               dice: list[int]) -> list[Step]:
        """Every single die the mover may play now."""
        length = self.length
        values = sorted(set(dice))
        if bar:
            return [(BAR, d) for d in values if d - 1 < length and theirs[d - 1] < BLOCK]
        start = length - self.params.home
        all_home = not any(mine[:start])
        furthest = next((t for t in range(start, length) if mine[t]), -1)
        steps = []
        for t in range(length):
            if mine[t]:
                for d in values:
                    to = t + d
                    if to >= length:
                        if all_home and (to == length or t == furthest):
                            steps.append((t, d))
                    elif theirs[to] < BLOCK:
                        steps.append((t, d))
        return steps

    def sequences(self, state: State) -> list[tuple[Step, ...]]:
        """The legal plays of the dice, each an ordered tuple of steps (empty: pass)."""
        dice = [state.vars[s] for s in self.die_slots]
        if not all(dice):
            return []
        side = state.to_move
        mine, theirs = self._snapshot(state, side)
        found: list[tuple[Step, ...]] = []
        self._extend((), mine, theirs, state.counters[side][self.bar], dice, found)
        most = max(len(s) for s in found)
        found = [s for s in found if len(s) == most]
        if 0 < most < len(dice) and most == 1:  # only one die: the higher one
            high = max(s[0][1] for s in found)
            found = [s for s in found if s[0][1] == high]
        return found

    def _extend(self, done: tuple[Step, ...], mine: list[int], theirs: list[int], bar: int,
                dice: list[int], found: list[tuple[Step, ...]]) -> None:
        steps = self._steps(mine, theirs, bar, dice) if dice else []
        if not steps:
            found.append(done)
            return
        for t, d in steps:
            mine2, theirs2 = mine[:], theirs[:]
            bar2 = bar
            if t == BAR:
                bar2 -= 1
                to = d - 1
            else:
                mine2[t] -= 1
                to = t + d
            if to < self.length:
                if theirs2[to] == 1:
                    theirs2[to] = 0
                mine2[to] += 1
            rest = dice[:]
            rest.remove(d)
            self._extend((*done, (t, d)), mine2, theirs2, bar2, rest, found)

    # Actions ---------------------------------------------------------------------------
    def action_of(self, side: int, steps: tuple[Step, ...]) -> Action:
        if not steps:
            return Action(self.name, RACE_KIND, attribute="pass", notation="pass")
        track, names, length = self.tracks[side], self.names, self.length
        words, codes = [], []
        for t, d in steps:
            source = "bar" if t == BAR else names[track[t]]
            to = (d - 1) if t == BAR else t + d
            off = "off" if to == length else f"off({d})"  # a higher die says its number
            target = names[track[to]] if to < length else off
            words.append(f"{source}-{target}")
            codes.append(f"{'b' if t == BAR else t}:{d}")
        # Joined without a space: a record's line separates actions by spaces.
        return Action(self.name, RACE_KIND, attribute=",".join(codes), notation=",".join(words))

    @staticmethod
    def steps_of(action: Action) -> tuple[Step, ...]:
        """The steps an action of this phase plays (its ``attribute`` holds them)."""
        if action.attribute == "pass":
            return ()
        steps = []
        for code in action.attribute.split(","):
            t, d = code.split(":")
            steps.append((BAR if t == "b" else int(t), int(d)))
        return tuple(steps)

    def actions(self, state: State) -> list[Action]:
        side = state.to_move
        return [self.action_of(side, s) for s in self.sequences(state)]

    def count(self, state: State) -> int:
        return len(self.sequences(state))

    def has_action(self, state: State) -> bool:
        return all(state.vars[s] for s in self.die_slots)

    def apply(self, state: State, action: Action) -> None:
        side = state.to_move
        steps = self.steps_of(action)
        track, counts = self.tracks[side], state.attrs[self.attr]
        for t, d in steps:
            if t == BAR:
                state.counters[side][self.bar] -= 1
                to = d - 1
            else:
                cell = track[t]
                counts[cell] -= 1
                if counts[cell] == 0:
                    state.remove(cell)
                to = t + d
            if to >= self.length:
                state.counters[side][self.off] += 1
                continue
            cell = track[to]
            holder = self._holder(state, cell)
            if holder not in (-1, side):  # a lone enemy checker: to its owner's bar
                state.remove(cell)
                state.counters[holder][self.bar] += 1
            if state.owner[side] >> cell & 1:
                counts[cell] += 1
            else:
                state.place(cell, side, self.kind)
                counts[cell] = 1
        dice = [state.vars[s] for s in self.die_slots]
        if self.twice and state.vars[self.repeat] == 0 and len(set(dice)) == 1:
            state.vars[self.repeat] = 1 if len(steps) == len(dice) else 2
        elif state.vars[self.repeat] == 1:
            state.vars[self.repeat] = 2

    def continues(self, state: State) -> bool:
        return state.vars[self.repeat] == 1

    def action_space(self) -> Sequence[Action] | None:
        froms = [BAR, *range(self.length)]
        faces = range(1, self.roll_params.faces + 1)
        one = [(t, d) for t in froms for d in faces]
        space = [self.action_of(0, ())]
        for n in range(1, self.roll_params.dice + 1):
            space.extend(self.action_of(0, steps) for steps in product(one, repeat=n))
        return space

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        if self.roll_params.dice == 1:
            return _("Play the die: it moves one of your checkers that many points along "
                     "your track. A checker on the bar must enter first. A point with two or "
                     "more enemy checkers is closed; landing on a lone enemy checker sends it "
                     "to the bar. Once all your checkers are on the last {home} points, the "
                     "die bears one off from the point that far from the end, or from the "
                     "furthest point when it is higher. If it cannot be played, "
                     "pass.").format(home=p.home)
        return _("Play the dice: each die moves one of your checkers that many points along "
                 "your track. A checker on the bar must enter first. A point with two or "
                 "more enemy checkers is closed; landing on a lone enemy checker sends it to "
                 "the bar. Once all your checkers are on the last {home} points, a die bears "
                 "one off from the point that far from the end, or from the furthest point "
                 "with a higher die. Play as many dice as you can; if only one, the higher "
                 "one; if none, pass.").format(home=p.home)
