"""A real browser renders the generated HTML rulebooks and every diagram is on screen."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from framework.docs import LANGUAGES

from . import browser as browser_module
from .browser import browser, diagram_problems, require_chromium
from .conftest import GAME_FILES, ROOT

# Every game's rulebook once (its diagrams are the same in every language), the languages
# taken in turn so that each script is rendered too.
LANGS = list(LANGUAGES)
PAGES = [ROOT / "docs" / "rulebooks" / LANGS[i % len(LANGS)] / f"{path.stem}.html"
         for i, path in enumerate(GAME_FILES)]


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
    first = re.search(r"<svg .*?</svg>", html, re.DOTALL)
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
