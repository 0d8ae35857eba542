"""The games of the Ludii coverage sample that boardspec writes in full (docs/coverage.yaml,
status yes), each against a brute-force reference written here from its Ludii rules (the
.lud's ludemes: its board, start, moves and end), never from our files: perft from the
start and from random positions, and random games side by side, ply by ply.

What the references share: a board of named points with their drawing coordinates and
links; pieces stepping along a link to an empty point; a player without a move passes
when another can act (Ludii's forced pass), or loses where the .lud says so; an endless
game drawn at a round cap (Ludii caps the moves, and has no draw rule of its own).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from framework import load_game

from .brute_games import TurnAccessors, play_side_by_side, random_positions, same_perft
from .conftest import ROOT

COLUMNS = "abcdefghijklmnopqrstuvwxyz"
PASS = "0000"   # the engine's pass, as the notation writes it by default
Point = tuple[float, float]


@dataclass(frozen=True)
class Board:
    """Points named by column letter and row number from their coordinates (the columns
    and rows are the distinct x and y values, left to right and bottom to top)."""

    at: dict[str, Point]
    links: frozenset[frozenset[str]]

    @staticmethod
    def of(points: list[Point], links: list[tuple[int, int]]) -> Board:
        xs, ys = sorted({x for x, _ in points}), sorted({y for _, y in points})
        names = [f"{COLUMNS[xs.index(x)]}{ys.index(y) + 1}" for x, y in points]
        return Board(dict(zip(names, points, strict=True)),
                     frozenset(frozenset((names[a], names[b])) for a, b in links))

    def neighbours(self, cell: str) -> list[str]:
        return sorted(other for link in self.links if cell in link
                      for other in link if other != cell)

    def way(self, a: str, b: str) -> tuple[int, int]:
        """The compass way from a to b (the signs of the coordinates' differences)."""
        (x0, y0), (x1, y1) = self.at[a], self.at[b]
        return (x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0)

    def beyond(self, cell: str, over: str) -> str | None:
        """The point linked to ``over`` the way ``over`` lies from ``cell`` (Ludii's hop:
        on along the same direction, however long the link)."""
        ahead = [c for c in self.neighbours(over) if self.way(over, c) == self.way(cell, over)]
        return ahead[0] if ahead else None


def grid(columns: int, rows: int, diagonal: bool) -> Board:
    """A grid of points joined along rows and columns, and with ``diagonal`` the alquerque
    board's diagonals: through every point whose coordinates add up to an even number."""
    points = [(float(x), float(y)) for y in range(rows) for x in range(columns)]
    index = {p: i for i, p in enumerate(points)}
    links = []
    for (x, y), i in index.items():
        ways = [(1, 0), (0, 1)] + ([(1, 1), (-1, 1)] if diagonal and (x + y) % 2 == 0 else [])
        links += [(i, index[(x + dx, y + dy)]) for dx, dy in ways if (x + dx, y + dy) in index]
    return Board.of(points, links)


@dataclass(frozen=True)
class S:
    owner: dict[str, str]                  # cell -> player
    to_move: str
    round: int
    chain: str | None = None               # the cell of a piece in the middle of a chain
    hand: dict[str, int] = field(default_factory=dict)
    removing: bool = False                 # a mill was made: the mover takes a man
    over: frozenset[str] | None = None


class StepGame(TurnAccessors):
    """Pieces step along a link to an empty point; subclasses add jumps, hands, mills."""

    players: tuple[str, ...]
    board: Board
    cap: int                               # the last round played; then a draw
    trapped_loses: bool                    # else the player passes (Ludii's forced pass)

    def setup(self) -> dict[str, str]:
        raise NotImplementedError

    def start(self) -> S:
        return self._settle(S(self.setup(), self.players[0], 1, hand=self.first_hand()))

    def first_hand(self) -> dict[str, int]:
        return {}

    def from_position(self, p: dict[str, Any]) -> S:
        owner = {cell: entry["owner"] for cell, entry in p["cells"].items()}
        hand = {side: p.get(f"hand.{side}.man", 0) for side in self.first_hand()}
        return self._settle(S(owner, p["to_move"], p.get("fullmove", 1), p.get("chain"),
                              hand, p.get("phase") == "remove"))

    def other(self, side: str) -> str:
        return self.players[1 - self.players.index(side)]

    def steps(self, s: S, side: str) -> list[str]:
        return [f"{c}{n}" for c, who in s.owner.items() if who == side
                for n in self.board.neighbours(c) if n not in s.owner]

    def moves(self, s: S, side: str) -> list[str]:
        return self.steps(s, side)

    def legal(self, s: S) -> list[str]:
        if s.over is not None:
            return []
        return self.moves(s, s.to_move) or [PASS]

    def _settle(self, s: S) -> S:
        """At the start of a turn: a player without a move loses, or passes when the
        other can move (when neither can, the game is drawn)."""
        if s.over is not None or s.chain or s.removing or self.moves(s, s.to_move):
            return s
        if self.trapped_loses:
            return replace(s, over=frozenset({self.other(s.to_move)}))
        if not self.moves(s, self.other(s.to_move)):
            return replace(s, over=frozenset())
        return s

    def won(self, s: S, mover: str) -> bool:
        """After the mover's turn: the other side has no piece left."""
        return self.other(mover) not in s.owner.values()

    def end_turn(self, s: S) -> S:
        mover, nxt = s.to_move, self.other(s.to_move)
        after = replace(s, to_move=nxt, round=s.round + (nxt == self.players[0]),
                        chain=None, removing=False)
        if self.won(after, mover):
            return replace(after, over=frozenset({mover}))
        if after.round > self.cap:
            return replace(after, over=frozenset())
        return self._settle(after)

    def play(self, s: S, m: str) -> S:
        if m == PASS:
            return self.end_turn(s)
        src = next(c for c in s.owner if m.startswith(c) and m[len(c):] in self.board.at)
        dst = m[len(src):]
        owner = dict(s.owner)
        owner[dst] = owner.pop(src)
        return self.end_turn(replace(s, owner=owner))


class JumpGame(StepGame):
    """And a piece jumps an enemy next to it along a line to the empty point beyond,
    capturing it; with ``chains`` the same piece may jump again, or stop."""

    chains: bool

    def jumps(self, s: S, side: str, only: str | None = None) -> list[str]:
        return [f"{c}x{land}" for c, who in s.owner.items() if who == side
                and (only is None or c == only)
                for over in self.board.neighbours(c) if s.owner.get(over) == self.other(side)
                for land in [self.board.beyond(c, over)] if land and land not in s.owner]

    def moves(self, s: S, side: str) -> list[str]:
        if s.chain:
            return [*self.jumps(s, side, s.chain), "stop"]
        return self.steps(s, side) + self.jumps(s, side)

    def play(self, s: S, m: str) -> S:
        if m == "stop":
            return self.end_turn(s)
        if "x" not in m:
            return super().play(s, m)
        src, land = m.split("x")
        over = next(n for n in self.board.neighbours(src)
                    if self.board.beyond(src, n) == land)
        owner = {c: who for c, who in s.owner.items() if c not in (src, over)}
        owner[land] = s.to_move
        after = replace(s, owner=owner, chain=land)
        if self.chains and self.jumps(after, s.to_move, land):
            return after
        return self.end_turn(after)


class Koruboddo(JumpGame):
    """5×5 squares, orthogonal steps and jumps in sequence, not compulsory (the .lud's
    HopOrthogonalSequenceCapture, then more of them or a pass); all captured loses."""

    players, board, cap = ("south", "north"), grid(5, 5, diagonal=False), 200
    trapped_loses, chains = False, True

    def setup(self) -> dict[str, str]:
        south = [f"{c}{r}" for c in "abcde" for r in (1, 2)] + ["a3", "b3"]
        north = [f"{c}{r}" for c in "abcde" for r in (4, 5)] + ["d3", "e3"]
        return {**dict.fromkeys(south, "south"), **dict.fromkeys(north, "north")}


class Terhuchu(JumpGame):
    """The alquerque board (5×5, diagonals in each quadrant), a step or one jump a turn,
    ten pieces each on the two nearest rows; all captured loses."""

    players, board, cap = ("south", "north"), grid(5, 5, diagonal=True), 200
    trapped_loses, chains = False, False

    def setup(self) -> dict[str, str]:
        south = [f"{c}{r}" for c in "abcde" for r in (1, 2)]
        north = [f"{c}{r}" for c in "abcde" for r in (4, 5)]
        return {**dict.fromkeys(south, "south"), **dict.fromkeys(north, "north")}


class CoChanCho(StepGame):
    """A square with its diagonals, the bottom side barred; two pieces each on the left
    and the right corners; the player who cannot move loses."""

    players, cap, trapped_loses = ("left", "right"), 100, True
    # The .lud's (square 2 diagonals:Solid) on its vertices: the corners and the centre.
    board = Board.of([(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
                     [(1, 4), (4, 3), (3, 0), (0, 2), (2, 4), (1, 2), (2, 3)])

    def setup(self) -> dict[str, str]:
        return {"a1": "left", "a3": "left", "c1": "right", "c3": "right"}


# The .lud's board: (rectangle 1 7) less its vertex 3 (renumbered 0-5, the gap bridged by
# the edge 2-3), two (rectangle 1 3) scaled by 2 below and above (6-8, 9-10-11), and its
# list of added edges; the hare starts on B2, the hounds on A2, B1 and B3.
VENDSYSSEL_POINTS: list[Point] = [(0, 0), (1, 0), (2, 0), (4, 0), (5, 0), (6, 0),
                                  (1, -1), (3, -1), (5, -1), (1, 1), (3, 1), (5, 1)]
VENDSYSSEL_EDGES = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (6, 7), (7, 8), (9, 10),
                    (10, 11), (0, 9), (0, 6), (11, 5), (5, 8), (1, 6), (1, 9), (4, 11),
                    (4, 8), (9, 2), (2, 7), (6, 2), (2, 10), (10, 3), (3, 8), (7, 3),
                    (3, 11)]


class HundEfterHare(StepGame):
    players, cap, trapped_loses = ("hare", "hounds"), 100, True
    board = Board.of(VENDSYSSEL_POINTS, VENDSYSSEL_EDGES)

    def setup(self) -> dict[str, str]:
        return {"b2": "hare", "a2": "hounds", "b1": "hounds", "b3": "hounds"}


class FiveMensMorris(StepGame):
    """Two concentric squares, their sides' midpoints joined; five men each placed, then
    moved along the lines; a mill (three on a side of a square) takes any enemy man; down
    to two men loses (Murray's rules, the .lud's default)."""

    players, cap, trapped_loses = ("white", "black"), 100, False

    def __init__(self) -> None:
        points: list[Point] = []
        sides: list[list[int]] = []
        for low, high in ((0, 4), (1, 3)):                # the outer square, the inner one
            mid = (low + high) / 2
            ring = [(low, low), (mid, low), (high, low), (high, mid), (high, high),
                    (mid, high), (low, high), (low, mid)]
            first = len(points)
            points += [(float(x), float(y)) for x, y in ring]
            sides += [[first + (2 * k + j) % 8 for j in range(3)] for k in range(4)]
        links = [(side[j], side[j + 1]) for side in sides for j in range(2)]
        links += [(m, m + 8) for m in (1, 3, 5, 7)]       # outer midpoints to inner ones
        self.board = Board.of(points, links)
        names = list(self.board.at)
        self.mills = [frozenset(names[i] for i in side) for side in sides]

    def setup(self) -> dict[str, str]:
        return {}

    def first_hand(self) -> dict[str, int]:
        return {"white": 5, "black": 5}

    def moves(self, s: S, side: str) -> list[str]:
        if s.removing:
            return [f"x{c}" for c, who in s.owner.items() if who == self.other(side)]
        if s.hand[side]:
            return [c for c in self.board.at if c not in s.owner]
        return [f"{c}-{n}" for c, who in s.owner.items() if who == side
                for n in self.board.neighbours(c) if n not in s.owner]

    def won(self, s: S, mover: str) -> bool:
        loser = self.other(mover)
        return s.hand[loser] == 0 and list(s.owner.values()).count(loser) <= 2

    def play(self, s: S, m: str) -> S:
        owner, hand = dict(s.owner), dict(s.hand)
        if m == PASS:
            return self.end_turn(s)
        if m.startswith("x"):
            del owner[m[1:]]
            return self.end_turn(replace(s, owner=owner))
        if "-" in m:
            src, dst = m.split("-")
            del owner[src]
        else:
            dst = m
            hand[s.to_move] -= 1
        owner[dst] = s.to_move
        after = replace(s, owner=owner, hand=hand)
        milled = any(dst in mill and all(owner.get(c) == s.to_move for c in mill)
                     for mill in self.mills)
        if milled and self.other(s.to_move) in owner.values():
            return replace(after, removing=True)
        return self.end_turn(after)


# The .lud's (graph vertices:{...} edges:{...}), as written there.
EGARA_POINTS: list[Point] = [(0, 0), (2, 0), (4, 0), (6, 0), (8, 0), (2, 2), (4, 2), (6, 2),
                             (3, 3), (4, 3), (5, 3), (4, 4), (3, 5), (4, 5), (5, 5), (2, 6),
                             (4, 6), (6, 6), (0, 8), (2, 8), (4, 8), (6, 8), (8, 8)]
EGARA_EDGES = [(0, 1), (0, 5), (1, 2), (1, 5), (2, 3), (2, 6), (3, 4), (3, 7), (4, 7), (5, 6),
               (5, 8), (5, 15), (6, 7), (6, 9), (7, 10), (7, 17), (8, 9), (8, 11), (9, 10),
               (9, 11), (10, 11), (11, 12), (11, 13), (11, 14), (12, 13), (12, 15), (13, 14),
               (13, 16), (14, 17), (15, 16), (15, 18), (15, 19), (16, 17), (16, 20), (17, 21),
               (17, 22), (18, 19), (19, 20), (20, 21), (21, 22)]


class EgaraGuti(JumpGame):
    """Steps and single jumps along the lines (HopCapture: over a neighbour, on the same
    way); eleven pieces each: the bottom row with its neighbours and row 2 (y = 3), the
    top likewise; the player who cannot move loses ("NoMoves" Loss)."""

    players, cap, trapped_loses, chains = ("south", "north"), 200, True, False
    board = Board.of(EGARA_POINTS, EGARA_EDGES)

    def setup(self) -> dict[str, str]:
        names = list(self.board.at)
        south = {names[i] for i in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)}
        north = {names[i] for i in (18, 19, 20, 21, 22, 15, 16, 17, 12, 13, 14)}
        return {**dict.fromkeys(south, "south"), **dict.fromkeys(north, "north")}


class NegTugalTuux(StepGame):
    """(rectangle 32 2) plus the edges from each left point to the right point one row up
    (site = 2 × row + column); the children may go only to a site at least their own less
    one (the .lud's (>= 1 (- (from) (to)))), the calf anywhere; the calf wins on coming back
    to site 1, the children when it stands on site 62."""

    players, cap, trapped_loses = ("children", "calf"), 200, False
    board = Board.of([(15.0 * c, float(r)) for r in range(32) for c in range(2)],
                     [e for r in range(32) for e in [(2 * r, 2 * r + 1)] + (
                         [(2 * r, 2 * r + 2), (2 * r + 1, 2 * r + 3), (2 * r, 2 * r + 3)]
                         if r < 31 else [])])
    site = {name: i for i, name in enumerate(board.at)}
    pen, pasture = list(board.at)[1], list(board.at)[62]

    def setup(self) -> dict[str, str]:
        names = list(self.board.at)
        return {names[1]: "calf", names[0]: "children", names[3]: "children"}

    def steps(self, s: S, side: str) -> list[str]:
        return [f"{c}{n}" for c, who in s.owner.items() if who == side
                for n in self.board.neighbours(c) if n not in s.owner
                and (side == "calf" or self.site[n] >= self.site[c] - 1)]

    def won(self, s: S, mover: str) -> bool:
        calf = next(c for c, who in s.owner.items() if who == "calf")
        return calf == self.pasture or (mover == "calf" and calf == self.pen)

    def end_turn(self, s: S) -> S:
        after = super().end_turn(s)
        calf = next(c for c, who in after.owner.items() if who == "calf")
        if after.over and calf == self.pasture:
            return replace(after, over=frozenset({"children"}))
        return after


@dataclass(frozen=True)
class Sowing:
    pits: dict[str, int]
    store: dict[str, int]
    to_move: str
    round: int
    over: frozenset[str] | None = None


class Ntyenge(TurnAccessors):
    """2×8 holes, four counters each, sown anticlockwise (the .lud's track "0,E,N,W":
    along the bottom row, back along the top); a last counter making two or four takes
    them; the game ends when the board is empty, the most captured winning."""

    players = ("south", "north")
    track = [f"{c}1" for c in "abcdefgh"] + [f"{c}2" for c in "hgfedcba"]
    cap = 300

    def own(self, side: str) -> list[str]:
        return [p for p in self.track if p.endswith("1" if side == "south" else "2")]

    def start(self) -> Sowing:
        return Sowing(dict.fromkeys(self.track, 4), {"south": 0, "north": 0}, "south", 1)

    def from_position(self, p: dict[str, Any]) -> Sowing:
        pits = {c: p[f"seed.{c}"] for c in self.track}
        store = {"south": p["seed.S"], "north": p["seed.N"]}
        return self._settle(Sowing(pits, store, p["to_move"], p.get("fullmove", 1)))

    def legal(self, s: Sowing) -> list[str]:
        if s.over is not None:
            return []
        return [p for p in self.own(s.to_move) if s.pits[p]] or [PASS]

    def _settle(self, s: Sowing) -> Sowing:
        if s.over is None and not any(s.pits[p] for p in self.track):
            south, north = s.store["south"], s.store["north"]
            best = {"south"} if south > north else {"north"} if north > south else set()
            return replace(s, over=frozenset(best))
        return s

    def play(self, s: Sowing, m: str) -> Sowing:
        pits, store = dict(s.pits), dict(s.store)
        if m != PASS:
            seeds, at = pits[m], self.track.index(m)
            pits[m] = 0
            for _ in range(seeds):
                at = (at + 1) % len(self.track)
                pits[self.track[at]] += 1
            last = self.track[at]
            if pits[last] in (2, 4):
                store[s.to_move] += pits[last]
                pits[last] = 0
        nxt = "north" if s.to_move == "south" else "south"
        after = Sowing(pits, store, nxt, s.round + (nxt == "south"))
        after = self._settle(after)
        if after.over is None and after.round > self.cap:
            return replace(after, over=frozenset())
        return after


@dataclass(frozen=True)
class Stones:
    owner: dict[str, str]
    to_move: str
    over: frozenset[str] | None = None


class AtariGo(TurnAccessors):
    """Go's placement and capture on a square board, suicide refused (the .lud's
    ifAfterwards:(count Liberties) > 0, after the captures); the first capture wins."""

    players = ("black", "white")

    def __init__(self, size: int) -> None:
        self.board = grid(size, size, diagonal=False)

    def start(self) -> Stones:
        return Stones({}, "black")

    def from_position(self, p: dict[str, Any]) -> Stones:
        owner = {cell: entry["owner"] for cell, entry in p["cells"].items()}
        return self._settle(Stones(owner, p["to_move"]))

    def _group(self, owner: dict[str, str], cell: str) -> tuple[set[str], bool]:
        """The stones joined to cell's, and whether they have an empty point next to them."""
        group, todo, free = {cell}, [cell], False
        while todo:
            for n in self.board.neighbours(todo.pop()):
                if n not in owner:
                    free = True
                elif owner[n] == owner[cell] and n not in group:
                    group.add(n)
                    todo.append(n)
        return group, free

    def _place(self, owner: dict[str, str], cell: str, side: str) -> tuple[dict[str, str], int]:
        after = {**owner, cell: side}
        taken = 0
        for n in self.board.neighbours(cell):
            if after.get(n) not in (None, side):
                group, free = self._group(after, n)
                if not free:
                    taken += len(group)
                    after = {c: who for c, who in after.items() if c not in group}
        return after, taken

    def _moves(self, owner: dict[str, str], side: str) -> list[str]:
        return [c for c in self.board.at if c not in owner
                and self._group(self._place(owner, c, side)[0], c)[1]]

    def legal(self, s: Stones) -> list[str]:
        if s.over is not None:
            return []
        return self._moves(s.owner, s.to_move) or [PASS]

    def _settle(self, s: Stones) -> Stones:
        if not self._moves(s.owner, s.to_move) and not self._moves(s.owner, self.other(s)):
            return replace(s, over=frozenset())
        return s

    def other(self, s: Stones) -> str:
        return "white" if s.to_move == "black" else "black"

    def play(self, s: Stones, m: str) -> Stones:
        owner, taken = (s.owner, 0) if m == PASS else self._place(s.owner, m, s.to_move)
        if taken:
            return Stones(owner, self.other(s), frozenset({s.to_move}))
        return self._settle(Stones(owner, self.other(s)))

    def turn_key(self, s: Stones) -> Any:
        return (s.to_move, len(s.owner))


# -- placement games on squares (Pathway, Quad Wrangle) ----------------------------------
def square(x: int, y: int) -> str:
    return f"{COLUMNS[x]}{y + 1}"


def around(x: int, y: int, size: int, ways: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return [(x + dx, y + dy) for dx, dy in ways if 0 <= x + dx < size and 0 <= y + dy < size]


ORTHOGONAL = [(1, 0), (-1, 0), (0, 1), (0, -1)]
KING = [*ORTHOGONAL, (1, 1), (1, -1), (-1, 1), (-1, -1)]


@dataclass(frozen=True)
class Squares:
    owner: dict[tuple[int, int], str]
    to_move: str
    round: int = 1
    over: frozenset[str] | None = None


class Pathway(TurnAccessors):
    """Pathway.lud: a stone on an empty square whose orthogonal neighbours are all empty,
    or of which exactly one holds a stone of the mover's (any number of enemy stones
    beside it); ("NoMoves" Win): the player to move with no placement wins."""

    players = ("white", "black")

    def __init__(self, size: int) -> None:
        self.size = size

    def start(self) -> Squares:
        return Squares({}, "white")

    def from_position(self, p: dict[str, Any]) -> Squares:
        owner = {(COLUMNS.index(c[0]), int(c[1:]) - 1): e["owner"] for c, e in p["cells"].items()}
        return self._settle(Squares(owner, p["to_move"]))

    def _placements(self, s: Squares) -> list[str]:
        found = []
        for x in range(self.size):
            for y in range(self.size):
                if (x, y) in s.owner:
                    continue
                near = [s.owner[c] for c in around(x, y, self.size, ORTHOGONAL) if c in s.owner]
                if not near or near.count(s.to_move) == 1:
                    found.append(square(x, y))
        return found

    def _settle(self, s: Squares) -> Squares:
        return s if self._placements(s) else replace(s, over=frozenset({s.to_move}))

    def legal(self, s: Squares) -> list[str]:
        return [] if s.over is not None else self._placements(s)

    def play(self, s: Squares, m: str) -> Squares:
        cell = (COLUMNS.index(m[0]), int(m[1:]) - 1)
        nxt = "black" if s.to_move == "white" else "white"
        return self._settle(Squares({**s.owner, cell: s.to_move}, nxt))

    def turn_key(self, s: Squares) -> Any:
        return len(s.owner)


class QuadWrangle(TurnAccessors):
    """Quad Wrangle.lud on its (square 8): a growth (a stone on an empty square next to,
    all eight ways, one of the mover's), a queen's slide to an empty square, or a drop
    on an empty square next to none of the mover's; a growth's or a slide's stone turns
    every enemy stone around it to the mover. The full board ends it (byScore: the count
    of pieces; equal, a draw); the file draws a game at round 501 (Ludii's move cap)."""

    players = ("white", "black")
    size = 8
    cap = 501

    def start(self) -> Squares:
        owner = {}
        for i in range(1, self.size - 1):
            owner[(i, self.size - 1)] = owner[(self.size - 1, i)] = "white"   # top, right
            owner[(i, 0)] = owner[(0, i)] = "black"                           # bottom, left
        return Squares(owner, "white")

    def from_position(self, p: dict[str, Any]) -> Squares:
        owner = {(COLUMNS.index(c[0]), int(c[1:]) - 1): e["owner"] for c, e in p["cells"].items()}
        return self._settle(Squares(owner, p["to_move"], p.get("fullmove", 1)))

    def _moves(self, s: Squares) -> list[str]:
        found = []
        n = self.size
        for x in range(n):
            for y in range(n):
                if (x, y) not in s.owner:
                    found.append(square(x, y))     # a growth or a drop, named by its square
                elif s.owner[(x, y)] == s.to_move:
                    for dx, dy in KING:
                        tx, ty = x + dx, y + dy
                        while 0 <= tx < n and 0 <= ty < n and (tx, ty) not in s.owner:
                            found.append(square(x, y) + square(tx, ty))
                            tx, ty = tx + dx, ty + dy
        return found

    def _settle(self, s: Squares) -> Squares:
        if s.over is not None:
            return s
        if len(s.owner) == self.size ** 2:
            counts = {p: list(s.owner.values()).count(p) for p in self.players}
            best = max(counts.values())
            won = [p for p in self.players if counts[p] == best]
            return replace(s, over=frozenset(won) if len(won) == 1 else frozenset())
        if s.round >= self.cap:
            return replace(s, over=frozenset())
        return s

    def legal(self, s: Squares) -> list[str]:
        return [] if s.over is not None else self._moves(s)

    def play(self, s: Squares, m: str) -> Squares:
        owner = dict(s.owner)
        cells = [(COLUMNS.index(m[i]), int(m[i + 1])) for i in (0, 2)] if len(m) == 4 else \
            [(COLUMNS.index(m[0]), int(m[1:]))]
        x, y = cells[-1][0], cells[-1][1] - 1
        converts = True
        if len(cells) == 2:
            del owner[(cells[0][0], cells[0][1] - 1)]
        else:
            converts = any(owner.get(c) == s.to_move for c in around(x, y, self.size, KING))
        owner[(x, y)] = s.to_move
        if converts:
            for c in around(x, y, self.size, KING):
                if c in owner:
                    owner[c] = s.to_move
        nxt = "black" if s.to_move == "white" else "white"
        return self._settle(Squares(owner, nxt, s.round + (nxt == "white")))


REFERENCES: dict[str, Any] = {
    "koruboddo": Koruboddo(), "terhuchu-small": Terhuchu(), "co-chan-cho": CoChanCho(),
    "hund-efter-hare-vendsyssel": HundEfterHare(), "five-mens-morris": FiveMensMorris(),
    "egara-guti": EgaraGuti(), "neg-tugal-tuux": NegTugalTuux(), "ntyenge": Ntyenge(),
    "atari-go": AtariGo(5), "pathway": Pathway(6), "quad-wrangle": QuadWrangle()}
#: Smaller boards than the files' defaults, where a game's size is a parameter.
PARAMETERS: dict[str, dict[str, Any]] = {"atari-go": {"size": 5}}
START_DEPTH = {"koruboddo": 6, "terhuchu-small": 4, "co-chan-cho": 8,
               "hund-efter-hare-vendsyssel": 7, "five-mens-morris": 4, "egara-guti": 6,
               "neg-tugal-tuux": 7, "ntyenge": 3, "atari-go": 2, "pathway": 4,
               "quad-wrangle": 2}


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_perft_from_the_start_matches_the_reference(name: str) -> None:
    game = load_game(ROOT / "games" / f"{name}.yaml", PARAMETERS.get(name))
    same_perft(game, REFERENCES[name], game.new_initial_state(), START_DEPTH[name])


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_perft_from_random_positions_matches_the_reference(name: str) -> None:
    game = load_game(ROOT / "games" / f"{name}.yaml", PARAMETERS.get(name))
    for state in random_positions(game, 4, seed=7):
        same_perft(game, REFERENCES[name], state, 2 if name == "atari-go" else 3)


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_random_games_agree_with_the_reference(name: str) -> None:
    game = load_game(ROOT / "games" / f"{name}.yaml", PARAMETERS.get(name))
    outcomes: list[frozenset[str]] = []
    assert play_side_by_side(game, REFERENCES[name], 6, seed=2, outcomes=outcomes) > 6
    assert len(outcomes) == 6            # every game played to its end



def test_atari_go_on_ludiis_default_board() -> None:
    game = load_game(ROOT / "games" / "atari-go.yaml")             # 19 × 19
    for state in [game.new_initial_state(), *random_positions(game, 2, seed=3)]:
        same_perft(game, AtariGo(19), state, 1)
