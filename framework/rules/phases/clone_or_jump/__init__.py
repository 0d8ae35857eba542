"""``clone_or_jump``: move to an empty cell near one of your pieces — close by, a new piece
appears there (clone); further away, the piece itself moves (jump).

```yaml
turn:
  - name: move
    type: clone_or_jump
    clone: {distance: 1}          # the piece stays and a copy appears on the target
    jump: {distance: 2}           # the piece leaves its cell and lands on the target
    resets_halfmove_clock: [clone]
```

Distances are board distances (on a king grid, c3→d5 is a jump of 2). Clones are identified
by their target (two clones to one cell are one move, written ``c3``); a jump by its cells
(``a1c3``). The landing cell is remembered for later phases of the turn when the game has
a consequence that reads it (see ``convert_adjacent``).

A preset: it expands into a ``moves`` phase of two ``reach`` primitives (a clone at the
clone distance, a move named ``jump`` at the jump distance). Its own loops are fast paths
of that expansion, checked against it by ``tests/test_fast_paths.py``; a game that gives the
piece a ``supply`` plays the expansion itself.
"""

from __future__ import annotations

from types import MethodType
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.engine.bits import nth_bit
from framework.engine.slots import CLOCK_RESET
from framework.limits import MAX_DISTANCE
from framework.plugins import PhaseParams, Rule, Translate, untranslated
from framework.rules.moves.reach import Reach as ReachPrimitive
from framework.rules.moves.reach import ReachParams
from framework.rules.phases.moves import Moves, MovesParams

if TYPE_CHECKING:
    from random import Random

    from framework.compiler import CompiledGame
    from framework.engine.state import State


class Reach(Rule):
    distance: int = Field(ge=1, le=MAX_DISTANCE,
                          description="board distance from the moving piece")


class CloneOrJumpParams(PhaseParams):
    type: Literal["clone_or_jump"]
    piece: str | None = Field(default=None, description="the kind moved (default: the first)")
    clone: Reach = Field(default=Reach(distance=1),
                         description="how far a clone reaches (the piece stays)")
    jump: Reach | None = Field(default=Reach(distance=2), description="how far a jump "
                               "reaches (the piece leaves its cell); null: no jumps")
    resets_halfmove_clock: list[Literal["clone", "jump"]] = Field(
        default_factory=lambda: ["clone"],  # type: ignore[arg-type]
        description="which moves reset the half-move clock")


