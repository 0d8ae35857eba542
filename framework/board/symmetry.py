"""A board's symmetries, found from its tables: the cell permutations that keep it as it is.

A symmetry is a permutation ``cells`` of the cell ids with a permutation ``directions`` of
the board's named directions such that

- every distance stays: ``distance[cells[a]][cells[b]] == distance[a][b]`` (so every
  adjacency stays too, and a hole that distances cross is crossed alike);
- every step stays: the cell one step from ``a`` in direction ``d`` goes to the cell one
  step from ``cells[a]`` in direction ``directions[d]`` (and off the board stays off), so
  rays, lines and relative directions turn with the board.

On a square grid that is the eight turns and mirrors of the square that fit the board
(four on a board that is not square), on a hex rhombus the half turn and the two mirrors
across its diagonals, on a hex-hex board the twelve of the hexagon; holes keep only the
symmetries that map holes to holes. A custom board without directions gets the
automorphisms of its graph that keep distances (a ring of n cells: 2n).

The search is a backtracking over cells in breadth-first order: a cell one step from a
placed cell has at most one image once the step's direction has one, so a board with
directions is searched in time about ``(symmetries + dead ends) × cells²``. At most
``MAX_SYMMETRIES`` are found, within a budget of ``MAX_STEPS`` placements (a complete graph
has n! automorphisms): ``board.symmetries()`` says whether the search finished.

The tables come in as plain tuples (the compiler's ``CompiledBoard``), so this module needs
nothing but them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

#: At most this many symmetries are kept (a square has 8, a hexagon 12, a ring of 120: 240).
MAX_SYMMETRIES = 240
#: At most this many cell placements are tried in one search.
MAX_STEPS = 400_000


@dataclass(frozen=True)
class BoardSymmetry:
    """One symmetry of a board: where each cell goes and where each direction goes."""

    cells: tuple[int, ...]
    directions: tuple[int, ...]
    #: In words, from the directions' bearings on the drawing: ``identity``,
    #: ``rotation 90°``, ``reflection (axis 45°)``, or ``permutation`` on a board whose
    #: directions have no bearings.
    name: str = "permutation"
    #: How the symmetry turns bearings on the drawing: ``("rotation", θ)`` adds θ,
    #: ``("reflection", s)`` maps b to s − b (the axis is at s / 2); None without bearings.
    turn: tuple[str, float] | None = None

    def bearing(self, bearing: float) -> float | None:
        """The image of a bearing (degrees clockwise from north), None if unknown."""
        if self.turn is None:
            return None
        how, angle = self.turn
        return round((bearing + angle if how == "rotation" else angle - bearing) % 360, 3)

    @property
    def is_identity(self) -> bool:
        return all(c == i for i, c in enumerate(self.cells))

    def cell(self, cell: int) -> int:
        """The image of ``cell`` (-1, no cell, stays -1)."""
        return self.cells[cell] if cell >= 0 else -1

    def mask(self, mask: int) -> int:
        """The image of a set of cells given as a bitmask."""
        out, cells = 0, self.cells
        while mask:
            low = mask & -mask
            out |= 1 << cells[low.bit_length() - 1]
            mask ^= low
        return out

    def inverse(self) -> BoardSymmetry:
        cells = [0] * len(self.cells)
        for a, b in enumerate(self.cells):
            cells[b] = a
        directions = [0] * len(self.directions)
        for a, b in enumerate(self.directions):
            directions[b] = a
        turn = self.turn if self.turn is None or self.turn[0] == "reflection" else \
            ("rotation", -self.turn[1] % 360)
        return BoardSymmetry(tuple(cells), tuple(directions), self.name, turn)


@dataclass(frozen=True)
class Search:
    """What a search found: the symmetries (the identity first), and whether it went
    through every possibility (False: stopped at a limit, the list may lack some)."""

    symmetries: tuple[BoardSymmetry, ...]
    complete: bool


def find_symmetries(distance: Sequence[Sequence[int]], neighbours: Sequence[Sequence[int]],
                    step: Sequence[Sequence[int]], opposite: Sequence[int],
                    names: Sequence[str] = (), bearings: dict[str, float] | None = None
                    ) -> Search:
    """Every symmetry of the board given by its tables (see the module's docstring);
    ``names`` and ``bearings`` name the directions for the symmetries' names."""
    n = len(distance)
    dirs = len(opposite)
    order, parent = _breadth_first(neighbours)
    degree = [len(ns) for ns in neighbours]
    # A cell's profile: its sorted distances; an image must share it.
    profile = [tuple(sorted(row)) for row in distance]
    # Per (parent, cell): the direction of the step from parent to cell (-1: none).
    link_dir = [-1] * n
    for x in order:
        p = parent[x]
        if p >= 0 and dirs:
            link_dir[x] = next((d for d in range(dirs) if step[p][d] == x), -1)
    sigma = [-1] * n
    used = [False] * n
    pi = [-1] * dirs
    found: list[BoardSymmetry] = []
    budget = [MAX_STEPS]

    def consistent(x: int, y: int, k: int) -> bool:
        if used[y] or degree[x] != degree[y] or profile[x] != profile[y]:
            return False
        row_x, row_y = distance[x], distance[y]
        return all(row_y[sigma[z]] == row_x[z] for z in order[:k])

    def steps_hold(full: list[int]) -> bool:
        for c in range(n):
            here, there = step[c], step[sigma[c]]
            for d in range(dirs):
                target = here[d]
                if there[full[d]] != (sigma[target] if target >= 0 else -1):
                    return False
        return True

    def place(k: int) -> bool:
        """False when the search must stop (a limit)."""
        if k == n:
            full = _complete_directions(pi, sigma, step) if dirs else []
            if full is not None and (not dirs or steps_hold(full)):
                found.append(BoardSymmetry(tuple(sigma), tuple(full),
                                           *_name(sigma, full, names, bearings)))
            return len(found) < MAX_SYMMETRIES
        x = order[k]
        p = parent[x]
        for y, assigned in _candidates(x, p):
            budget[0] -= 1
            if budget[0] < 0:
                return False
            if not consistent(x, y, k):
                for d in assigned:
                    pi[d] = -1
                continue
            sigma[x], used[y] = y, True
            going = place(k + 1)
            sigma[x], used[y] = -1, False
            for d in assigned:
                pi[d] = -1
            if not going:
                return False
        return True

    def _candidates(x: int, p: int) -> Iterator[tuple[int, tuple[int, ...]]]:
        """(image, directions newly fixed for it) pairs; the caller undoes the fixing."""
        if p < 0:
            for y in range(n):
                yield y, ()
            return
        d = link_dir[x]
        if d >= 0:
            if pi[d] >= 0:
                y = step[sigma[p]][pi[d]]
                if y >= 0:
                    yield y, ()
                return
            for e in range(dirs):
                if e in pi or opposite[e] in pi or \
                        (pi[opposite[d]] >= 0 and pi[opposite[d]] != opposite[e]):
                    continue
                y = step[sigma[p]][e]
                if y < 0:
                    continue
                pi[d] = e
                fixed: tuple[int, ...] = (d,)
                if pi[opposite[d]] < 0:
                    pi[opposite[d]] = opposite[e]
                    fixed = (d, opposite[d]) if opposite[d] != d else (d,)
                yield y, fixed
            return
        for y in neighbours[sigma[p]]:
            yield y, ()

    complete = place(0) if n else True
    found.sort(key=lambda s: (not s.is_identity, s.cells))
    return Search(tuple(found), complete and len(found) < MAX_SYMMETRIES)


def _breadth_first(neighbours: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """The cells in breadth-first order, component after component, with each cell's
    parent in that order (-1 for a component's first cell)."""
    n = len(neighbours)
    parent = [-1] * n
    seen = [False] * n
    order: list[int] = []
    for root in range(n):
        if seen[root]:
            continue
        seen[root] = True
        queue = [root]
        for x in queue:
            order.append(x)
            for y in neighbours[x]:
                if not seen[y]:
                    seen[y] = True
                    parent[y] = x
                    queue.append(y)
    return order, parent


def _complete_directions(pi: Sequence[int], sigma: Sequence[int],
                         step: Sequence[Sequence[int]]) -> list[int] | None:
    """``pi`` with the directions the search did not fix (no link of its breadth-first
    tree goes that way) read off the steps; None when a direction has no image. A
    direction no link takes goes to one no link takes."""
    full = list(pi)
    for d in range(len(full)):
        if full[d] >= 0:
            continue
        c = next((c for c in range(len(step)) if step[c][d] >= 0), -1)
        if c < 0:
            continue
        target = sigma[step[c][d]]
        found = [e for e in range(len(full)) if step[sigma[c]][e] == target]
        if len(found) != 1 or found[0] in full:
            return None
        full[d] = found[0]
    free = [e for e in range(len(full)) if e not in full]
    for d in range(len(full)):
        if full[d] < 0:
            full[d] = free.pop(0)
    return full


def _name(sigma: Sequence[int], pi: Sequence[int], names: Sequence[str],
          bearings: dict[str, float] | None) -> tuple[str, tuple[str, float] | None]:
    """The symmetry's name and how it turns bearings, read off its directions."""
    identity = all(i == c for i, c in enumerate(sigma))
    if not pi or not bearings or not names or any(name not in bearings for name in names):
        return ("identity" if identity else "permutation"), None
    turns = {round((bearings[names[pi[d]]] - bearings[names[d]]) % 360, 3)
             for d in range(len(pi))}
    if turns == {0.0}:
        # The directions stay: the identity, or parts of a board that trade places.
        return ("identity" if identity else "permutation"), ("rotation", 0.0)
    if len(turns) == 1:
        angle = turns.pop()
        return f"rotation {_degrees(angle)}°", ("rotation", angle)
    sums = {round((bearings[names[pi[d]]] + bearings[names[d]]) % 360, 3)
            for d in range(len(pi))}
    if len(sums) == 1:
        total = sums.pop()
        return f"reflection (axis {_degrees(total / 2 % 180)}°)", ("reflection", total)
    return "permutation", None


def _degrees(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
