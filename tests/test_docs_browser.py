"""A real browser renders the generated HTML rulebooks: every page in the rulebook's type and
layout (on screen and printed), and every diagram on screen."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from framework.docs import LANGUAGES

from . import browser as browser_module
from .browser import (
    browser,
    diagram_problems,
    layout_problems,
    require_chromium,
    screenshot_path,
)
from .conftest import GAME_FILES, ROOT

# Every game's rulebook once (its diagrams are the same in every language), the languages
# taken in turn so that each script is rendered too.
LANGS = list(LANGUAGES)
PAGES = [ROOT / "docs" / "rulebooks" / LANGS[i % len(LANGS)] / f"{path.stem}.html"
         for i, path in enumerate(GAME_FILES)]


ALL_PAGES = sorted((ROOT / "docs" / "rulebooks").glob("*/*.html"))


@pytest.fixture(scope="module")
def driver() -> Any:
    require_chromium()
    with browser() as opened:
        yield opened


def test_ci_without_chromium_fails_instead_of_skipping(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    monkeypatch.setattr(browser_module, "CHROMIUM", "/nonexistent/chromium")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must run the browser test"):
        require_chromium()
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="not installed"):
        require_chromium()


@pytest.mark.parametrize("page", PAGES, ids=[f"{p.parent.name}/{p.stem}" for p in PAGES])
def test_every_diagram_is_drawn(driver: Any, page: Path) -> None:
    assert diagram_problems(driver, page) == []


def test_a_missing_diagram_is_caught(driver: Any, tmp_path: Path) -> None:
    html = PAGES[0].read_text(encoding="utf-8")
    found = re.search(r'<figure class="diagram"[^>]*>\s*(<svg .*?</svg>)', html, re.DOTALL)
    assert found is not None
    first = re.search(re.escape(found.group(1)), html)
    assert first is not None
    missing = tmp_path / "missing.html"
    missing.write_text(html.replace(first.group(0), "", 1), encoding="utf-8")
    assert any("diagrams drawn" in p for p in diagram_problems(driver, missing))
    empty = tmp_path / "empty.html"
    empty.write_text(html.replace(first.group(0), '<svg width="0" height="0"></svg>', 1),
                     encoding="utf-8")
    assert any("no size" in p for p in diagram_problems(driver, empty))
    blank = tmp_path / "blank.html"
    blank.write_text(html.replace(first.group(0), '<svg width="200" height="200"></svg>', 1),
                     encoding="utf-8")
    assert any("blank" in p for p in diagram_problems(driver, blank))


def test_every_page_is_a_rulebook_page() -> None:
    assert len(ALL_PAGES) == len(GAME_FILES) * len(LANGS)


# The layout comes from one template: each game once (languages in turn, as above) and
# every language's Adaptoid page in the default run; every page of every language is slow.
SOME_PAGES = sorted(set(PAGES) | {ROOT / "docs" / "rulebooks" / lang / "adaptoid.html"
                                  for lang in LANGS})
LAID_OUT = [pytest.param(p, id=f"{p.parent.name}/{p.stem}",
                         marks=() if p in SOME_PAGES else pytest.mark.slow) for p in ALL_PAGES]


@pytest.mark.parametrize("page", LAID_OUT)
def test_every_page_has_the_rulebook_type_and_layout(driver: Any, page: Path) -> None:
    assert layout_problems(driver, page, width=480) == []
    assert layout_problems(driver, page, media="print") == []


def test_a_wide_window_keeps_a_readable_column(driver: Any) -> None:
    page = ROOT / "docs" / "rulebooks" / "en" / "adaptoid.html"
    assert layout_problems(driver, page, width=1400) == []


def test_an_escaped_stylesheet_is_caught(driver: Any, tmp_path: Path) -> None:
    """The bug this test exists for: quotes in the inlined CSS HTML-escaped, so the browser
    drops the font rule and the page falls back to its default type."""
    html = PAGES[0].read_text(encoding="utf-8")
    assert '"Segoe UI"' in html and "&#34;" not in html.split("</style>")[0]
    broken = tmp_path / "escaped.html"
    broken.write_text(html.replace('"Segoe UI"', "&#34;Segoe UI&#34;"), encoding="utf-8")
    problems = layout_problems(driver, broken)
    assert any("body font is" in p for p in problems), problems
    assert any("body font size" in p for p in problems), problems


def test_a_screenshot_per_language_is_checked_in() -> None:
    """docs/rulebooks/screenshots/adaptoid.<lang>.png, retaken by `python -m tests.browser`,
    for people to review the look of a rulebook without building it."""
    from PIL import Image

    for lang in LANGS:
        with Image.open(screenshot_path("adaptoid", lang)) as shot:
            assert shot.format == "PNG" and shot.width == 800 and shot.height > 2000, lang
