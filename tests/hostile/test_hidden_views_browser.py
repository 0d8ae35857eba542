"""Issue 48 in a browser: x's page of a Phantom Tic-tac-toe game, its state inspector open,
while o (through the API) bumps into x's mark and places one of its own. The page never
draws o's mark, and its inspector shows x's view (x's remembered moves, nothing of o's),
where it once fetched the true position and then failed (a 500 after the first move)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from selenium.webdriver.common.by import By

from tests.browser import browser, require_chromium
from tests.conftest import ROOT
from tests.test_web_browser import body, click_cell, new_game, open_game, ply, wait
from tests.webserver import running_server


def call(base: str, path: str, token: str, data: dict[str, Any] | None = None) -> Any:
    request = urllib.request.Request(
        base + path, data=None if data is None else json.dumps(data).encode(),
        headers={"Content-Type": "application/json", "X-Boardspec-Tokens": token})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def test_a_seats_page_and_its_inspector_show_only_its_view() -> None:
    require_chromium()
    with running_server([ROOT / "games"]) as base, browser() as driver:
        driver.set_window_size(1000, 900)
        game_id, (x, o) = new_game(base, "phantom-tic-tac-toe", ["human", "human"])
        open_game(driver, base, game_id, {0: x})
        driver.find_element(By.ID, "inspect-toggle").click()
        click_cell(driver, "a1")
        wait(driver, lambda: ply(driver) == 1, "x's mark")
        for action in ("a1", "c3"):  # o's try finds x's mark; then o's own, hidden
            seen = call(base, f"/api/play/{game_id}", o)["ply"]
            call(base, f"/api/play/{game_id}/apply", o,
                 {"token": o, "ply": seen, "action": action})
        wait(driver, lambda: ply(driver) == 2 and body(driver, "mine") == "yes",
             "x's turn again")

        def slots() -> dict[str, str]:
            rows = driver.find_elements(By.CSS_SELECTOR, "#insp-slots tr")
            return {r.find_element(By.TAG_NAME, "th").text:
                    r.find_element(By.TAG_NAME, "td").text for r in rows}

        wait(driver, lambda: slots().get("moves.x", "").startswith('["a1"]'),
             "the inspector of x's position now")
        shown = slots()
        assert shown["moves.o"].startswith("[]") and shown["found.o"].startswith("[]")
        legal = [li.get_attribute("data-notation")
                 for li in driver.find_elements(By.CSS_SELECTOR, "#insp-legal li")]
        assert "c3" in legal and "a1" not in legal  # x does not know of o's c3
        board = driver.find_element(By.ID, "board").get_attribute("innerHTML")
        assert "◯" not in board and 'data-cell="c3"><title>' not in board
        assert "◯" not in driver.find_element(By.TAG_NAME, "body").text
