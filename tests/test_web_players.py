"""``boardspec serve`` as players find it (issue 29), in one headless Chromium and one
server for the module: each test clicks (or types) as a person would and checks what the
page shows, on a desktop window and, where the defect is about layout, a 390×844 phone.

Like the other browser tests, these are skipped without Chromium and fail under
``CI=true``."""

from __future__ import annotations

import random
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from framework import load_game
from framework.engine.turns import turns_with_states

from .browser import browser, require_chromium
from .test_web_browser import (
    GAMES,
    api,
    body,
    click_button,
    click_cell,
    new_game,
    open_game,
    ply,
    targets,
    wait,
)
from .test_web_clocks import FakeClock
from .webserver import running_server

DESKTOP = (1000, 900)
PHONE = (390, 844)


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    require_chromium()
    with browser() as opened:
        opened.set_window_size(*DESKTOP)
        yield opened


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with running_server([GAMES]) as url:
        yield url


def screen(driver: Any, size: tuple[int, int]) -> None:
    """The page as a device of ``size`` CSS pixels shows it (a phone: a mobile viewport)."""
    if size == DESKTOP:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    else:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": True})


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def size(request: pytest.FixtureRequest, driver: Any) -> Iterator[tuple[int, int]]:
    screen(driver, request.param)
    try:
        yield request.param
    finally:
        screen(driver, DESKTOP)


def message(driver: Any) -> tuple[str, str]:
    box = driver.find_element(By.ID, "message")
    return box.text, box.get_attribute("class") or ""


def status(driver: Any) -> str:
    return str(driver.execute_script("return document.getElementById('status').innerText"))


def moves(driver: Any) -> list[str]:
    """The move list as read: one entry per turn."""
    return list(driver.execute_script(
        "return [...document.querySelectorAll('#moves .move')].map(e => e.textContent)"))


def both_seats(driver: Any, base: str, game: str, plies: list[str] = ()) -> str:
    """A game of ``game`` with both seats in this browser, after ``plies`` (played through
    the API); its id."""
    game_id, tokens = new_game(base, game, ["human", "human"])
    state = api(base, f"/api/play/{game_id}")
    for notation in plies:
        state = api(base, f"/api/play/{game_id}/apply", {
            "action": notation, "ply": state["ply"],
            "token": tokens[state["current_seat"]]})["state"]
    open_game(driver, base, game_id, dict(enumerate(tokens)))
    wait(driver, lambda: ply(driver) == len(plies), "the position")
    return game_id


# Defect 1 -------------------------------------------------------------------------------
def test_a_second_own_piece_is_picked_and_nothing_is_sent(driver: Any, base: str) -> None:
    game_id = both_seats(driver, base, "chess")
    click_cell(driver, "e2")
    assert set(targets(driver, "circle.target")) == {"e3", "e4"}
    click_cell(driver, "d1")  # the queen, which cannot move yet: picked, not played
    text, css = message(driver)
    assert "error" not in css and "Not played" not in text, text
    assert "no legal move" in text
    assert not targets(driver, "circle.target")
    click_cell(driver, "g1")  # another piece of one's own: picked at once
    assert set(targets(driver, "circle.target")) == {"f3", "h3"}
    assert driver.find_elements(By.CSS_SELECTOR, 'circle.selected[data-cell="g1"]')
    click_cell(driver, "f3")
    wait(driver, lambda: ply(driver) == 1, "the knight's move")
    assert message(driver)[0] == ""  # no word left over from before the move
    assert api(base, f"/api/play/{game_id}")["ply"] == 1


# Defect 2 -------------------------------------------------------------------------------
def draughts_double_jump() -> tuple[list[str], list[tuple[str, str]]]:
    """A seeded random game of draughts up to black's turn with a chain of two hops: the
    plies before it and the hops (from, to)."""
    game = load_game(GAMES / "checkers.yaml")
    names = game.board.names
    rng = random.Random(0)
    state, prefix = game.new_initial_state(), []
    for _ in range(200):
        turns = [t for t, _ in turns_with_states(state)]
        chains = [t for t in turns if len(t.actions) >= 2]
        if chains and state.to_move == 0:
            return prefix, [(names[a.src], names[a.dst]) for a in chains[0].actions]
        for action in rng.choice(turns).actions:
            state.apply(action)
            prefix.append(action.notation)
    raise AssertionError("no double jump found")


def test_a_draughts_double_jump_in_two_clicks(driver: Any, base: str) -> None:
    prefix, hops = draughts_double_jump()
    both_seats(driver, base, "checkers", prefix)
    (start, middle), (_, end) = hops[0], hops[-1]
    forced = targets(driver, "circle.forced")  # the pieces that must capture, ringed
    assert start in forced
    assert "compulsory" in status(driver)
    click_cell(driver, start)
    click_cell(driver, middle)
    wait(driver, lambda: ply(driver) == len(prefix) + 1, "the first hop")
    # The same piece stays picked, its next hop shown: one more click ends the chain.
    assert driver.find_elements(By.CSS_SELECTOR, f'circle.selected[data-cell="{middle}"]')
    assert end in targets(driver)
    assert "go on with the same piece" in status(driver)
    click_cell(driver, end)
    wait(driver, lambda: ply(driver) == len(prefix) + 2, "the second hop")
    assert "white to play" in status(driver)


def short_draughts_game(seed: int = 255) -> list[list[tuple[str, str]]]:
    """A whole game of draughts, seeded, taking a chain of hops when one is there (nine
    times in ten): its turns, each a list of hops or steps (from, to). Seed 255 ends in 36
    actions, a double jump among them."""
    game = load_game(GAMES / "checkers.yaml")
    names = game.board.names
    rng = random.Random(seed)
    state, played = game.new_initial_state(), []
    while not state.is_terminal():
        turns = [t for t, _ in turns_with_states(state)]
        chains = [t for t in turns if len(t.actions) >= 2]
        turn = rng.choice(chains) if chains and rng.random() < 0.9 else rng.choice(turns)
        played.append([(names[a.src], names[a.dst]) for a in turn.actions])
        for action in turn.actions:
            state.apply(action)
    return played


