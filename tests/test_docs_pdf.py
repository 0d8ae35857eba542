"""PDF rulebooks: `boardspec docs FILE --format pdf` lays the HTML rulebook out for print with
WeasyPrint; poppler's tools check that every page renders, that the text is text and that
the diagrams are vectors (no raster image anywhere)."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

POPPLER = ("pdftoppm", "pdfinfo", "pdfimages", "pdftotext")


def _require_renderer() -> None:
    """Skip without WeasyPrint or poppler-utils, except under CI=true (.ci/run installs
    them), where their absence is a failure."""
    missing = [tool for tool in POPPLER if shutil.which(tool) is None]
    if importlib.util.find_spec("weasyprint") is None:
        missing.append("weasyprint (pip install 'boardspec[pdf]')")
    else:
        try:
            import weasyprint  # noqa: F401  needs the system's Pango
        except OSError as exc:
            missing.append(f"Pango for weasyprint ({exc})")
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the PDF test; missing: {', '.join(missing)}")
        pytest.skip(f"missing: {', '.join(missing)}")


def _pdf(tmp_path: Path, lang: str, stem: str = "adaptoid") -> Path:
    _require_renderer()
    done = subprocess.run([sys.executable, "-m", "framework", "docs",
                           str(ROOT / "games" / f"{stem}.yaml"), "--format", "pdf",
                           "--lang", lang, "--out", str(tmp_path)],
                          capture_output=True, text=True, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return tmp_path / lang / f"{stem}.pdf"


def _run(*args: str) -> str:
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def _check(pdf: Path, tmp_path: Path, words: list[str]) -> None:
    from PIL import Image

    assert pdf.read_bytes().startswith(b"%PDF-")
    info = _run("pdfinfo", str(pdf))
    pages = int(next(line.split()[-1] for line in info.splitlines()
                     if line.startswith("Pages:")))
    assert pages >= 5
    assert "419.528 x 595.276" in info  # A5, as the print stylesheet asks
    _run("pdftoppm", "-r", "30", "-png", str(pdf), str(tmp_path / "page"))
    shots = sorted(tmp_path.glob("page-*.png"))
    assert len(shots) == pages
    for shot in shots:
        with Image.open(shot) as image:
            colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
            assert colours is None or len(colours) > 3, f"{shot.name} is blank"
    # Vector diagrams: not one raster image in the whole booklet (a screenshot would be one).
    images = _run("pdfimages", "-list", str(pdf)).splitlines()[2:]
    assert images == []
    text = " ".join(_run("pdftotext", str(pdf), "-").split())
    for word in words:
        assert word in text


def test_pdf_rulebook_renders_with_vector_diagrams(tmp_path: Path) -> None:
    pdf = _pdf(tmp_path, "en")
    _check(pdf, tmp_path, ["Reading the diagrams", "Each player has 12 adaptoids, 12 legs "
                           "and 12 pincers.", "The pie rule"])
    _check_layout(pdf, "adaptoid", 17)


def _pages(pdf: Path, title: str) -> list[list[str]]:
    """Each page's lines of text, as laid out, without the running head (the title, on every
    page but the first) and the page number."""
    pages = _run("pdftotext", "-layout", str(pdf), "-").split("\f")
    found = []
    for number, page in enumerate(pages):
        lines = [line.strip() for line in page.splitlines() if line.strip()]
        if lines and lines[-1].isdigit():
            lines = lines[:-1]
        if number and lines and lines[0] == title:
            lines = lines[1:]
        found.append(lines)
    return [lines for lines in found if lines]


def _check_layout(pdf: Path, stem: str, pages_before: int) -> None:
    """A book: a title page, a contents page, at most two examples to a page (fewer pages
    than with one to a page), and no heading left alone at the foot of a page."""
    from framework import load_game
    from framework.docs import render_rulebook

    game = load_game(ROOT / "games" / f"{stem}.yaml")
    pages = _pages(pdf, game.spec.name)
    assert len(pages) < pages_before, len(pages)
    assert pages[0][0] == game.spec.name and "Material" not in " ".join(pages[0])
    assert pages[1][0] == "Contents" and any(line.startswith("Examples") for line in pages[1])
    html, _ = render_rulebook(game, "en", "pdf", stem)
    headings = [h for h in re.findall(r"<h[23][^>]*>([^<]+)</h[23]>", html)
                if h != "Contents"]
    examples = {e.name for e in game.spec.examples}
    for number, lines in enumerate(pages[2:], start=3):
        shown = sum(1 for line in lines if line in examples)
        assert shown <= 2, f"page {number}: {shown} examples"
        last = lines[-1]
        alone = [h for h in headings if h == last or (len(last) > 12 and h.endswith(last))]
        assert not alone, f"page {number} ends with the heading {alone[0]!r}"


@pytest.mark.slow
def test_chess_pdf_is_a_book(tmp_path: Path) -> None:
    _check_layout(_pdf(tmp_path, "en", "chess"), "chess", 12)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["es", "pt", "ru", "eo"])
def test_pdf_rulebook_in_every_language(tmp_path: Path, lang: str) -> None:
    words = {"es": ["12 adaptoides, 12 patas y 12 pinzas"], "pt": ["12 pernas e 12 tenazes"],
             "ru": ["12 адаптоидов, 12 ног и 12 клешней"], "eo": ["12 kruroj kaj 12 pinĉiloj"]}
    _check(_pdf(tmp_path, lang), tmp_path, words[lang])


def test_pdf_without_weasyprint_is_a_clear_error(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    from framework.docs.pdf import html_to_pdf
    from framework.errors import BoardspecError

    monkeypatch.setitem(sys.modules, "weasyprint", None)  # import fails as if not installed
    with pytest.raises(BoardspecError, match=r"pip install 'boardspec\[pdf\]'"):
        html_to_pdf("<p>x</p>", tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()
