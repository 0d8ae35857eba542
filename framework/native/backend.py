"""``NativeGame``: a game's kernels compiled with numba, and the bridge to ``State``.

```python
from framework import load_game
from framework.native import NativeGame

game = load_game("games/ataxx.yaml")
native = NativeGame(game)            # assembles (or finds) the module; compiles lazily
st = native.encode(game.new_initial_state())
native.perft(st, 6)                  # 141,865,520 leaves, in native code
native.playouts(st, 10_000, seed=1)  # per game: the winners as a side mask, -1 unfinished
```

The module of a game's kernels is written once into the cache directory
(``$BOARDSPEC_NATIVE_CACHE``, default ``~/.cache/boardspec/native``), named by the hash of
its source, and numba caches the machine code beside it (``cache=True``): a second process
finds both and compiles nothing. ``compile()`` compiles (or loads) every kernel at once
and says how long it took.
"""

from __future__ import annotations

import atexit
import contextlib
import sys
import time
from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np

from framework.engine.piles import pile_slots, piled_kinds
from framework.engine.slots import CLOCK_RESET, HALFMOVE, MUST_PASS
from framework.errors import BoardspecError
from framework.kernel.pieces import CHANCE_OPTION, SETUP_OPTION, Unsupported
from framework.kernel.slots import decoded, encoded, pile_field, slot_field
from framework.native import cache
from framework.native.assemble import Plan, key_of, plan_of, source_of

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.action import Action
    from framework.engine.state import State

Array = np.ndarray[Any, Any]
TERM = 1 << 63
#: A word's bits: a counter below 0 is kept as its two's complement.
WORD = (1 << 64) - 1
#: The kernels ``compile()`` compiles ahead of use (the parallel ones and perft_turns on
#: demand).
KERNELS = ("make_move", "legal_moves", "count_legal", "perft", "playouts", "random_game",
           "divide")


def _load_module(source: str) -> ModuleType:
    """The module of ``source``, written into the cache (``framework.native.cache``) for
    numba to cache its machine code beside it, and run from ``source`` itself, never from
    what the file holds; numba's files of it are proven before numba reads one."""
    name = f"boardspec_native_{key_of(source)}"
    if name in sys.modules:
        return sys.modules[name]
    path = cache.folder() / f"{name}.py"
    # Written once, never rewritten: numba's cache is keyed by the file's time stamp.
    try:
        same = path.read_text(encoding="utf-8") == source
    except (OSError, ValueError):
        same = False
    if not same:
        cache.write(path, source.encode())
    module = ModuleType(name)
    module.__file__ = str(path)
    sys.modules[name] = module
    try:
        exec(compile(source, str(path), "exec"), module.__dict__)
        cache.check_numba_folder(module)
    except BaseException:
        del sys.modules[name]
        raise
    _loaded.append(module)
    if len(_loaded) == 1:
        atexit.register(_seal_loaded)
    return module


#: The modules this process loaded, whose numba files are sealed when it ends (numba
#: writes a kernel's files when it first compiles it, which may be after ``compile()``).
_loaded: list[ModuleType] = []


def _seal_loaded() -> None:
    for module in _loaded:
        with contextlib.suppress(OSError, BoardspecError):
            cache.seal_numba_files(module)