@pytest.mark.slow  # a whole game by clicks: seconds of a browser (CI's 15 minutes)
def test_a_whole_draughts_game_by_clicks_with_a_double_jump_in_two_clicks(
        driver: Any, base: str) -> None:
    game = short_draughts_game()
    assert any(len(turn) >= 2 for turn in game)
    both_seats(driver, base, "checkers")
    plies = 0
    for turn in game:
        click_cell(driver, turn[0][0])  # the piece, once: a chain goes on with it picked
        for _, to in turn:
            click_cell(driver, to)
            plies += 1
            wait(driver, lambda n=plies: ply(driver) >= n, f"ply {plies}")
    wait(driver, lambda: body(driver, "terminal") == "yes", "the end of the game")
    assert "winner" in status(driver), status(driver)


# Defect 4 -------------------------------------------------------------------------------
def test_draughts_names_its_rows_and_columns_outside_the_board(driver: Any, base: str,
                                                               size: tuple[int, int]) -> None:
    both_seats(driver, base, "checkers")
    found = driver.execute_script("""
        const svg = document.querySelector('#board svg');
        const cells = [...svg.querySelectorAll('g.cell > :first-child')].map(e => e.getBBox());
        const left = Math.min(...cells.map(b => b.x)), top = Math.min(...cells.map(b => b.y));
        const right = Math.max(...cells.map(b => b.x + b.width));
        const bottom = Math.max(...cells.map(b => b.y + b.height));
        const inside = [...svg.querySelectorAll('text.coord')].map(t => t.getBBox())
          .filter(b => b.x + b.width > left && b.x < right && b.y + b.height > top &&
                       b.y < bottom);
        return {inside: inside.length, coords: svg.querySelectorAll('text.coord').length,
                light: svg.querySelectorAll('.light').length,
                width: svg.getBoundingClientRect().width};
    """)
    assert found["coords"] == 16 and found["inside"] == 0, found
    assert found["light"] == 32, found  # the light squares are drawn, not left blank
    assert found["width"] <= size[0]


# Defect 5 -------------------------------------------------------------------------------
def test_a_connect_four_disc_is_recorded_and_highlighted_where_it_fell(driver: Any,
                                                                     base: str) -> None:
    game_id = both_seats(driver, base, "connect-four")
    click_cell(driver, "d6")
    wait(driver, lambda: ply(driver) == 1, "the drop")
    assert driver.find_elements(By.CSS_SELECTOR, '#board g.piece[data-cell="d1"]')
    landed = driver.find_elements(By.CSS_SELECTOR, '#board g.cell[data-cell="d1"] .last-to')
    assert landed and not driver.find_elements(By.CSS_SELECTOR, "#board g.cell"
                                               '[data-cell="d6"] .last-to')
    # The drop is offered where the disc would land, and taken there.
    assert "d2" in targets(driver, "circle.target.direct")
    assert "d6" not in targets(driver, "circle.target.direct")
    click_cell(driver, "d2")
    wait(driver, lambda: ply(driver) == 2, "the second drop")
    assert driver.find_elements(By.CSS_SELECTOR, '#board g.cell[data-cell="d2"] .last-to')
    assert moves(driver) == ["d", "d"]  # by its column: never a cell it did not reach
    record = api(base, f"/api/play/{game_id}/record?format=json")
    assert record["turns"] == [["d"], ["d"]]


# Defect 10 ------------------------------------------------------------------------------
def test_the_board_is_played_from_the_keyboard(driver: Any, base: str) -> None:
    both_seats(driver, base, "ataxx")
    driver.find_element(By.TAG_NAME, "body").click()
    keys = ActionChains(driver, duration=0)
    for _ in range(80):  # Tab through the page to the board, then along its cells
        keys.send_keys(Keys.TAB).perform()
        focused = driver.execute_script(
            "const e = document.activeElement; return e && e.dataset ? e.dataset.cell : null")
        if focused == "f1":
            break
    else:
        raise AssertionError("Tab never reached the cell f1")
    keys.send_keys(Keys.ENTER).perform()
    wait(driver, lambda: ply(driver) == 1, "the move made with Enter")
    assert driver.find_elements(By.CSS_SELECTOR, '#board g.piece[data-cell="f1"]')


def test_the_page_fits_a_phone(driver: Any, base: str) -> None:
    screen(driver, PHONE)
    try:
        both_seats(driver, base, "adaptoid-nestorgames")
        widths = driver.execute_script("""
            return {page: document.documentElement.scrollWidth,
                    header: document.querySelector('header').scrollWidth,
                    board: document.querySelector('#board svg').getBoundingClientRect().right,
                    viewport: window.innerWidth};""")
    finally:
        screen(driver, DESKTOP)
    assert widths["viewport"] == PHONE[0]
    assert max(widths["page"], widths["header"], widths["board"]) <= PHONE[0], widths


def seats(driver: Any) -> list[str]:
    """The seat list as read (one script: the list may be redrawn meanwhile)."""
    return list(driver.execute_script(
        "return [...document.querySelectorAll('#seats li')].map(li => li.innerText"
        ".split('\\n')[0])"))


def text_of(driver: Any, css: str) -> str:
    """The element's text read in the page, at once: a redraw cannot make it stale."""
    return str(driver.execute_script("return document.querySelector(arguments[0]).innerText",
                                     css))


def play_api(base: str, game_id: str, token: str, *notations: str) -> dict[str, Any]:
    state = api(base, f"/api/play/{game_id}")
    for notation in notations:
        state = api(base, f"/api/play/{game_id}/apply", {
            "action": notation, "ply": state["ply"], "token": token})["state"]
    return state


