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
