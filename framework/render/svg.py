"""Positions as SVG, drawn to scale from the compiled board.

Cells are drawn from their ``pos`` coordinates (one unit between neighbours) in the board's
``shape``: hexagons, squares or circles, so a custom board comes out as its coordinates say.
Cell names go on the margins the way the notation uses them (rows on the left, the other
coordinate below) when every name is letters-and-digits with one part shared along a row;
otherwise each cell carries its own name. A piece is a disc in its owner's colour with its
attribute counts (Adaptoid: legs drawn below, pincers above, and the numbers inside).

The marks of a rulebook picture, one meaning each in every game (``MARKS``; the rulebook's
legend explains those a page uses): the cell of the piece an example is about filled yellow
(as on the rule pages), a move drawn as an orange arrow from its origin to its target, the
cells the example's action may go to as blue dots (beside the piece when the cell is
occupied, so its numbers stay readable), pieces removed by the last action drawn faded where
they were removed with a small red cross beside them, and pieces that changed sides ringed
in purple. Output is deterministic (fixed rounding, cells in id order) so generated
rulebooks can be compared byte for byte.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING

from framework.engine.piles import piled_kinds
from framework.plugins import Translate, untranslated
from framework.render.text import pile_numbers


def N_(text: str) -> str:  # gettext's "mark now, translate later" (see framework.i18n)
    return text

if TYPE_CHECKING:
    from framework.compiler import CompiledBoard, CompiledGame
    from framework.engine.state import State

UNIT = 44  # pixels between the centres of neighbouring cells
MARGIN = 0.75  # board units around the cells, room for the margin names
#: Fill colours of players named by a colour (or a gem), else by seat.
NAMED_COLOURS = {
    "white": "#f7f4ea", "black": "#262626", "red": "#c8362e", "blue": "#2f5fb3",
    "green": "#2e8b4a", "yellow": "#f2cf3a", "ruby": "#b0163b", "pearl": "#ece8df",
    "x": "#262626", "o": "#f7f4ea",
}
#: One per seat up to the most players a game may have (spec.models.MAX_PLAYERS).
SEAT_COLOURS = ("#f7f4ea", "#262626", "#c8362e", "#2f5fb3", "#2e8b4a", "#f2cf3a", "#7b3fa0",
                "#e07b24")
#: What a legend calls each fill (translated by the rulebook's catalogs).
COLOUR_NAMES = {
    "#f7f4ea": N_("white disc"), "#262626": N_("black disc"), "#c8362e": N_("red disc"),
    "#2f5fb3": N_("blue disc"), "#2e8b4a": N_("green disc"), "#f2cf3a": N_("yellow disc"),
    "#7b3fa0": N_("purple disc"), "#e07b24": N_("orange disc"),
    "#b0163b": N_("dark red disc"), "#ece8df": N_("pearl white disc"),
}
OTHER_COLOUR_NAME = N_("grey disc")
HIGHLIGHT = "#f6d44a"
TARGET = "#1f6fd6"
REMOVED = "#d62020"
ARROW = "#e0651b"
CONVERTED = "#8e44ad"
#: Every mark a diagram can carry, in legend order.
MARKS = ("highlight", "arrow", "target", "removed", "converted")
NAME = re.compile(r"^([A-Za-z]+)(\d+)$|^(\d+)([A-Za-z]+)$")


@dataclass(frozen=True)
class Piece:
    """What the picture needs of a piece: its owner's seat, kind and attribute counts."""

    side: int
    kind: str
    attrs: tuple[tuple[str, int], ...] = ()
    #: In a game of stacks, the (side, kind) of the pieces beneath it, the next one first.
    below: tuple[tuple[int, str], ...] = ()


@dataclass
class Marks:
    """The rulebook marks on a diagram (all cell ids). ``removed`` maps a cell to the piece
    (or the pieces: an attack with a tie removes both on the target) taken off it."""

    highlight: int = -1
    targets: Collection[int] = ()
    removed: Mapping[int, Piece | tuple[Piece, ...]] = field(default_factory=dict)
    arrows: Sequence[tuple[int, int]] = ()
    converted: Collection[int] = ()

    def used(self) -> list[str]:
        """The names (``MARKS``) of the marks this diagram shows."""
        shown = {"highlight": self.highlight >= 0, "arrow": bool(self.arrows),
                 "target": bool(self.targets), "removed": bool(self.removed),
                 "converted": bool(self.converted)}
        return [mark for mark in MARKS if shown[mark]]


def pieces_of(state: State) -> dict[int, Piece]:
    """Every piece on the board, by cell."""
    game = state.game
    found: dict[int, Piece] = {}
    for cell in range(game.board.size):
        side = state.owner_of(cell)
        if side < 0:
            continue
        kind = game.piece_kinds[state.kind_of(cell)]
        wanted = game.spec.pieces[kind].attributes
        attrs = tuple((a, state.attrs[i][cell]) for i, a in enumerate(game.attributes)
                      if a in wanted)
        below = tuple((s, game.piece_kinds[k]) for s, k in state.stack_of(cell)[1:]) \
            if state.below is not None else ()
        found[cell] = Piece(side, kind, attrs, below)
    return found


