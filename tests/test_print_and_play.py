"""Print-and-play (issue 58): the board at full size tiled over the pages, the pieces to cut
out, the rules; `boardspec docs FILE --format pdf --print-and-play`."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from framework import load_game
from framework.docs.print_and_play import (
    CAPTION_MM,
    CELL_MM,
    MARK_MM,
    MAX_PIECES,
    PAGE_MARGIN_MM,
    PAPERS,
    board_tiles,
    piece_counts,
)
from framework.render.svg import UNIT

from .conftest import ROOT
from .test_docs_pdf import _require_renderer, _run


def test_the_tiles_cover_the_board_once_and_fit_the_paper() -> None:
    width, height = 700.0, 1300.0  # pixels: 16 × 30 cells at full size
    for paper, (page_w, page_h) in PAPERS.items():
        tiles = board_tiles(width, height, paper)
        mm = CELL_MM / UNIT
        for tile in tiles:
            assert tile.width * mm + 2 * MARK_MM <= page_w - 2 * PAGE_MARGIN_MM
            assert tile.height * mm + 2 * MARK_MM + CAPTION_MM <= page_h - 2 * PAGE_MARGIN_MM
        assert sum(t.width * t.height for t in tiles) == \
            pytest.approx(width * height)
        columns = {t.column for t in tiles}
        rows = {t.row for t in tiles}
        assert len(tiles) == len(columns) * len(rows) >= 4
        right = max(tiles, key=lambda t: (t.row, t.column))
        assert right.x + right.width == pytest.approx(width)
        assert right.y + right.height == pytest.approx(height)


def test_the_pieces_are_those_of_the_start_or_enough_to_fill_the_board() -> None:
    chess = piece_counts(load_game("chess"))
    assert sum(n for _, side, n in chess if side == 0) == 16
    assert ("pawn", 1, 8) in chess and ("king", 0, 1) in chess
    tic = piece_counts(load_game("tic-tac-toe"))
    assert [n for _, _, n in tic] == [5, 5]  # nine cells, two players
    assert {n for _, _, n in piece_counts(load_game("hex"))} == {MAX_PIECES}  # 121 cells


def test_the_print_and_play_pdf(tmp_path: Path) -> None:
    _require_renderer()
    done = subprocess.run([sys.executable, "-m", "framework", "docs", "games/chess.yaml",
                           "--format", "pdf", "--print-and-play", "--lang", "en",
                           "--out", str(tmp_path)], capture_output=True, text=True,
                          cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    pdf = tmp_path / "en" / "chess.print-and-play.pdf"
    info = _run("pdfinfo", str(pdf))
    assert "595.276 x 841.89" in info  # A4
    text = " ".join(_run("pdftotext", str(pdf), "-").split())
    assert "The board, part 1–1 of 1×2" in text and "part 1–2 of 1×2" in text
    assert "Pieces to cut out" in text and "8 × pawn, for black" in text
    assert "Playing a turn" in text and "Examples" not in text  # the rules, not the book
    assert _run("pdfimages", "-list", str(pdf)).splitlines()[2:] == []  # vectors only
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))  # type: ignore[union-attr]
    assert pages <= 7  # two parts of board, the pieces, the rules
    bad = subprocess.run([sys.executable, "-m", "framework", "docs", "games/chess.yaml",
                          "--print-and-play", "--out", str(tmp_path)], capture_output=True,
                         text=True, cwd=ROOT, check=False)
    assert bad.returncode == 2 and "give --format pdf" in bad.stderr
