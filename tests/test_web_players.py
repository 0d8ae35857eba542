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
    assert driver.find_element(By.CSS_SELECTOR, '#board g.piece[data-cell="b2"] text.glyph') \
        .text == "✕"
    assert driver.find_element(By.CSS_SELECTOR, '#board g.piece[data-cell="b2"] circle') \
        .get_attribute("fill") == "none"
    driver.get(f"{base}/?lang=en")
    recent = wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#recent li"),
                  "the recent games")
    texts = [li.text for li in recent]
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
    knight = driver.find_element(By.CSS_SELECTOR, '#board g.piece[data-cell="a8"] title')
    assert "knight" in knight.get_attribute("textContent")
    assert moves(driver)[-1] == "b7a8 n ×a8"  # the rook it took, said
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
    assert rows == [["e2e4", "e7e5"], ["g1f3"]]  # one row a round, as players read it

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
    assert moves(driver)[-1] == "b7a8 q ×a8"


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