def player_colour(game: CompiledGame, side: int) -> str:
    return NAMED_COLOURS.get(game.players[side].lower(), SEAT_COLOURS[side % len(SEAT_COLOURS)])


def _ink(fill: str) -> str:
    """Black or white, whichever reads on ``fill``."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#fff"


def _n(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class _Canvas:
    """Board units in, pixels out (y grows upwards on the board, downwards in SVG)."""

    def __init__(self, board: CompiledBoard, extra: list[tuple[float, float]],
                 flip: bool = False) -> None:
        self.flip = flip  # turned half round: the far side nearest
        # A board drawn with row 1 at the top (Othello) has its rows mirrored.
        self.sx = -1 if flip else 1
        self.sy = self.sx * (-1 if board.mirrored else 1)
        points = [(self.sx * x, self.sy * y) for x, y in [*board.pos, *extra]]
        self.left = min(x for x, _ in points) - MARGIN
        self.top = max(y for _, y in points) + MARGIN
        self.width = (max(x for x, _ in points) + MARGIN - self.left) * UNIT
        self.height = (self.top - min(y for _, y in points) + MARGIN) * UNIT

    def corner(self, x: float, y: float) -> tuple[str, str]:
        """The top left corner, on the page, of the unit square centred on (x, y)."""
        return self.xy(x - 0.5 * self.sx, y + 0.5 * self.sy)

    def xy(self, x: float, y: float) -> tuple[str, str]:
        x, y = self.sx * x, self.sy * y
        return _n((x - self.left) * UNIT), _n((self.top - y) * UNIT)


def board_svg(state: State, marks: Marks | None = None, title: str = "",
              _: Translate = untranslated, *, flip: bool = False,
              zones: bool | Iterable[str] = False) -> str:
    """The position as a standalone ``<svg>`` element (``_`` translates the names of
    players, pieces and attributes in the tooltips); ``flip`` turns the board half round
    (the second player's side at the bottom), its writing kept upright; ``zones`` draws
    the file's zones (``True``: every one, else those named; see :func:`drawn_zones`)."""
    game = state.game
    board = game.board
    marks = marks or Marks()
    canvas, opening, cells, coords = _background(board, state.gaps, flip)
    out = [opening]
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out += cells
    out += _goal_edges(canvas, game)
    if zones:
        names = tuple(game.zones) if zones is True else tuple(z for z in game.zones
                                                              if z in set(zones))
        out += _zone_lines(canvas, game, names, _)
    if marks.highlight >= 0:  # under the piece: a ring would hide its legs
        out.append(f'<g class="highlight">{_shape(canvas, board, marks.highlight, HIGHLIGHT)}'
                   f"</g>")
    for cell, piece in sorted(pieces_of(state).items()):
        out.append(_piece(canvas, game, board.pos[cell], piece, board.names[cell], _))
    out += _piles(canvas, state)
    for cell in sorted(set(marks.converted)):
        cx, cy = canvas.xy(*board.pos[cell])
        out.append(f'<circle class="converted" cx="{cx}" cy="{cy}" r="{_n(UNIT * 0.38)}" '
                   f'fill="none" stroke="{CONVERTED}" stroke-width="2.5"/>')
    standing = pieces_of(state)
    for cell, removed in sorted(marks.removed.items()):
        ghosts = removed if isinstance(removed, tuple) else (removed,)
        x, y = board.pos[cell]
        if cell in standing:  # the winner stands there: the loser small, on the side between
            # its legs (below) and pincers (above), away from the arrow that came in
            came_from_right = any(dst == cell and board.pos[src][0] > x
                                  for src, dst in marks.arrows)
            spots = [(x - 0.33 if came_from_right else x + 0.33, y, 0.55)]
        elif len(ghosts) > 1:  # both taken off one cell: side by side
            spots = [(x + (k - (len(ghosts) - 1) / 2) * 0.5, y, 0.72)
                     for k in range(len(ghosts))]
        else:
            spots = [(x, y, 1.0)]
        for piece, (gx, gy, scale) in zip(ghosts, spots, strict=False):
            out.append(_removed(canvas, game, (gx, gy), piece, board.names[cell], _,
                                scale=scale))
    drawn: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for src, dst in marks.arrows:
        start, end = _apart(board.pos[src], board.pos[dst], drawn)
        drawn.append((board.pos[src], board.pos[dst]))
        out.append(_arrow(canvas, start, end))
    occupied = state.occupied() | sum(1 << c for c in marks.removed)
    for cell in sorted(set(marks.targets)):
        x, y = board.pos[cell]
        cx, cy = canvas.xy(x + 0.36, y) if occupied >> cell & 1 else canvas.xy(x, y)
        out.append(f'<circle class="target" cx="{cx}" cy="{cy}" r="{_n(UNIT * 0.11)}" '
                   f'fill="{TARGET}" stroke="#fff" stroke-width="1.5">'
                   f'<title>{escape(board.names[cell])}</title></circle>')
    out += coords
    out.append("</svg>")
    return "\n".join(out)


@lru_cache(maxsize=512)
def _background(board: CompiledBoard, gaps: int, flip: bool = False
                ) -> tuple[_Canvas, str, tuple[str, ...], tuple[str, ...]]:
    """What a board looks like without its pieces, drawn once per board and gaps (the
    game server draws every position): the canvas, the opening tag, the background and
    links and cells, and the coordinate names drawn last."""
    # Numbered cells (draughts' 1-50) carry their numbers, the names the margins would give
    # being no part of the notation.
    labels = [] if board.numbers else margin_labels(board)
    canvas = _Canvas(board, [(x, y) for _, x, y in labels], flip)
    opening = (f'<svg xmlns="http://www.w3.org/2000/svg" class="board" '
               f'width="{_n(canvas.width)}" height="{_n(canvas.height)}" '
               f'viewBox="0 0 {_n(canvas.width)} {_n(canvas.height)}" role="img">')
    cells = [f'<rect width="{_n(canvas.width)}" height="{_n(canvas.height)}" fill="#fff"/>']
    inside = not labels
    if _links_not_obvious(board):
        for a in range(board.size):
            for b in board.neighbours[a]:
                if a < b:
                    (x1, y1), (x2, y2) = canvas.xy(*board.pos[a]), canvas.xy(*board.pos[b])
                    cells.append(f'<line class="link" x1="{x1}" y1="{y1}" x2="{x2}" '
                                 f'y2="{y2}" stroke="#8a7a5c" stroke-width="3"/>')
    for col, row in _other_colour_squares(board):
        lx, ly = canvas.corner(col, row)
        cells.append(f'<rect class="light" x="{lx}" y="{ly}" width="{UNIT}" height="{UNIT}" '
                     f'fill="#f3ead3" stroke="#8a7a5c" stroke-width="1"/>')
    for cell in range(board.size):
        cells.append(_cell(canvas, board, cell, gap=bool(gaps >> cell & 1), named=inside))
    coords = []
    for text, x, y in labels:
        cx, cy = canvas.xy(x, y)
        coords.append(f'<text class="coord" x="{cx}" y="{cy}" text-anchor="middle" '
                      f'dominant-baseline="central" font-family="sans-serif" font-size="13" '
                      f'fill="#555">{escape(text)}</text>')
    return canvas, opening, tuple(cells), tuple(coords)


@lru_cache(maxsize=64)  # the game server draws every position of a game
def _goal_edges(canvas: _Canvas, game: CompiledGame) -> tuple[str, ...]:
    """The board's sides a goal is about (``Goal.drawn_edges``), drawn along the cells'
    outer sides in the player's colour: a zone's edge is the outer sides every one of its
    cells has facing the same way (a corner cell's other outer sides belong to the other
    edge)."""
    board = game.board
    if board.shape not in ("hex", "square"):
        return ()
    taken = {(round(x, 3), round(y, 3)) for x, y in board.pos}  # where cells are
    lines = []
    for goal in game.goals:
        for side, masks in enumerate(goal.drawn_edges):
            colour = player_colour(game, side)
            for mask in masks:
                cells = [c for c in range(board.size) if mask >> c & 1]
                facing = set.intersection(*(set(_outer_sides(board, c, taken)) for c in cells)) \
                    if cells else set()
                for cell in cells:
                    for k in sorted(facing):
                        (x1, y1), (x2, y2) = _side_ends(board, cell, k)
                        a, b = canvas.xy(x1, y1), canvas.xy(x2, y2)
                        lines.append(f'<line class="edge" x1="{a[0]}" y1="{a[1]}" '
                                     f'x2="{b[0]}" y2="{b[1]}" stroke="{colour}" '
                                     f'stroke-width="6" stroke-linecap="round"/>')
    if lines:  # a light edge colour needs a dark rim to show on the pale board
        lines = [re.sub(r'stroke="[^"]*" stroke-width="6"', 'stroke="#111" stroke-width="8"',
                        line) for line in lines] + lines
    return tuple(lines)


@dataclass(frozen=True)
class DrawnZone:
    """One zone as the picture draws it: its cells for one player (``player`` -1: the same
    cells for every player), its colour and line, and how far inside the cells it runs
    (``layer``: zones sharing cells are drawn one inside the other)."""

    zone: str
    player: int
    cells: int
    colour: str
    dashed: bool
    layer: int


#: The colours of zones that are the same for every player (the players' are theirs).
SHARED_ZONE_COLOURS = ("#16a085", "#a0522d", "#c0398f", "#5d6d7e", "#b7950b", "#1abc9c")
#: How far inside its cells a zone's line runs (pixels), the outermost layer first.
ZONE_INSETS = (4.0, 9.0, 14.0)


def drawn_zones(game: CompiledGame, names: Iterable[str] | None = None) -> list[DrawnZone]:
    """The zones ``names`` (default: every zone of the file) as the picture draws them: a
    zone with one set of cells per player in each player's colour, solid (a player whose
    set is empty is left out), a zone the same for every player dashed in a colour of its
    own (``SHARED_ZONE_COLOURS``), and each one a layer further in than the zones drawn
    before it that share a cell with it."""
    found: list[DrawnZone] = []
    shared = 0
    for name in (game.zones if names is None else names):
        masks = game.zones[name]
        if len(set(masks)) == 1:
            parts = [(-1, masks[0])]
        else:
            parts = [(side, mask) for side, mask in enumerate(masks)]
        for side, mask in parts:
            if not mask:
                continue
            taken = {z.layer for z in found if z.cells & mask}
            layer = next(k for k in range(len(found) + 1) if k not in taken)
            if side < 0:
                colour, dashed = SHARED_ZONE_COLOURS[shared % len(SHARED_ZONE_COLOURS)], True
            else:
                colour, dashed = player_colour(game, side), False
            found.append(DrawnZone(name, side, mask, colour, dashed, layer))
        shared += parts[0][0] < 0
    return found


def zone_title(game: CompiledGame, zone: DrawnZone, _: Translate = untranslated) -> str:
    """What a zone's tooltip says: ``far row (white)``, ``throne``."""
    name = _(zone.zone).replace("_", " ")
    return name if zone.player < 0 else f"{name} ({_(game.players[zone.player])})"


@lru_cache(maxsize=64)  # the game server draws every position of a game
def _zone_lines(canvas: _Canvas, game: CompiledGame, names: tuple[str, ...],
                _: Translate = untranslated) -> tuple[str, ...]:
    """Each zone of ``names`` as a group of lines just inside the outline of its cells (on a
    board of circles, a ring round each cell), over a dark rim so that a light colour
    shows; no pointer events, so the cells under it still take clicks."""
    board = game.board
    out = []
    for zone in drawn_zones(game, names):
        inset = ZONE_INSETS[min(zone.layer, len(ZONE_INSETS) - 1)]
        cells = [c for c in range(board.size) if zone.cells >> c & 1]
        if board.shape in ("hex", "square"):
            inside = {(round(board.pos[c][0], 3), round(board.pos[c][1], 3)) for c in cells}
            segments = [_inset_side(canvas, board, inside, cell, k, inset)
                        for cell in cells for k in _zone_sides(board, inside, cell)]
            shapes = [f'<line x1="{a[0]}" y1="{a[1]}" x2="{b[0]}" y2="{b[1]}"/>'
                      for a, b in segments]
        else:
            shapes = []
            for cell in cells:
                cx, cy = canvas.xy(*board.pos[cell])
                shapes.append(f'<circle cx="{cx}" cy="{cy}" '
                              f'r="{_n(UNIT * 0.4 + 10 - inset)}" fill="none"/>')
        dash = ' stroke-dasharray="7 4"' if zone.dashed else ""
        title = escape(zone_title(game, zone, _))
        player = "" if zone.player < 0 else \
            f' data-player="{escape(game.players[zone.player])}"'
        body = "".join(shapes)
        out.append(f'<g class="zone" data-zone="{escape(zone.zone)}"{player} '
                   f'pointer-events="none" fill="none" stroke-linecap="round">'
                   f"<title>{title}</title>"
                   f'<g stroke="#111" stroke-width="5" opacity="0.55"{dash}>{body}</g>'
                   f'<g stroke="{zone.colour}" stroke-width="3"{dash}>{body}</g></g>')
    return tuple(out)


def _zone_sides(board: CompiledBoard, inside: set[tuple[float, float]], cell: int
                ) -> list[int]:
    """The sides of ``cell`` with no cell of the zone (``inside``: their centres) beyond
    them."""
    x, y = board.pos[cell]
    found = []
    for k in range(6 if board.shape == "hex" else 4):
        (x1, y1), (x2, y2) = _side_ends(board, cell, k)
        if (round(x1 + x2 - x, 3), round(y1 + y2 - y, 3)) not in inside:
            found.append(k)
    return found


def _inset_side(canvas: _Canvas, board: CompiledBoard, inside: set[tuple[float, float]],
                cell: int, k: int, inset: float) -> tuple[tuple[str, str], tuple[str, str]]:
    """Side ``k`` of ``cell`` moved ``inset`` pixels into the cell, its ends moved along it
    so that it meets the zone's next side at each corner (cut short at a corner the zone
    turns round, drawn on where it turns in)."""
    x, y = board.pos[cell]
    (x1, y1), (x2, y2) = _side_ends(board, cell, k)
    d = inset / UNIT
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    length = math.hypot(x - mx, y - my) or 1.0
    nx_, ny = (x - mx) / length, (y - my) / length  # towards the centre
    side = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / side, (y2 - y1) / side
    ends = []
    for (px, py), sign in (((x1, y1), 1), ((x2, y2), -1)):
        angle = _zone_angle(board, inside, (px, py))
        along = d / math.tan(math.radians(angle) / 2) if abs(angle - 180) > 1e-6 else 0.0
        ends.append(canvas.xy(px + nx_ * d + sign * ux * along,
                              py + ny * d + sign * uy * along))
    return ends[0], ends[1]


def _zone_angle(board: CompiledBoard, inside: set[tuple[float, float]],
                corner: tuple[float, float]) -> float:
    """The zone's angle at one corner of its cells, in degrees: what the cells of the zone
    that meet there (``inside``: their centres) cover of the turn round it (90 at a
    square's outer corner, 270 where an L turns in; two squares meeting at their corners
    alone are two outer corners). The cells that may meet at a corner are looked up by
    their centres: four squares round it, or three hexagons (pointy-top: their centres lie
    at 90, 210 and 330 degrees from it, or at 30, 150 and 270)."""
    x, y = corner
    if board.shape == "hex":
        r = 1 / math.sqrt(3)
        found = max(sum((round(x + r * math.cos(math.radians(a)), 3),
                         round(y + r * math.sin(math.radians(a)), 3)) in inside for a in angles)
                    for angles in ((90, 210, 330), (30, 150, 270)))
        return 120.0 * max(found, 1)
    around = [(dx, dy) for dx in (-0.5, 0.5) for dy in (-0.5, 0.5)
              if (round(x + dx, 3), round(y + dy, 3)) in inside]
    if len(around) == 2 and around[0][0] != around[1][0] and around[0][1] != around[1][1]:
        return 90.0  # diagonal neighbours: the zone turns round the corner in each
    return 90.0 * max(len(around), 1)


def _side_ends(board: CompiledBoard, cell: int, k: int) -> tuple[tuple[float, float], ...]:
    """The two corners of side ``k`` of a cell (hex: pointy-top, as ``_shape`` draws it)."""
    x, y = board.pos[cell]
    if board.shape == "hex":
        r = 1 / math.sqrt(3)
        return tuple((x + r * math.cos(math.radians(90 + 60 * j)),
                      y + r * math.sin(math.radians(90 + 60 * j))) for j in (k, (k + 1) % 6))
    corners = ((x + 0.5, y + 0.5), (x - 0.5, y + 0.5), (x - 0.5, y - 0.5), (x + 0.5, y - 0.5))
    return corners[k], corners[(k + 1) % 4]


def _outer_sides(board: CompiledBoard, cell: int, taken: set[tuple[float, float]]
                 ) -> list[int]:
    """The sides of a cell with no cell beyond them (``taken``: the cells' centres)."""
    found = []
    for k in range(6 if board.shape == "hex" else 4):
        (x1, y1), (x2, y2) = _side_ends(board, cell, k)
        x, y = board.pos[cell]
        beyond = (round(x1 + x2 - x, 3), round(y1 + y2 - y, 3))  # the centre mirrored
        if beyond not in taken:
            found.append(k)
    return found


def _links_not_obvious(board: CompiledBoard) -> bool:
    """Whether the drawing must show links: cells drawn apart (circles), or neighbours that
    do not touch in the picture (a custom board laid out in rings)."""
    if board.shape == "circle":
        return True
    if board.shape == "square":
        return False
    return any(math.dist(board.pos[a], board.pos[b]) > 1.01
               for a in range(board.size) for b in board.neighbours[a])


def _piles(canvas: _Canvas, state: State) -> list[str]:
    """A game that keeps a kind in piles (Kalah's seeds): each cell's number, written on
    it in large figures."""
    if not piled_kinds(state.game):
        return []
    board = state.game.board
    found = []
    for cell in range(board.size):
        n = pile_numbers(state, cell)
        cx, cy = canvas.xy(*board.pos[cell])
        found.append(f'<text class="pile" data-cell="{escape(board.names[cell])}" x="{cx}" '
                     f'y="{cy}" text-anchor="middle" dominant-baseline="central" '
                     f'font-family="sans-serif" font-size="{_n(UNIT * 0.36)}" '
                     f'fill="{"#3a2f1d" if n else "#b3a27f"}">{n}</text>')
    return found


def _cell(canvas: _Canvas, board: CompiledBoard, cell: int, *, gap: bool, named: bool) -> str:
    x, y = board.pos[cell]
    fill = "#6b6b6b" if gap else board.colour or (
        "#e9dcc0" if board.shape != "square" or (round(x) + round(y)) % 2 else "#dccaa3")
    name = escape(board.names[cell])
    shape = _shape(canvas, board, cell, fill)
    text = ""
    if named and board.numbers:  # in the top left corner, beside the piece
        cx, cy = canvas.xy(x, y)
        cx, cy = _n(float(cx) - 0.46 * UNIT), _n(float(cy) - 0.3 * UNIT)
        text = (f'<text class="number" x="{cx}" y="{cy}" font-family="sans-serif" '
                f'font-size="9" fill="#6b5a3a">{escape(board.numbers[cell])}</text>')
    elif named:
        cx, cy = canvas.xy(x, y)
        cy = _n(float(cy) + 0.32 * UNIT)  # below the centre, whichever way the board turns
        text = (f'<text x="{cx}" y="{cy}" text-anchor="middle" font-family="sans-serif" '
                f'font-size="9" fill="#7a6a4c">{name}</text>')
    return f'<g class="cell" data-cell="{name}">{shape}{text}</g>'


def _shape(canvas: _Canvas, board: CompiledBoard, cell: int, fill: str) -> str:
    """The outline of one cell, filled."""
    x, y = board.pos[cell]
    if board.shape == "hex":
        radius = 1 / math.sqrt(3)  # pointy-top hexagon whose flats touch its neighbours
        corners = [canvas.xy(x + radius * math.cos(math.radians(90 + 60 * k)),
                             y + radius * math.sin(math.radians(90 + 60 * k)))
                   for k in range(6)]
        shape = (f'<polygon points="{" ".join(f"{a},{b}" for a, b in corners)}" '
                 f'fill="{fill}" stroke="#8a7a5c" stroke-width="1.5"/>')
    elif board.shape == "square":
        cx, cy = canvas.corner(x, y)
        shape = (f'<rect x="{cx}" y="{cy}" width="{UNIT}" height="{UNIT}" fill="{fill}" '
                 f'stroke="#8a7a5c" stroke-width="1"/>')
    else:
        cx, cy = canvas.xy(x, y)
        shape = (f'<circle cx="{cx}" cy="{cy}" r="{_n(UNIT * 0.4)}" fill="{fill}" '
                 f'stroke="#8a7a5c" stroke-width="1.5"/>')
    return shape


def _apart(start: tuple[float, float], end: tuple[float, float],
           drawn: list[tuple[tuple[float, float], tuple[float, float]]]
           ) -> tuple[tuple[float, float], tuple[float, float]]:
    """An arrow moved a little aside when it runs along one already drawn (castling: the
    king's and the rook's moves on one row), so that each move shows."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    nx_, ny = -(y1 - y0) / length, (x1 - x0) / length  # the arrow's normal

    def along(point: tuple[float, float]) -> bool:  # on this arrow's line
        return abs((point[0] - x0) * nx_ + (point[1] - y0) * ny) < 1e-6
    shared = sum(1 for a, b in drawn if along(a) and along(b))
    if not shared:
        return start, end
    shift = 0.16 * shared * (1 if x1 - x0 + y1 - y0 >= 0 else -1)
    return (x0 + nx_ * shift, y0 + ny * shift), (x1 + nx_ * shift, y1 + ny * shift)


def _arrow(canvas: _Canvas, start: tuple[float, float], end: tuple[float, float]) -> str:
    """A move: from the centre of its (now empty) origin to the edge of its target."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * 0.3, y1 - uy * 0.3)
    base = (tip[0] - ux * 0.22, tip[1] - uy * 0.22)
    wing = 0.11
    head = [tip, (base[0] - uy * wing, base[1] + ux * wing),
            (base[0] + uy * wing, base[1] - ux * wing)]
    (ax, ay), (bx, by) = canvas.xy(x0, y0), canvas.xy(*base)
    points = " ".join(",".join(canvas.xy(*p)) for p in head)
    return (f'<g class="arrow"><circle cx="{ax}" cy="{ay}" r="4" fill="{ARROW}"/>'
            f'<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="{ARROW}" '
            f'stroke-width="4" stroke-linecap="round"/>'
            f'<polygon points="{points}" fill="{ARROW}"/></g>')


def _piece(canvas: _Canvas, game: CompiledGame, pos: tuple[float, float], piece: Piece,
           name: str, _: Translate, css: str = "piece", scale: float = 1.0) -> str:
    fill = player_colour(game, piece.side)
    ink = _ink(fill)
    cx, cy = canvas.xy(*pos)
    radius = UNIT * 0.3 * scale
    parts = [f'<g class="{css}" data-cell="{escape(name)}">',
             f"<title>{escape(_piece_title(game, piece, name, _))}</title>"]
    for index, (_attribute, count) in enumerate(piece.attrs[:2]):
        parts += _limbs(float(cx), float(cy), radius, count, upper=index == 1, colour=fill)
    if piece.below:  # a stack: the pieces beneath peek out below the top, lowest last
        shown = piece.below[:3]
        for depth in range(len(shown), 0, -1):
            side, _kind = shown[depth - 1]
            parts.append(f'<circle cx="{cx}" cy="{_n(float(cy) + depth * radius * 0.3)}" '
                         f'r="{_n(radius)}" fill="{player_colour(game, side)}" '
                         f'stroke="#111" stroke-width="1.5"/>')
    if not game.spec.pieces[piece.kind].disc:  # the glyph alone, large, in the colour
        size = _n(radius * 2.4)
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="{_n(radius)}" fill="none" '
                     f'pointer-events="all"/>'
                     f'<text class="glyph" x="{cx}" y="{cy}" text-anchor="middle" '
                     f'dominant-baseline="central" font-family="DejaVu Sans, sans-serif" '
                     f'font-size="{size}" font-weight="bold" fill="{fill}" stroke="#111" '
                     f'stroke-width="1.5">{escape(_glyph(game, piece))}</text></g>')
        return "".join(parts)
    parts.append(f'<circle cx="{cx}" cy="{cy}" r="{_n(radius)}" fill="{fill}" '
                 f'stroke="#111" stroke-width="1.5"/>')
    if piece.attrs:
        counts = "·".join(str(count) for _attribute, count in piece.attrs)
        size = _n(12 * max(scale, 0.8))
        parts.append(f'<text x="{cx}" y="{cy}" text-anchor="middle" dominant-baseline="central" '
                     f'font-family="sans-serif" font-size="{size}" font-weight="bold" '
                     f'fill="{ink}">{counts}</text>')
    elif glyph := _glyph(game, piece):
        size = _n(radius * 1.6)
        parts.append(f'<text class="glyph" x="{cx}" y="{cy}" text-anchor="middle" '
                     f'dominant-baseline="central" font-family="DejaVu Sans, sans-serif" '
                     f'font-size="{size}" font-weight="bold" fill="{ink}">{escape(glyph)}</text>')
    if piece.below:  # the stack's height, on a badge at the top right
        bx, by = float(cx) + radius * 0.9, float(cy) - radius * 0.9
        parts.append(f'<circle cx="{_n(bx)}" cy="{_n(by)}" r="{_n(radius * 0.5)}" '
                     f'fill="#fff" stroke="#111" stroke-width="1"/>'
                     f'<text class="height" x="{_n(bx)}" y="{_n(by)}" text-anchor="middle" '
                     f'dominant-baseline="central" font-family="sans-serif" '
                     f'font-size="{_n(radius * 0.7)}" font-weight="bold" fill="#111">'
                     f'{len(piece.below) + 1}</text>')
    parts.append("</g>")
    return "".join(parts)


