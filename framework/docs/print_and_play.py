"""Print-and-play: a game to print, cut out and play at the table (``boardspec docs FILE
--format pdf --print-and-play``).

One PDF (laid out by WeasyPrint, as the rulebooks are) with

- the board at full size, :data:`CELL_MM` millimetres from one cell's centre to the next,
  tiled over as many pages (A4 or Letter) as it needs: each part framed by crop marks at
  its corners and named by its row and column of parts, to be cut along the frame and
  joined;
- a sheet of pieces to cut out: each player's pieces of each kind in the player's colour,
  as many as the game starts with (a game of placements: enough to fill the board, up to
  :data:`MAX_PIECES` a player);
- the rules: the rulebook's sections from the components to the end of the game (its
  notation and examples left out), in two columns.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from framework.render.svg import UNIT, board_svg, legend_swatch, player_colour

if TYPE_CHECKING:
    from framework.engine.state import State
    from framework.game import Game
    from framework.plugins import Translate

#: Millimetres between the centres of neighbouring cells on the printed board.
CELL_MM = 25.0
#: The diameter of a printed piece, in millimetres.
PIECE_MM = 20.0
#: The most pieces of one kind printed for one player.
MAX_PIECES = 60
#: Paper sizes (width, height in mm) and the margin every page keeps.
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAGE_MARGIN_MM = 12.0
#: The length of a crop mark, outside each corner of a part of the board.
MARK_MM = 5.0
#: Room below a part for its caption.
CAPTION_MM = 8.0


@dataclass(frozen=True)
class Tile:
    row: int
    column: int
    x: float  # the part of the board's picture, in its own units (pixels)
    y: float
    width: float
    height: float


def board_tiles(width: float, height: float, paper: str) -> list[Tile]:
    """The parts a board picture of ``width`` × ``height`` pixels is cut into so that each,
    at full size with its crop marks and caption, fits a page of ``paper``."""
    page_w, page_h = PAPERS[paper]
    scale = CELL_MM / UNIT  # mm per pixel
    usable_w = (page_w - 2 * PAGE_MARGIN_MM - 2 * MARK_MM) / scale
    usable_h = (page_h - 2 * PAGE_MARGIN_MM - 2 * MARK_MM - CAPTION_MM) / scale
    columns, rows = math.ceil(width / usable_w), math.ceil(height / usable_h)
    tile_w, tile_h = width / columns, height / rows
    return [Tile(r, c, c * tile_w, r * tile_h, tile_w, tile_h)
            for r in range(rows) for c in range(columns)]


def _empty(game: Game) -> State:
    """The start with no piece on the board: the board alone."""
    state = game.new_initial_state()
    state.owner = [0] * len(state.owner)
    state.kinds = [0] * len(state.kinds)
    return state


def _tile_svg(inner: str, tile: Tile) -> str:
    """One part of the board at full size, framed by crop marks at its corners."""
    scale = CELL_MM / UNIT
    w, h, m = tile.width * scale, tile.height * scale, MARK_MM
    marks = []
    for cx, cy in ((m, m), (m + w, m), (m, m + h), (m + w, m + h)):
        dx = -1 if cx == m else 1
        dy = -1 if cy == m else 1
        marks.append(f'<line x1="{cx}" y1="{cy}" x2="{cx + dx * m}" y2="{cy}" '
                     'stroke="#000" stroke-width="0.2"/>')
        marks.append(f'<line x1="{cx}" y1="{cy}" x2="{cx}" y2="{cy + dy * m}" '
                     'stroke="#000" stroke-width="0.2"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="tile" width="{w + 2 * m:.2f}mm" '
            f'height="{h + 2 * m:.2f}mm" viewBox="0 0 {w + 2 * m:.3f} {h + 2 * m:.3f}">'
            f'<svg x="{m}" y="{m}" width="{w:.3f}" height="{h:.3f}" '
            f'viewBox="{tile.x:.3f} {tile.y:.3f} {tile.width:.3f} {tile.height:.3f}">'
            f"{inner}</svg>"
            f'<rect x="{m}" y="{m}" width="{w:.3f}" height="{h:.3f}" fill="none" '
            f'stroke="#999" stroke-width="0.2" stroke-dasharray="1 1"/>{"".join(marks)}'
            "</svg>")


def _board_pages(game: Game, paper: str, _: Translate) -> list[str]:
    svg = board_svg(_empty(game), _=_, zones=True)  # the zones printed on the board
    width = float(re.search(r'width="([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
    height = float(re.search(r'height="([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
    inner = svg.split(">", 1)[1].rsplit("</svg>", 1)[0]
    tiles = board_tiles(width, height, paper)
    rows, columns = tiles[-1].row + 1, tiles[-1].column + 1
    pages = []
    for tile in tiles:
        caption = _("The board at full size") if len(tiles) == 1 else _(
            "The board, part {row}–{column} of {rows}×{columns}: cut along the frame and "
            "join the parts edge to edge").format(row=tile.row + 1, column=tile.column + 1,
                                                  rows=rows, columns=columns)
        pages.append(f'<section class="sheet">{_tile_svg(inner, tile)}'
                     f'<p class="caption">{caption}</p></section>')
    return pages


def piece_counts(game: Game) -> list[tuple[str, int, int]]:
    """(kind, side, how many to print) for each kind and player: as many as the start has,
    or (a game of placements, none at the start) enough to fill the board, at most
    :data:`MAX_PIECES`."""
    state = game.new_initial_state()
    at_start: Counter[tuple[int, int]] = Counter()
    for cell in range(game.board.size):
        side = state.owner_of(cell)
        if side >= 0:
            at_start[state.kind_of(cell), side] += 1
    sides = len(game.players)
    fill = min(MAX_PIECES, math.ceil(game.board.size / sides))
    counts = []
    for k, kind in enumerate(game.piece_kinds):
        started = [at_start[k, side] for side in range(sides)]
        for side in range(sides):
            if any(started):
                if started[side]:
                    counts.append((kind, side, started[side]))
            elif k == 0:  # the first kind is the one placed
                counts.append((kind, side, fill))
    return counts


def _pieces_page(game: Game, _: Translate) -> str:
    size = f"{PIECE_MM}mm"
    groups = []
    for kind, side, count in piece_counts(game):
        piece = game.spec.pieces[kind]
        glyph = piece.glyphs.get(game.players[side]) or piece.glyph or ""
        disc = legend_swatch("piece", player_colour(game, side), glyph=glyph)
        disc = re.sub(r'width="\d+" height="\d+"', f'width="{size}" height="{size}"', disc,
                      count=1)
        label = _("{total}, for {player}").format(total=f"{count} × {_(kind)}",
                                                  player=_(game.players[side]))
        groups.append(f'<div class="group"><p>{label}</p>{disc * count}</div>')
    return (f'<section class="sheet pieces"><h2>{_("Pieces to cut out")}</h2>'
            f"{''.join(groups)}</section>")


def _rules(game: Game, lang: str, stem: str) -> str:
    """The rulebook's rules: from its components to the end of the game."""
    from framework.docs.rulebook import render_rulebook

    html = render_rulebook(game, lang, "html", stem)[0]
    start = html.find('<section class="components">')
    ends = [i for i in (html.find('<h2 id="notation"'), html.find('<h2 id="examples"'),
                        html.find('<section class="credits">')) if i > start]
    body = html[start:min(ends)] if start >= 0 and ends else ""
    return f'<section class="rules"><h1>{game.spec.name}</h1>{body}</section>'


