"""A game's symmetries: the board's symmetries that its rules keep, for data augmentation
and transposition tables.

```python
game = load_game("games/ataxx.yaml")
for sym in game.symmetries():                 # the identity first; Ataxx has eight
    other = sym.state(state)                  # the position turned or mirrored
    planes = sym.tensor(game.observer.tensor(state))   # == observer.tensor(other)
    policy = [p[sym.inverse_index(i)] for i in range(len(game.codec))]  # a policy turned
key = min(sym.state(state).key() for sym in game.symmetries())   # one key per orbit
```

The board's symmetries come from its tables (``framework/board/symmetry.py``: every
permutation of cells and directions that keeps distances and steps). A board symmetry is a
symmetry of the game when it also keeps

- every zone, for every player at once (``zones:``), onto itself, or onto another zone
  where the rules do not tell them apart (``connect`` joins its zones in any order, so
  Hex's half turn, which swaps each player's two sides, is kept); every player's
  ``forward``;
- the initial position (the pieces the setup puts down, and the steps that come first);
- every set of directions a rule block names (``directions:`` of a step, a line, a flank;
  a relative direction as each player reads it), as a set;
- every cell a rule block names (a race's or a sowing's track): each in its place;
- the game's action space (``game.codec``): the image of every action the game can ever
  offer is one too (a leap whose offsets are not symmetric, a castle, a placement zone).

These checks read only the compiled game, so a third party's unit is covered as far as
its zones, directions and action space say what it does. A unit that tells cells apart in
some other way (a rule about one named cell that no action names) is not seen:
``tests/test_symmetry.py`` plays random games of every bundled game and checks that each
symmetry maps legal actions, their results and the observation planes onto each other.
A game whose blocks do not declare their action space gets the identity only.

What a symmetry maps: cells, bitmasks of cells, states (pieces, stacks, gaps, attributes, every
``cell`` and ``cells`` slot, such as the landing cell or the cells a view has found, the
actions a view remembers, and the positions gone through that a repetition reads),
actions (their cells; the action object of the codec, with its notation) and action
indices, and observation tensors (the cells of every plane). Sides stay: a symmetry that
would need the colours exchanged (Hex's mirrors across its diagonals, which swap the
players' sides) is not one here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast

from framework.board.symmetry import BoardSymmetry
from framework.codec import CodecError
from framework.engine.action import Action
from framework.engine.trail import mapped_key
from framework.errors import PositionError

if TYPE_CHECKING:
    from framework.engine.state import State
    from framework.game import Game

#: The keys of a rule block's parameters that name board directions.
DIRECTION_KEYS = ("direction", "directions")


class Symmetry:
    """One symmetry of a game (``game.symmetries()``), applied to its values."""

    def __init__(self, game: Game, board: BoardSymmetry) -> None:
        self.game = game
        self.board = board
        self.cells = board.cells
        self.directions = board.directions
        self.name = board.name
        self._cell_slots = tuple(i for i, slot in enumerate(game.slots.slots)
                                 if slot.kind == "cell")
        self._mask_slots = tuple(i for i, slot in enumerate(game.slots.slots)
                                 if slot.kind == "cells")
        #: The slots holding the actions a player remembers (a game with a view).
        self._action_slots = game.view.moves if game.view is not None else ()

    def __repr__(self) -> str:
        return f"<Symmetry {self.name} of {self.game.name}>"

    @property
    def is_identity(self) -> bool:
        return self.board.is_identity

    def cell(self, cell: int) -> int:
        return self.board.cell(cell)

    def mask(self, mask: int) -> int:
        return self.board.mask(mask)

    def state(self, state: State) -> State:
        """The image of ``state``: its pieces, slots (cells and masks of cells), the
        actions its players remember and the positions it went through, all moved (no
        undo stack: a new state's own)."""
        out = state.clone()
        mask, cells = self.board.mask, self.cells
        out.owner = [mask(m) for m in state.owner]
        out.kinds = [mask(m) for m in state.kinds]
        out.gaps = mask(state.gaps)
        attrs = []
        for values in state.attrs:
            moved = [0] * len(values)
            for c, value in enumerate(values):
                moved[cells[c]] = value
            attrs.append(moved)
        out.attrs = attrs
        if state.below is not None:  # a game of stacks: each column goes with its top
            below: list[tuple[int, ...]] = [()] * len(state.below)
            for c, column in enumerate(state.below):
                below[cells[c]] = column
            out.below = below
        for i in self._cell_slots:
            out.vars[i] = self.board.cell(out.vars[i])
        for i in self._mask_slots:  # the cells found, visited or captured this turn
            out.vars[i] = mask(out.vars[i])
        for i in self._action_slots:
            if out.vars[i]:
                out.vars[i] = cast(int, tuple(self.action(a) for a in
                                              cast("tuple[Action, ...]", out.vars[i])))
        if state.trail is not None:  # the positions gone through, for repetitions
            out.trail = tuple(mapped_key(self.game, key, self.board) for key in state.trail)
        return out

    def image(self, action: Action) -> Action:
        """The action with its cells mapped (notation left empty)."""
        cell = self.board.cell
        return replace(action, src=cell(action.src), dst=cell(action.dst), at=cell(action.at),
                       notation="")

    def action(self, action: Action) -> Action:
        """The image of ``action``: the game's own action object, with its notation (the
        identity's is ``action`` itself: the codec keeps one object per index, written as
        one player writes it, where a race's move reads the same for both)."""
        if self.is_identity:
            return action
        return self.game.codec.actions[self.game.codec.index(self.image(action))]

    @cached_property
    def _indices(self) -> tuple[int, ...]:
        codec = self.game.codec
        return tuple(codec.index(self.image(a)) for a in codec.actions)

    def action_index(self, index: int) -> int:
        """The codec index of the image of the action numbered ``index``."""
        self.game.codec.action(index)  # range check with the codec's message
        return self._indices[index]

    def inverse_index(self, index: int) -> int:
        """The index whose image is ``index`` (to turn a policy vector:
        ``turned[i] = policy[sym.inverse_index(i)]``)."""
        return self._inverse[index]

    @cached_property
    def _inverse(self) -> tuple[int, ...]:
        inverse = [0] * len(self._indices)
        for i, j in enumerate(self._indices):
            inverse[j] = i
        return tuple(inverse)

    @cached_property
    def _tensor_sources(self) -> tuple[int, ...]:
        """Per flat position of the turned tensor, the position it reads."""
        observer = self.game.observer
        area, offsets = observer.area, observer.offsets
        per_plane = list(range(area))
        for c, offset in enumerate(offsets):
            per_plane[offsets[self.cells[c]]] = offset
        return tuple(p * area + i for p in range(observer.shape[0]) for i in per_plane)

    def tensor(self, flat: Sequence[float]) -> list[float]:
        """The image of an observation tensor (``game.observer.tensor``, plane-major): each
        plane's cells moved, the rest as it was."""
        sources = self._tensor_sources
        if len(flat) != len(sources):
            raise ValueError(f"expected a tensor of {len(sources)} values "
                             f"(game.observer.size), found {len(flat)}")
        return [flat[i] for i in sources]


def game_symmetries(game: Game) -> tuple[Symmetry, ...]:
    """The symmetries of ``game`` (see the module's docstring), the identity first."""
    found = game.derived.get("symmetries")
    if found is None:
        found = game.derived["symmetries"] = tuple(_keeps_the_rules(game))
    return found


def _keeps_the_rules(game: Game) -> list[Symmetry]:
    search = game.board.symmetries()
    identity = [Symmetry(game, s) for s in search.symmetries if s.is_identity]
    others = [s for s in search.symmetries if not s.is_identity]
    if not others:
        return identity
    try:
        codec = game.codec
    except CodecError:
        return identity
    forward = [game.board.bearings[f] for f in game.forward if f is not None]
    direction_sets = _direction_sets(game)
    zone_uses = _zone_uses(game)
    named = _cells_named(game)
    initial = game.new_initial_state()
    kept = identity
    for board in others:
        pi = board.directions
        if any(board.bearing(b) != round(b % 360, 3) for b in forward):
            continue  # a player's forward must stay (a pawn's moves read it)
        if any(frozenset(pi[d] for d in group) != group for group in direction_sets):
            continue
        if not _zones_kept(game, board, zone_uses):
            continue
        if any(board.cell(c) != c for c in named):
            continue  # a rule names the cell (a track of a race or a sowing: its order)
        symmetry = Symmetry(game, board)
        if symmetry.state(initial).key() != initial.key():
            continue
        if not all(symmetry.image(a) in codec._index for a in codec.actions):
            continue
        kept.append(symmetry)
    return kept


def _zones_kept(game: Game, board: BoardSymmetry,
                uses: list[tuple[str, ...] | frozenset[str]]) -> bool:
    """Whether the symmetry maps every zone (its cells for every player at once) onto a
    zone, such that every block names the same zones: a zone named alone, or in a list
    whose order matters, onto itself; a list whose order is no matter
    (``Unit.unordered_zones``) onto itself as a set."""
    by_masks = {masks: name for name, masks in game.zones.items()}
    image = {}
    for name, masks in game.zones.items():
        other = by_masks.get(tuple(board.mask(m) for m in masks))
        if other is None:
            return False
        image[name] = other
    for use in uses:
        if isinstance(use, frozenset):
            if frozenset(image[z] for z in use) != use:
                return False
        elif any(image[z] != z for z in use):
            return False
    return True


def _zone_uses(game: Game) -> list[tuple[str, ...] | frozenset[str]]:
    """The zone names every block of the game's rules gives: a frozenset for a list its
    unit declares unordered, a tuple of names that must each stay otherwise."""
    zones = set(game.zones)
    blocks: list[Any] = [*game.setups, *(p.block for p in game.turn_phases), *game.goals,
                         *game.restrictions, *([game.result] if game.result else [])]
    uses: list[tuple[str, ...] | frozenset[str]] = []
    for block in blocks:
        unordered = getattr(type(block), "unordered_zones", ())
        dump = block.params.model_dump(by_alias=True)
        for key in unordered:
            names = dump.pop(key, None)
            if isinstance(names, list):
                uses.append(frozenset(n for n in names if n in zones))
        uses.append(tuple(_zone_names(dump, zones)))
    return uses


def _cells_named(game: Game) -> set[int]:
    """The cells the rules name by name (a race's tracks, a sowing's track): each must stay
    where it is. The setup's cells are not among them: the initial position is compared
    as a whole."""
    index = game.board.index
    blocks: list[Any] = [*(p.block for p in game.turn_phases), *game.goals,
                         *game.restrictions, *([game.result] if game.result else [])]
    names: list[str] = []
    for block in blocks:
        names += _zone_names(block.params.model_dump(by_alias=True), set(index))
    return {index[n] for n in names}


def _zone_names(data: Any, zones: set[str]) -> list[str]:
    """Every text in ``data`` that names a zone (a cell or kind of the same name only makes
    the check stricter)."""
    if isinstance(data, str):
        return [data] if data in zones else []
    if isinstance(data, dict):
        return [n for value in data.values() for n in _zone_names(value, zones)]
    if isinstance(data, list):
        return [n for value in data for n in _zone_names(value, zones)]
    return []


def _direction_sets(game: Game) -> set[frozenset[int]]:
    """Every set of direction indices a rule block names, as each player reads it."""
    spec = game.spec
    blocks: list[Any] = [*spec.setup, *spec.turn, *spec.goals, *spec.restrictions]
    found: set[frozenset[int]] = set()
    for block in blocks:
        for names in _direction_names(block.model_dump()):
            for player in range(len(game.players)):
                try:
                    indices = frozenset(game.board_direction(n, player) for n in names)
                except PositionError:  # a word for several directions ("orthogonal")
                    continue
                found.add(frozenset(i for i in indices if i >= 0))
    return found


def _direction_names(data: Any) -> list[list[str]]:
    found: list[list[str]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in DIRECTION_KEYS and isinstance(value, str):
                found.append([value])
            elif key in DIRECTION_KEYS and isinstance(value, list) and \
                    all(isinstance(v, str) for v in value):
                found.append(list(value))
            else:
                found += _direction_names(value)
    elif isinstance(data, list):
        for item in data:
            found += _direction_names(item)
    return found