# Defects 3, 7 and 8 -----------------------------------------------------------------------
def test_adaptoids_pie_choice_names_who_plays_what(driver: Any, base: str) -> None:
    game_id, tokens = new_game(base, "adaptoid", ["human", "human"])
    open_game(driver, base, game_id, {0: tokens[0]})  # this browser: the first seat only
    wait(driver, lambda: "your turn" in status(driver), "the first seat's setup")
    assert "setup" in status(driver) and "place_each" not in status(driver)
    assert "places one adaptoid of each side" in text_of(driver, "#hint")
    play_api(base, game_id, tokens[0], "white@D4", "black@D6")
    wait(driver, lambda: ply(driver) == 2, "the placements")
    # The second seat chooses: this page names it (black until it chooses), not itself.
    assert "waiting for black" in status(driver) and "choose_side" not in status(driver)
    assert seats(driver) == ["white: me (this browser)", "black: another player — not here yet"]
    play_api(base, game_id, tokens[1], "white")
    wait(driver, lambda: ply(driver) == 3, "the choice of side")
    assert "waiting for white" in status(driver)
    # The list keeps white first; the seats swapped; the choice is said in words.
    assert seats(driver) == ["white: another player — not here yet", "black: me (this browser)"]
    last = driver.execute_script(  # read at once: the list may be redrawn between two reads
        "const m = [...document.querySelectorAll('#moves .move')].pop();"
        "return [m.innerText, m.title]")
    assert last == ["takes white", "white: takes white"]
    # Black's build: the choices on a piece are named by what grows, not by notation.
    play_api(base, game_id, tokens[1], "skip", "D4+leg")
    wait(driver, lambda: body(driver, "mine") == "yes", "black's turn")
    click_button(driver, '#choices button[data-action="skip"]')
    wait(driver, lambda: ply(driver) == 6, "black's skip")
    click_cell(driver, "D6")
    wait(driver, lambda: driver.execute_script(
        "return [...document.querySelectorAll('#choices button')].map(b => b.innerText)")
        == ["legs", "pincers"], "the choices named by what grows")
    assert "The numbers on a piece: legs · pincers" in text_of(driver, "#piece-key")


def test_no_internal_name_reaches_a_player(driver: Any, base: str) -> None:
    game_id, tokens = new_game(base, "adaptoid", ["human", "alphabeta:d2"])
    open_game(driver, base, game_id, {0: tokens[0]})
    assert seats(driver) == ["white: me (this browser)", "black: alpha-beta, medium"]
    both_seats(driver, base, "tic-tac-toe")
    assert status(driver) == "x to play (your turn)"  # one step a turn: no "phase place"
    click_cell(driver, "b2")
    wait(driver, lambda: ply(driver) == 1, "the cross")
    # A cross, drawn as one (the game file says so), no disc under it.
    drawn = driver.execute_script(  # one read: a redraw makes a handle stale
        "const g = document.querySelector('#board g.piece[data-cell=\"b2\"]');"
        "return [g.querySelector('text.glyph').textContent,"
        " g.querySelector('circle').getAttribute('fill')]")
    assert drawn == ["✕", "none"]
    driver.get(f"{base}/?lang=en")
    texts = wait(driver, lambda: driver.execute_script(
        "return [...document.querySelectorAll('#recent li')].map(li => li.innerText)"),
        "the recent games")
    assert "Tic-tac-toe: a player – a player · 1 moves · in progress" in texts, texts
    assert not any("human" in t or "unfinished" in t or "alphabeta:" in t for t in texts)


# Defect 6 and the result with its reason ----------------------------------------------------
def test_a_promotion_is_chosen_by_its_picture_before_the_pawn_moves(driver: Any, base: str,
                                                                     size: tuple[int, int]
                                                                     ) -> None:
    opening = ["e2e4", "d7d5", "e4d5", "c7c6", "d5c6", "g8f6", "c6b7", "e7e6"]
    game_id = both_seats(driver, base, "chess", opening)
    top = driver.execute_script("return document.querySelector('#board svg')"
                                ".getBoundingClientRect().top")
    click_cell(driver, "b7")
    click_cell(driver, "a8")
    picker = wait(driver, lambda: driver.find_element(By.ID, "picker"), "the choice")
    wait(driver, picker.is_displayed, "the choice shown")
    choices = {b.get_attribute("data-action"): b.text.split("\n")
               for b in picker.find_elements(By.CSS_SELECTOR, "button[data-action]")}
    assert choices == {"q": ["♛", "queen"], "r": ["♜", "rook"], "b": ["♝", "bishop"],
                       "n": ["♞", "knight"]}, choices
    assert picker.find_element(By.CSS_SELECTOR, ".glyph").value_of_css_property(
        "background-color") == "rgba(247, 244, 234, 1)"  # on white's disc, as on the board
    # Nothing moved yet, nothing listed, and the board did not jump.
    assert ply(driver) == len(opening) and len(moves(driver)) == len(opening)
    assert driver.find_elements(By.CSS_SELECTOR, '#board g.piece[data-cell="b7"]')
    assert driver.execute_script("return document.querySelector('#board svg')"
                                 ".getBoundingClientRect().top") == top
    box = picker.rect
    assert box["x"] >= 0 and box["x"] + box["width"] <= size[0]
    click_button(driver, '#picker button[data-action="n"]')
    wait(driver, lambda: ply(driver) == len(opening) + 2, "the move and its choice")
    knight = driver.execute_script(  # one read: a redraw makes a handle stale
        "return document.querySelector('#board g.piece[data-cell=\"a8\"] title').textContent")
    assert "knight" in knight
    assert moves(driver)[-1] == "bxa8=N"  # in SAN, whose x says the capture (once)
    assert api(base, f"/api/play/{game_id}/record?format=json")["turns"][-1] == ["b7a8", "n"]


def test_check_is_shown_and_checkmate_announced_as_such(driver: Any, base: str) -> None:
    both_seats(driver, base, "chess", ["e2e4", "f7f6"])
    click_cell(driver, "d1")
    click_cell(driver, "h5")
    wait(driver, lambda: ply(driver) == 3, "the check")
    assert "check" in status(driver)
    assert driver.find_elements(By.CSS_SELECTOR, '#board g.cell[data-cell="e8"] .check')
    # The last move: where the queen came from and where it went.
    assert driver.find_elements(By.CSS_SELECTOR, '#board g.cell[data-cell="d1"] .last-from')
    assert driver.find_elements(By.CSS_SELECTOR, '#board g.cell[data-cell="h5"] .last-to')
    both_seats(driver, base, "chess", ["f2f3", "e7e5", "g2g4"])
    click_cell(driver, "d8")
    click_cell(driver, "h4")
    wait(driver, lambda: "winner: black — checkmate" in status(driver), "the mate")
    assert driver.find_elements(By.CSS_SELECTOR, '#board g.cell[data-cell="e1"] .check')