def _limbs(cx: float, cy: float, radius: float, count: int, *, upper: bool,
           colour: str) -> list[str]:
    """``count`` limbs spread over the lower arc (legs) or the upper arc (pincers)."""
    shapes = []
    for k in range(count):
        angle = math.radians((-150 if upper else 30) + 120 * (k + 0.5) / max(count, 1))
        x0, y0 = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        x1, y1 = cx + radius * 1.45 * math.cos(angle), cy + radius * 1.45 * math.sin(angle)
        shapes.append(f'<line x1="{_n(x0)}" y1="{_n(y0)}" x2="{_n(x1)}" y2="{_n(y1)}" '
                      f'stroke="#111" stroke-width="{4 if upper else 2.5}" '
                      f'stroke-linecap="round"/>')
        if upper:  # a pincer: a small fork at the end
            shapes.append(f'<circle cx="{_n(x1)}" cy="{_n(y1)}" r="3" fill="{colour}" '
                          f'stroke="#111" stroke-width="1.5"/>')
    return shapes


def _glyph(game: CompiledGame, piece: Piece) -> str:
    """What is drawn on a piece so that kinds tell apart: its kind's ``glyph``, else, when
    the game has several kinds, its symbol for its owner."""
    spec = game.spec.pieces[piece.kind]
    player = game.players[piece.side]
    if player in spec.glyphs:
        return spec.glyphs[player]
    if spec.glyph is not None:
        return spec.glyph
    if len(game.piece_kinds) < 2:
        return ""
    return spec.symbols.get(game.players[piece.side], "")


