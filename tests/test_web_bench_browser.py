"""The designer's bench of ``boardspec serve`` (issue 29) in headless Chromium, used by
clicks as a person would: a chess position built piece by piece and from a FEN, started
("start here") and played; the state inspector; a record opened from a file and stepped
through by buttons and arrow keys; a game kept across an edited file under --watch.

Each test reads the page with one script call. Like the other browser tests, these are
skipped without Chromium, and fail under ``CI=true``."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from .browser import browser, require_chromium
from .conftest import ROOT
from .test_web_browser import GAMES, api, body, click_button, click_cell, open_game, ply, wait
from .webserver import running_server

CASTLING = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
#: What a person sees of the editor: its status, whether it reads, the FEN and JSON shown.
EDITOR = """const q = (s) => document.querySelector(s);
return {status: (q('#editor-status') || {}).textContent || '',
        valid: q('#editor') ? q('#editor').dataset.valid || '' : '',
        hidden: q('#editor').hidden, fen: (q('#editor-fen') || {}).value || '',
        json: (q('#editor-json') || {}).value || '',
        pieces: [...document.querySelectorAll('#board g.piece')].map(g => g.dataset.cell)}"""


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    require_chromium()
    with browser() as opened:
        opened.set_window_size(1000, 900)
        yield opened


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with running_server([GAMES / "chess.yaml", GAMES / "ataxx.yaml",
                         GAMES / "nine-mens-morris.yaml"]) as url:
        yield url


def editor(driver: Any) -> dict[str, Any]:
    return dict(driver.execute_script(EDITOR))


def test_a_position_built_by_clicks_and_read_from_a_fen_starts_a_game(driver: Any,
                                                                      base: str) -> None:
    created = api(base, "/api/play", {"game": "chess", "seats": ["human", "human"]})
    open_game(driver, base, created["id"], {0: created["tokens"][0], 1: created["tokens"][1]})
    click_button(driver, "#edit-position")
    wait(driver, lambda: editor(driver)["valid"] == "yes", "the editor on the start")
    click_button(driver, "#editor-clear")
    wait(driver, lambda: "no king" in editor(driver)["status"], "the empty board refused")
    assert editor(driver)["valid"] == "no" and editor(driver)["pieces"] == []
    for player, kind, cell in [("white", "king", "e1"), ("black", "king", "e8"),
                               ("white", "rook", "h1")]:
        click_button(driver, f'#editor-palette button[data-player="{player}"]'
                             f'[data-kind="{kind}"]')
        wait(driver, lambda p=player, k=kind: driver.execute_script(
            "return document.querySelector(`#editor-palette button[data-player='${arguments[0]}']"
            "[data-kind='${arguments[1]}']`).getAttribute('aria-pressed')", p, k) == "true",
            "the piece chosen")
        click_cell(driver, cell)
        wait(driver, lambda c=cell: c in editor(driver)["pieces"], f"the piece on {cell}")
    seen = editor(driver)
    assert seen["valid"] == "yes" and sorted(seen["pieces"]) == ["e1", "e8", "h1"]
    assert seen["fen"].startswith("4k3/8/8/8/8/8/8/4K2R w ")
    assert json.loads(seen["json"])["cells"]["h1"] == {"owner": "white", "piece": "rook"}
    # A second click with the same piece takes it off; the eraser empties a cell.
    click_cell(driver, "h1")
    wait(driver, lambda: "h1" not in editor(driver)["pieces"], "the rook taken off")
    click_button(driver, "#editor-erase")
    click_cell(driver, "e8")
    wait(driver, lambda: editor(driver)["valid"] == "no", "the black king taken off")
    assert "black has no king" in editor(driver)["status"]
    # A FEN typed in: castling rights and all.
    fen = driver.find_element(By.ID, "editor-fen")
    fen.clear()
    fen.send_keys(CASTLING)
    click_button(driver, "#editor-read-fen")
    wait(driver, lambda: editor(driver)["fen"] == CASTLING, "the FEN read")
    assert "15 legal moves" in editor(driver)["status"]
    click_button(driver, "#editor-start")
    wait(driver, lambda: created["id"] not in driver.current_url and ply(driver) == 0,
         "the game from the position")
    assert body(driver, "mine") == "yes"
    click_cell(driver, "e1")
    wait(driver, lambda: "g1" in driver.execute_script(
        "return [...document.querySelectorAll('circle.target')].map(e => e.dataset.cell)"),
        "castling offered")
    click_cell(driver, "g1")
    wait(driver, lambda: ply(driver) == 1, "castled")
    pieces = driver.execute_script(
        "return [...document.querySelectorAll('#board g.piece')].map(g => g.dataset.cell)")
    assert sorted(pieces) == ["e8", "f1", "g1"]


def test_hands_are_edited_as_numbers_on_a_phone(driver: Any, base: str) -> None:
    from .test_web_players import DESKTOP, PHONE, screen

    created = api(base, "/api/play", {"game": "nine-mens-morris", "seats": ["human", "human"]})
    screen(driver, PHONE)
    try:
        open_game(driver, base, created["id"], {0: created["tokens"][0]})
        click_button(driver, "#edit-position")
        wait(driver, lambda: editor(driver)["valid"] == "yes", "the editor")
        hand = driver.find_element(By.CSS_SELECTOR, 'input[data-name="hand.white.man"]')
        hand.send_keys(Keys.CONTROL, "a", Keys.NULL, "3", Keys.ENTER)  # typed over, entered
        wait(driver, lambda: json.loads(editor(driver)["json"]).get("hand.white.man") == 3,
             "the hand read")
        click_button(driver, '#editor-palette button[data-player="black"]')
        click_cell(driver, "a1")
        wait(driver, lambda: "a1" in editor(driver)["pieces"], "a black man placed")
        # Nine men in all: one on the board and nine in hand are one too many.
        assert editor(driver)["valid"] == "no"
        assert "more than the 9 of the supply" in editor(driver)["status"]
        black = driver.find_element(By.CSS_SELECTOR, 'input[data-name="hand.black.man"]')
        black.send_keys(Keys.CONTROL, "a", Keys.NULL, "8", Keys.ENTER)
        wait(driver, lambda: editor(driver)["valid"] == "yes", "eight in hand")
        widths = driver.execute_script(
            "return [document.documentElement.scrollWidth, window.innerWidth, "
            "document.querySelector('#editor').getBoundingClientRect().right]")
        assert widths[0] <= widths[1] and widths[2] <= widths[1], widths
    finally:
        screen(driver, DESKTOP)


def test_a_blocked_cell_is_written_in_the_fen(driver: Any, base: str) -> None:
    created = api(base, "/api/play", {"game": "ataxx", "seats": ["human", "human"]})
    open_game(driver, base, created["id"], {0: created["tokens"][0]})
    click_button(driver, "#edit-position")
    wait(driver, lambda: editor(driver)["valid"] == "yes", "the editor")
    click_button(driver, "#editor-block")
    click_cell(driver, "d4")
    wait(driver, lambda: editor(driver)["fen"].startswith("x5o/7/7/3-3/7/7/o5x x "),
         "the gap in the FEN")
    assert json.loads(editor(driver)["json"])["gaps"] == ["d4"]
    click_cell(driver, "d4")  # once more: open again
    wait(driver, lambda: editor(driver)["fen"].startswith("x5o/7/7/7/7/7/o5x x "),
         "the gap gone")
    click_button(driver, "#editor-leave")
    wait(driver, lambda: editor(driver)["hidden"], "the editor left")
    assert len(editor(driver)["pieces"]) == 4  # the game's own board again


def test_the_inspector_shows_the_phase_slots_and_legal_actions(driver: Any,
                                                              base: str) -> None:
    created = api(base, "/api/play", {"game": "chess", "seats": ["human", "human"],
                                      "fen": CASTLING})
    open_game(driver, base, created["id"], {0: created["tokens"][0]})
    click_button(driver, "#inspect-toggle")
    read = """const q = (s) => document.querySelector(s);
      return {shown: !q('#inspector').hidden,
              rows: [...document.querySelectorAll('#inspector tr')].map(r => r.textContent),
              legal: [...document.querySelectorAll('#insp-legal li')].map(l => l.dataset.notation),
              title: (q('#insp-legal-title') || {}).textContent || ''}"""
    seen = wait(driver, lambda: (lambda s: s if s["legal"] else None)(
        driver.execute_script(read)), "the inspector")
    assert seen["shown"] and "Phasemove" in seen["rows"] and "To movewhite" in seen["rows"]
    assert 'castling"K"' in seen["rows"] and seen["title"] == "Legal actions (15)"
    assert "e1g1" in seen["legal"] and len(seen["legal"]) == 15
    click_cell(driver, "h1")
    click_cell(driver, "h8")
    # Check along the eighth rank: the king steps off it (d7, e7, f7).
    wait(driver, lambda: driver.execute_script(read)["title"] == "Legal actions (3)",
         "the inspector following the move")
    assert "To moveblack" in driver.execute_script(read)["rows"]


def test_a_record_opened_from_a_file_steps_by_buttons_and_arrow_keys(
        driver: Any, base: str, tmp_path: Path) -> None:
    created = api(base, "/api/play", {"game": "ataxx", "seats": ["human", "human"]})
    game_id, tokens = created["id"], created["tokens"]
    for number, action in enumerate(["f1", "a2", "b6", "g6"]):
        api(base, f"/api/play/{game_id}/apply", {"token": tokens[number % 2], "ply": number,
                                                 "action": action})
    import urllib.request

    with urllib.request.urlopen(f"{base}/api/play/{game_id}/record") as response:
        record = response.read().decode()
    path = tmp_path / "game.txt"
    path.write_text(record)
    other = api(base, "/api/play", {"game": "ataxx", "seats": ["human", "human"]})
    open_game(driver, base, other["id"], {0: other["tokens"][0]})
    driver.find_element(By.ID, "open-record").send_keys(str(path))
    wait(driver, lambda: other["id"] not in driver.current_url and
         body(driver, "viewing") == "0", "the record opened at its start")
    read = """const b = document.body.dataset;
      return [b.viewing, document.querySelectorAll('#moves .move').length,
              document.querySelectorAll('#board g.piece').length,
              document.querySelector('#step-back').disabled]"""
    assert driver.execute_script(read) == ["0", 4, 4, True]
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    wait(driver, lambda: body(driver, "viewing") == "1", "one turn on by the arrow key")
    click_button(driver, "#step-forward")
    wait(driver, lambda: body(driver, "viewing") == "2", "one turn on by the button")
    assert driver.execute_script(read)[2] == 6  # two clones: six stones
    click_button(driver, "#step-back")
    wait(driver, lambda: body(driver, "viewing") == "1", "one turn back by the button")
    click_button(driver, "#step-last")
    wait(driver, lambda: body(driver, "viewing") == "", "the last position, live")
    assert ply(driver) == 4
    # A record whose third move is not legal is refused, saying which and why.
    path.write_text(record.replace("3. b6", "3. b5"))
    driver.find_element(By.ID, "open-record").send_keys(str(path))
    message = wait(driver, lambda: driver.find_element(By.ID, "bench-message").text or None,
                   "the refusal")
    assert "The record was not opened" in message and "ply 3 (turn 3, 'b5')" in message


def test_an_edited_file_keeps_the_game_to_its_last_legal_move(driver: Any,
                                                             tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    shutil.copy(ROOT / "tests" / "data" / "ataxx-plain.yaml", path)
    text = path.read_text()
    with running_server([path], watch=True, poll_seconds=0.1) as url:
        created = api(url, "/api/play", {"game": "mine", "seats": ["human", "human"]})
        game_id, tokens = created["id"], created["tokens"]
        open_game(driver, url, game_id, {0: tokens[0], 1: tokens[1]})
        for number, cell in enumerate(["f1", "a2", "b6", "g6"]):
            click_cell(driver, cell)
            wait(driver, lambda n=number: ply(driver) == n + 1, f"move {number + 1}")
        edited = text.replace("adjacency: king", "adjacency: orthogonal")
        assert edited != text, "the edit must change the file, or the page waits for nothing"
        path.write_text(edited)
        said = wait(driver, lambda: driver.find_element(By.ID, "rules-replay").text or None,
                    "the replay under the new rules")
        assert "stops being legal at turn 3" in said and "b6" in said
        assert "'b6' is not legal here" in said
        keep = driver.find_element(By.ID, "keep-new")
        assert keep.is_displayed() and keep.text == "Go on from turn 2"
        keep.click()
        wait(driver, lambda: not driver.find_element(By.ID, "rules-changed").is_displayed(),
             "the game going on under the new rules")
        seen = driver.execute_script("return [document.body.dataset.ply, "
                                     "document.querySelectorAll('#moves .move').length]")
        assert seen == ["2", 2]
        click_cell(driver, "a6")  # x plays on, orthogonally: a7 to a6
        wait(driver, lambda: ply(driver) == 3, "a move under the new rules")