#: A whole chess game by clicks (found with python-chess): en passant (e5xd6), a check
#: (Bb5+), castling (O-O), a promotion that captures and checks (cxd8=Q+) and a mate.
WHOLE_CHESS_GAME = ["e2e4", "a7a5", "e4e5", "d7d5", "e5d6", "f7f6", "f1b5", "c8d7", "g1f3",
                    "g7g5", "e1g1", "b8c6", "d6c7", "c6b4", "c7d8=q", "e8d8", "b5d7", "b4c2",
                    "d1c2", "a8c8", "c2c8"]


@pytest.mark.slow  # a whole game by clicks: seconds of a browser (CI's 15 minutes)
def test_a_whole_chess_game_by_clicks_to_a_checkmate(driver: Any, base: str) -> None:
    both_seats(driver, base, "chess")
    for number, move in enumerate(WHOLE_CHESS_GAME, 1):
        click_cell(driver, move[:2])
        click_cell(driver, move[2:4])
        if move.endswith("=q"):  # the choice, by its picture, before the pawn moves
            wait(driver, lambda: driver.execute_script(
                "return !document.getElementById('picker').hidden"), "the promotion's choice")
            assert ply(driver) == number - 1
            click_button(driver, '#picker button[data-action="q"]')
        wait(driver, lambda n=number: ply(driver) >= n, f"move {number}, {move}")
        if move == "f1b5":
            assert "check" in status(driver)
            assert driver.execute_script(
                "return !!document.querySelector('#board g.cell[data-cell=\"e8\"] .check')")
    wait(driver, lambda: "winner: white — checkmate" in status(driver), "the mate")
    listed = moves(driver)
    # Each move said as players write it: the capture in passing, castling, the promotion.
    assert "exd6" in listed[4] and listed[10].startswith("O-O") and "=Q" in listed[14], listed
    assert listed[-1].startswith("Qxc8#"), listed


def test_a_row_that_wins_is_drawn_and_named(driver: Any, base: str) -> None:
    both_seats(driver, base, "tic-tac-toe", ["a1", "b1", "b2", "c1"])
    click_cell(driver, "c3")
    wait(driver, lambda: "winner: x — 3 in a row" in status(driver), "the row named")
    wait(driver, lambda: sorted(driver.execute_script(
        "return [...document.querySelectorAll('#board .winning')]"
        ".map(e => e.parentNode.dataset.cell)")) == ["a1", "b2", "c3"], "the row drawn")


def row_of(driver: Any, cell: str) -> float:
    return float(driver.execute_script(
        "return document.querySelector(`#board g.cell[data-cell='${arguments[0]}']`)"
        ".getBoundingClientRect().top", cell))


def test_ones_own_side_is_nearest_and_the_board_flips(driver: Any, base: str) -> None:
    game_id, tokens = new_game(base, "chess", ["human", "human"])
    open_game(driver, base, game_id, {1: tokens[1]})  # black's seat only
    wait(driver, lambda: row_of(driver, "e8") > row_of(driver, "e1"), "black at the bottom")
    play_api(base, game_id, tokens[0], "e2e4")
    wait(driver, lambda: body(driver, "mine") == "yes", "black's turn")
    click_cell(driver, "e7")  # clicks land where the cells are drawn, turned or not
    click_cell(driver, "e5")
    wait(driver, lambda: ply(driver) == 2, "black's move on the turned board")
    click_button(driver, "#flip")
    wait(driver, lambda: row_of(driver, "e8") < row_of(driver, "e1"), "the board flipped")
    assert driver.find_elements(By.CSS_SELECTOR, '#board g.piece[data-cell="e5"]')
    open_game(driver, base, game_id, {0: tokens[0]})  # white's seat: white nearest
    wait(driver, lambda: row_of(driver, "e1") > row_of(driver, "e8"), "white at the bottom")


def test_a_player_resigns_and_the_record_says_so(driver: Any, base: str) -> None:
    game_id, tokens = new_game(base, "ataxx", ["human", "human"])
    open_game(driver, base, game_id, {0: tokens[0]})
    click_cell(driver, "f1")
    wait(driver, lambda: ply(driver) == 1, "a move")
    click_button(driver, "#resign")
    assert body(driver, "terminal") == "no"  # one click only asks
    assert driver.find_element(By.ID, "resign").text == "Really resign?"
    click_button(driver, "#resign")
    wait(driver, lambda: body(driver, "terminal") == "yes", "the resignation")
    assert "winner: o — x resigned" in status(driver)
    assert not driver.find_element(By.ID, "resign").is_displayed()
    record = api(base, f"/api/play/{game_id}/record?format=json")
    assert record["headers"]["Result"] == "o"
    assert record["headers"]["Termination"] == "resignation"
    from framework.records import Record

    Record.from_json(record).verify(load_game(GAMES / "ataxx.yaml"))
    driver.refresh()  # kept as it was (the server reads it back the same)
    wait(driver, lambda: body(driver, "terminal") == "yes", "the resigned game reloaded")


