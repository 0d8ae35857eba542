"""Board sketching in the web bench (issue 58), server side: the templates, the changes a
click makes, and the export, read back by boardspec's own loader into exactly the board
and zones sketched. The page's clicks are tested in Chromium (tests/test_sketch_browser.py,
which CI runs); here, everything the page asks the server for, and the frame that turns a
click into board units."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from framework.game import Game, load_game_text
from framework.web import create_app
from framework.web.sketch import (
    SketchError,
    board_block,
    change,
    export_yaml,
    exported_game,
    sketch_view,
    start,
)

from .conftest import ROOT
from .test_zones_drawn import centres, zone_groups

GAMES = ROOT / "games"


def read_back(sketch: dict[str, Any]) -> Game:
    """The game file around the export, loaded as any game file is."""
    return load_game_text(exported_game(sketch), "sketch.yaml")


def cells_and_links(game: Game) -> tuple[set[str], set[frozenset[str]]]:
    board = game.board
    names = set(board.names)
    links = {frozenset((board.names[a], board.names[b]))
             for a in range(board.size) for b in board.neighbours[a]}
    return names, links


def sketched(sketch: dict[str, Any]) -> tuple[set[str], set[frozenset[str]]]:
    return set(sketch["cells"]), {frozenset(link) for link in sketch["links"]}


@pytest.mark.parametrize("template", [
    {"type": "grid", "rows": 3, "columns": 4, "adjacency": "king"},
    {"type": "hex", "side": 3}, {"type": "ring", "cells": 12}, {"type": "track", "cells": 6},
    {"type": "star", "points": 2}, {"type": "alquerque", "size": 5}])
def test_every_template_exports_the_board_it_shows(template: dict[str, Any]) -> None:
    sketch = start(template)
    assert cells_and_links(read_back(sketch)) == sketched(sketch)


def test_the_templates_are_the_boards_they_are_named_after() -> None:
    ring = start({"type": "ring", "cells": 12})
    degree = {c: sum(c in link for link in ring["links"]) for c in ring["cells"]}
    assert set(degree.values()) == {2} and len(ring["links"]) == 12  # a cycle
    assert ["c0", "c1"] in ring["links"] and ["c0", "c11"] in ring["links"]
    # Neighbours on the ring are one unit apart, as the drawing's cells are.
    assert math.dist(ring["cells"]["c0"], ring["cells"]["c1"]) == pytest.approx(1, abs=0.01)
    track = start({"type": "track", "cells": 6})
    assert [sum(c in link for link in track["links"]) for c in track["cells"]] == \
        [1, 2, 2, 2, 2, 1]
    # Alquerque: 25 points, 40 lines along rows and columns and a diagonal in each of the
    # 16 squares; the centre and the points (r + c even) take 8 lines, the others 4.
    alquerque = start({"type": "alquerque", "size": 5})
    assert len(alquerque["cells"]) == 25 and len(alquerque["links"]) == 56
    lines = {c: sum(c in link for link in alquerque["links"]) for c in alquerque["cells"]}
    assert lines["c3"] == 8 and lines["b2"] == 8 and lines["b3"] == 4 and lines["a1"] == 3
    assert len(start({"type": "hex", "side": 3})["cells"]) == 19
    assert len(start({"type": "star", "points": 4})["cells"]) == 121  # Chinese checkers'


def test_an_untouched_template_exports_its_own_block_and_a_removed_cell_is_a_hole() -> None:
    grid = start({"type": "grid", "rows": 3, "columns": 3})
    assert export_yaml(grid).startswith("board:\n  type: grid\n  rows: 3\n  columns: 3\n")
    holed = change(grid, {"remove_cell": "b2"})
    assert board_block(holed)["holes"] == ["b2"]
    assert cells_and_links(read_back(holed)) == sketched(holed)
    assert all("b2" not in link for link in holed["links"])
    # A link added or a cell added: no grid any more, every cell and link listed.
    linked = change(grid, {"toggle_link": ["a1", "c3"]})
    assert board_block(linked)["type"] == "custom"
    assert cells_and_links(read_back(linked)) == sketched(linked)
    back = change(linked, {"toggle_link": ["c3", "a1"]})  # the same link, either way round
    assert board_block(back) == board_block(grid)
    added = change(grid, {"add_cell": [3, 0]})  # linked to c1, one unit away
    assert "n10" in added["cells"] and board_block(added)["type"] == "custom"
    assert cells_and_links(read_back(added)) == sketched(added)
    assert [link for link in added["links"] if "n10" in link] == [["c1", "n10"]]
    far = change(grid, {"add_cell": [5, 5]})  # none one unit away: linked to the nearest
    assert [link for link in far["links"] if "n10" in link] == [["c3", "n10"]]
    centre = change(holed, {"add_cell": [1, 1]})  # back in the hole: its four neighbours
    assert sorted(link[0] for link in centre["links"] if "n9" in link) == \
        ["a2", "b1", "b3", "c2"]


def test_a_board_in_two_pieces_is_said_and_still_drawn_to_be_mended() -> None:
    track = start({"type": "track", "cells": 5})
    cut = change(track, {"remove_cell": "t3"})
    view = sketch_view(cut)
    assert any("not connected" in line for line in view["errors"])
    drawn = centres(ET.fromstring(view["svg"]))
    assert set(drawn) == set(cut["cells"])  # every cell still there to click
    frame = view["frame"]
    for name, (px, py) in drawn.items():
        x = frame["sx"] * (px / frame["unit"] + frame["left"])
        y = frame["sy"] * (frame["top"] - py / frame["unit"])
        assert (x, y) == pytest.approx(tuple(cut["cells"][name]), abs=0.02)
    mended = sketch_view(change(cut, {"toggle_link": ["t2", "t4"]}))
    assert not mended["errors"] and 'class="board"' in mended["svg"]


def test_zones_named_per_player_and_for_everyone_export_and_read_back() -> None:
    sketch = start({"type": "grid", "rows": 3, "columns": 3}, ["red", "blue"])
    for cell in ("a1", "b1"):
        sketch = change(sketch, {"toggle_zone": "home", "cell": cell, "player": "red"})
    sketch = change(sketch, {"toggle_zone": "home", "cell": "c3", "player": "blue"})
    sketch = change(sketch, {"toggle_zone": "centre", "cell": "b2"})
    sketch = change(sketch, {"toggle_zone": "centre", "cell": "c2"})
    sketch = change(sketch, {"toggle_zone": "centre", "cell": "c2"})  # out again
    assert "zones:\n  home:\n    red: [a1, b1]\n    blue: [c3]\n  centre: [b2]\n" in \
        export_yaml(sketch)
    game = read_back(sketch)
    names = game.board.names
    def cells(zone: str, side: int) -> set[str]:
        return {names[c] for c in range(game.board.size) if game.zones[zone][side] >> c & 1}
    assert cells("home", 0) == {"a1", "b1"} and cells("home", 1) == {"c3"}
    assert cells("centre", 0) == cells("centre", 1) == {"b2"}
    gone = change(sketch, {"remove_cell": "b1"})  # a removed cell leaves its zones
    assert gone["zones"]["home"]["red"] == ["a1"]
    with pytest.raises(SketchError, match="one set per player: choose the player"):
        change(sketch, {"toggle_zone": "home", "cell": "b2"})
    with pytest.raises(SketchError, match="the same for every player"):
        change(sketch, {"toggle_zone": "centre", "cell": "a1", "player": "red"})
    assert "centre" not in change(sketch, {"remove_zone": "centre"})["zones"]


@pytest.mark.parametrize(("body", "said"), [
    ({"type": "spiral"}, "unknown template 'spiral'"),
    ({"type": "grid", "rows": 40}, "rows is a whole number from 1 to 26"),
    ({"type": "grid", "adjacency": "knight"}, "adjacency is one of orthogonal, diagonal, king"),
    ({"type": "ring", "colour": "red"}, "unknown option 'colour'"),
])
def test_a_template_that_cannot_be_is_said_in_words(body: dict[str, Any], said: str) -> None:
    with pytest.raises(SketchError, match=said):
        start(body)


def test_a_change_or_sketch_that_cannot_be_is_said_in_words() -> None:
    grid = start({"type": "grid", "rows": 2, "columns": 2})
    changes: list[tuple[dict[str, Any], str]] = [
                    ({"add_cell": [0, 0]}, "a cell is there already"),
                     ({"remove_cell": "z9"}, "no cell 'z9'"),
                     ({"toggle_link": ["a1", "a1"]}, "two different cells"),
                     ({"toggle_zone": "9x", "cell": "a1"}, "a zone name"),
                     ({"toggle_zone": "home", "cell": "a1", "player": "green"},
                      "unknown player 'green'"),
                     ({"paint": "a1"}, "a change is one of")]
    for op, said in changes:
        with pytest.raises(SketchError, match=said):
            change(grid, op)
    for bad, said in [({**grid, "cells": {"a-1": [0, 0]}}, "a cell name"),
                      ({**grid, "links": [["a1", "q7"]]}, "a link joins two cells"),
                      ({**grid, "cells": {"a1": [0, "x"]}}, "two numbers"),
                      ({**grid, "players": ["one"]}, "players: two to")]:
        with pytest.raises(SketchError, match=said):
            change(bad, {"remove_zone": "none"})


def test_the_frame_turns_each_drawn_cell_back_into_its_place() -> None:
    """What the page does with a click (sketch.js boardPoint): pixels to board units."""
    for template in ({"type": "grid", "rows": 3, "columns": 3},
                     {"type": "ring", "cells": 8}, {"type": "hex", "side": 2}):
        view = sketch_view(start(template))
        frame = view["frame"]
        for name, (px, py) in centres(ET.fromstring(view["svg"])).items():
            x = frame["sx"] * (px / frame["unit"] + frame["left"])
            y = frame["sy"] * (frame["top"] - py / frame["unit"])
            assert (x, y) == pytest.approx(tuple(view["sketch"]["cells"][name]), abs=0.02)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app([GAMES]), base_url="http://localhost") as opened:
        yield opened


def test_the_api_starts_changes_and_draws_a_sketch(client: TestClient) -> None:
    page = client.get("/sketch")
    assert page.status_code == 200 and "/static/sketch.js" in page.text
    assert '"alquerque"' in page.text  # the templates the page offers
    assert 'href="/sketch"' in client.get("/").text
    started = client.post("/api/sketch", json={"template": {"type": "track", "cells": 3}})
    assert started.status_code == 200, started.text
    sketch = started.json()["sketch"]
    zoned = client.post("/api/sketch", json={"sketch": sketch, "change": {
        "toggle_zone": "goal", "cell": "t3", "player": "black"}}).json()
    assert "  goal:\n    black: [t3]\n" in zoned["yaml"] and not zoned["errors"]
    groups = zone_groups(ET.fromstring(zoned["svg"]))
    assert set(groups) == {("goal", "black")}  # the zone drawn in black's colour
    refused = client.post("/api/sketch", json={"sketch": sketch, "change": {
        "remove_cell": "t9"}})
    assert refused.status_code == 422 and "no cell 't9'" in refused.json()["error"]
    assert client.post("/api/sketch", json={"template": "grid"}).status_code == 422