class CloneOrJump(Moves):
    """Clone to a near empty cell or jump to a farther one."""

    keyword = "clone_or_jump"
    reference = None
    no_twin_reason = ("a preset of the moves phase: checked and compiled as the "
                      "moves phase it expands into")
    native = None
    Params = CloneOrJumpParams

    @classmethod
    def expand(cls, params: Any) -> MovesParams:
        resets = params.resets_halfmove_clock
        options = [ReachParams(type="reach", distance=params.clone.distance, effect="clone",
                               piece=params.piece, resets_halfmove_clock="clone" in resets)]
        if params.jump:
            options.append(ReachParams(type="reach", distance=params.jump.distance,
                                       effect="move", kind="jump", piece=params.piece,
                                       resets_halfmove_clock="jump" in resets))
        return MovesParams(name=params.name, type="moves", options=options)

    def __init__(self, params: CloneOrJumpParams, game: CompiledGame) -> None:
        super().__init__(params, game)
        board = game.board
        clone = self.options[0]
        jump = self.options[1] if params.jump else None
        assert isinstance(clone, ReachPrimitive)
        assert jump is None or isinstance(jump, ReachPrimitive)
        self.kind = clone.made
        self.clone_masks = clone.ring
        self.jump_masks = jump.ring if jump else (0,) * board.size
        self.reach_masks = tuple(c | j for c, j in zip(self.clone_masks, self.jump_masks,
                                                        strict=True))
        self.all_mask = board.all_mask
        self.clone_actions = clone.clones
        self.jump_actions = jump.moves if jump else tuple({} for _ in range(board.size))
        # With one kind of piece and no attributes a jump moves two bits and nothing else.
        self.bare_pieces = len(game.piece_kinds) == 1 and not game.attributes
        self.clone_resets = clone.resets_clock
        self.jump_resets = bool(jump and jump.resets_clock)
        self.landed = game.slots.index.get("landed", -1)
        if game.spec.pieces[game.piece_kinds[self.kind]].supply is not None:
            # The fast paths do not count a supply: play the expansion itself. Bound per
            # instance, so the hot paths of every other game keep no extra test.
            for name in ("actions", "count", "has_action", "random_action", "apply"):
                setattr(self, name, MethodType(getattr(Moves, name), self))

    def _targets(self, state: State) -> tuple[int, int]:
        """(own pieces, empty cells) of the side to move."""
        owner = state.owner
        occupied = state.gaps
        for mask in owner:
            occupied |= mask
        return owner[state.to_move], self.all_mask & ~occupied

    # The hot paths walk the bits inline: a generator or a helper call costs more than the
    # work, and perft and playouts call these hundreds of thousands of times.
    def actions(self, state: State) -> list[Action]:
        owner = state.owner
        occupied = state.gaps
        for mask in owner:
            occupied |= mask
        own = owner[state.to_move]
        empty = self.all_mask & ~occupied
        clone_masks, jump_masks, jump_actions = self.clone_masks, self.jump_masks, \
            self.jump_actions
        near = 0
        jumps: list[Action] = []
        while own:
            low = own & -own
            own ^= low
            s = low.bit_length() - 1
            near |= clone_masks[s]
            targets = jump_masks[s] & empty
            if targets:
                row = jump_actions[s]
                while targets:
                    bit = targets & -targets
                    targets ^= bit
                    jumps.append(row[bit.bit_length() - 1])
        clones = self.clone_actions
        result = []
        near &= empty
        while near:
            bit = near & -near
            near ^= bit
            result.append(clones[bit.bit_length() - 1])
        result += jumps
        return result

    def count(self, state: State) -> int:
        owner = state.owner
        occupied = state.gaps
        for mask in owner:
            occupied |= mask
        own = owner[state.to_move]
        empty = self.all_mask & ~occupied
        clone_masks, jump_masks = self.clone_masks, self.jump_masks
        near = 0
        total = 0
        while own:
            low = own & -own
            own ^= low
            s = low.bit_length() - 1
            near |= clone_masks[s]
            total += (jump_masks[s] & empty).bit_count()
        return total + (near & empty).bit_count()

    def has_action(self, state: State) -> bool:
        owner = state.owner
        occupied = state.gaps
        for mask in owner:
            occupied |= mask
        own = owner[state.to_move]
        empty = self.all_mask & ~occupied
        reach = self.reach_masks
        while own:
            low = own & -own
            own ^= low
            if reach[low.bit_length() - 1] & empty:
                return True
        return False

    def random_action(self, state: State, rng: Random) -> Action:
        # The order of ``actions`` (clones by target, then jumps by source and target),
        # found by counting instead of listing. The jump targets of each source are kept
        # from the counting pass, so the walk to the pick does no mask work.
        own, empty = self._targets(state)
        clone_masks, jump_masks = self.clone_masks, self.jump_masks
        near = 0
        jumps = 0
        sources = []
        while own:
            low = own & -own
            own ^= low
            s = low.bit_length() - 1
            near |= clone_masks[s]
            targets = jump_masks[s] & empty
            if targets:
                found = targets.bit_count()
                jumps += found
                sources.append((s, targets, found))
        near &= empty
        clones = near.bit_count()
        k = rng.randrange(clones + jumps)
        if k < clones:
            return self.clone_actions[nth_bit(near, k)]
        k -= clones
        for s, targets, found in sources:
            if k < found:
                return self.jump_actions[s][nth_bit(targets, k)]
            k -= found
        raise AssertionError("unreachable: k < clones + jumps")

    def apply(self, state: State, action: Action) -> None:
        dst = action.dst
        bit = 1 << dst
        if action.src < 0:  # a clone
            state.owner[state.to_move] |= bit
            state.kinds[self.kind] |= bit
            if self.clone_resets:
                state.vars[CLOCK_RESET] = 1
        else:
            if self.bare_pieces:
                both = bit | (1 << action.src)
                state.owner[state.to_move] ^= both
                state.kinds[0] ^= both
            else:
                state.move_piece(action.src, dst)
            if self.jump_resets:
                state.vars[CLOCK_RESET] = 1
        if self.landed >= 0:
            state.vars[self.landed] = dst

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        text = _("Choose an empty cell at distance {clone} from one of your pieces: a new "
                 "piece of yours appears there (a clone).").format(clone=p.clone.distance)
        if p.jump:
            text += " " + _("Or move one of your pieces to an empty cell at distance {jump}: "
                            "the piece leaves its cell (a jump).").format(jump=p.jump.distance)
        return text