def test_the_move_list_pairs_turns_and_steps_back_through_the_game(driver: Any,
                                                                   base: str) -> None:
    both_seats(driver, base, "chess", ["e2e4", "e7e5", "g1f3"])
    rows = driver.execute_script("return [...document.querySelectorAll('#moves li')]"
                                 ".map(li => [...li.querySelectorAll('.move')]"
                                 ".map(m => m.textContent))")
    assert rows == [["e4", "e5"], ["Nf3"]]  # one row a round, in SAN as players read it

    def piece(cell: str) -> bool:
        return bool(driver.find_elements(By.CSS_SELECTOR, f'#board g.piece[data-cell="{cell}"]'))

    click_button(driver, '#moves .move[data-turn="1"]')
    wait(driver, lambda: body(driver, "viewing") == "1", "the position after 1.e4")
    assert piece("e4") and piece("e7") and not piece("e5") and piece("g1")
    assert driver.find_element(By.ID, "history").is_displayed()
    click_cell(driver, "d7")  # an earlier position is looked at, not played
    assert "earlier position" in message(driver)[0]
    keys = ActionChains(driver, duration=0)
    keys.send_keys(Keys.ARROW_RIGHT).perform()
    wait(driver, lambda: body(driver, "viewing") == "2", "one turn on, by the arrow key")
    assert piece("e5") and not piece("f3")
    keys.send_keys(Keys.ARROW_LEFT).send_keys(Keys.ARROW_LEFT).perform()
    wait(driver, lambda: body(driver, "viewing") == "0", "the start")
    assert piece("e2") and not piece("e4")
    click_button(driver, "#live")
    wait(driver, lambda: body(driver, "viewing") == "", "back to the game")
    assert piece("f3") and not driver.find_element(By.ID, "history").is_displayed()
    click_cell(driver, "b8")  # and it plays on
    click_cell(driver, "c6")
    wait(driver, lambda: ply(driver) == 4, "black's reply")


# Offers: take-backs, draws, rematches ----------------------------------------------------------
def test_a_take_back_a_draw_and_a_rematch_are_offered_and_answered(driver: Any,
                                                                  base: str) -> None:
    """x plays in this browser; o is another person (their answers go through the API, as
    their page sends them)."""
    game_id, tokens = new_game(base, "ataxx", ["human", "human"])
    open_game(driver, base, game_id, {0: tokens[0]})
    click_cell(driver, "f1")
    wait(driver, lambda: ply(driver) == 1, "x's move")
    play_api(base, game_id, tokens[1], "b2")
    wait(driver, lambda: ply(driver) == 2, "o's move")
    # o asks to take back their move: x is asked, and accepts by a click.
    api(base, f"/api/play/{game_id}/offer", {"token": tokens[1], "offer": "undo"})
    wait(driver, lambda: body(driver, "offer") == "undo", "o's request shown")
    assert "o asks to take back their last move." in driver.find_element(By.ID, "offer").text
    click_button(driver, "#accept")
    wait(driver, lambda: ply(driver) == 1 and body(driver, "offer") == "", "the take-back")
    assert body(driver, "mine") == "no"  # o's turn again
    # x offers a draw by a click; o accepts.
    click_button(driver, "#offer-draw")
    wait(driver, lambda: body(driver, "offer") == "draw", "the offer made")
    assert "Your offer waits for an answer." in driver.find_element(By.ID, "offer").text
    api(base, f"/api/play/{game_id}/answer", {"token": tokens[1], "accept": True})
    wait(driver, lambda: body(driver, "terminal") == "yes", "the agreed draw")
    assert "draw agreed" in status(driver)
    assert not driver.find_element(By.ID, "offer-draw").is_displayed()
    # A rematch: offered here, accepted by o; this page goes on to it, now playing o.
    click_button(driver, "#rematch")
    wait(driver, lambda: body(driver, "offer") == "rematch", "the rematch offered")
    rematch = api(base, f"/api/play/{game_id}/answer",
                  {"token": tokens[1], "accept": True})["state"]["rematch"]
    wait(driver, lambda: rematch in driver.current_url and body(driver, "ply") == "0",
         "the rematch opened")
    assert body(driver, "mine") == "no"  # o's person, now x, moves first
    play_api(base, rematch, tokens[1], "f1")
    wait(driver, lambda: ply(driver) == 1 and body(driver, "mine") == "yes", "o's turn here")


# Drag-and-drop and gliding pieces ---------------------------------------------------------
def centre(driver: Any, name: str) -> tuple[int, int]:
    """Where the cell ``name`` is on the screen (CSS pixels of the viewport)."""
    x, y = driver.execute_script(
        "const c = document.querySelector(`#board g.cell[data-cell='${arguments[0]}']`);"
        "const r = c.firstElementChild.getBoundingClientRect();"
        "return [r.x + r.width / 2, r.y + r.height / 2]", name)
    return round(x), round(y)


def drag(driver: Any, start: str, end: str, finger: bool = False) -> None:
    """Press on ``start``, move to ``end`` and release there, by mouse or by a finger."""
    kind = interaction.POINTER_TOUCH if finger else interaction.POINTER_MOUSE
    actions = ActionBuilder(driver, mouse=PointerInput(kind, "finger" if finger else "mouse"),
                            duration=0)
    actions.pointer_action.move_to_location(*centre(driver, start)).pointer_down() \
        .move_to_location(*centre(driver, end)).pointer_up()
    actions.perform()


def test_a_piece_is_dragged_by_mouse_or_finger_and_a_drop_off_target_cancels(
        driver: Any, base: str) -> None:
    game_id = both_seats(driver, base, "chess")
    drag(driver, "e2", "e4")
    wait(driver, lambda: ply(driver) == 1, "the pawn dropped on e4")
    assert driver.find_elements(By.CSS_SELECTOR, '#board g.piece[data-cell="e4"]')
    # Dropped off any target: back where it was, nothing picked, nothing sent.
    drag(driver, "g8", "e5")
    knight = driver.find_element(By.CSS_SELECTOR, '#board g.piece[data-cell="g8"]')
    assert knight.value_of_css_property("transform") == "none"
    assert not targets(driver, "circle.selected") and not targets(driver)
    assert message(driver) == ("", "")
    assert ply(driver) == 1 and api(base, f"/api/play/{game_id}")["ply"] == 1
    driver.execute_script("document.addEventListener('pointerdown', "
                          "(e) => { document.body.dataset.pointer = e.pointerType; })")
    drag(driver, "g8", "f6", finger=True)  # a finger on a phone's screen, the same
    assert body(driver, "pointer") == "touch"
    wait(driver, lambda: ply(driver) == 2, "the knight dropped on f6 by touch")
    click_cell(driver, "g1")  # clicks play as before
    click_cell(driver, "f3")
    wait(driver, lambda: ply(driver) == 3, "the knight's move by clicks")
    record = api(base, f"/api/play/{game_id}/record?format=json")["turns"]
    assert record == [["e2e4"], ["g8f6"], ["g1f3"]]


