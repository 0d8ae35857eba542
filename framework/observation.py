"""Observation planes: a state as a fixed-shape tensor, for learning libraries.

Every game gets ``shape = (planes, height, width)``. On a board whose cells sit on a lattice
(grids, hex-hex boards in their axial coordinates) a cell sits at (its row, its column), row
0 being the bottom row (``a1``'s); cells of the rectangle that are not on the board stay 0
in every plane but the constant ones (the ``cell`` plane marks the real cells). A custom
board is laid out as one row of cells in cell-id order (``height = 1``).

The planes, in order (``observer.plane_names`` spells them out):

- ``piece:<kind>:<side>``: 1 where a piece of that kind and owner stands;
- ``attribute:<name>``: the attribute's value on each piece that carries it;
- ``pile:<kind>``: for a kind kept in piles (Kalah's seeds), each cell's number;
- in a game of stacks (``stacks:``), ``height``: how many pieces each cell holds, then
  ``below:<depth>:<kind>:<side>`` for depth 1 (just under the top) to ``max_height - 1``:
  1 where a piece of that kind and owner lies that deep in the cell's stack;
- ``gap``: the cells blocked in this position; ``cell``: the cells of the board;
- ``counter:<name>:<side>``: the counter's value, on the whole plane;
- ``halfmove``: the half-move clock, on the whole plane;
- ``setup:<step>`` / ``phase:<phase>``: 1 on the whole plane of the step being decided
  (deciding steps only; all 0 once the game is over), and ``pass`` when the side to move
  must pass (games with ``no_legal_move: pass``);
- ``to_move:<side>`` and ``observer:<side>``: the side to move and the side of the seat
  that observes, one-hot.

Sides are absolute (white's pieces are always in the same plane), so one tensor serves
every seat but for the ``observer`` planes. Values are plain Python floats: the core needs
no numpy; ``framework.interop`` turns them into arrays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine.bits import iter_bits
from framework.engine.piles import pile_slots, piled_kinds

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State


class Observer:
    """The observation planes of one game (``game.observer``)."""

    def __init__(self, game: CompiledGame) -> None:
        self.game = game
        board = game.board
        coords = board.coords
        if coords and all(r >= 0 and c >= 0 for r, c in coords):
            height = max(r for r, _ in coords) + 1
            width = max(c for _, c in coords) + 1
            self.offsets = tuple(r * width + c for r, c in coords)
        else:
            height, width = 1, board.size
            self.offsets = tuple(range(board.size))
        self.area = height * width
        sides = game.players
        names = [f"piece:{k}:{s}" for k in game.piece_kinds for s in sides]
        names += [f"attribute:{a}" for a in game.attributes]
        self.piles = tuple(pile_slots(game, kind) for kind in piled_kinds(game))
        names += [f"pile:{kind}" for kind in piled_kinds(game)]
        #: The depths of a stack the planes show (none without stacks).
        self.depths = game.spec.stacks.max_height - 1 if game.spec.stacks is not None else 0
        if game.spec.stacks is not None:
            names.append("height")
            names += [f"below:{d}:{k}:{s}" for d in range(1, self.depths + 1)
                      for k in game.piece_kinds for s in sides]
        names += ["gap", "cell"]
        names += [f"counter:{c}:{s}" for c in game.counters for s in sides]
        names.append("halfmove")
        self.setup_planes = {b.index: len(names) + i
                             for i, b in enumerate(b for b in game.setups if b.decides)}
        names += [f"setup:{b.name}" for b in game.setups if b.decides]
        self.phase_planes = {p.index: len(names) + i
                             for i, p in enumerate(p for p in game.phases if p.decides)}
        names += [f"phase:{p.name}" for p in game.phases if p.decides]
        self.pass_plane = -1
        if game.spec.no_legal_move == "pass":
            self.pass_plane = len(names)
            names.append("pass")
        self.to_move_plane = len(names)
        names += [f"to_move:{s}" for s in sides]
        self.observer_plane = len(names)
        names += [f"observer:{s}" for s in sides]
        self.plane_names: tuple[str, ...] = tuple(names)
        self.shape: tuple[int, int, int] = (len(names), height, width)
        self.cell_plane = names.index("cell")
        self._cells = [0.0] * self.area
        for offset in self.offsets:
            self._cells[offset] = 1.0

    def bounds(self) -> tuple[list[float], list[float]]:
        """The lowest and highest value of each plane (one-hot planes 0 and 1; an
        attribute up to its declared cap; counters and the half-move clock within the
        engine's limits, see ``docs/limits.md``), for a bounded observation space."""
        from framework.limits import MAX_COUNT

        spec = self.game.spec
        caps: dict[str, int] = {}
        for piece in spec.pieces.values():
            for name, attribute in piece.attributes.items():
                cap = attribute.max if attribute.max is not None else MAX_COUNT
                caps[name] = max(caps.get(name, 0), cap, piece.max_attributes_total or 0)
        low, high = [0.0] * self.shape[0], [1.0] * self.shape[0]
        for i, name in enumerate(self.plane_names):
            kind, _, rest = name.partition(":")
            if kind == "attribute":
                high[i] = float(caps.get(rest, MAX_COUNT))
            elif kind == "counter":
                low[i], high[i] = -float(MAX_COUNT), float(MAX_COUNT)
            elif kind == "pile":
                high[i] = float(MAX_COUNT)
            elif kind == "halfmove":
                high[i] = float(spec.max_plies or MAX_COUNT)
            elif kind == "height":
                high[i] = float(self.depths + 1)
        return low, high

    @property
    def size(self) -> int:
        """The length of the flat tensor (planes × height × width)."""
        return self.shape[0] * self.area

    def tensor(self, state: State, player: int | None = None) -> list[float]:
        """The planes of ``state`` as one flat list (plane-major, then row, then column),
        seen by seat ``player`` (default: the seat to move, or seat 0 once the game is
        over)."""
        game = self.game
        area, offsets = self.area, self.offsets
        values = [0.0] * self.size
        plane = 0
        for kind_mask in state.kinds:
            for own in state.owner:
                base = plane * area
                for c in iter_bits(kind_mask & own):
                    values[base + offsets[c]] = 1.0
                plane += 1
        for attribute in state.attrs:
            base = plane * area
            for c, value in enumerate(attribute):
                if value:
                    values[base + offsets[c]] = float(value)
            plane += 1
        for slots in self.piles:
            base = plane * area
            for c, slot in enumerate(slots):
                values[base + offsets[c]] = float(state.vars[slot])
            plane += 1
        if state.below is not None:
            plane = self._stacks(state, values, plane)
        base = plane * area
        for c in iter_bits(state.gaps):
            values[base + offsets[c]] = 1.0
        values[self.cell_plane * area:(self.cell_plane + 1) * area] = self._cells
        plane += 2
        for c in range(len(game.counters)):
            for side in range(len(game.players)):
                self._fill(values, plane, float(state.counters[side][c]))
                plane += 1
        self._fill(values, plane, float(state.halfmove))
        if state.winners is None:
            if state.setup < len(game.setups):
                step = self.setup_planes.get(state.setup)
            elif state.must_pass:
                step = self.pass_plane
            else:
                step = self.phase_planes.get(state.phase)
            if step is not None:
                self._fill(values, step, 1.0)
        self._fill(values, self.to_move_plane + state.to_move, 1.0)
        self._fill(values, self.observer_plane + self.observer_side(state, player), 1.0)
        return values

    def _stacks(self, state: State, values: list[float], plane: int) -> int:
        """The ``height`` and ``below`` planes from ``plane`` on; the plane after them."""
        area, offsets = self.area, self.offsets
        assert state.below is not None
        occupied = state.occupied()
        per_depth = len(self.game.piece_kinds) * len(self.game.players)
        sides = len(self.game.players)
        kinds = len(self.game.piece_kinds)
        for c in iter_bits(occupied):
            below = state.below[c]
            values[plane * area + offsets[c]] = float(1 + len(below))
            for depth, code in enumerate(below, start=1):
                side, kind = divmod(code, kinds)
                at = plane + 1 + (depth - 1) * per_depth + kind * sides + side
                values[at * area + offsets[c]] = 1.0
        return plane + 1 + self.depths * per_depth

    def side_order(self, state: State, perspective: str) -> list[int]:
        """The sides in the order their planes come: ``absolute`` (the file's order) or
        ``to_move`` (the side to move first, then the others in turn order), so that a
        network sees "my pieces" in the same planes whoever moves."""
        sides = len(self.game.players)
        if perspective == "absolute":
            return list(range(sides))
        if perspective == "to_move":
            return [(state.to_move + i) % sides for i in range(sides)]
        raise ValueError(f"perspective {perspective!r}; expected absolute or to_move")

    def relative_tensor(self, state: State, player: int | None = None,
                        perspective: str = "absolute") -> list[float]:
        """``tensor`` with each group of per-side planes (pieces of a kind, a counter,
        to_move, observer) in the order of :meth:`side_order`."""
        flat = self.tensor(state, player)
        if perspective == "absolute":
            return flat
        order = self.side_order(state, perspective)
        area, out = self.area, list(flat)
        for first in self.side_groups:
            for i, side in enumerate(order):
                source, target = (first + side) * area, (first + i) * area
                out[target:target + area] = flat[source:source + area]
        return out

    @property
    def side_groups(self) -> list[int]:
        """The first plane of each group of per-side planes (one plane per side)."""
        players, names = self.game.players, self.plane_names
        side_of = [name.rsplit(":", 1)[1] if ":" in name else "" for name in names]
        return [i for i in range(len(names) - len(players) + 1)
                if side_of[i:i + len(players)] == list(players)
                and len({names[i + k].rsplit(":", 1)[0] for k in range(len(players))}) == 1]

    def planes(self, state: State, player: int | None = None) -> list[list[list[float]]]:
        """The same values nested as ``[plane][row][column]``."""
        flat = self.tensor(state, player)
        _, height, width = self.shape
        return [[flat[p * self.area + r * width:p * self.area + (r + 1) * width]
                 for r in range(height)] for p in range(self.shape[0])]

    def string(self, state: State, player: int | None = None) -> str:
        """A readable form: the board, whose move (or the result), and the step."""
        from framework.render.text import board_text

        game = self.game
        text = board_text(state)
        if state.winners is None:
            if state.setup < len(game.setups):
                text += f"\nsetup: {game.setups[state.setup].name}"
            elif state.must_pass:
                text += "\nmust pass"
            elif len(game.phases) > 1:
                text += f"\nphase: {game.phases[state.phase].name}"
        if player is not None:
            text += f"\nobserver: {game.players[self.observer_side(state, player)]}"
        return text

    def observer_side(self, state: State, player: int | None) -> int:
        """The side played by seat ``player`` (default: the side to move)."""
        if player is None or player < 0:
            return state.to_move
        seats = state.seat_of_side
        if player not in seats:
            raise ValueError(f"seat {player}: {self.game.name} has seats 0..{len(seats) - 1}")
        return seats.index(player)

    def _fill(self, values: list[float], plane: int, value: float) -> None:
        if value:
            values[plane * self.area:(plane + 1) * self.area] = [value] * self.area