class NativeGame:
    """One game's native kernels, and the conversions to and from ``State``."""

    def __init__(self, game: CompiledGame) -> None:
        try:
            self.plan: Plan = plan_of(game)
        except Unsupported as exc:
            raise BoardspecError(f"the native backend cannot play {game.name}: {exc}; the "
                                 "Python engine plays it") from None
        self.game = game
        self.source = source_of(self.plan)
        self.kernels = _load_module(self.source)
        self.layout = self.plan.layout()
        self.buf = np.empty(self.plan.max_moves, np.int64)
        #: How a move's bits are laid out (cells in 8 bits, or 16 over 255 cells), and
        #: the codes of the pass, the skip and a chain's stop.
        self.moves = self.plan.masks
        codes = self.plan.codes
        self.PASS, self.SKIP, self.STOP = codes["PASS"], codes["SKIP"], codes["STOP"]
        #: The indices of the moves phases chosen by their if: after the first.
        self.starts = {p.index for p in self.plan.deciders[1:]}
        #: The deciding phases in the order of the ``PHASE`` word (a turn of several).
        self.sequence = [self.plan.deciders[0], *self.plan.sequence] if self.plan.sequence \
            else []
        self.landed = game.slots.index.get("landed", -1)
        self.chain = game.slots.index.get("chain", -1)
        #: Per kind kept in piles, the slots of its numbers by cell (``State.vars``).
        self.piles = [(kind, pile_slots(game, kind)) for kind in piled_kinds(game)]
        #: Seconds the last ``compile()`` took, and whether numba found it all on disk.
        self.compile_seconds: float | None = None
        self.compile_cpu_seconds: float | None = None
        self.from_cache: bool | None = None

    # Compilation ------------------------------------------------------------------------
    def compile(self) -> float:
        """Compile (or load from numba's cache) every kernel; return the seconds taken."""
        k = self.kernels
        start, cpu = time.perf_counter(), time.process_time()
        st = self.initial()
        k.make_move(st.copy(), self.PASS)
        k.legal_moves(st, self.buf)
        k.count_legal(st)
        k.perft(st, 2)
        k.divide(st, 1, self.buf, np.zeros(self.plan.max_moves, np.int64))
        k.playouts(st, 1, 1, 1, np.zeros(1, np.int64))
        k.random_game(st.copy(), 1, 1, np.zeros(1, np.int64))
        self.compile_seconds = time.perf_counter() - start
        self.compile_cpu_seconds = time.process_time() - cpu
        stats = [getattr(k, name).stats for name in KERNELS]
        self.from_cache = all(sum(s.cache_hits.values()) > 0 and not s.cache_misses
                              for s in stats)
        cache.seal_numba_files(k)  # what numba wrote, recorded as this process built it
        return self.compile_seconds

    # States -----------------------------------------------------------------------------
    def initial(self) -> Array:
        """The compact state of the game's start."""
        from framework.engine.state import State

        return self.encode(State.initial(self.game))

    def encode(self, state: State) -> Array:
        """The compact state of a Python state (at the start of a turn, after the setup)."""
        if state.game is not self.game:
            raise BoardspecError("the state is a state of another game")
        in_setup = state.setup < len(self.game.setups)
        if (in_setup and not self.plan.setups) or (not in_setup and
                                                   not self.at_turn_start(state)):
            raise BoardspecError("native kernels start from a position at the start of a "
                                 "turn, after the setup")
        at = self.layout
        st = np.zeros(at["L"], np.uint64)
        masks = [*state.owner, *state.kinds, state.gaps]  # in the order of the layout
        m = self.plan.masks
        st[:len(masks) * m.width] = [w for mask in masks for w in m.words(mask)]
        st[at["TO_MOVE"]] = state.to_move
        st[at["HALFMOVE"]] = state.vars[HALFMOVE]
        st[at["RESET"]] = state.vars[CLOCK_RESET]
        st[at["MUST_PASS"]] = state.vars[MUST_PASS]
        st[at["LANDED"]] = state.vars[self.landed] + 1 if self.landed >= 0 else 0
        st[at["FULLMOVE"]] = state.fullmove
        st[at["LAST_MOVER"]] = state.last_mover
        st[at["CHAIN"]] = state.vars[self.chain] + 1 if self.chain >= 0 else 0
        if state.winners is not None:
            st[at["WINNERS"]] = TERM | sum(1 << s for s in state.winners)
        for name in self.plan.slots:
            i = self.game.slots.index[name]
            slot = self.game.slots.slots[i]
            start = at[slot_field(self.game, name)]
            if self.plan.slot_words(name) > 1:  # a mask of cells over several words
                words = m.words(state.vars[i])
                st[start:start + len(words)] = words
            else:
                st[start] = encoded(slot, state.vars[i])
        if self.game.counters:  # an int64 in its word: two's complement
            st[at["COUNTERS"]:at["COUNTERS"] + len(state.counters) * len(self.game.counters)] = [
                value & WORD for values in state.counters for value in values]
        for kind, slots in self.piles:  # a word per cell
            start = at[pile_field(self.game, kind)]
            st[start:start + len(slots)] = [state.vars[i] for i in slots]
        if state.attrs:  # a word per cell for each attribute
            st[at["ATTRS"]:at["ATTRS"] + sum(map(len, state.attrs))] = [
                v for values in state.attrs for v in values]
        if self.sequence and not in_setup:
            st[at["PHASE"]] = next(d for d, p in enumerate(self.sequence)
                                   if p.index == state.phase)
        if self.plan.setups:  # the step under way, its actions, the seat of side 0
            st[at["SETUP"]:at["SETUP"] + 3] = [state.setup, state.setup_actions,
                                               state.seat_of_side[0]]
        for piece in (*self.plan.goals, *self.plan.consequences):
            if hasattr(piece, "encode_into"):  # a piece's own words (a history)
                piece.encode_into(state, st, at)
        return st

    def at_turn_start(self, state: State) -> bool:
        """Whether ``state`` waits at the start of a turn (where a native move begins): in
        its first moves phase, or in one chosen by its if: after it with nothing played
        yet (nothing landed). A position in a setup the players decide is not (who plays
        which side may still change there), though ``encode`` takes it."""
        if state.setup < len(self.game.setups):
            return False
        if self.plan.chance is not None:  # chance's roll, or the play of its dice
            return state.phase in (0, self.plan.deciders[0].index)
        if self.sequence:  # any of the deciding phases: the PHASE word says which
            return any(p.index == state.phase for p in self.sequence)
        return state.phase == 0 or (state.phase in self.starts and (
            self.landed < 0 or state.vars[self.landed] < 0))

    def counters_of(self, st: Array) -> tuple[tuple[int, ...], ...]:
        """Each side's counters in a compact state (``State.counters``)."""
        if not self.game.counters:
            return ()
        start, c = self.layout["COUNTERS"], len(self.game.counters)
        words = st[start:start + self.plan.sides * c].astype(np.int64).tolist()
        return tuple(tuple(words[s * c:(s + 1) * c]) for s in range(self.plan.sides))

    def piles_of(self, st: Array) -> tuple[tuple[int, ...], ...]:
        """Per kind kept in piles, the number on each cell in a compact state."""
        size = self.game.board.size
        return tuple(tuple(int(v) for v in st[self.layout[pile_field(self.game, kind)]:][:size])
                     for kind, _ in self.piles)

    def attributes_of(self, st: Array) -> tuple[tuple[int, ...], ...]:
        """Per attribute, the number on each cell in a compact state (``State.attrs``)."""
        size, start = self.game.board.size, self.layout.get("ATTRS", 0)
        return tuple(tuple(int(v) for v in st[start + a * size:start + (a + 1) * size])
                     for a in range(len(self.game.attributes)))

    def snapshot(self, st: Array) -> tuple[Any, ...]:
        """What a compact state says, in the terms of ``python_snapshot``."""
        at = self.layout
        sides, kinds = self.plan.sides, self.plan.kinds
        masks = self.masks_of(st)
        code = int(st[at["WINNERS"]])
        winners = (frozenset(s for s in range(sides) if code >> s & 1) if code else None)
        extra = tuple(self._slot_of(st, n) for n in self.plan.slots)
        return (tuple(masks[:sides]), tuple(masks[sides:sides + kinds]), int(st[at["TO_MOVE"]]),
                int(st[at["HALFMOVE"]]), int(st[at["FULLMOVE"]]), int(st[at["MUST_PASS"]]),
                winners, int(st[at["CHAIN"]]) - 1, extra, self.counters_of(st),
                self.piles_of(st), self.attributes_of(st),
                tuple(int(v) for v in st[at["SETUP"]:at["SETUP"] + 3]) if self.plan.setups
                else ())

    def _slot_of(self, st: Array, name: str) -> int:
        """The value of the declared slot ``name`` in a compact state (``State.vars``)."""
        start = self.layout[slot_field(self.game, name)]
        words = self.plan.slot_words(name)
        if words > 1:
            return sum(int(st[start + j]) << (64 * j) for j in range(words))
        slots = self.game.slots
        return decoded(slots.slots[slots.index[name]], int(st[start]))

    def masks_of(self, st: Array) -> list[int]:
        """The masks of a compact state as ints: each side's, each kind's, the gaps."""
        width = self.plan.masks.width
        count = self.plan.sides + self.plan.kinds + 1
        return [sum(int(st[i * width + j]) << (64 * j) for j in range(width))
                for i in range(count)]

    def python_snapshot(self, state: State) -> tuple[Any, ...]:
        chain = state.vars[self.chain] if self.chain >= 0 else -1
        slots = self.game.slots
        extra = tuple(state.vars[i] for i in (slots.index[n] for n in self.plan.slots))
        return (tuple(state.owner), tuple(state.kinds), state.to_move, state.vars[HALFMOVE],
                state.fullmove, state.vars[MUST_PASS], state.winners, chain, extra,
                tuple(tuple(c) for c in state.counters) if self.game.counters else (),
                tuple(tuple(state.vars[i] for i in slots) for _, slots in self.piles),
                tuple(tuple(values) for values in state.attrs),
                (state.setup, state.setup_actions, state.seat_of_side[0]) if self.plan.setups
                else ())

    # Moves ------------------------------------------------------------------------------
    def legal(self, st: Array) -> list[int]:
        n = self.kernels.legal_moves(st, self.buf)
        return [int(m) for m in self.buf[:n]]

    def play(self, st: Array, move: int) -> Array:
        """The compact state after ``move`` (a new array)."""
        child = st.copy()
        self.kernels.make_move(child, move)
        return child

    def action_of(self, state: State, move: int) -> Action:
        """The Python action a native move stands for, in ``state``."""
        from framework.moves.base import masks_of

        if move == self.PASS:
            return self.game.pass_action
        m = self.moves
        number = (move >> m.opt_shift) & 255
        if number == CHANCE_OPTION:  # chance's outcome, by its index
            return self._chance_outcomes(state)[move & m.cell_mask]
        if number == SETUP_OPTION:  # an action of the setup step under way
            step: Any = self.plan.setups[state.setup]
            return step.action_of(state, move)
        if self.plan.whole:  # the piece's whole decision names itself
            piece: Any = self.plan.moves[0]
            return piece.action_of(state, move)
        if move in (self.SKIP, self.STOP):  # of the moves phase that has one
            kind = "skip" if move == self.SKIP else "stop"
            phases = [self.game.phases[state.phase]] if self.sequence else self.plan.deciders
            found = next((a for p in phases if (a := getattr(p, kind, None))), None)
            assert found is not None, kind
            return found
        option = self.plan.options[number]
        if getattr(option, "several", False):  # a move named by its number at its source
            return option.native_action(((move >> m.src_shift) & m.cell_mask) - 1,
                                        move & m.cell_mask)
        return option.action(masks_of(state), ((move >> m.src_shift) & m.cell_mask) - 1,
                             move & m.cell_mask)

    def turn_of(self, state: State, move: int) -> list[Action]:
        """The Python actions of the turn a native move stands for, in ``state``: the move,
        then the choice folded into it (a promotion's kind) when it carries one."""
        found = [self.action_of(state, move)]
        choice = move >> self.moves.choice_shift
        if choice:
            piece: Any = self.plan.choices[0]
            if hasattr(piece, "action_after"):  # the choice's actions depend on the move
                after = state.clone()
                after.apply(found[0])
                found.append(piece.action_after(after, choice - 1))
            else:
                found.append(piece.choices[choice - 1])
        return found

    def move_of(self, action: Action, state: State | None = None) -> int:
        """The native move of a Python action (played in ``state``: options of one kind
        for different pieces, a man's hop and a king's, are told apart by the piece on
        the source cell, as ``Moves.apply`` tells them)."""
        from framework.moves.base import masks_of

        if action.kind == "pass":
            return self.PASS
        setup = next((p for p in self.plan.setups if p is not None
                      and p.setup.name == action.phase), None)  # type: ignore[attr-defined]
        if setup is not None:
            return setup.move_of(action)  # type: ignore[attr-defined]
        if self.plan.chance is not None and action.phase == self.game.phases[0].name:
            return self._chance_move(action, state)
        if self.plan.whole and action.phase == self.plan.deciders[0].name:
            piece: Any = self.plan.moves[0]
            return piece.move_of(action)
        if action.kind in ("skip", "stop"):
            return self.SKIP if action.kind == "skip" else self.STOP
        phase: Any = next((p for p in [*self.plan.deciders, *self.plan.sequence]
                           if p.name == action.phase), None)
        if phase is None:
            raise BoardspecError(f"{action.notation}: an action of the phase "
                                 f"{action.phase!r}, a choice folded into a native move (the "
                                 "move of a whole turn is move_of_turn's)")
        makers = phase.applies[action.kind, action.attribute]
        option = makers[0]
        if len(makers) > 1:
            if state is None:
                raise BoardspecError(f"{action.notation}: options of several pieces make "
                                     "this kind of action; give the state to tell them apart")
            masks = masks_of(state)
            option = next(o for o in makers if o.sources(state, masks) >> action.src & 1)
        index = self.plan.options.index(option)
        # A move without cells (a swap) has source and target 0; one of several from a
        # source to a target (a push) is named by its number at its source.
        target = action.dst if action.dst >= 0 else max(action.at, 0)
        if getattr(option, "several", False):
            target = option.native_number(action)
        return self.moves.code(index) | (action.src + 1) << self.moves.src_shift | target

    def _chance_outcomes(self, state: State) -> list[Action]:
        """The outcomes of the chance phase in ``state``, in the kernels' order."""
        return [a for a, _ in self.game.phases[0].outcomes(state)]

    def _chance_move(self, action: Action, state: State | None) -> int:
        """The native move of chance's outcome ``action`` (read in ``state`` when given:
        the opening's outcomes differ from the later rolls')."""
        roll: Any = self.game.phases[0]
        if state is not None:
            outcomes = self._chance_outcomes(state)
        else:
            outcomes = roll.opening if action.side >= 0 else roll.regular
        if action not in outcomes:
            raise BoardspecError(f"{action.notation}: not one of chance's outcomes here")
        return self.moves.code(CHANCE_OPTION) | outcomes.index(action)

    def move_of_turn(self, actions: list[Action], state: State | None = None) -> int:
        """The native move of a whole turn (``turn_of`` read backwards)."""
        move = self.move_of(actions[0], state)
        if len(actions) > 1:
            piece: Any = self.plan.choices[0]
            if hasattr(piece, "index_after"):  # the choice's actions depend on the move
                if state is None:
                    raise BoardspecError(f"{actions[1].notation}: a choice read after the "
                                         "move; give the state the turn starts from")
                after = state.clone()
                after.apply(actions[0])
                index = piece.index_after(after, actions[1])
            else:
                index = piece.choices.index(actions[1])
            move |= (index + 1) << self.moves.choice_shift
        return move

    # Counting and playing ---------------------------------------------------------------
    def perft(self, st: Array, depth: int, parallel: bool = False) -> int:
        kernel = self.kernels.perft_parallel if parallel else self.kernels.perft
        return int(kernel(st, depth))

    def perft_turns(self, st: Array, depth: int) -> int:
        """Perft counted in whole turns (a chain of hops is one turn)."""
        return int(self.kernels.perft_turns(st, depth))

    def divide(self, st: Array, depth: int) -> list[tuple[int, int]]:
        counts = np.zeros(self.plan.max_moves, np.int64)
        n = self.kernels.divide(st, depth, self.buf, counts)
        return [(int(m), int(c)) for m, c in zip(self.buf[:n], counts[:n], strict=True)]

    def playouts(self, st: Array, games: int, seed: int = 0, max_plies: int | None = None,
                 parallel: bool = False) -> tuple[Array, int]:
        """Random games from ``st``: per game the winners' side mask (-1: stopped at
        ``max_plies``, default the game's), and the plies played in all."""
        winners = np.zeros(games, np.int64)
        limit = max_plies if max_plies is not None else self.game.spec.max_plies or 10_000
        kernel = self.kernels.playouts_parallel if parallel else self.kernels.playouts
        plies = kernel(st, games, seed, limit, winners)
        return winners, int(plies)

    def random_game(self, st: Array, seed: int, max_plies: int | None = None
                    ) -> tuple[Array, list[int]]:
        """One random game from ``st``: the final state and the moves played."""
        limit = max_plies if max_plies is not None else self.game.spec.max_plies or 10_000
        end = st.copy()
        record = np.zeros(limit, np.int64)
        n = self.kernels.random_game(end, seed, limit, record)
        return end, [int(m) for m in record[:n]]