def test_a_dragged_promotion_asks_its_choice(driver: Any, base: str) -> None:
    opening = ["e2e4", "d7d5", "e4d5", "c7c6", "d5c6", "g8f6", "c6b7", "e7e6"]
    both_seats(driver, base, "chess", opening)
    drag(driver, "b7", "a8")  # several actions from b7 to a8: the choice is asked
    picker = driver.find_element(By.ID, "picker")
    wait(driver, picker.is_displayed, "the choice shown")
    assert ply(driver) == len(opening)
    click_button(driver, '#picker button[data-action="q"]')
    wait(driver, lambda: ply(driver) == len(opening) + 2, "the move and its choice")
    assert moves(driver)[-1] == "bxa8=Q"


def glided_from(driver: Any, cell: str) -> str:
    return str(driver.execute_script(
        "const p = document.querySelector(`#board g.piece[data-cell='${arguments[0]}']`);"
        "return p ? p.dataset.glidedFrom || '' : 'no piece'", cell))


def test_a_move_glides_from_its_cell_unless_motion_is_reduced(driver: Any, base: str) -> None:
    game_id, tokens = new_game(base, "chess", ["human", "human"])
    open_game(driver, base, game_id, {0: tokens[0]})  # black is another person
    assert glided_from(driver, "e2") == ""  # nothing glides when the page opens
    click_cell(driver, "e2")
    click_cell(driver, "e4")
    wait(driver, lambda: ply(driver) == 1, "white's move")
    assert glided_from(driver, "e4") == "e2"  # one's own move glides
    play_api(base, game_id, tokens[1], "e7e5")
    wait(driver, lambda: ply(driver) == 2, "black's move")
    assert glided_from(driver, "e5") == "e7"  # and the other seat's
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        drag(driver, "g1", "f3")  # dropped where it goes: nothing to glide
        wait(driver, lambda: ply(driver) == 3, "white's drop")
        assert glided_from(driver, "f3") == ""
        play_api(base, game_id, tokens[1], "b8c6")
        wait(driver, lambda: ply(driver) == 4, "black's move")
        assert glided_from(driver, "c6") == ""  # the reader asked for no motion
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


# Copy buttons on invite links ---------------------------------------------------------------
def test_an_invite_link_is_copied_by_its_button_or_selected_to_copy_by_hand(
        driver: Any, base: str) -> None:
    game_id, tokens = new_game(base, "ataxx", ["human", "human"])
    driver.get(f"{base}/play/{game_id}?lang=en#s0={tokens[0]}&invite1={tokens[1]}")
    wait(driver, lambda: ply(driver) >= 0, "the game page")
    link = f"{base}/play/{game_id}#s1={tokens[1]}"
    assert driver.execute_script(  # read in one script: the seat list is redrawn often
        "return document.querySelector('input.invite').value") == link
    origin = {"origin": base}
    driver.execute_cdp_cmd("Browser.grantPermissions", {
        **origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    try:
        click_button(driver, 'button.copy[data-seat="1"]')
        wait(driver, lambda: driver.find_element(By.CSS_SELECTOR, "button.copy").text
             == "Copied", "the link copied")
        assert driver.execute_async_script(
            "navigator.clipboard.readText().then(arguments[0], (e) => arguments[0](String(e)))"
        ) == link
        # Refused by the browser: the link is selected, for Ctrl+C.
        driver.execute_cdp_cmd("Browser.setPermission", {
            **origin, "permission": {"name": "clipboard-write"}, "setting": "denied"})
        driver.refresh()
        wait(driver, lambda: ply(driver) >= 0, "the game page again")
        click_button(driver, 'button.copy[data-seat="1"]')
        wait(driver, lambda: "Ctrl+C" in driver.find_element(By.CSS_SELECTOR,
                                                             "button.copy").text, "the refusal")
        wait(driver, lambda: driver.execute_script(
            "const i = document.querySelector('input.invite');"
            "return document.activeElement === i && i.selectionStart === 0 &&"
            " i.selectionEnd === i.value.length"), "the link selected")
    finally:
        driver.execute_cdp_cmd("Browser.resetPermissions", {})


# The designer's bench -------------------------------------------------------------------
# A chess position built by clicks and read from a FEN, started ("start here") and played;
# hands edited as numbers on a phone; a blocked cell; the state inspector; a record opened
# from a file and stepped through by buttons and arrow keys; a game kept across an edited
# file under --watch. (Here, to share this module's browser and server.)
BENCH_FEN = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
#: What a person sees of the editor: its status, whether it reads, the FEN and JSON shown.
BENCH_EDITOR = """const q = (s) => document.querySelector(s);
return {status: (q('#editor-status') || {}).textContent || '',
        valid: q('#editor') ? q('#editor').dataset.valid || '' : '',
        hidden: q('#editor').hidden, fen: (q('#editor-fen') || {}).value || '',
        json: (q('#editor-json') || {}).value || '',
        pieces: [...document.querySelectorAll('#board g.piece')].map(g => g.dataset.cell)}"""


def editor(driver: Any) -> dict[str, Any]:
    return dict(driver.execute_script(BENCH_EDITOR))


def test_a_position_built_by_clicks_and_read_from_a_fen_starts_a_game(driver: Any,
                                                                      base: str) -> None:
    import json

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
    fen.send_keys(BENCH_FEN)
    click_button(driver, "#editor-read-fen")
    wait(driver, lambda: editor(driver)["fen"] == BENCH_FEN, "the FEN read")
    # The status comes with the server's answer about the position, which may follow the
    # FEN's echo in the field: waited for, not read at once.
    wait(driver, lambda: "15 legal moves" in editor(driver)["status"], "the moves counted")
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
    import json

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


@pytest.mark.slow  # (CI's time: the other editor tests run by default)
def test_a_blocked_cell_is_written_in_the_fen(driver: Any, base: str) -> None:
    import json

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
                                      "fen": BENCH_FEN})
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
        driver: Any, base: str, tmp_path: Any) -> None:
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


