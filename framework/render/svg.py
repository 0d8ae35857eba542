"""Positions as SVG, drawn to scale from the compiled board.

Cells are drawn from their ``pos`` coordinates (one unit between neighbours) in the board's
``shape``: hexagons, squares or circles, so a custom board comes out as its coordinates say.
Cell names go on the margins the way the notation uses them (rows on the left, the other
coordinate below) when every name is letters-and-digits with one part shared along a row;
otherwise each cell carries its own name. A piece is a disc in its owner's colour with its
attribute counts (Adaptoid: legs drawn below, pincers above, and the numbers inside).

The marks of a rulebook picture: the piece that moves ringed in yellow, legal targets as blue
dots (a dashed blue ring round a piece that can be attacked), removed pieces drawn faintly
and crossed out in red (as on the rule pages). Output is deterministic (fixed rounding, cells
in id order) so generated rulebooks can be compared byte for byte.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING

from framework.plugins import Translate, untranslated

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
HIGHLIGHT = "#f4c20d"
TARGET = "#1f6fd6"
REMOVED = "#d62020"
NAME = re.compile(r"^([A-Za-z]+)(\d+)$|^(\d+)([A-Za-z]+)$")


@dataclass(frozen=True)
class Piece:
    """What the picture needs of a piece: its owner's seat, kind and attribute counts."""

    side: int
    kind: str
    attrs: tuple[tuple[str, int], ...] = ()


@dataclass
class Marks:
    """The rulebook marks on a diagram (all cell ids)."""

    highlight: int = -1
    targets: Collection[int] = ()
    removed: Mapping[int, Piece] = field(default_factory=dict)


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
        found[cell] = Piece(side, kind, attrs)
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

    def __init__(self, board: CompiledBoard, extra: list[tuple[float, float]]) -> None:
        points = [*board.pos, *extra]
        self.left = min(x for x, _ in points) - MARGIN
        self.top = max(y for _, y in points) + MARGIN
        self.width = (max(x for x, _ in points) + MARGIN - self.left) * UNIT
        self.height = (self.top - min(y for _, y in points) + MARGIN) * UNIT

    def xy(self, x: float, y: float) -> tuple[str, str]:
        return _n((x - self.left) * UNIT), _n((self.top - y) * UNIT)


def board_svg(state: State, marks: Marks | None = None, title: str = "",
              _: Translate = untranslated) -> str:
    """The position as a standalone ``<svg>`` element (``_`` translates the names of
    players, pieces and attributes in the tooltips)."""
    game = state.game
    board = game.board
    marks = marks or Marks()
    canvas, opening, cells, coords = _background(board, state.gaps)
    out = [opening]
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out += cells
    for cell, piece in sorted(pieces_of(state).items()):
        out.append(_piece(canvas, game, board.pos[cell], piece, board.names[cell], _))
    if marks.highlight >= 0:
        cx, cy = canvas.xy(*board.pos[marks.highlight])
        out.append(f'<circle class="highlight" cx="{cx}" cy="{cy}" r="{_n(UNIT * 0.4)}" '
                   f'fill="none" stroke="{HIGHLIGHT}" stroke-width="4"/>')
    for cell, piece in sorted(marks.removed.items()):
        out.append(_removed(canvas, game, board.pos[cell], piece, board.names[cell], _))
    occupied = state.occupied()
    for cell in sorted(set(marks.targets)):
        cx, cy = canvas.xy(*board.pos[cell])
        look = (f'r="{_n(UNIT * 0.43)}" fill="none" stroke="{TARGET}" stroke-width="3" '
                f'stroke-dasharray="5 3"' if occupied >> cell & 1 else  # a piece to attack
                f'r="{_n(UNIT * 0.12)}" fill="{TARGET}"')
        out.append(f'<circle class="target" cx="{cx}" cy="{cy}" {look}>'
                   f'<title>{escape(board.names[cell])}</title></circle>')
    out += coords
    out.append("</svg>")
    return "\n".join(out)


@lru_cache(maxsize=512)
def _background(board: CompiledBoard, gaps: int
                ) -> tuple[_Canvas, str, tuple[str, ...], tuple[str, ...]]:
    """What a board looks like without its pieces, drawn once per board and gaps (the
    game server draws every position): the canvas, the opening tag, the background and
    links and cells, and the coordinate names drawn last."""
    labels = margin_labels(board)
    canvas = _Canvas(board, [(x, y) for _, x, y in labels])
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
    for cell in range(board.size):
        cells.append(_cell(canvas, board, cell, gap=bool(gaps >> cell & 1), named=inside))
    coords = []
    for text, x, y in labels:
        cx, cy = canvas.xy(x, y)
        coords.append(f'<text class="coord" x="{cx}" y="{cy}" text-anchor="middle" '
                      f'dominant-baseline="central" font-family="sans-serif" font-size="13" '
                      f'fill="#555">{escape(text)}</text>')
    return canvas, opening, tuple(cells), tuple(coords)