def _piece_title(game: CompiledGame, piece: Piece, name: str, _: Translate) -> str:
    attrs = "".join(f", {_(a)} {n}" for a, n in piece.attrs)
    beneath = "".join(f", {_(kind)} ({_(game.players[side])})" for side, kind in piece.below)
    return f"{name}: {_(piece.kind)} ({_(game.players[piece.side])}){attrs}{beneath}"


def _removed(canvas: _Canvas, game: CompiledGame, pos: tuple[float, float], piece: Piece,
             name: str, _: Translate, *, scale: float = 1.0) -> str:
    """A removed piece, faded where it was removed, its numbers readable, and a small red
    cross beside it (not over it)."""
    x, y = pos
    ghost = _piece(canvas, game, (x, y), piece, name, _, css="removed", scale=scale)
    cx, cy = (float(v) for v in canvas.xy(x - 0.27 * scale, y + 0.27 * scale))
    d = UNIT * 0.08
    cross = "".join(f'<line x1="{_n(cx - d)}" y1="{_n(cy + s * d)}" x2="{_n(cx + d)}" '
                    f'y2="{_n(cy - s * d)}" stroke="{REMOVED}" stroke-width="3" '
                    f'stroke-linecap="round"/>' for s in (-1, 1))
    return ghost.replace('<g class="removed"', '<g class="removed" opacity="0.45"', 1) \
        + f'<g class="removed-mark">{cross}</g>'


