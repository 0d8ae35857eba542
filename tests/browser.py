"""Open rulebook pages in headless Chromium and check, from the rendered page, that every
diagram is drawn: each ``<svg>`` of a ``figure.diagram`` has a non-zero rendered size and a
screenshot of it that is not blank, and the page has as many as it declares
(``data-diagrams`` on ``<body>``, written by the generator)."""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# The network is closed in CI: no first-run, sync, component or background fetches.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=480,900")


def chromium_missing() -> str | None:
    """Why the browser test cannot run here, or None."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return f"{path} is not installed (Debian packages chromium and chromium-driver)"
    return None


def require_chromium() -> None:
    """Skip without Chromium, except under ``CI=true``, where its absence is a failure."""
    import pytest

    missing = chromium_missing()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the browser test: {missing}; .ci/run installs it")
        pytest.skip(missing)


@contextmanager
def browser() -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="boardspec-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def diagram_problems(driver: Any, page: Path) -> list[str]:
    """Everything wrong with the diagrams of one page, as rendered (empty = all drawn)."""
    from PIL import Image
    from selenium.webdriver.common.by import By

    driver.get(page.resolve().as_uri())
    problems = []
    declared = int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-diagrams"))
    svgs = driver.find_elements(By.CSS_SELECTOR, "figure.diagram > svg")
    if len(svgs) != declared:
        problems.append(f"{page.name}: {len(svgs)} diagrams drawn, {declared} expected")
    for svg in svgs:
        name = svg.find_element(By.XPATH, "..").get_attribute("data-diagram")
        driver.execute_script("arguments[0].scrollIntoView()", svg)
        size = svg.size
        if size["width"] < 1 or size["height"] < 1:
            problems.append(f"{page.name}: diagram {name} has no size ({size})")
            continue
        shot = Image.open(io.BytesIO(svg.screenshot_as_png)).convert("RGB")
        colours = shot.getcolors(maxcolors=1 << 16)
        if colours is not None and len(colours) < 4:
            problems.append(f"{page.name}: diagram {name} is blank ({len(colours)} colours)")
    return problems


#: What the rulebook stylesheet asks for (framework/docs/templates/rulebook.css), as the
#: browser computes it: if the inlined CSS is mangled, the page falls back to the browser's
#: default (Times, 16 px) and these fail.
BODY_FONT = "system-ui"
BODY_SIZE_PX = 16.8  # 1.05rem
PRINT_SIZE_PX = 10 * 96 / 72  # 10pt
MAX_WIDTH_PX = (46 + 2) * 16  # max-width 46rem plus 1rem of padding each side

LAYOUT_SCRIPT = """
const body = document.body, style = getComputedStyle(body);
const box = body.getBoundingClientRect();
const inside = el => { const r = el.getBoundingClientRect();
  return r.left >= box.left - 0.5 && r.right <= box.right + 0.5; };
const heading = sel => { const h = document.querySelector(sel);
  return h ? parseFloat(getComputedStyle(h).fontSize) : 0; };
return {
  family: style.fontFamily, size: parseFloat(style.fontSize),
  lineHeight: parseFloat(style.lineHeight), width: box.width,
  scrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth,
  h1: heading('h1'), h2: heading('h2'),
  nav: getComputedStyle(document.querySelector('nav.languages')).display,
  outside: [...document.querySelectorAll('main p, main li, figure.diagram svg, table')]
    .filter(el => !inside(el)).map(el => el.tagName + ':' + el.textContent.slice(0, 40)),
  sheetRules: [...document.styleSheets].reduce((n, s) => n + s.cssRules.length, 0),
};
"""


def layout_problems(driver: Any, page: Path, *, width: int = 480, media: str = "screen"
                    ) -> list[str]:
    """Everything wrong with the typography and layout of one page as rendered at ``width``
    CSS pixels, on screen or as printed (empty = as the stylesheet says)."""
    driver.set_window_size(width, 900)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media})
    try:
        driver.get(page.resolve().as_uri())
        got = driver.execute_script(LAYOUT_SCRIPT)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    name, problems = f"{page.parent.name}/{page.name} ({media}, {width}px)", []
    if not got["family"].startswith(BODY_FONT):
        problems.append(f"{name}: body font is {got['family']!r}, not the rulebook's")
    wanted = PRINT_SIZE_PX if media == "print" else BODY_SIZE_PX
    if abs(got["size"] - wanted) > 0.1:
        problems.append(f"{name}: body font size {got['size']}px, expected {wanted:.1f}px")
    if not got["lineHeight"] or not 1.3 <= got["lineHeight"] / got["size"] <= 1.6:
        problems.append(f"{name}: line height {got['lineHeight']}px for {got['size']}px type")
    if not got["h1"] > got["h2"] > got["size"]:
        problems.append(f"{name}: headings {got['h1']}/{got['h2']}px not above body text")
    if media == "screen" and got["width"] > MAX_WIDTH_PX + 0.5:
        problems.append(f"{name}: text column {got['width']}px wider than {MAX_WIDTH_PX}px")
    if got["scrollWidth"] > got["viewport"]:
        problems.append(f"{name}: page scrolls sideways ({got['scrollWidth']}px > "
                        f"{got['viewport']}px)")
    if got["outside"]:
        problems.append(f"{name}: outside the text column: {got['outside'][:3]}")
    if (got["nav"] == "none") != (media == "print"):
        problems.append(f"{name}: language links display {got['nav']!r} in {media}")
    return problems


def screenshot(driver: Any, page: Path, target: Path, *, width: int = 800) -> None:
    """A full-page PNG of ``page`` at ``width`` CSS pixels (for review, not comparison)."""
    driver.set_window_size(width, 900)
    driver.get(page.resolve().as_uri())
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": int(height), "deviceScaleFactor": 1, "mobile": False})
    try:
        from PIL import Image

        shot = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
        # 256 colours are plenty for flat diagrams and text, at a fifth of the bytes.
        shot.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(target, optimize=True)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "rulebooks" / "screenshots"


def screenshot_path(stem: str, lang: str) -> Path:
    return SCREENSHOTS / f"{stem}.{lang}.png"


def main() -> None:
    """``python -m tests.browser``: retake the review screenshots of the Adaptoid rulebook,
    one per language, into docs/rulebooks/screenshots/."""
    from framework.docs import LANGUAGES

    missing = chromium_missing()
    if missing:
        raise SystemExit(missing)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    rulebooks = SCREENSHOTS.parent
    with browser() as driver:
        for lang in LANGUAGES:
            target = screenshot_path("adaptoid", lang)
            screenshot(driver, rulebooks / lang / "adaptoid.html", target)
            print(f"wrote {target}")


if __name__ == "__main__":
    main()