@pytest.mark.slow  # a server of its own; by default tests/test_web_bench.py checks the replay
def test_an_edited_file_keeps_the_game_to_its_last_legal_move(driver: Any,
                                                             tmp_path: Any) -> None:
    import shutil

    from .conftest import ROOT
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
        assert keep.is_displayed() and keep.text == "Keep the first 2 turns and go on"
        keep.click()
        wait(driver, lambda: not driver.find_element(By.ID, "rules-changed").is_displayed(),
             "the game going on under the new rules")
        seen = driver.execute_script("return [document.body.dataset.ply, "
                                     "document.querySelectorAll('#moves .move').length]")
        assert seen == ["2", 2]
        click_cell(driver, "a6")  # x plays on, orthogonally: a7 to a6
        wait(driver, lambda: ply(driver) == 3, "a move under the new rules")


# Clocks and names -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def timed() -> Iterator[tuple[str, FakeClock]]:
    """A server whose clocks the test moves (nothing waits for real time to pass)."""
    clock = FakeClock()
    with running_server([GAMES / "ataxx.yaml"], clock=clock) as url:
        yield url, clock


def clocks(driver: Any) -> list[list[str]]:
    """The clocks as shown: the text, the time the server gave, and whether it runs."""
    return list(driver.execute_script(
        "return [...document.querySelectorAll('#clocks .clock')].map(c => "
        "[c.textContent, c.dataset.left, c.dataset.running])"))


def as_seat(driver: Any, base: str, game_id: str, seat: int, token: str) -> None:
    """This browser holds ``seat`` of the game only (as another person's would)."""
    driver.execute_script(f"localStorage.removeItem('boardspec:{game_id}')")
    driver.get("about:blank")  # (the same page with another fragment would not reload)
    open_game(driver, base, game_id, {seat: token})


def test_a_clock_game_named_at_the_start_where_a_flag_falls(
        driver: Any, timed: tuple[str, FakeClock]) -> None:
    base, clock = timed
    driver.get(f"{base}/?lang=en")
    form = wait(driver, lambda: driver.find_element(
        By.CSS_SELECTOR, 'article[data-game="ataxx"] form'), "the game list")
    Select(form.find_element(By.NAME, "clock")).select_by_value("5+3")
    Select(form.find_element(By.NAME, "seat1")).select_by_value("friend")
    form.find_element(By.NAME, "name").send_keys("Ann <b>")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(driver, lambda: ply(driver) == 0, "the new game")
    game_id = driver.current_url.split("/play/")[1].split("?")[0]
    # The name is shown as typed (text, never markup), the clocks full and stopped.
    assert seats(driver)[0] == "x: Ann <b> — me (this browser)"
    assert not driver.find_elements(By.CSS_SELECTOR, "#seats b")
    assert clocks(driver) == [["x (Ann <b>) 5:00", "300", "no"], ["o 5:00", "300", "no"]]
    click_cell(driver, "f1")
    wait(driver, lambda: ply(driver) == 1, "x's move")
    assert [c[1:] for c in clocks(driver)] == [["303", "no"], ["300", "yes"]]
    # The friend joins by the invite link and gives their name.
    state = api(base, f"/api/play/{game_id}")
    kept = driver.execute_script(f"return JSON.parse(localStorage.getItem('boardspec:{game_id}'))")
    own, friend = kept["tokens"]["0"], kept["invites"]["1"]
    assert state["clock"]["control"] == "5+3"  # (the tokens: in this page's storage)
    as_seat(driver, base, game_id, 1, friend)
    wait(driver, lambda: driver.find_element(By.ID, "naming").is_displayed(), "the name form")
    field = driver.find_element(By.ID, "name")
    field.clear()
    field.send_keys("Bo", Keys.ENTER)
    wait(driver, lambda: seats(driver)[1] == "o: Bo — me (this browser)", "o's name")
    clock.advance(100)  # o thinks 100 s, then plays
    play_api(base, game_id, friend, "b2")
    wait(driver, lambda: ply(driver) == 2, "o's move")
    assert clocks(driver)[1][:2] == ["o (Bo) 3:23", "203"]
    assert clocks(driver)[0][2] == "yes"  # x's runs now
    # It counts down in the page: the page's time moved on 62 s (a stand-in for its clock:
    # the test waits for no real second), x's shows at least a minute and 2 s less (5:03,
    # then 4:01 or, on a slow machine, a little less), o's stays.
    driver.execute_script("const real = performance.now.bind(performance);"
                          "performance.now = () => real() + 62000;")

    def seconds(shown: str) -> int:
        minutes, secs = shown.rsplit(" ", 1)[1].split(":")
        return int(minutes) * 60 + int(secs)

    wait(driver, lambda: 180 <= seconds(clocks(driver)[0][0]) <= 241, "the countdown")
    assert clocks(driver)[1][0] == "o (Bo) 3:23"
    as_seat(driver, base, game_id, 0, own)
    screen(driver, PHONE)
    try:
        clock.advance(303.5)  # x's time runs out: the server says so to every page
        api(base, f"/api/play/{game_id}")
        wait(driver, lambda: body(driver, "terminal") == "yes", "the flag")
        assert "winner: o — x ran out of time" in status(driver)
        right = driver.execute_script(
            "return document.getElementById('clocks').getBoundingClientRect().right")
        assert right <= PHONE[0]
    finally:
        screen(driver, DESKTOP)
    assert clocks(driver)[0][1:] == ["0", "no"]
    headers = api(base, f"/api/play/{game_id}/record?format=json")["headers"]
    assert (headers["X"], headers["O"]) == ("Ann <b>", "Bo")
    assert (headers["Termination"], headers["TimeControl"]) == ("time forfeit", "300+3")


# Everything in the page's language ----------------------------------------------------------
def test_the_home_cards_and_the_result_read_in_the_pages_language(driver: Any,
                                                                   base: str) -> None:
    screen(driver, PHONE)  # (the cards' new fields must fit a phone; a desktop has room)
    try:
        spanish_cards_and_result(driver, base, PHONE)
    finally:
        screen(driver, DESKTOP)