def legend_swatch(kind: str, colour: str = "", *, glyph: str = "", dashed: bool = False
                  ) -> str:
    """A small picture of one mark (``MARKS``) or, with ``kind="piece"``, of a piece in
    ``colour`` (drawn as its ``glyph`` alone when it has one), or with ``kind="pile"`` the
    number a cell's pile is drawn with, or with ``kind="zone"`` the line a zone is drawn
    with in ``colour`` (``dashed``: a zone the same for every player), for the rulebook's
    legend."""
    size = 28
    c = size / 2
    dash = ' stroke-dasharray="7 4"' if dashed else ""
    body = {
        "piece": f'<text x="{c}" y="{c}" text-anchor="middle" dominant-baseline="central" '
                 f'font-family="DejaVu Sans, sans-serif" font-size="22" font-weight="bold" '
                 f'fill="{colour}" stroke="#111" stroke-width="1.2">{escape(glyph)}</text>'
                 if glyph else
                 f'<circle cx="{c}" cy="{c}" r="9" fill="{colour}" stroke="#111" '
                 f'stroke-width="1.5"/>',
        "highlight": f'<rect x="3" y="3" width="22" height="22" fill="{HIGHLIGHT}" '
                     f'stroke="#8a7a5c"/>',
        "arrow": f'<circle cx="4" cy="{c}" r="3" fill="{ARROW}"/><line x1="4" y1="{c}" '
                 f'x2="18" y2="{c}" stroke="{ARROW}" stroke-width="4"/><polygon '
                 f'points="26,{c} 17,{c - 6} 17,{c + 6}" fill="{ARROW}"/>',
        "target": f'<circle cx="{c}" cy="{c}" r="5" fill="{TARGET}"/>',
        "pile": f'<text x="{c}" y="{c}" text-anchor="middle" dominant-baseline="central" '
                f'font-family="sans-serif" font-size="16" fill="#3a2f1d">4</text>',
        "removed": f'<circle cx="{c + 3}" cy="{c + 3}" r="9" fill="#999" stroke="#111" '
                   f'opacity="0.45"/><line x1="2" y1="2" x2="10" y2="10" stroke="{REMOVED}" '
                   f'stroke-width="3"/><line x1="10" y1="2" x2="2" y2="10" '
                   f'stroke="{REMOVED}" stroke-width="3"/>',
        "converted": f'<circle cx="{c}" cy="{c}" r="11" fill="none" stroke="{CONVERTED}" '
                     f'stroke-width="2.5"/><circle cx="{c}" cy="{c}" r="7" fill="#999"/>',
        "zone": '<rect x="2" y="2" width="24" height="24" fill="#e9dcc0" stroke="#8a7a5c"/>'
                + "".join(f'<rect x="6" y="6" width="16" height="16" fill="none" '
                          f'stroke="{ink}" stroke-width="{width}"{dash}/>'
                          for ink, width in (("#111", 5), (colour, 3))),
    }[kind]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="swatch" data-mark="{kind}" '
            f'width="{size}" height="{size}" viewBox="0 0 {size} {size}" aria-hidden="true">'
            f"{body}</svg>")


