"""Regenerate the screenshots of the game page shown in the README.

    python docs/screenshots/make.py

Serves the bundled games on 127.0.0.1 (a throwaway database), plays a seeded opening
through the API (MCTS on both sides), opens the game page in headless Chromium (Debian's
chromium and chromium-driver), picks a piece so its targets show, and saves
``adaptoid.png`` and ``ataxx.png`` here.
"""

from __future__ import annotations

import json
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from framework import load_game  # noqa: E402
from framework.agents import make_agent  # noqa: E402
from tests.browser import browser  # noqa: E402
from tests.webserver import running_server  # noqa: E402

#: name: game, seats, plies to play first
SHOTS = {"adaptoid": ("adaptoid", ["human", "mcts:300i"], 30),
         "ataxx": ("ataxx", ["human", "mcts:300i"], 14)}


def api(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode() if body
                                     is not None else None,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def main() -> None:
    with running_server([ROOT / "games"]) as base, browser() as driver:
        driver.set_window_size(1100, 790)
        for name, (game, seats, plies) in SHOTS.items():
            data = api(base, "/api/play", {"game": game, "seats": seats, "seed": 3})
            game_id, token, state = data["id"], data["tokens"][0], data["state"]
            game_file = load_game(ROOT / "games" / f"{game}.yaml")
            ours = make_agent("mcts:300i", game_file, seed=5)
            while state["ply"] < plies and not state["terminal"]:
                if state["current_seat"] == 0:  # our side: the MCTS agent, for a fair game
                    local = game_file.new_initial_state()
                    for turn in state["turns"]:
                        for played in turn["actions"]:
                            local.apply(played)
                    action = " ".join(a.notation for a in ours.act(local))
                    state = api(base, f"/api/play/{game_id}/apply",
                                {"token": token, "ply": state["ply"], "action": action})["state"]
                else:
                    state = api(base, f"/api/play/{game_id}/agent",
                                {"ply": state["ply"]})["state"]
            driver.get(f"{base}/play/{game_id}?lang=en#s0={token}")
            time.sleep(1.5)
            if state["current_seat"] == 0:
                sources = [a["from"] for a in state["legal"] if "from" in a]
                if sources:
                    cell = driver.find_element(
                        By.CSS_SELECTOR, f'#board g.cell[data-cell="{sources[-1]}"]')
                    ActionChains(driver, duration=0).move_to_element(cell).click().perform()
                    time.sleep(0.3)
            driver.save_screenshot(str(HERE / f"{name}.png"))
            print(f"wrote {HERE / f'{name}.png'} ({game}, ply {state['ply']})")


if __name__ == "__main__":
    main()
