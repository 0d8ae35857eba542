"""``boardspec serve`` in headless Chromium, played by clicks: a whole Assimilation game
against the random agent, an Adaptoid turn of walk, build and starvation, a refused click,
two browsers on one game, a server restart mid-game, and a game file edited under --watch.

Servers listen on 127.0.0.1 and a free port and are always stopped. Like the rulebook test,
these are skipped without Chromium, and fail under ``CI=true``."""

from __future__ import annotations

import json
import random
import shutil
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.common.exceptions import (
    NoSuchElementException,
    StaleElementReferenceException,
    TimeoutException,
)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from framework import load_game
from framework.engine.turns import Turn, turns_with_states

from .browser import browser, require_chromium
from .conftest import ROOT
from .webserver import free_port, running_server

GAMES = ROOT / "games"


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    require_chromium()
    with browser() as opened:
        opened.set_window_size(1000, 900)
        yield opened


@pytest.fixture(scope="module")
def games_url() -> Iterator[str]:
    with running_server([GAMES]) as base:
        yield base


def api(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def wait(driver: Any, condition: Callable[[], Any], what: str, seconds: float = 60) -> Any:
    try:
        return WebDriverWait(driver, seconds, poll_frequency=0.02, ignored_exceptions=(
            NoSuchElementException, StaleElementReferenceException)).until(
                lambda _: condition())
    except TimeoutException:
        shown = {i: driver.find_elements(By.ID, i)[0].text for i in ("status", "message")
                 if driver.find_elements(By.ID, i)}
        raise AssertionError(f"waited {seconds}s for {what}; the page shows {shown}, "
                             f"ply {body(driver, 'ply')}, url {driver.current_url}") from None


def body(driver: Any, name: str) -> str:
    return str(driver.execute_script(f"return document.body.dataset.{name} || ''"))


def ply(driver: Any) -> int:
    value = body(driver, "ply")
    return int(value) if value.isdigit() else -1


def click_cell(driver: Any, name: str) -> None:
    """Click a cell as a person would: the mouse on its centre, whatever is drawn on top,
    once the board is drawn (a person waits for it too)."""
    settled(driver)
    for _ in range(3):
        try:
            cell = driver.find_element(By.CSS_SELECTOR, f'#board g.cell[data-cell="{name}"]')
            ActionChains(driver, duration=0).move_to_element(cell).click().perform()
            return
        except StaleElementReferenceException:  # the board was redrawn meanwhile
            continue
    raise AssertionError(f"could not click {name}")


def click_button(driver: Any, css: str) -> None:
    for _ in range(3):
        try:
            driver.find_element(By.CSS_SELECTOR, css).click()
            return
        except StaleElementReferenceException:  # redrawn meanwhile
            continue
    raise AssertionError(f"could not click {css}")


def my_turn(driver: Any, after: int) -> bool:
    seen = driver.execute_script("const b = document.body.dataset; "
                                 "return [+(b.ply || -1), b.mine, b.terminal]")
    return bool(seen[0] > after and "yes" in seen[1:])


def targets(driver: Any, css: str = "circle.target") -> list[str]:
    return list(driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(e => e.dataset.cell)", css))


def new_game(base: str, game: str, seats: list[str], seed: int = 1) -> tuple[str, list[Any]]:
    data = api(base, "/api/play", {"game": game, "seats": seats, "seed": seed})
    return data["id"], data["tokens"]


def open_game(driver: Any, base: str, game_id: str, tokens: dict[int, str]) -> None:
    fragment = "&".join(f"s{seat}={token}" for seat, token in tokens.items())
    driver.get(f"{base}/play/{game_id}?lang=en#{fragment}")
    wait(driver, lambda: ply(driver) >= 0, "the game page")
    settled(driver)


def settled(driver: Any) -> None:
    """Wait until the page has drawn the board the server has (no fetch that would redraw
    it, and turn it for the seat's side, under a click)."""
    wait(driver, lambda: body(driver, "settled") == "yes", "the board drawn")


def test_a_whole_assimilation_game_against_random_by_clicks(driver: Any,
                                                            games_url: str) -> None:
    driver.get(f"{games_url}/?lang=en")
    form = wait(driver, lambda: driver.find_element(
        By.CSS_SELECTOR, 'article[data-game="assimilation"] form'), "the game list")
    assert Select(form.find_element(By.NAME, "seat1")).first_selected_option \
        .get_attribute("value") == "random"
    click_button(driver, 'article[data-game="assimilation"] button[type=submit]')
    wait(driver, lambda: "/play/" in driver.current_url and body(driver, "mine") == "yes",
         "my first turn")
    rng = random.Random(7)
    clicks = 0
    while body(driver, "terminal") != "yes":
        before = ply(driver)
        direct = targets(driver, "circle.target.direct")
        if direct:  # a clone: one click on the cell
            click_cell(driver, rng.choice(direct))
        else:  # only jumps left: pick a piece, then one of its targets
            mine = driver.execute_script(
                "return [...document.querySelectorAll('#board g.piece')]"
                ".filter(g => g.textContent.includes('(white)')).map(g => g.dataset.cell)")
            for cell in mine:
                click_cell(driver, cell)
                if targets(driver, "circle.target:not(.direct)"):
                    break
            click_cell(driver, rng.choice(targets(driver, "circle.target:not(.direct)")))
        clicks += 1
        assert clicks < 200
        wait(driver, lambda before=before: my_turn(driver, before), "the agent's reply")
    status = driver.find_element(By.ID, "status")
    assert "over" in status.get_attribute("class")
    assert "winner: " in status.text or "draw" in status.text
    game_id = driver.current_url.split("/play/")[1].split("?")[0]
    record = urllib.request.urlopen(f"{games_url}/api/play/{game_id}/record").read().decode()
    from framework.records import Record

    parsed = Record.from_text(record)
    parsed.verify(load_game(GAMES / "assimilation.yaml"))
    assert parsed.result != "unfinished"
    assert len(driver.find_elements(By.CSS_SELECTOR, "#moves .move")) == len(parsed.turns)
    # Play again: the same seats, a new game; the finished one is kept with its record.
    click_button(driver, "#play-again")
    wait(driver, lambda: ply(driver) == 0 and body(driver, "mine") == "yes", "a new game")
    kept = [g for g in api(games_url, "/api/recent")["games"] if g["game"] == "assimilation"]
    assert [g["result"] for g in kept[:2]] == ["unfinished", parsed.result]


def starvation_turn() -> tuple[list[str], Turn, int]:
    """A seeded random Adaptoid (nestorgames) game up to a turn in which the mover can
    walk to an empty cell and create an adaptoid so that an enemy one starves; the plies
    before it, the turn, and the cell of the starving enemy."""
    game = load_game(GAMES / "adaptoid-nestorgames.yaml")
    rng = random.Random(0)
    state, prefix = game.new_initial_state(), []
    for _ in range(200):
        me, occupied = state.to_move, state.occupied()
        enemies = state.owner[1 - me]
        for turn, after in turns_with_states(state):
            walk, *build = turn.actions
            if walk.src >= 0 and not occupied >> walk.dst & 1 and build and \
                    build[0].kind == "create" and not after.is_terminal() and \
                    after.owner[1 - me] & enemies != enemies:
                starved = (enemies & ~after.owner[1 - me]).bit_length() - 1
                return prefix, turn, starved
        turn = rng.choice([t for t, _ in turns_with_states(state)])
        for action in turn.actions:
            state.apply(action)
            prefix.append(action.notation)
    raise AssertionError("no starvation turn found")


def test_an_adaptoid_turn_of_walk_build_and_starvation(driver: Any, games_url: str) -> None:
    prefix, turn, starved = starvation_turn()
    names = load_game(GAMES / "adaptoid-nestorgames.yaml").board.names
    game_id, tokens = new_game(games_url, "adaptoid-nestorgames", ["human", "human"])
    state = api(games_url, f"/api/play/{game_id}")
    for notation in prefix:
        state = api(games_url, f"/api/play/{game_id}/apply", {
            "action": notation, "ply": state["ply"],
            "token": tokens[state["current_seat"]]})["state"]
    open_game(driver, games_url, game_id, dict(enumerate(tokens)))
    wait(driver, lambda: ply(driver) == len(prefix) and body(driver, "mine") == "yes",
         "the position")
    mover, enemy = state["to_move"], state["players"][1 - state["players"].index(
        state["to_move"])]
    walk, build = turn.actions
    assert driver.find_elements(By.CSS_SELECTOR, f'g.piece[data-cell="{names[starved]}"]')
    click_cell(driver, names[walk.src])  # the piece: its targets appear
    wait(driver, lambda: names[walk.dst] in targets(driver, "circle.target:not(.direct)"),
         "the walking piece's targets")
    assert driver.find_elements(By.CSS_SELECTOR, "circle.selected")
    click_cell(driver, names[walk.dst])
    wait(driver, lambda: ply(driver) == len(prefix) + 1, "the walk")
    assert "build" in driver.find_element(By.ID, "status").text
    assert driver.find_elements(By.CSS_SELECTOR, f'g.piece[data-cell="{names[walk.dst]}"]')
    click_cell(driver, names[build.at])
    wait(driver, lambda: ply(driver) == len(prefix) + 2, "the build")
    # The starvation sweep ran at the end of the turn: the enemy piece is gone.
    assert not driver.find_elements(By.CSS_SELECTOR, f'g.piece[data-cell="{names[starved]}"]')
    last = driver.find_elements(By.CSS_SELECTOR, "#moves .move")[-1]
    assert last.get_attribute("data-player") == mover
    assert last.text.startswith(turn.notation)  # and what it took off: the starved piece
    assert f"×{names[starved]}" in last.find_element(By.CSS_SELECTOR, ".removed").text
    captures = driver.find_elements(By.CSS_SELECTOR, f'#sides td[data-player="{mover}"]')[1]
    assert captures.text == str(
        state["sides"][state["players"].index(mover)]["counters"]["captures"] + 1)
    # The next player's walk is optional: a skip button, then the build.
    assert enemy in driver.find_element(By.ID, "status").text
    click_button(driver, '#choices button[data-action="skip"]')
    wait(driver, lambda: ply(driver) == len(prefix) + 3, "the skip")
    assert "build" in driver.find_element(By.ID, "status").text


def test_a_refused_click_shows_why(driver: Any, games_url: str) -> None:
    game_id, tokens = new_game(games_url, "ataxx", ["human", "human"])
    open_game(driver, games_url, game_id, {0: tokens[0]})
    click_cell(driver, "d4")
    message = wait(driver, lambda: driver.find_element(By.CSS_SELECTOR, "#message.error"),
                   "the refusal")
    assert "Not played: no legal action on d4" in message.text
    click_cell(driver, "a7")  # x's piece: its jumps appear
    assert "a5" in targets(driver, "circle.target:not(.direct)")
    click_cell(driver, "a4")
    wait(driver, lambda: "from a7 to a4" in driver.find_element(By.ID, "message").text,
         "the second refusal")
    assert "legal there: a7a5" in driver.find_element(By.ID, "message").text
    assert ply(driver) == 0 and api(games_url, f"/api/play/{game_id}")["ply"] == 0


def test_two_browsers_play_one_game_and_a_spectator_watches(driver: Any,
                                                           games_url: str) -> None:
    driver.get(f"{games_url}/?lang=en")
    form = wait(driver, lambda: driver.find_element(
        By.CSS_SELECTOR, 'article[data-game="ataxx"] form'), "the game list")
    Select(form.find_element(By.NAME, "seat1")).select_by_value("friend")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    invite = wait(driver, lambda: driver.find_element(
        By.CSS_SELECTOR, "input.invite").get_attribute("value"), "the invite link")
    # The address bar holds no seat (copying it to invite someone gives nothing away);
    # the seat is kept by this browser, through a reload too.
    assert "#" not in driver.current_url and "/play/" in driver.current_url
    driver.refresh()
    wait(driver, lambda: body(driver, "mine") == "yes", "the seat kept after a reload")
    def friend_here(page: Any) -> str:  # read in one script: the list is redrawn often
        return str(page.execute_script("const li = document.querySelector("
                                       "'#seats li[data-seat=\"1\"]'); "
                                       "return li ? li.dataset.online : ''"))

    assert friend_here(driver) == "no"
    with browser() as friend:
        friend.get(invite)
        wait(friend, lambda: ply(friend) == 0, "the friend's page")
        assert body(friend, "mine") == "no"
        assert "#" not in friend.current_url
        wait(driver, lambda: friend_here(driver) == "yes", "the friend shown as joined")
        click_cell(driver, "f1")
        wait(friend, lambda: ply(friend) == 1 and body(friend, "mine") == "yes",
             "the first move in the friend's browser")
        assert friend.find_elements(By.CSS_SELECTOR, '#board g.piece[data-cell="f1"]')
        click_cell(friend, "b1")
        wait(driver, lambda: ply(driver) == 2 and body(driver, "mine") == "yes",
             "the friend's move in the first browser")
        assert driver.find_elements(By.CSS_SELECTOR, '#board g.piece[data-cell="b1"]')
        # A spectator (the link without a token, in a browser without a seat) sees the
        # game and cannot move.
        friend.execute_script("localStorage.clear()")
        friend.get(invite.split("#")[0])
        wait(friend, lambda: ply(friend) == 2, "the spectator's page")
        wait(driver, lambda: friend_here(driver) == "no", "the friend shown as gone")
        assert "watching" in friend.find_element(By.ID, "status").text
        assert not targets(friend)
        click_cell(friend, "e1")
        assert "only the players can move" in friend.find_element(By.ID, "message").text
        click_cell(driver, "e1")
        wait(friend, lambda: ply(friend) == 3, "the move seen by the spectator")


def test_a_server_restart_in_the_middle_of_a_game(driver: Any, tmp_path: Path) -> None:
    port, db = free_port(), tmp_path / "games.sqlite"
    with running_server([GAMES], db, port=port) as base:
        game_id, tokens = new_game(base, "ataxx", ["human", "random"], seed=4)
        open_game(driver, base, game_id, {0: tokens[0]})
        click_cell(driver, "f1")
        wait(driver, lambda: my_turn(driver, 1), "the agent's reply")
    wait(driver, lambda: driver.find_element(By.ID, "connection").is_displayed(),
         "the lost connection")
    with running_server([GAMES], db, port=port):
        wait(driver, lambda: not driver.find_element(By.ID, "connection").is_displayed(),
             "the reconnection")
        assert ply(driver) == 2 and body(driver, "mine") == "yes"
        click_cell(driver, targets(driver, "circle.target.direct")[0])
        wait(driver, lambda: my_turn(driver, 3), "the game going on")
        assert len(driver.find_elements(By.CSS_SELECTOR, "#moves .move")) == 4


def test_an_edited_game_file_reloads_and_a_broken_one_shows_its_line(
        driver: Any, tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    shutil.copy(ROOT / "tests" / "data" / "ataxx-plain.yaml", path)  # its name is one line
    text = path.read_text()
    with running_server([path], watch=True, poll_seconds=0.1) as base:
        game_id, tokens = new_game(base, "mine", ["human", "human"])
        open_game(driver, base, game_id, {0: tokens[0], 1: tokens[1]})
        click_cell(driver, "f1")
        wait(driver, lambda: ply(driver) == 1, "a move")
        broken = text.replace("no_legal_move: pass", "no_legal_move: pass\nbogus: 1")
        line = broken.splitlines().index("bogus: 1") + 1
        path.write_text(broken)
        errors = wait(driver, lambda: driver.find_element(By.ID, "rules-errors"),
                      "the errors")
        wait(driver, errors.is_displayed, "the errors shown")
        assert f"mine.yaml:{line}:1: error at bogus: unknown key 'bogus'" in errors.text  # no path
        assert not driver.find_element(By.ID, "board-area").is_displayed()
        driver.find_element(By.ID, "show-board").click()
        click_cell(driver, "b1")  # the previous rules keep playing
        wait(driver, lambda: ply(driver) == 2, "a move with the previous rules")
        time.sleep(0.05)
        edited = text.replace("name: Ataxx", "name: Ataxx edited")
        assert edited != text, "the edit must change the file, or the page waits for nothing"
        path.write_text(edited)
        wait(driver, lambda: driver.find_element(By.ID, "rules-changed").is_displayed(),
             "the offer to restart")
        assert not driver.find_element(By.ID, "rules-errors").is_displayed()
        driver.find_element(By.ID, "restart-new").click()
        wait(driver, lambda: driver.find_element(By.ID, "title").text == "Ataxx edited",
             "the new rules")
        assert ply(driver) == 0
        assert not driver.find_element(By.ID, "rules-changed").is_displayed()


def test_the_page_speaks_the_browsers_language(driver: Any, games_url: str) -> None:
    from framework.web.texts import TEXTS

    agent = driver.execute_script("return navigator.userAgent")
    driver.execute_cdp_cmd("Emulation.setUserAgentOverride",
                           {"userAgent": agent, "acceptLanguage": "ru-RU,ru;q=0.9,en;q=0.5"})
    try:
        driver.get(f"{games_url}/")
        wait(driver, lambda: driver.find_element(By.ID, "title").text == TEXTS["ru"]["games"],
             "the Russian game list")
        game_id, tokens = new_game(games_url, "adaptoid", ["human", "random"])
        driver.get(f"{games_url}/play/{game_id}#s0={tokens[0]}")
        wait(driver, lambda: "ходит белые" in driver.find_element(By.ID, "status").text,
             "the Russian status")
        book = driver.find_element(By.ID, "rulebook")
        assert book.text == TEXTS["ru"]["rulebook"]
        assert book.get_attribute("href").endswith("/rulebooks/ru/adaptoid.html")
        driver.get(book.get_attribute("href"))
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ru"
    finally:
        driver.execute_cdp_cmd("Emulation.setUserAgentOverride",
                               {"userAgent": agent, "acceptLanguage": "en"})


def test_the_new_game_card_offers_the_games_parameters(driver: Any, games_url: str) -> None:
    driver.get(f"{games_url}/?lang=en")
    card = wait(driver, lambda: driver.find_element(By.CSS_SELECTOR,
                                                    'article[data-game="hex"] form'),
                "the Hex card")
    assert not driver.find_elements(By.CSS_SELECTOR, 'article[data-game="ataxx"] '
                                                     'input[name^="param-"]')
    size = card.find_element(By.NAME, "param-size")
    assert size.get_attribute("value") == "11" and size.get_attribute("max") == "19"
    field = size.find_element(By.XPATH, "..")  # what it changes said, its key in the tooltip
    assert field.text.startswith("cells along each side") and "size" in field.get_attribute(
        "title")
    size.clear()
    size.send_keys("7")
    swap = card.find_element(By.NAME, "param-swap")
    assert swap.is_selected()
    swap.click()
    Select(card.find_element(By.NAME, "seat1")).select_by_value("friend")
    card.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(driver, lambda: "/play/" in driver.current_url and ply(driver) == 0, "the new game")
    game_id = driver.current_url.split("/play/")[1].split("?")[0].split("#")[0]
    state = api(games_url, f"/api/play/{game_id}")
    assert state["parameters"] == {"size": 7, "swap": False}
    assert len(state["legal"]) == 49


@pytest.mark.slow  # two browsers: CI's default run has no room for them
def test_two_browsers_play_phantom_tic_tac_toe_each_seeing_its_own_marks(
        driver: Any, games_url: str) -> None:
    game_id, tokens = new_game(games_url, "phantom-tic-tac-toe", ["human", "human"])

    def marks(page: Any) -> dict[str, str]:  # read in one script: the board is redrawn
        return dict(page.execute_script(
            "return Object.fromEntries([...document.querySelectorAll('#board g.piece')]"
            ".map(g => [g.dataset.cell, g.textContent]))"))

    def moves(page: Any) -> str:
        return str(page.execute_script(
            "return [...document.querySelectorAll('#moves .move')].map(b => b.textContent)"
            ".join(' ')"))

    open_game(driver, games_url, game_id, {0: tokens[0]})
    with browser() as friend:
        open_game(friend, games_url, game_id, {1: tokens[1]})
        click_cell(driver, "b2")  # x: a cross o cannot see
        wait(friend, lambda: ply(friend) == 1 and body(friend, "mine") == "yes",
             "o's turn in o's browser")
        assert marks(friend) == {} and "b2" not in moves(friend)
        assert list(marks(driver)) == ["b2"]
        click_cell(friend, "b2")  # o bumps into it: shown, and o tries again
        wait(friend, lambda: ply(friend) == 2 and list(marks(friend)) == ["b2"],
             "the found cross in o's browser")
        assert body(friend, "mine") == "yes"
        click_cell(friend, "a1")
        # x's page counts the changes x knows of: its cross, and o's a1 (o's try on b2
        # is no news to x, who is not told of it).
        wait(driver, lambda: ply(driver) == 2 and body(driver, "mine") == "yes",
             "x's turn again in x's browser")
        assert list(marks(driver)) == ["b2"] and "a1" not in moves(driver)
        assert sorted(marks(friend)) == ["a1", "b2"]
