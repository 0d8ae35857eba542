"""Board sketching in Chromium (issue 58): a person starts a grid, removes a cell, links two
cells, adds a cell by clicking where there is none, names a zone of one player, and reads
the board: and zones: YAML the page offers, which boardspec loads back into that board.

Like the other browser tests, skipped without Chromium and failing under ``CI=true``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from framework.game import load_game_text

from .browser import browser, require_chromium
from .test_web_browser import GAMES, wait
from .webserver import running_server


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    require_chromium()
    with browser() as opened:
        opened.set_window_size(1000, 900)
        yield opened


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with running_server([GAMES]) as url:
        yield url


def exported(driver: Any) -> str:
    return str(driver.find_element(By.ID, "export").text)


def changed(driver: Any, before: str, what: str) -> str:
    """The export once the page has drawn the server's answer to the last click."""
    return str(wait(driver, lambda: exported(driver) != before and exported(driver), what))


def mode(driver: Any, name: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f'input[name="mode"][value="{name}"]').click()


def click(driver: Any, cell: str) -> None:
    shape = driver.find_element(By.CSS_SELECTOR, f'#board g.cell[data-cell="{cell}"]')
    ActionChains(driver, duration=0).move_to_element(shape).click().perform()


def test_a_board_sketched_by_clicking_exports_its_yaml(driver: Any, base: str) -> None:
    driver.get(f"{base}/sketch")
    Select(driver.find_element(By.ID, "template")).select_by_value("grid")
    for name, value in (("rows", "3"), ("columns", "3")):
        box = driver.find_element(By.CSS_SELECTOR, f'#options input[name="{name}"]')
        box.clear()
        box.send_keys(value)
    before = exported(driver)
    driver.find_element(By.ID, "start").click()
    text = wait(driver, lambda: "rows: 3\n  columns: 3" in exported(driver) and
                exported(driver), "the 3×3 grid")
    mode(driver, "remove")
    click(driver, "b2")
    text = changed(driver, text, "b2 removed")
    assert "holes:\n    [b2]" in text
    mode(driver, "link")
    click(driver, "a1")
    click(driver, "c3")
    text = changed(driver, text, "a1 linked to c3")
    assert "type: custom" in text and "a1-c3" in text
    mode(driver, "add")
    a1 = driver.find_element(By.CSS_SELECTOR, '#board g.cell[data-cell="a1"]')
    step = a1.size["width"]  # one cell up and right of a1: where b2 was, no cell now
    ActionChains(driver, duration=0).move_to_element_with_offset(a1, step, -step).click() \
        .perform()
    text = changed(driver, text, "a cell added where b2 was")
    assert "n9: [1.0, 1.0]" in text
    mode(driver, "zone")
    name = driver.find_element(By.ID, "zone-name")
    name.clear()
    name.send_keys("goal")
    Select(driver.find_element(By.ID, "zone-player")).select_by_value("black")
    click(driver, "c3")
    text = changed(driver, text, "c3 in black's goal")
    assert "zones:\n  goal:\n    black: [c3]" in text
    assert before != text
    game_file = str(driver.execute_script("return document.getElementById('game').textContent"))
    game = load_game_text(game_file, "sketch.yaml")
    assert "b2" not in game.board.names and "n9" in game.board.names
    assert game.zones["goal"][game.players.index("black")] == 1 << game.board.names.index("c3")
    zone = driver.find_elements(By.CSS_SELECTOR, '#board g.zone[data-zone="goal"]')
    assert zone and zone[0].get_attribute("data-player") == "black"