def spanish_cards_and_result(driver: Any, base: str, size: tuple[int, int]) -> None:
    driver.get(f"{base}/?lang=es")
    card = wait(driver, lambda: driver.find_element(By.CSS_SELECTOR,
                                                    'article[data-game="checkers"]'), "the cards")
    read = driver.execute_script("""
        const card = document.querySelector('article[data-game="checkers"]');
        return {title: card.querySelector('h2').innerText,
                about: card.querySelector('p').innerText,
                seats: [...card.querySelectorAll('label')].map(l => l.innerText.split(':')[0]),
                width: document.documentElement.scrollWidth,
                right: card.getBoundingClientRect().right};""")
    assert read["title"] == "Damas inglesas" and "tablero" in read["about"], read
    assert read["seats"][:2] == ["negras", "blancas"] and "reloj" in read["seats"], read
    assert read["width"] <= size[0] and read["right"] <= size[0], read
    assert card.find_element(By.NAME, "clock").get_attribute("value") == "none"
    game_id, tokens = new_game(base, "tic-tac-toe", ["human", "human"])
    state = play_api(base, game_id, tokens[0], "a1")
    play_api(base, game_id, tokens[1], "b1")
    play_api(base, game_id, tokens[0], "b2")
    play_api(base, game_id, tokens[1], "c1")
    driver.get(f"{base}/play/{game_id}?lang=es#s0={tokens[0]}&s1={tokens[1]}")
    wait(driver, lambda: ply(driver) == 4, "the game in Spanish")
    assert text_of(driver, "#title") == "Tres en raya" and state["ply"] == 1
    click_cell(driver, "c3")
    wait(driver, lambda: body(driver, "terminal") == "yes", "the row")
    assert "3 en línea" in status(driver), status(driver)


# Sounds -----------------------------------------------------------------------------------
def test_sounds_are_off_until_turned_on_and_then_a_move_is_heard(driver: Any,
                                                                base: str) -> None:
    game_id, tokens = new_game(base, "ataxx", ["human", "human"])
    open_game(driver, base, game_id, {0: tokens[0]})
    assert text_of(driver, "#sounds") == "Sounds: off"
    play_api(base, game_id, tokens[0], "f1")
    wait(driver, lambda: ply(driver) == 1, "x's move")
    assert body(driver, "sounds") == ""  # off by default: nothing played
    click_button(driver, "#sounds")
    try:
        assert text_of(driver, "#sounds") == "Sounds: on"
        play_api(base, game_id, tokens[1], "b2")
        wait(driver, lambda: ply(driver) == 2, "o's move")
        assert (body(driver, "sounds"), body(driver, "lastSound")) == ("1", "move")
        driver.refresh()  # kept in this browser
        wait(driver, lambda: ply(driver) == 2, "the page again")
        assert text_of(driver, "#sounds") == "Sounds: on" and body(driver, "sounds") == ""
        api(base, f"/api/play/{game_id}/resign", {"token": tokens[0]})
        wait(driver, lambda: body(driver, "terminal") == "yes", "the resignation")
        assert (body(driver, "sounds"), body(driver, "lastSound")) == ("1", "end")
    finally:
        driver.execute_script("localStorage.removeItem('boardspec:sounds')")


# Dice: Backgammon in the browser ------------------------------------------------------------
def test_backgammon_shows_the_servers_dice_and_plays_a_move_with_them(driver: Any,
                                                                      base: str) -> None:
    """The dice are rolled by the server and shown; the page only sends the move, and a
    move played is one of the moves of those dice. The page's script has no random number
    at all, so nothing in it could decide a roll."""
    script = urllib.request.urlopen(f"{base}/static/play.js").read().decode()
    assert "Math.random" not in script and "getRandomValues" not in script
    game_id, tokens = new_game(base, "backgammon", ["human", "human"], seed=5)
    open_game(driver, base, game_id, {0: tokens[0], 1: tokens[1]})
    # Every request the page makes from now on is kept, to show that none sends a roll.
    driver.execute_script("""
        window.sent = [];
        const plain = window.fetch;
        window.fetch = (url, options) => {
          window.sent.push([String(url), (options && options.body) || ""]);
          return plain(url, options);
        };""")
    seen = wait(driver, lambda: driver.execute_script("""
        const dice = document.getElementById('dice');
        const buttons = [...document.querySelectorAll('#choices button')];
        return dice.hidden || !buttons.length ? null : {
          dice: dice.dataset.dice, text: dice.textContent, ply: +document.body.dataset.ply,
          moves: buttons.map(b => b.dataset.action)};"""), "the dice and the moves")
    state = api(base, f"/api/play/{game_id}?lang=en")
    opening = state["turns"][0]["actions"][0]  # roll:a-b:<who starts>, the server's roll
    assert opening.startswith("roll:") and seen["ply"] == state["ply"] == 1
    first, second = (int(d) for d in opening.split(":")[1].split("-"))
    assert seen["dice"] == f"{first} {second}" and state["dice"] == [first, second]
    assert seen["text"].startswith("Dice: ") and f"{first}" in seen["text"]
    game = load_game(GAMES / "backgammon.yaml")
    position = game.new_initial_state()
    position.apply(opening)
    expected = sorted(a.notation for a in position.legal_actions())
    assert sorted(seen["moves"]) == expected  # the moves of those dice, and only those
    move = seen["moves"][0]
    click_button(driver, f'#choices button[data-action="{move}"]')
    wait(driver, lambda: ply(driver) >= 3, "the move and the server's next roll")
    after = api(base, f"/api/play/{game_id}?lang=en")
    played = [a for t in after["turns"] for a in t["actions"]]
    assert played[:2] == [opening, move] and played[2].startswith("roll:")
    shown = wait(driver, lambda: driver.execute_script(
        "return document.getElementById('dice').dataset.dice"), "the next dice")
    assert shown == " ".join(played[2].split(":")[1].split("-")) == \
        " ".join(map(str, after["dice"]))
    sent = driver.execute_script("return window.sent")
    moves = [body for url, body in sent if "/apply" in url]
    assert len(moves) == 1 and f'"action":"{move}"' in moves[0]
    assert not any("roll:" in body for _, body in sent)