def _links_not_obvious(board: CompiledBoard) -> bool:
    """Whether the drawing must show links: cells drawn apart (circles), or neighbours that
    do not touch in the picture (a custom board laid out in rings)."""
    if board.shape == "circle":
        return True
    if board.shape == "square":
        return False
    return any(math.dist(board.pos[a], board.pos[b]) > 1.01
               for a in range(board.size) for b in board.neighbours[a])


def _cell(canvas: _Canvas, board: CompiledBoard, cell: int, *, gap: bool, named: bool) -> str:
    x, y = board.pos[cell]
    fill = "#6b6b6b" if gap else ("#e9dcc0" if board.shape != "square" or
                                  (round(x) + round(y)) % 2 else "#dccaa3")
    name = escape(board.names[cell])
    if board.shape == "hex":
        radius = 1 / math.sqrt(3)  # pointy-top hexagon whose flats touch its neighbours
        corners = [canvas.xy(x + radius * math.cos(math.radians(90 + 60 * k)),
                             y + radius * math.sin(math.radians(90 + 60 * k)))
                   for k in range(6)]
        shape = (f'<polygon points="{" ".join(f"{a},{b}" for a, b in corners)}" '
                 f'fill="{fill}" stroke="#8a7a5c" stroke-width="1.5"/>')
    elif board.shape == "square":
        cx, cy = canvas.xy(x - 0.5, y + 0.5)
        shape = (f'<rect x="{cx}" y="{cy}" width="{UNIT}" height="{UNIT}" fill="{fill}" '
                 f'stroke="#8a7a5c" stroke-width="1"/>')
    else:
        cx, cy = canvas.xy(x, y)
        shape = (f'<circle cx="{cx}" cy="{cy}" r="{_n(UNIT * 0.4)}" fill="{fill}" '
                 f'stroke="#8a7a5c" stroke-width="1.5"/>')
    text = ""
    if named:
        cx, cy = canvas.xy(x, y - 0.32)
        text = (f'<text x="{cx}" y="{cy}" text-anchor="middle" font-family="sans-serif" '
                f'font-size="9" fill="#7a6a4c">{name}</text>')
    return f'<g class="cell" data-cell="{name}">{shape}{text}</g>'


def _piece(canvas: _Canvas, game: CompiledGame, pos: tuple[float, float], piece: Piece,
           name: str, _: Translate, css: str = "piece") -> str:
    fill = player_colour(game, piece.side)
    ink = _ink(fill)
    cx, cy = canvas.xy(*pos)
    radius = UNIT * 0.3
    parts = [f'<g class="{css}" data-cell="{escape(name)}">',
             f"<title>{escape(_piece_title(game, piece, name, _))}</title>"]
    for index, (_attribute, count) in enumerate(piece.attrs[:2]):
        parts += _limbs(float(cx), float(cy), radius, count, upper=index == 1, colour=fill)
    parts.append(f'<circle cx="{cx}" cy="{cy}" r="{_n(radius)}" fill="{fill}" '
                 f'stroke="#111" stroke-width="1.5"/>')
    if piece.attrs:
        counts = "·".join(str(count) for _attribute, count in piece.attrs)
        parts.append(f'<text x="{cx}" y="{cy}" text-anchor="middle" dominant-baseline="central" '
                     f'font-family="sans-serif" font-size="12" font-weight="bold" '
                     f'fill="{ink}">{counts}</text>')
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


def _piece_title(game: CompiledGame, piece: Piece, name: str, _: Translate) -> str:
    attrs = "".join(f", {_(a)} {n}" for a, n in piece.attrs)
    return f"{name}: {_(piece.kind)} ({_(game.players[piece.side])}){attrs}"


def _removed(canvas: _Canvas, game: CompiledGame, pos: tuple[float, float], piece: Piece,
             name: str, _: Translate) -> str:
    ghost = _piece(canvas, game, pos, piece, name, _, css="removed")
    cx, cy = (float(v) for v in canvas.xy(*pos))
    d = UNIT * 0.33
    cross = "".join(f'<line x1="{_n(cx - d)}" y1="{_n(cy + s * d)}" x2="{_n(cx + d)}" '
                    f'y2="{_n(cy - s * d)}" stroke="{REMOVED}" stroke-width="4" '
                    f'stroke-linecap="round"/>' for s in (-1, 1))
    return ghost.replace('<g class="removed"', '<g class="removed" opacity="0.8"', 1)[:-4] \
        + cross + "</g>"


def margin_labels(board: CompiledBoard) -> list[tuple[str, float, float]]:
    """Coordinate names around the board, as (text, x, y) in board units; empty when the
    cell names have no row/column structure (then each cell is labelled inside)."""
    parts = [NAME.match(n) for n in board.names]
    if not all(parts) or not board.rows:
        return []
    split = [(m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
             for m in parts if m]
    for row_part in (0, 1):
        if all(len({split[c][row_part] for c in row}) == 1 for row in board.rows):
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
    return sorted(labels, key=lambda t: (t[2], t[1], t[0]))


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