def print_and_play_html(game: Game, lang: str, stem: str, paper: str = "a4") -> str:
    """The whole print-and-play document as HTML, for WeasyPrint."""
    from framework.i18n import game_translations

    _ = game_translations(lang, stem).gettext
    width, height = PAPERS[paper]
    style = f"""
@page {{ size: {width}mm {height}mm; margin: {PAGE_MARGIN_MM}mm; }}
body {{ font-family: sans-serif; font-size: 9pt; color: #222; }}
.sheet {{ page-break-after: always; text-align: center; }}
.caption {{ font-size: 8pt; color: #555; margin: 1mm 0 0; }}
.pieces {{ text-align: left; }}
.pieces .group {{ display: inline-block; vertical-align: top; margin: 0 4mm 3mm 0; }}
.pieces .group p {{ margin: 0 0 1mm; }}
.pieces svg {{ margin: 0.6mm; }}
.rules {{ column-count: 2; column-gap: 6mm; }}
.rules h1 {{ column-span: all; font-size: 14pt; }}
.rules h2 {{ font-size: 11pt; margin: 3mm 0 1mm; }}
.rules img, .rules svg {{ max-width: 100%; height: auto; }}
"""
    parts = [*_board_pages(game, paper, _), _pieces_page(game, _), _rules(game, lang, stem)]
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{game.spec.name}</title><style>{style}</style></head><body>"
            f"{''.join(parts)}</body></html>")


def write_print_and_play(game: Game, lang: str, stem: str, target: Path,
                         paper: str = "a4") -> Path:
    from framework.docs.pdf import html_to_pdf

    return html_to_pdf(print_and_play_html(game, lang, stem, paper), target)