def pieces_swatch(pieces: list[tuple[str, str]]) -> str:
    """One piece picture per ``(colour, glyph)``, side by side (a rulebook's components:
    the white king beside the black one), each drawn as ``legend_swatch`` draws it."""
    size = 28
    inner = [legend_swatch("piece", colour, glyph=glyph) for colour, glyph in pieces]
    bodies = "".join(
        f'<g transform="translate({size * i} 0)">'
        + svg.split(">", 1)[1].rsplit("</svg>", 1)[0] + "</g>" for i, svg in enumerate(inner))
    width = size * max(len(pieces), 1)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="swatch" data-mark="piece" '
            f'width="{width}" height="{size}" viewBox="0 0 {width} {size}" '
            f'aria-hidden="true">{bodies}</svg>')


def margin_labels(board: CompiledBoard) -> list[tuple[str, float, float]]:
    """Coordinate names around the board, as (text, x, y) in board units; empty when the
    cell names have no row/column structure (then each cell is labelled inside, by its
    name)."""
    parts = [NAME.match(n) for n in board.names]
    if not all(parts) or not board.rows:
        return []
    split = [(m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
             for m in parts if m]
    # Names are coordinates when one part names each row, a different name for each (a
    # ring's c0…c15 share their letter on every row: names, not coordinates).
    for row_part in (0, 1):
        if all(len({split[c][row_part] for c in row}) == 1 for row in board.rows) and \
                len({split[row[0]][row_part] for row in board.rows}) == len(board.rows):
            break
    else:
        return []
    rows = [list(row) for row in board.rows]
    columns: dict[str, list[int]] = {}
    for cell in range(board.size):
        columns.setdefault(split[cell][1 - row_part], []).append(cell)
    labels = [(split[row[0]][row_part], *_beyond(board, row, first=True, default=(-1, 0)))
              for row in rows]
    for text, cells in columns.items():
        cells.sort(key=lambda c: (board.pos[c][1], board.pos[c][0]))
        labels.append((text, *_beyond(board, cells, first=True, default=(0, -1))))
    if board.shape == "square":  # beside the whole board, not in a square a row skips
        left = min(x for x, _ in board.pos) - 0.85
        bottom = min(y for _, y in board.pos) - 0.85
        straight = [len({board.pos[c][1] for c in row}) == 1 for row in rows] + \
            [len({board.pos[c][0] for c in cells}) == 1 for cells in columns.values()]
        labels = [(text, left, y) if k < len(rows) and along else
                  (text, x, bottom) if k >= len(rows) and along else (text, x, y)
                  for k, ((text, x, y), along) in enumerate(zip(labels, straight,
                                                                strict=True))]
    return sorted(labels, key=lambda t: (t[2], t[1], t[0]))


def _other_colour_squares(board: CompiledBoard) -> list[tuple[int, int]]:
    """A square board played on one colour of a checkered grid (draughts): the squares of
    the other colour, which have no cell, drawn so that the board looks as it is."""
    if board.shape != "square" or not board.size:
        return []
    spots = {(round(x), round(y)) for x, y in board.pos}
    if len({(x + y) % 2 for x, y in spots}) != 1:
        return []
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    missing = [(x, y) for y in range(min(ys), max(ys) + 1)
               for x in range(min(xs), max(xs) + 1) if (x, y) not in spots]
    parity = (xs[0] + ys[0]) % 2
    if not missing or any((x + y) % 2 == parity for x, y in missing):
        return []
    return missing


def _beyond(board: CompiledBoard, line: Iterable[int], *, first: bool,
            default: tuple[float, float]) -> tuple[float, float]:
    """One step past the end of a line of cells (ordered), continuing its direction."""
    cells = list(line)
    end = cells[0] if first else cells[-1]
    x, y = board.pos[end]
    if len(cells) > 1:
        nx_, ny = board.pos[cells[1] if first else cells[-2]]
        dx, dy = x - nx_, y - ny
        length = math.hypot(dx, dy) or 1.0
        return x + dx / length * 0.85, y + dy / length * 0.85
    return x + default[0] * 0.85, y + default[1] * 0.85
